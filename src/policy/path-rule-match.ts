/**
 * Path specifiers for Read(...) and Edit(...) rules, gitignore-style:
 *   `//abs/path`  absolute          `~/path`  under the home directory
 *   `/path`       under the policy root (the repository)    `./path`, `path`  under the cwd
 * `*` and `?` stay within one component, `**` spans components, `[abc]` is a class. A pattern with no
 * slash (other than a trailing one) matches at any depth, like `.env` = `**\/.env`. A pattern also
 * matches everything under a directory it matches (gitignore). Deny and ask rules of the form
 * `dir/**` match such a directory at any depth (Claude Code's rule-type quirk, kept because it is
 * the stricter reading).
 */
import type { RuleBehavior } from './rule.js';
import { fail, type Parsed } from './rule-parse.js';
import { compileSegment, gitignoreShape, matchComponents, type Segment } from '../glob/index.js';

export type PathAnchor = 'absolute' | 'home' | 'root' | 'cwd';

export interface PathPattern {
  anchor: PathAnchor;
  /** Leading `..` components, applied to the anchor's directory. */
  up: number;
  segments: Segment[];
  /** Matches at any depth below (and, for deny/ask, outside) the anchor. */
  anyDepth: boolean;
  /** The leading components without wildcards, e.g. [".github", "workflows"] for `/.github/workflows/**`. */
  literalPrefix: string[];
}

export interface PathBases {
  /** Realpath of the policy root (`/path` rules). */
  root: string;
  /** Realpath of the current working directory (`./path` and bare rules). */
  cwd: string;
  /** Realpath of the home directory (`~/path` rules). */
  home: string;
}

export function parsePathPattern(spec: string, behavior: RuleBehavior): Parsed<PathPattern> {
  let anchor: PathAnchor = 'cwd';
  let rest = spec;
  let offset = 0;
  if (spec.startsWith('//')) [anchor, rest, offset] = ['absolute', spec.slice(2), 2];
  else if (spec === '~' || spec.startsWith('~/')) [anchor, rest, offset] = ['home', spec.slice(2), 2];
  else if (spec.startsWith('~')) return fail('only `~/` is supported for the home directory (not `~user`)', 0);
  else if (spec.startsWith('/')) [anchor, rest, offset] = ['root', spec.slice(1), 1];
  else if (spec.startsWith('./')) [rest, offset] = [spec.slice(2), 2];
  const explicitCwd = spec.startsWith('./');
  const body = rest.endsWith('/') ? rest.slice(0, -1) : rest;
  const parts = body === '' ? [] : body.split('/');
  const segments: Segment[] = [];
  let up = 0;
  let at = offset;
  for (const part of parts) {
    if (part === '') return fail('empty path component ("//" inside a pattern)', at);
    if (part === '..') {
      if (segments.length > 0) {
        if (segments.at(-1)?.kind !== 'literal') return fail('".." may not follow a wildcard component', at);
        segments.pop();
      } else up++;
    } else if (part !== '.') {
      const seg = compileSegment(part);
      if ('error' in seg) return fail(seg.error, at + seg.at);
      segments.push(seg);
    }
    at += part.length + 1;
  }
  const unanchored = anchor === 'cwd' && !explicitCwd && up === 0;
  const noInnerSlash = unanchored && !gitignoreShape(spec).anchored;
  // Claude Code: as a deny or ask rule, `dir/**` matches a `dir` directory at any depth.
  const dirAnyDepth = unanchored && behavior !== 'allow' && parts.length === 2 && parts[1] === '**' && parts[0] !== '**';
  const literalPrefix: string[] = [];
  for (const seg of segments) {
    if (seg.kind !== 'literal') break;
    literalPrefix.push(seg.value);
  }
  return { ok: true, value: { anchor, up, segments, anyDepth: noInnerSlash || dirAnyDepth, literalPrefix } };
}

/** The directory a pattern is anchored at, for the given bases. */
export function patternBase(pattern: PathPattern, bases: PathBases): string {
  let base = { absolute: '/', home: bases.home, root: bases.root, cwd: bases.cwd }[pattern.anchor];
  for (let i = 0; i < pattern.up; i++) base = base === '/' ? '/' : base.slice(0, base.lastIndexOf('/')) || '/';
  return base;
}

const SLASH = 0x2f;

export function splitPath(absolute: string): string[] {
  const parts = absolute.split('/');
  // Only a leading, trailing or doubled separator leaves an empty component.
  return parts.includes('') ? parts.filter((c) => c !== '') : parts;
}

/** Components of `absolute` below `base`, or null when it is not inside `base` (component-wise). */
export function relativeComponents(base: string, absolute: string): string[] | null {
  // Cut at a separator: the components below are exactly those of the rest (the common case, and
  // the one every file of a search asks about; the general comparison follows).
  if (absolute.startsWith(base) && (base.endsWith('/') || absolute.charCodeAt(base.length) === SLASH)) return splitPath(absolute.slice(base.length));
  const b = splitPath(base);
  const p = splitPath(absolute);
  if (p.length < b.length) return null;
  for (let i = 0; i < b.length; i++) if (b[i] !== p[i]) return null;
  return p.slice(b.length);
}

/** Does the pattern match this absolute, normalised path (or one of its ancestor directories)? */
export function matchPathPattern(pattern: PathPattern, absolute: string, bases: PathBases): boolean {
  // Outside the anchor, only a deny-side any-depth pattern (e.g. `.env`) still applies.
  const rel = relativeComponents(patternBase(pattern, bases), absolute) ?? (pattern.anyDepth && pattern.anchor === 'cwd' ? splitPath(absolute) : null);
  return rel !== null && matchComponents(pattern.segments, rel, pattern.anyDepth);
}

/** Like matchPathPattern, but only within the anchor: used for allow rules, which match narrowly. */
export function matchPathPatternInside(pattern: PathPattern, absolute: string, bases: PathBases): boolean {
  const rel = relativeComponents(patternBase(pattern, bases), absolute);
  return rel !== null && matchComponents(pattern.segments, rel, pattern.anyDepth);
}
