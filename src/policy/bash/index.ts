/**
 * The Bash analysis and decision: parse with tree-sitter-bash, judge every simple command on its
 * own, unwrap wrappers, fail closed. `await initBashParser()` once, then everything is synchronous.
 */
export { initBashParser, isBashParserReady } from './tree-sitter-loader.js';
export { analyseBash, DEFAULT_LIMITS } from './analyse-bash.js';
export { decideBash } from './decide-bash.js';
export { compileBashPattern, patternMatchesText, patternMayMatch, WILD } from './bash-rule-match.js';
export type {
  AnalysisLimits,
  BashAnalysis,
  BashDecideOptions,
  BashDecision,
  BashMode,
  BashRules,
  CommandRole,
  EnvAssignment,
  Redirect,
  ShellWord,
  SimpleCommand,
  SubcommandVerdict,
  VariableValues,
  WrapperKind,
} from './bash-types.js';
