/**
 * Which workspace paths the sandbox hides (the policy's `Read(...)` denies) and which it keeps
 * unwritable (the built-in protected list, `protected_paths`, the policy file, `Edit(...)` denies),
 * decided per path with the policy's own matcher. Pure. A built-in entry is writable only where an
 * allow rule names it, cut at the first wildcard; deny rules are never opened. Read rules anchored
 * outside the workspace are returned apart (outside-masks.ts).
 */
import { posix } from 'node:path';
import type { SandboxConfig } from '../config/index.js';
import { BUILTIN_PROTECTED_PATHS, matchPathPattern, parsePathPattern, patternBase, type PathBases, type PathPattern, type ProtectedPath } from '../policy/index.js';

export interface EntryRule {
  /** The Read deny rule that hides the path, or null. */
  hide: string | null;
  /** Why the path is unwritable (a built-in reason or an Edit deny rule), or null. */
  protect: string | null;
}

export interface OutsideReadRule {
  rule: string;
  pattern: PathPattern;
  bases: PathBases;
  /** Absolute directory (or file) where matches start: the pattern's anchor plus its literal prefix. */
  scanRoot: string;
}

type Segment = PathPattern['segments'][number];

interface WorkspaceRule {
  rule: string;
  pattern: PathPattern;
  /** Workspace-relative components every match lies under. */
  scope: string[];
  /** The rule is decided by the last component alone (`.env`, `*.pem`, `**\/.env*`). */
  name: Segment | null;
}

interface Occurrence {
  comps: string[];
  /** Last component ends in `*`: a prefix match needing at least one more character. */
  wildcardLast: boolean;
  anyDepth: boolean;
  reason: string;
}

export interface WritablePath {
  comps: string[];
  /** The allow rule reaches below it, so it is a directory. */
  dir: boolean;
}

export class PathRuleError extends Error {
  override readonly name = 'PathRuleError';
}

const lower = (s: string): string => s.toLowerCase();

function compMatches(pattern: string, name: string, wildcard: boolean): boolean {
  const n = lower(name);
  if (!wildcard) return pattern === n;
  const prefix = pattern.slice(0, -1);
  return n.startsWith(prefix) && n.length > prefix.length;
}

function segmentMatches(seg: Segment, name: string): boolean {
  if (seg.kind === 'literal') return seg.value === name;
  return seg.kind === 'glob' && seg.re.test(name);
}

export function normalizeRel(raw: string): string[] | null {
  const trimmed = raw.replace(/^\.\/+/, '').replace(/\/+$/, '');
  if (trimmed === '' || trimmed.startsWith('/') || trimmed.includes('\0')) return null;
  const parts = trimmed.split('/');
  return parts.some((p) => p === '' || p === '.' || p === '..') ? null : parts;
}

const startsWith = (comps: readonly string[], prefix: readonly string[]): boolean => prefix.length <= comps.length && prefix.every((p, i) => p === comps[i]);

export class PathRules {
  private readonly byName = new Map<string, string>();
  private readonly occurrences: Occurrence[] = [];
  private readonly writable: string[][];
  private readonly writableAsWritten: WritablePath[];
  private readonly read: WorkspaceRule[] = [];
  private readonly write: WorkspaceRule[] = [];
  readonly outsideRead: OutsideReadRule[] = [];
  readonly invalid: string[] = [];
  private readonly bases: PathBases;

  constructor(private readonly workspace: string, config: Pick<SandboxConfig, 'protectedPaths' | 'writableProtectedPaths' | 'fileRules'>, builtin: readonly ProtectedPath[] = BUILTIN_PROTECTED_PATHS) {
    for (const entry of builtin) this.addProtected(entry.path, entry.anyDepth, entry.reason);
    for (const raw of config.protectedPaths) {
      if (normalizeRel(raw) === null) this.invalid.push(raw);
      else this.addProtected(raw, false, 'listed in the policy\'s protected paths');
    }
    this.writableAsWritten = config.writableProtectedPaths.flatMap((raw) => {
      const comps = normalizeRel(raw);
      return comps === null ? [] : [{ comps, dir: raw.endsWith('/') }];
    });
    this.writable = this.writableAsWritten.map((w) => w.comps.map(lower));
    const rules = config.fileRules;
    this.bases = { root: rules.root ?? workspace, cwd: workspace, home: rules.home ?? '' };
    for (const r of rules.readDeny) this.addRule(r.rule, r.pattern, this.read, true);
    for (const r of rules.writeDeny) this.addRule(r.rule, r.pattern, this.write, false);
  }

  private addProtected(raw: string, anyDepth: boolean, reason: string): void {
    if (raw.startsWith('/')) return; // outside the workspace: read-only in the sandbox anyway
    const comps = (normalizeRel(raw) ?? []).map(lower);
    if (comps.length === 0) return;
    const wildcardLast = comps.at(-1)?.endsWith('*') === true;
    if (anyDepth && comps.length === 1 && !wildcardLast) this.byName.set(comps[0] ?? '', reason);
    else this.occurrences.push({ comps, wildcardLast, anyDepth, reason });
  }

  private addRule(rule: string, spec: string, into: WorkspaceRule[], isRead: boolean): void {
    const parsed = parsePathPattern(spec, 'deny');
    if (!parsed.ok) throw new PathRuleError(`${rule}: ${parsed.message}`);
    const pattern = parsed.value;
    if (pattern.anchor === 'home' && this.bases.home === '') return;
    const segs = pattern.segments;
    if (pattern.anyDepth && pattern.anchor === 'cwd') {
      const only = segs.length === 1 && segs[0]?.kind !== 'globstar' ? (segs[0] ?? null) : null;
      into.push({ rule, pattern, scope: [], name: only });
      return;
    }
    const scopeAbs = posix.join(patternBase(pattern, this.bases), ...pattern.literalPrefix);
    const inside = relFrom(this.workspace, scopeAbs);
    if (inside !== null) {
      const last = segs[segs.length - 1];
      const globName = inside.length === 0 && segs.length === 2 && segs[0]?.kind === 'globstar' && last !== undefined && last.kind !== 'globstar' ? last : null;
      into.push({ rule, pattern, scope: inside, name: globName });
      return;
    }
    // The workspace lies below the pattern's start: it can match inside and outside.
    if (relFrom(scopeAbs, this.workspace) !== null) into.push({ rule, pattern, scope: [], name: null });
    if (isRead) this.outsideRead.push({ rule, pattern, bases: this.bases, scanRoot: scopeAbs });
  }

  /** Rules for one workspace entry (components below the workspace root, as on disk). */
  classify(rel: readonly string[]): EntryRule {
    const name = rel[rel.length - 1] ?? '';
    const abs = `${this.workspace}/${rel.join('/')}`;
    const hit = (rules: readonly WorkspaceRule[]): WorkspaceRule | null => {
      for (const r of rules) {
        if (r.name !== null ? startsWith(rel, r.scope) && segmentMatches(r.name, name) : startsWith(rel, r.scope) && matchPathPattern(r.pattern, abs, this.bases)) return r;
      }
      return null;
    };
    const hide = hit(this.read);
    const deny = hit(this.write);
    const builtin = deny === null ? this.builtinReason(rel) : null;
    return { hide: hide?.rule ?? null, protect: deny?.rule ?? builtin ?? null };
  }

  /** The built-in (or extra) entry covering this path that no writable path opens, or null. */
  private builtinReason(rel: readonly string[]): string | null {
    const comps = rel.map(lower);
    let deepest = 0;
    let found: string | null = null;
    for (let i = 0; i < comps.length; i++) {
      const byName = this.byName.get(comps[i] ?? '');
      if (byName !== undefined) [deepest, found] = [i + 1, `${rel[i]}: ${byName}`];
      for (const o of this.occurrences) {
        const start = i + 1 - o.comps.length;
        if (start < 0 || (!o.anyDepth && start !== 0)) continue;
        const ok = o.comps.every((c, k) => compMatches(c, comps[start + k] ?? '', o.wildcardLast && k === o.comps.length - 1));
        if (ok) [deepest, found] = [i + 1, `${rel.slice(start, i + 1).join('/')}: ${o.reason}`];
      }
    }
    if (found === null) return null;
    return this.writable.some((w) => w.length >= deepest && startsWith(comps, w)) ? null : found;
  }

  /** Protected paths the policy lets the agent write (`.github/workflows`), workspace-relative. */
  writablePaths(): readonly WritablePath[] {
    return this.writableAsWritten;
  }
}

/** Components of `abs` below `base`, or null. */
export function relFrom(base: string, abs: string): string[] | null {
  if (abs === base) return [];
  const prefix = base === '/' ? '/' : `${base}/`;
  return abs.startsWith(prefix) ? abs.slice(prefix.length).split('/').filter((c) => c !== '') : null;
}
