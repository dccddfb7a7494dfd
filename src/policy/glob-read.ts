/**
 * A shell glob in a Bash command (`cat *\/prod.json`, `rm src/*.o`) names whatever it matches when
 * it runs, so it is denied when any path it could match is: a Read deny or ask rule (for writes
 * also Edit rules and the protected paths) whose pattern meets the glob (glob-match.ts). Both the
 * glob as written and the glob beneath the symlink-resolved directory it starts in are checked.
 * What the glob matches is otherwise judged as the glob's own text is (the caller does that).
 */
import path from 'node:path';
import type { Decision } from './decision.js';
import { describeRule, type LoadedPolicy } from './loaded-policy.js';
import { globComponents, globMeetsRule, ruleComponents, type Component, type GlobOptions } from './glob-match.js';
import { show } from './path-decision.js';
import { realPath } from './path-resolve.js';
import { patternBase, type PathBases, type PathPattern } from './path-rule-match.js';
import type { ProtectedPath } from './protected-paths.js';
import type { CompiledRule } from './rule-compile.js';

export type GlobAccess = 'read' | 'write' | 'tree';

/** Rules that could deny this access: deny and ask rules of the Read family (and Edit, for writes). */
function governing(policy: LoadedPolicy, kind: GlobAccess): CompiledRule[] {
  return [...policy.rules.deny, ...policy.rules.ask].filter((r) => {
    const t = r.target;
    if (t.kind === 'path') return t.family === 'read' || (kind === 'write' && t.family === 'write');
    return t.kind === 'tool' && (r.toolName === 'Read' || (kind === 'write' && r.toolName === 'Edit'));
  });
}

/** A protected entry as a rule pattern would read it (names compared case-insensitively). */
function protectedComponents(entry: ProtectedPath, workspace: string): Component[] {
  const names = entry.path.split('/').filter((p) => p !== '');
  const comps = names.map((n) => ({
    deep: false as const,
    literal: false,
    tokens: [...n].map((c) => (c === '*' ? { kind: 'any' as const } : { kind: 'class' as const, set: `${c.toLowerCase()}${c.toUpperCase()}`, negated: false })),
  }));
  const head = entry.path.startsWith('/') ? [] : entry.anyDepth ? [{ deep: true as const }] : workspace.split('/').filter((p) => p !== '').map((p) => ({ deep: false as const, literal: true, tokens: [...p].map((c) => ({ kind: 'char' as const, c })) }));
  return [...head, ...comps, { deep: true }];
}

/** The directory a glob starts in: its components before the first with a wildcard. */
function staticPrefix(absolute: string): string {
  const parts = absolute.split('/');
  const at = parts.findIndex((p) => /[*?[]|[@!+]\(/.test(p));
  return at === -1 ? absolute : parts.slice(0, at).join('/') || '/';
}

const deny = (rule: string | null, reason: string): Decision => ({ behavior: 'deny', rule, reason });

/** A deny or ask rule's pattern beneath its base; `pattern: null` (a bare `Read` rule) meets every path. */
export interface GlobDenyPattern {
  pattern: PathPattern | null;
  base: string;
}

/**
 * The first denied pattern (its index) or protected entry any of `absolutePatterns` could match, or
 * null. The pure core of judgeGlob, shared with the tests' fixture policy.
 */
export function globMeetsDenied(kind: GlobAccess, absolutePatterns: readonly string[], opts: GlobOptions, denied: readonly GlobDenyPattern[], protectedPaths: readonly ProtectedPath[], workspace: string): { index: number } | { entry: ProtectedPath } | null {
  for (const p of absolutePatterns) {
    const glob = globComponents(p, opts);
    // A recursive read covers everything beneath each match, hidden files included.
    if (kind === 'tree') glob.push({ deep: true, hidden: true });
    for (const [index, d] of denied.entries()) {
      if (d.pattern === null || globMeetsRule(glob, ruleComponents(d.pattern, d.base), opts)) return { index };
    }
    for (const entry of protectedPaths) if (globMeetsRule(glob, protectedComponents(entry, workspace), opts)) return { entry };
  }
  return null;
}

/** The denial of a glob access, or null when no path it could match is denied. */
export function judgeGlob(policy: LoadedPolicy, cwd: string, kind: GlobAccess, absolutePattern: string, opts: GlobOptions): Decision | null {
  const rules = governing(policy, kind);
  const protectedPaths = kind === 'write' ? policy.protectedPaths : [];
  if (rules.length === 0 && protectedPaths.length === 0) return null;
  const prefix = staticPrefix(absolutePattern);
  const real = realPath(prefix);
  const patterns = [absolutePattern];
  if (real !== null && real !== prefix) patterns.push(path.join(real, absolutePattern.slice(prefix.length)));
  const bases: PathBases = { root: policy.root, cwd, home: policy.homeDir };
  const denied = rules.map((r) => (r.target.kind === 'path' ? { pattern: r.target.pattern, base: patternBase(r.target.pattern, bases) } : { pattern: null, base: '/' }));
  const hit = globMeetsDenied(kind, patterns, opts, denied, protectedPaths, cwd);
  if (hit === null) return null;
  const shown = show(absolutePattern, cwd);
  if ('entry' in hit) {
    return deny(null, `Writing the files matched by \`${shown}\` was denied: the pattern could match the protected path ${hit.entry.path} (${hit.entry.reason}). Name the files you mean instead of a pattern.`);
  }
  const rule = rules[hit.index] as CompiledRule;
  const verdict = rule.behavior === 'ask' ? 'needs approval, and no human is present in CI' : 'is denied';
  return deny(rule.text, `${kind === 'write' ? 'Writing' : 'Reading'} the files matched by \`${shown}\` was denied: the pattern could match a path that ${verdict} by ${describeRule(rule)}${rule.reason === undefined ? '' : ` (${rule.reason})`}. Name the files you mean instead of a pattern.`);
}

/** The glob judge the Bash analyser gets: `judgeGlob`, with no denial meaning allowed. */
export function createGlobJudge(policy: LoadedPolicy, cwd: string): (kind: GlobAccess, absolutePattern: string, opts: GlobOptions) => Decision {
  return (kind, absolutePattern, opts) => judgeGlob(policy, cwd, kind, absolutePattern, opts) ?? { behavior: 'allow', rule: null, reason: 'no deny rule or protected path meets the pattern' };
}

/** Does any Read deny or ask rule exist (files the analysis cannot name could be among them)? */
export function hasReadDenies(policy: LoadedPolicy): boolean {
  return governing(policy, 'read').length > 0;
}
