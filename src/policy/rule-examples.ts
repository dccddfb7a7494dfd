/**
 * Rule examples (`examples: {match, not_match}`), checked when the policy loads so a rule that does
 * not mean what its author thinks fails loudly. What an example is depends on the rule: a command
 * for Bash, a path as a tool would name it (relative to the repository root, or absolute, or `~/`)
 * for Read/Edit, a URL or host for WebFetch, a tool name for MCP rules.
 *
 * For an allow rule, "matches" means the rule makes the whole input allowed; for a deny or ask rule,
 * that the rule fires on it (on any subcommand, for Bash).
 */
import path from 'node:path';
import { decideBash } from './bash/index.js';
import type { Decision } from './decision.js';
import { hostOfUrl, matchHost } from './domain-match.js';
import { matchMcp } from './mcp-match.js';
import { matchPathPattern, matchPathPatternInside } from './path-rule-match.js';
import { expandHome } from './path-resolve.js';
import type { CompiledRule } from './rule-compile.js';
import type { PermissionMode } from './permission-mode.js';

// Examples test what a rule matches, not what the mode adds or takes away.
const EXAMPLE_MODE: PermissionMode = 'dontAsk';

export interface ExampleBases {
  /** Policy root: relative example paths and `/path` rules resolve here (it is also the cwd). */
  root: string;
  home: string;
}

export interface ExampleFailure {
  expected: 'match' | 'not_match';
  index: number;
  example: string;
  message: string;
}

const allowAll = (): Decision => ({ behavior: 'allow', rule: null, reason: 'examples judge commands, not paths' });

export function ruleMatchesExample(rule: CompiledRule, example: string, bases: ExampleBases): boolean {
  const t = rule.target;
  switch (t.kind) {
    case 'tool':
      return true;
    case 'mcp':
      return matchMcp(t, example);
    case 'agent':
      return t.name === example;
    case 'domain': {
      const host = example.includes('://') ? hostOfUrl(example) : example;
      return host !== null && matchHost(t.pattern, host);
    }
    case 'path': {
      const abs = path.resolve(bases.root, expandHome(example, bases.home));
      const pathBases = { root: bases.root, cwd: bases.root, home: bases.home };
      return rule.behavior === 'allow' ? matchPathPatternInside(t.pattern, abs, pathBases) : matchPathPattern(t.pattern, abs, pathBases);
    }
    case 'command': {
      const rules = { allow: [] as CompiledRule[], deny: [] as CompiledRule[], ask: [] as CompiledRule[] };
      rules[rule.behavior].push(rule);
      const result = decideBash(example, rules, allowAll, { cwd: bases.root, mode: EXAMPLE_MODE, judgeTreeRead: allowAll });
      const attributed = result.rule === rule.text || result.subcommands.some((s) => s.decision.rule === rule.text);
      return rule.behavior === 'allow' ? result.behavior === 'allow' && attributed : attributed;
    }
  }
}

export function checkExamples(rule: CompiledRule, bases: ExampleBases): ExampleFailure[] {
  const failures: ExampleFailure[] = [];
  const ex = rule.examples;
  if (ex === null) return failures;
  for (const [expected, list, want] of [['match', ex.match, true], ['not_match', ex.notMatch, false]] as const) {
    list.forEach((example, index) => {
      if (ruleMatchesExample(rule, example, bases) === want) return;
      failures.push({ expected, index, example, message: `\`${rule.text}\` should ${want ? '' : 'not '}${rule.behavior} example ${JSON.stringify(example)} (examples.${expected}), but ${want ? 'does not' : 'does'}` });
    });
  }
  return failures;
}

export function hasCommandExamples(rules: readonly CompiledRule[]): boolean {
  return rules.some((r) => r.target.kind === 'command' && r.examples !== null);
}
