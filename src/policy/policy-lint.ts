/**
 * Warnings for rules that cannot do what they say: duplicates, allow rules a deny or ask rule always
 * beats (deny wins whatever the specificity), allow rules for a tool denied outright, and rules the
 * mode makes pointless. Heuristic: a warning is a hint to look, never a change in behaviour.
 */
import { compileBashPattern, patternMatchesText } from './bash/bash-rule-match.js';
import { matchHost } from './domain-match.js';
import type { LoadedPolicy } from './loaded-policy.js';
import { matchMcp } from './mcp-match.js';
import { matchPathPattern, patternBase } from './path-rule-match.js';
import type { PolicyIssue } from './policy-error.js';
import type { CompiledRule } from './rule-compile.js';

export function sourcePosition(rule: CompiledRule): { file: string; line: number; column: number } {
  const m = /^(.*):(\d+):(\d+)$/.exec(rule.source);
  return m ? { file: m[1] ?? rule.source, line: Number(m[2]), column: Number(m[3]) } : { file: rule.source, line: 0, column: 0 };
}

const warn = (rule: CompiledRule, message: string): PolicyIssue => ({ ...sourcePosition(rule), message });

/** Does `deny` match everything `allow` matches? (Sound for the common cases; a warning only.) */
export function covers(deny: CompiledRule, allow: CompiledRule, policy: LoadedPolicy): boolean {
  const d = deny.target;
  const a = allow.target;
  if (d.kind === 'tool') return deny.toolName === allow.toolName || (deny.toolName === 'Edit' && a.kind === 'path' && a.family === 'write') || (deny.toolName === 'Read' && a.kind === 'path');
  if (deny.toolName !== allow.toolName) {
    // A Read deny also blocks writes to the same paths.
    if (!(d.kind === 'path' && d.family === 'read' && a.kind === 'path' && a.family === 'write')) return false;
  }
  if (a.kind === 'tool') return false;
  if (d.kind === 'command') return allow.specifier !== null && deny.specifier !== null && commandPatternCovers(deny.specifier, allow.specifier);
  if (d.kind === 'domain' && a.kind === 'domain') return matchHost(d.pattern, (allow.specifier ?? '').slice('domain:'.length));
  if (d.kind === 'mcp' && a.kind === 'mcp') return matchMcp(d, `mcp__${a.server}__${a.tool ?? '*'}`) && (d.tool === null || a.tool !== null);
  if (d.kind === 'path' && a.kind === 'path') {
    if (a.pattern.anyDepth && !d.pattern.anyDepth) return false;
    const bases = { root: policy.root, cwd: policy.root, home: policy.homeDir };
    const body = (allow.specifier ?? '').replace(/^(\/\/|~\/|\/|\.\/)/, '');
    // The allow pattern's own wildcards, taken literally, are consumed only by the deny's wildcards.
    return matchPathPattern(d.pattern, `${patternBase(a.pattern, bases)}/${body}`.replace(/\/+/g, '/'), bases);
  }
  return false;
}

/** `Bash(...)` pattern cover: the deny matches the allow's text, its `*` taken as a character. */
export function commandPatternCovers(deny: string, allow: string): boolean {
  return patternMatchesText(compileBashPattern(deny), allow.endsWith(':*') ? `${allow.slice(0, -2)} *` : allow);
}

export function lintPolicy(policy: LoadedPolicy): PolicyIssue[] {
  const out: PolicyIssue[] = [];
  const { allow, deny, ask } = policy.rules;
  for (const [name, list] of [['allow', allow], ['deny', deny], ['ask', ask]] as const) {
    const seen = new Map<string, CompiledRule>();
    for (const rule of list) {
      const first = seen.get(rule.text);
      if (first !== undefined) out.push(warn(rule, `duplicate ${name} rule \`${rule.text}\` (first at ${first.source})`));
      else seen.set(rule.text, rule);
    }
  }
  for (const rule of allow) {
    const blocker = [...deny, ...ask].find((d) => covers(d, rule, policy));
    if (blocker === undefined) continue;
    const what = blocker.target.kind === 'tool' ? `the tool is ${blocker.behavior === 'deny' ? 'denied' : 'under ask'} outright by \`${blocker.text}\`` : `${blocker.behavior} rule \`${blocker.text}\` (${blocker.source}) matches everything it matches, and ${blocker.behavior} beats allow`;
    out.push(warn(rule, `allow rule \`${rule.text}\` can never apply: ${what}`));
  }
  for (const rule of allow) {
    if (rule.toolName === 'Bash' && rule.target.kind === 'tool') out.push(warn(rule, 'allow rule `Bash` allows every shell command; prefer rules such as `Bash(npm test *)`'));
    if (policy.mode === 'plan' && rule.target.kind === 'path' && rule.target.family === 'write') out.push(warn(rule, `allow rule \`${rule.text}\` never applies in plan mode (no writes)`));
  }
  if (policy.presets.includes('fork-safe-review') && policy.sandbox.network.allow.length > 0) {
    out.push({ file: policy.file, line: 0, column: 0, message: 'extends fork-safe-review but sandbox.network.allow is not empty: code from a fork can reach those hosts' });
  }
  return [...policy.warnings, ...out];
}
