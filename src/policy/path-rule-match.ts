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

export type PathAnchor = 'absolute' | 'home' | 'root' | 'cwd';

/** A glob component keeps its text as written (`text`), for tools that take globs themselves (tree-skip.ts). */
export type Segment = { kind: 'globstar' } | { kind: 'literal'; value: string } | { kind: 'glob'; re: RegExp; text: string };

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
      const seg = compileSegment(part, at);
      if (!seg.ok) return seg;
      segments.push(seg.value);
    }
    at += part.length + 1;
  }
  const unanchored = anchor === 'cwd' && !explicitCwd && up === 0;
  const noInnerSlash = unanchored && !body.includes('/');
  // Claude Code: as a deny or ask rule, `dir/**` matches a `dir` directory at any depth.
  const dirAnyDepth = unanchored && behavior !== 'allow' && parts.length === 2 && parts[1] === '**' && parts[0] !== '**';
  const literalPrefix: string[] = [];
  for (const seg of segments) {
    if (seg.kind !== 'literal') break;
    literalPrefix.push(seg.value);
  }
  return { ok: true, value: { anchor, up, segments, anyDepth: noInnerSlash || dirAnyDepth, literalPrefix } };
}

function compileSegment(part: string, at: number): Parsed<Segment> {
  if (part === '**') return { ok: true, value: { kind: 'globstar' } };
  if (part.includes('**')) return fail('"**" must be a whole path component (a/**/b), not part of one', at + part.indexOf('**'));
  let re = '';
  let literal = '';
  let isGlob = false;
  for (let i = 0; i < part.length; i++) {
    const ch = part[i] ?? '';
    if (ch === '\\') {
      const next = part[i + 1];
      if (next === undefined) return fail('dangling "\\" at the end of a path component', at + i);
      re += escapeRe(next);
      literal += next;
      i++;
    } else if (ch === '*') [re, isGlob] = [re + '[^/]*', true];
    else if (ch === '?') [re, isGlob] = [re + '[^/]', true];
    else if (ch === '[') {
      const close = findClassEnd(part, i);
      if (close === -1) return fail('unterminated "[" character class (escape a literal bracket as \\[)', at + i);
      const body = part.slice(i + 1, close);
      const negated = body.startsWith('!') || body.startsWith('^');
      const inner = (negated ? body.slice(1) : body).replace(/\\/g, '\\\\').replace(/\]/g, '\\]');
      re += `[${negated ? '^/' : ''}${inner}]`;
      isGlob = true;
      i = close;
    } else {
      re += escapeRe(ch);
      literal += ch;
    }
  }
  if (!isGlob) return { ok: true, value: { kind: 'literal', value: literal } };
  try {
    return { ok: true, value: { kind: 'glob', re: new RegExp(`^${re}$`, 's'), text: part } };
  } catch {
    return fail(`invalid character class in "${part}"`, at);
  }
}

export function findClassEnd(part: string, open: number): number {
  let i = open + 1;
  if (part[i] === '!' || part[i] === '^') i++;
  if (part[i] === ']') i++;
  for (; i < part.length; i++) if (part[i] === ']') return i;
  return -1;
}

function escapeRe(ch: string): string {
  return ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
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
  const rel = relativeComponents(patternBase(pattern, bases), absolute);
  if (rel === null) {
    // Outside the anchor: only a deny-side any-depth pattern (e.g. `.env`) still applies.
    return pattern.anyDepth && pattern.anchor === 'cwd' && matchAnywhere(pattern.segments, splitPath(absolute));
  }
  return matchBelowAnchor(pattern, rel);
}

/**
 * matchPathPattern for many paths beneath one directory, each given relative to it (`rel`, and
 * `comps`, its components): the same answers, with the directory's own components found once (a
 * search asks about every file it found).
 */
export function pathPatternBeneath(pattern: PathPattern, dir: string, bases: PathBases): (rel: string, comps: readonly string[]) => boolean {
  const dirRel = relativeComponents(patternBase(pattern, bases), dir);
  if (dirRel === null) {
    const prefix = dir.endsWith('/') ? dir : `${dir}/`;
    return (rel) => matchPathPattern(pattern, prefix + rel, bases);
  }
  // Inside the anchor, so is everything beneath: the components below the anchor are the directory's and then the path's.
  return (_rel, comps) => matchBelowAnchor(pattern, dirRel.length === 0 ? comps : [...dirRel, ...comps]);
}

/** Like matchPathPattern, but only within the anchor: used for allow rules, which match narrowly. */
export function matchPathPatternInside(pattern: PathPattern, absolute: string, bases: PathBases): boolean {
  const rel = relativeComponents(patternBase(pattern, bases), absolute);
  if (rel === null) return false;
  return matchBelowAnchor(pattern, rel);
}

/** Does the pattern match a path given by its components below the pattern's anchor? */
function matchBelowAnchor(pattern: PathPattern, rel: readonly string[]): boolean {
  return pattern.anyDepth ? matchAnywhere(pattern.segments, rel) : matchPrefixes(pattern.segments, rel, 0);
}

function matchAnywhere(segs: Segment[], comps: readonly string[]): boolean {
  for (let start = 0; start < comps.length; start++) if (matchPrefixes(segs, comps, start)) return true;
  return segs.length === 0;
}

// gitignore: a pattern matching a directory matches everything below it.
function matchPrefixes(segs: Segment[], comps: readonly string[], start: number): boolean {
  if (segs.length === 0) return true;
  for (let end = start + 1; end <= comps.length; end++) if (matchSegments(segs, 0, comps, start, end)) return true;
  return false;
}

/** Do the segments from `si` match exactly the components from `ci` up to (not including) `end`? */
function matchSegments(segs: Segment[], si: number, comps: readonly string[], ci: number, end: number): boolean {
  if (si === segs.length) return ci === end;
  const seg = segs[si];
  if (seg === undefined) return false;
  if (seg.kind === 'globstar') {
    for (let k = ci; k <= end; k++) if (matchSegments(segs, si + 1, comps, k, end)) return true;
    return false;
  }
  if (ci >= end) return false;
  return segmentMatches(seg, comps[ci] ?? '') && matchSegments(segs, si + 1, comps, ci + 1, end);
}

/** Does one segment match one path component? (`**` matches any one; it may match none, which callers handle.) */
export function segmentMatches(seg: Segment, comp: string): boolean {
  if (seg.kind === 'globstar') return true;
  return seg.kind === 'literal' ? seg.value === comp : seg.re.test(comp);
}
