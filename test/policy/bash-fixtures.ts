/**
 * Shared fixtures for the Bash tests: a tiny rule-string parser (the full policy parser lives
 * elsewhere), the reference policies of permissions-and-sandboxing.md §3, and a small PathJudge
 * with the same shape of semantics as the real one (Read denies, protected paths, workspace).
 */
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import picomatch from 'picomatch';
import type { Decision } from '../../src/policy/decision.js';
import type { PathJudge, PermissionRule, RuleBehavior } from '../../src/policy/rule.js';
import type { BashDecideOptions, BashMode, BashRules } from '../../src/policy/bash/index.js';
import type { GlobOptions } from '../../src/policy/glob-match.js';
import { globMeetsDenied, type GlobDenyPattern } from '../../src/policy/glob-read.js';
import { parsePathPattern, patternBase } from '../../src/policy/path-rule-match.js';
import type { ProtectedPath } from '../../src/policy/protected-paths.js';

export const WORKSPACE = '/home/runner/work/repo/repo';
export const HOME = '/home/runner';

/** `Bash(git push *)` → a PermissionRule; only Bash, Read and Edit rules are needed here. */
export function parseRule(text: string, behavior: RuleBehavior): PermissionRule {
  const m = /^([A-Za-z]+)(?:\(([\s\S]*)\))?$/.exec(text);
  if (m === null) throw new Error(`not a rule: ${text}`);
  return { behavior, toolName: m[1] as string, specifier: m[2] ?? null, text, reason: undefined, source: 'test' };
}

export interface PolicySpec {
  allow?: string[];
  deny?: string[];
  ask?: string[];
}

export interface TestPolicy {
  rules: BashRules;
  judge: PathJudge;
  judgeTreeRead: (dir: string) => Decision;
  /** The policy's glob judge, built on the real glob matcher (src/policy/glob-read.ts). */
  judgeGlob: NonNullable<BashDecideOptions['judgeGlob']>;
  /** Whether the policy has Read deny rules. */
  readDenies: boolean;
}

/** The fixture's protected names, as the real protected-path list writes them (matched at any depth). */
const PROTECTED_NAMES = ['.git', '.claude', '.vscode', '.idea', '.husky', '.devcontainer', '.cargo', '.yarn', '.gitconfig', '.gitmodules', '.bashrc', '.bash_profile', '.profile', '.zshrc', '.zprofile', '.envrc', '.npmrc', '.yarnrc', '.yarnrc.yml', '.mcp.json', '.claude.json', '.pre-commit-config.yaml'];
const PROTECTED_ENTRIES: ProtectedPath[] = PROTECTED_NAMES.map((p) => ({ path: p, anyDepth: true, reason: 'protected in the fixture' }));

const PROTECTED = /(^|\/)(\.git|\.claude|\.vscode|\.idea|\.husky|\.devcontainer|\.cargo|\.yarn)(\/|$)|(^|\/)(\.gitconfig|\.gitmodules|\.bashrc|\.bash_profile|\.profile|\.zshrc|\.zprofile|\.envrc|\.npmrc|\.yarnrc|\.yarnrc\.yml|\.mcp\.json|\.claude\.json|\.pre-commit-config\.yaml)$/;

/** A path rule pattern as a matcher over absolute paths (bare names match at any depth). */
function pathMatcher(pattern: string): (abs: string) => boolean {
  let glob: string;
  if (pattern.startsWith('~/')) glob = `${HOME}/${pattern.slice(2)}`;
  else if (pattern.startsWith('//')) glob = pattern.slice(1);
  else if (pattern.startsWith('./')) glob = `${WORKSPACE}/${pattern.slice(2)}`;
  else if (!pattern.includes('/')) glob = `**/${pattern}`;
  else glob = `${WORKSPACE}/${pattern}`;
  const isMatch = picomatch(glob, { dot: true });
  return (abs) => isMatch(abs) || isMatch(`${abs}/x`) && glob.endsWith('/**');
}

const inside = (root: string, p: string): boolean => {
  const rel = relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

export function makePolicy(spec: PolicySpec, opts: { readOutside?: string[] } = {}): TestPolicy {
  const bash = (list: string[] | undefined, b: RuleBehavior): PermissionRule[] => (list ?? []).filter((t) => t.startsWith('Bash')).map((t) => parseRule(t, b));
  const paths = (list: string[] | undefined, tool: string): Array<{ text: string; match: (abs: string) => boolean }> =>
    (list ?? []).filter((t) => t.startsWith(`${tool}(`)).map((t) => ({ text: t, match: pathMatcher(t.slice(tool.length + 1, -1)) }));
  const readDeny = paths(spec.deny, 'Read');
  const editDeny = paths(spec.deny, 'Edit');
  const readOutside = (opts.readOutside ?? ['/usr/**', '/etc/os-release', '/tmp/**']).map((g) => picomatch(g, { dot: true }));
  const judge: PathJudge = (kind, abs) => {
    for (const r of [...readDeny, ...(kind === 'write' ? editDeny : [])]) {
      if (r.match(abs)) return { behavior: 'deny', rule: r.text, reason: `${abs} is covered by ${r.text}` };
    }
    if (kind === 'write') {
      if (!inside(WORKSPACE, abs)) return { behavior: 'deny', rule: null, reason: `${abs} is outside the workspace` };
      if (PROTECTED.test(relative(WORKSPACE, abs))) return { behavior: 'deny', rule: null, reason: `${abs} is a protected path` };
      return { behavior: 'allow', rule: null, reason: 'workspace write' };
    }
    if (inside(WORKSPACE, abs) || readOutside.some((m) => m(abs))) return { behavior: 'allow', rule: null, reason: 'readable' };
    return { behavior: 'deny', rule: null, reason: `${abs} is outside the workspace` };
  };
  const judgeTreeRead = (dir: string): Decision => {
    for (const r of readDeny) {
      const pattern = r.text.slice('Read('.length, -1);
      // Bare names match at any depth, so any directory could hold one; anchored ones only beneath their base.
      const base = pattern.startsWith('~/') ? `${HOME}/${pattern.slice(2)}` : pattern.includes('/') ? `${WORKSPACE}/${pattern.replace(/^\.\//, '')}` : null;
      const staticBase = base === null ? null : base.split('/').filter((s) => !/[*?[]/.test(s)).join('/');
      if (staticBase === null || inside(dir, staticBase) || inside(staticBase, dir)) {
        return { behavior: 'deny', rule: r.text, reason: `${dir} may contain files covered by ${r.text}` };
      }
    }
    return judge('read', dir);
  };
  const compiled = (list: Array<{ text: string }>, tool: string): Array<{ text: string; denied: GlobDenyPattern }> =>
    list.map((r) => {
      const parsed = parsePathPattern(r.text.slice(tool.length + 1, -1), 'deny');
      if (!parsed.ok) throw new Error(`bad fixture rule ${r.text}`);
      return { text: r.text, denied: { pattern: parsed.value, base: patternBase(parsed.value, { root: WORKSPACE, cwd: WORKSPACE, home: HOME }) } };
    });
  const readGlobs = compiled(readDeny, 'Read');
  const editGlobs = compiled(editDeny, 'Edit');
  const judgeGlob = (kind: 'read' | 'write' | 'tree', abs: string, opts: GlobOptions): Decision => {
    const denied = kind === 'write' ? [...readGlobs, ...editGlobs] : readGlobs;
    const hit = globMeetsDenied(kind, [abs], opts, denied.map((d) => d.denied), kind === 'write' ? PROTECTED_ENTRIES : [], WORKSPACE);
    if (hit === null) return { behavior: 'allow', rule: null, reason: 'no deny meets the glob' };
    if ('entry' in hit) return { behavior: 'deny', rule: null, reason: `${abs} could match the protected path ${hit.entry.path}` };
    const rule = denied[hit.index]?.text ?? null;
    return { behavior: 'deny', rule, reason: `${abs} could match a path covered by ${rule ?? ''}` };
  };
  return { rules: { allow: bash(spec.allow, 'allow'), deny: bash(spec.deny, 'deny'), ask: bash(spec.ask, 'ask') }, judge, judgeTreeRead, judgeGlob, readDenies: readDeny.length > 0 };
}

/** The options the fixture policy gives the decider: tree, glob and read-deny judgments included. */
export function decideOptions(policy: TestPolicy, mode: BashMode): BashDecideOptions {
  return { cwd: WORKSPACE, mode, judgeTreeRead: policy.judgeTreeRead, judgeGlob: policy.judgeGlob, readDenies: policy.readDenies };
}

const CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'corpus');

export interface CorpusFile<C> {
  policies: Record<string, PolicySpec & { mode?: BashMode }>;
  cases: C[];
}

export function loadCorpus<C>(name: string): CorpusFile<C> {
  return JSON.parse(readFileSync(join(CORPUS_DIR, name), 'utf8')) as CorpusFile<C>;
}
