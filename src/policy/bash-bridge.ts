/**
 * The one door to the Bash analyser (src/policy/bash/). It is loaded on first need, so policies and
 * runs that never judge a shell command do not pay for the tree-sitter parser.
 */
import type * as BashAnalyser from './bash/index.js';
import type { BashDecideOptions, BashDecision, BashRules } from './bash/bash-types.js';
import type { Decision } from './decision.js';
import type { PathJudge } from './rule.js';

type BashModule = typeof BashAnalyser;

/** What the decider hands the analyser (bash-types.ts says what each option means). */
export type BashOptions = Omit<BashDecideOptions, 'limits'> & { judgeTreeRead: (absoluteDir: string) => Decision };

let loaded: BashModule | undefined;
let ready: Promise<void> | undefined;

/** Load the analyser and start its parser, once. Bash decisions and Bash rule examples need it. */
export function ensureBashParser(): Promise<void> {
  ready ??= (async () => {
    const mod = await import('./bash/index.js');
    await mod.initBashParser();
    loaded = mod;
  })();
  return ready;
}

export function isBashParserReady(): boolean {
  return loaded !== undefined;
}

/** `decideBash` from the analyser; throws if `ensureBashParser()` has not completed. */
export function decideBash(command: string, rules: BashRules, judgePath: PathJudge, opts: BashOptions): BashDecision {
  if (loaded === undefined) throw new Error('Bash parser not initialised: await ensureBashParser() before judging Bash commands');
  return loaded.decideBash(command, rules, judgePath, opts);
}
