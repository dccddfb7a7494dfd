/**
 * A shell glob in a Bash command (`cat *\/prod.json`, `rm src/*.o`) names whatever it matches when
 * it runs, so it is denied when any path it could match is: a Read deny or ask rule (for writes
 * also Edit rules and the protected paths) whose pattern meets the glob (glob-match.ts). Both the
 * glob as written and the glob beneath the symlink-resolved directory it starts in are checked,
 * and so is every path it matches on disk now, each judged like a path written out (symlinks
 * resolved). The glob's own text is also judged by the caller (allow rules, the workspace).
 */
import { existsSync, readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { Decision } from './decision.js';
import { describeRule, type LoadedPolicy } from './loaded-policy.js';
import { componentMatcher, globComponents, globMeetsRule, literalComponent, ruleComponents, type Component, type GlobOptions } from './glob-match.js';
import { judgePath, show } from './path-decision.js';
import { realPath } from './path-resolve.js';
import { patternBase, type PathBases, type PathPattern } from './path-rule-match.js';
import type { ProtectedPath } from './protected-paths.js';
import type { CompiledRule } from './rule-compile.js';
import { judgeTreeRead } from './tree-read.js';

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
  const head: Component[] = entry.path.startsWith('/') ? [] : entry.anyDepth ? [{ deep: true }] : workspace.split('/').filter((p) => p !== '').map(literalComponent);
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
  if (hit === null) return judgeMatches(policy, cwd, kind, absolutePattern, opts);
  const shown = show(absolutePattern, cwd);
  if ('entry' in hit) {
    return deny(null, `Writing the files matched by \`${shown}\` was denied: the pattern could match the protected path ${hit.entry.path} (${hit.entry.reason}). Name the files you mean instead of a pattern.`);
  }
  const rule = rules[hit.index] as CompiledRule;
  const verdict = rule.behavior === 'ask' ? 'needs approval, and no human is present in CI' : 'is denied';
  return deny(rule.text, `${kind === 'write' ? 'Writing' : 'Reading'} the files matched by \`${shown}\` was denied: the pattern could match a path that ${verdict} by ${describeRule(rule)}${rule.reason === undefined ? '' : ` (${rule.reason})`}. Name the files you mean instead of a pattern.`);
}

/**
 * What the glob matches now, each judged as a path is (symlinks resolved: `src/l*` may be a link
 * to a denied file, which no pattern shows). Files the same command line creates are covered by
 * the pattern check above; a pattern matching more entries than the walk reads is denied.
 */
function judgeMatches(policy: LoadedPolicy, cwd: string, kind: GlobAccess, absolutePattern: string, opts: GlobOptions): Decision | null {
  const matches = expandOnDisk(absolutePattern, opts);
  const shown = show(absolutePattern, cwd);
  if (matches === null) return deny(null, `${kind === 'write' ? 'Writing' : 'Reading'} the files matched by \`${shown}\` was denied: the pattern matches more entries than the check walks (${MAX_ENTRIES}). Use a narrower pattern or name the files.`);
  const check = { policy, cwd, toolName: 'Bash' };
  for (const m of matches) {
    const own = judgePath(kind === 'write' ? 'write' : 'read', m, check);
    if (own.behavior === 'deny') return own;
    if (kind === 'tree') {
      const beneath = judgeTreeRead(policy, cwd, realPath(m) ?? m);
      if (beneath !== null) return beneath;
    }
  }
  return null;
}

const MAX_ENTRIES = 5_000;

/** The existing paths an absolute glob matches, or null past MAX_ENTRIES directory entries. */
function expandOnDisk(absolutePattern: string, opts: GlobOptions): string[] | null {
  let current = ['/'];
  let seen = 0;
  const entries = (dir: string): Dirent[] => {
    try {
      return readdirSync(dir, { withFileTypes: true });
    } catch {
      return [];
    }
  };
  for (const part of absolutePattern.split('/').filter((p) => p !== '')) {
    const next: string[] = [];
    if (part === '**' && opts.globstar) {
      // Zero or more directories (hidden ones only with dotglob), not following links.
      const pending = [...current];
      while (pending.length > 0) {
        const dir = pending.pop() as string;
        next.push(dir);
        for (const e of entries(dir)) {
          if (++seen > MAX_ENTRIES) return null;
          if (e.isDirectory() && (opts.dot || !e.name.startsWith('.'))) pending.push(path.join(dir, e.name));
        }
      }
    } else {
      const matches = componentMatcher(part, opts);
      for (const dir of current) {
        if (matches === null) {
          if (existsSync(path.join(dir, part))) next.push(path.join(dir, part));
          continue;
        }
        for (const e of entries(dir)) {
          if (++seen > MAX_ENTRIES) return null;
          if (matches(e.name)) next.push(path.join(dir, e.name));
        }
      }
    }
    current = next;
    if (current.length === 0) return [];
  }
  return current;
}

/** The glob judge the Bash analyser gets: `judgeGlob`, with no denial meaning allowed. */
export function createGlobJudge(policy: LoadedPolicy, cwd: string): (kind: GlobAccess, absolutePattern: string, opts: GlobOptions) => Decision {
  return (kind, absolutePattern, opts) => judgeGlob(policy, cwd, kind, absolutePattern, opts) ?? { behavior: 'allow', rule: null, reason: 'no deny rule or protected path meets the pattern' };
}

/** Does any Read deny or ask rule exist (files the analysis cannot name could be among them)? */
export function hasReadDenies(policy: LoadedPolicy): boolean {
  return governing(policy, 'read').length > 0;
}
