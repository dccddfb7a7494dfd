/**
 * What ripgrep must leave out when it walks a directory by name for the Grep tool (the tree mode,
 * src/tools/grep-rg-tree.ts) while Read deny or ask rules could match beneath it. Two spellings of
 * the same rules:
 *
 * - ripgrep globs (`--glob=!…`, gitignore syntax, anchored at the walked directory), so ripgrep
 *   never opens a file the rules deny, and what it reports cannot depend on what such a file holds;
 * - the rules themselves, by the policy's own matcher, so the search drops anything ripgrep
 *   reported that they match. Should the two spellings ever differ, the matcher decides.
 *
 * Exact or nothing: a rule the globs cannot say exactly (`?`, a negated character class or one
 * beyond plain letters and digits, a name with control characters or whitespace other than
 * spaces) makes the whole answer null,
 * and the tree is then judged file by file, as before. A rule that matches the directory itself,
 * or one above it, also gives null: everything beneath is denied, which is the decider's to say.
 * So does an any-depth rule matching a name between the directory and a cwd beneath it: the
 * matcher does not count that name for the files beneath the cwd, a gitignore name would.
 */
import type { LoadedPolicy } from './loaded-policy.js';
import { findClassEnd, segmentMatches, type Segment } from '../glob/index.js';
import { pathPatternBeneath, patternBase, relativeComponents, splitPath, type PathBases, type PathPattern } from './path-rule-match.js';
import { couldMatchBeneath, readRules } from './tree-read.js';

export interface TreeSkipRules {
  /** ripgrep `--glob` arguments, each `!…`, anchored at the directory (ripgrep's working directory). */
  globs: string[];
  /** Whether a path beneath the directory (relative to it) is one a rule matches, or one with a newline (never walked by name). */
  denies: (rel: string) => boolean;
}

/** Leaves out every file or directory whose name holds a newline. */
const NO_NEWLINE_NAMES = '!*\n*';

interface Ruled {
  pattern: PathPattern;
  bases: PathBases;
}

/** The Read deny and ask rules of every policy that could match beneath `dir` (a real path), as globs and as a matcher; null when some cannot be said exactly. */
export function treeSkipRules(policies: readonly LoadedPolicy[], cwd: string, dir: string): TreeSkipRules | null {
  const ruled: Ruled[] = [];
  for (const policy of policies) {
    const bases: PathBases = { root: policy.root, cwd, home: policy.homeDir };
    for (const rule of readRules(policy)) {
      if (rule.target.kind === 'path' && couldMatchBeneath(rule.target.pattern, dir, bases)) ruled.push({ pattern: rule.target.pattern, bases });
    }
  }
  const globs = new Set<string>();
  for (const { pattern, bases } of ruled) {
    const own = ruleGlobs(pattern, dir, bases);
    if (own === null) return null;
    for (const glob of own) globs.add(glob);
  }
  const matchers = ruled.map(({ pattern, bases }) => pathPatternBeneath(pattern, dir, bases));
  // ripgrep compiles `**` (and the `**/` before a name without a slash) to a regex whose `.` does
  // not cross a newline, so beneath a directory named `a\nb` `!secret*` or `!token[.]` match
  // nothing and ripgrep would open the denied file. Such names are not walked by name at all
  // (`[^/]*\n[^/]*` needs no `.`); the judged walk still finds what is allowed there.
  if (ruled.length > 0) globs.add(NO_NEWLINE_NAMES);
  return {
    globs: [...globs],
    denies: (rel) => {
      if (rel.includes('\n')) return true;
      const comps = splitPath(rel);
      return matchers.some((matches) => matches(rel, comps));
    },
  };
}

/** One rule as globs anchored at `dir`: [] when it cannot match beneath, null when it cannot be said exactly or matches `dir` itself. */
export function ruleGlobs(pattern: PathPattern, dir: string, bases: PathBases): string[] | null {
  // A pattern matches everything beneath a directory it matches (gitignore), so a trailing `**`
  // adds nothing; without it the glob prunes the directory, exactly as the matcher reads it.
  const segs = withoutTrailingGlobstars(pattern.segments);
  if (pattern.anyDepth) {
    // `.env`, `*.pem`, a deny's `dir/**`: one component, at any depth (a gitignore name without a slash).
    const only = segs[0];
    if (segs.length !== 1 || only === undefined) return null;
    if (countedComponents(dir, patternBase(pattern, bases)).some((comp) => segmentMatches(only, comp))) return null;
    const glob = globComponent(only);
    return glob === null ? null : [`!${glob}`];
  }
  const base = patternBase(pattern, bases);
  const below = relativeComponents(dir, base);
  if (below !== null && below.length > 0) {
    // The anchor lies beneath the directory: its path, then the pattern.
    const parts = [...below.map((name) => finalDotAsClass(escapeName(name))), ...segs.map(globComponent)];
    return parts.some((p) => p === null) ? null : [`!/${parts.join('/')}`];
  }
  const inside = relativeComponents(base, dir);
  if (inside === null) return [];
  // The directory lies at or beneath the anchor: walk the pattern over its components; every
  // place the pattern can stand after them leaves a rest to match beneath.
  let states = withSkippedGlobstars(new Set([0]), segs);
  if (states.has(segs.length)) return null;
  for (const comp of inside) {
    const next = new Set<number>();
    for (const at of states) {
      const seg = segs[at];
      if (seg === undefined) continue;
      if (seg.kind === 'globstar') next.add(at);
      else if (segmentMatches(seg, comp)) next.add(at + 1);
    }
    states = withSkippedGlobstars(next, segs);
    if (states.has(segs.length)) return null;
  }
  const globs: string[] = [];
  for (const at of states) {
    // What may follow a `**` that also stands here is already said by the `**` (it may match nothing).
    if (segs[at - 1]?.kind === 'globstar' && states.has(at - 1)) continue;
    const rest = segs.slice(at);
    const parts = rest.map(globComponent);
    if (parts.some((p) => p === null)) return null;
    globs.push(rest[0]?.kind === 'globstar' ? `!${parts.join('/')}` : `!/${parts.join('/')}`);
  }
  return globs;
}

/**
 * The components of `dir` and above that an any-depth rule anchored at `base` (the cwd) can match
 * for a path beneath `dir`, besides the path's own below `dir`: beneath the cwd the matcher counts
 * only those below it (path-rule-match.ts matchBelowAnchor), elsewhere every one. With the cwd
 * beneath `dir`, the names between them count too: the glob (a gitignore name, any depth below
 * `dir`) would prune one on the way to the cwd that the matcher, for the files beneath the cwd,
 * never looks at.
 */
function countedComponents(dir: string, base: string): string[] {
  const inside = relativeComponents(base, dir);
  if (inside !== null) return inside;
  return [...splitPath(dir), ...(relativeComponents(dir, base) ?? [])];
}

function withoutTrailingGlobstars(segs: readonly Segment[]): Segment[] {
  let end = segs.length;
  while (end > 0 && segs[end - 1]?.kind === 'globstar') end--;
  return segs.slice(0, end);
}

/** A `**` may match no component: where one stands, so does what follows it. */
function withSkippedGlobstars(states: Set<number>, segs: readonly Segment[]): Set<number> {
  for (const at of states) if (segs[at]?.kind === 'globstar') states.add(at + 1);
  return states;
}

function globComponent(seg: Segment): string | null {
  if (seg.kind === 'globstar') return '**';
  return finalDotAsClass(seg.kind === 'literal' ? escapeName(seg.value) : translateGlob(seg.text));
}

/**
 * ripgrep's globset takes a path ending in `.` to have no file name, so its name and extension
 * strategies never match one: `!token.`, `!*.` or `!backup.` leave `token.` and `backup.` in the
 * walk (only an anchored literal path matched). A class holding the dot goes to its regex
 * strategy, which does (checked with ripgrep 13 for `!token[.]`, `!*[.]`, `!/d/*[.]`, `!vault[.]`).
 * A component never ends in an escaped dot: escapeName leaves `.` as it is.
 */
function finalDotAsClass(glob: string | null): string | null {
  return glob?.endsWith('.') === true ? `${glob.slice(0, -1)}[.]` : glob;
}

// A class of letters, digits, `.` and `_`, and ranges within one of a-z, A-Z and 0-9: what it
// matches is one ASCII character to both matchers, and never a `/`.
const PLAIN_CLASS = /^(?:[a-z]-[a-z]|[A-Z]-[A-Z]|[0-9]-[0-9]|[A-Za-z0-9._])+$/;

/**
 * A component written in the rule syntax (path-rule-match.ts) as a ripgrep glob component, or
 * null. `?` and a negated class are not translated: the matcher's match one UTF-16 unit of the
 * name, ripgrep's one byte of it, so over a character beyond ASCII they disagree (`key?.pem`
 * denies `keyé.pem`; the glob would let ripgrep open it).
 */
function translateGlob(text: string): string | null {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (ch === '*') out += ch;
    else if (ch === '?') return null;
    else if (ch === '[') {
      const close = findClassEnd(text, i);
      if (close === -1) return null;
      const body = text.slice(i + 1, close);
      if (body.startsWith('!') || body.startsWith('^') || !PLAIN_CLASS.test(body)) return null;
      out += `[${body}]`;
      i = close;
    } else {
      const literal = ch === '\\' ? text[++i] : ch;
      if (literal === undefined) return null;
      const escaped = escapeName(literal);
      if (escaped === null) return null;
      out += escaped;
    }
  }
  return out;
}

// What a glob or a gitignore line gives meaning to: escaped with a backslash (ripgrep's globs
// take `\x` as a literal x). A space is escaped too: a line's trailing spaces are dropped unless so.
const GLOB_SPECIAL = /[\\*?[\]{}!# ]/g;

/** A name as a glob matching exactly it, or null when gitignore syntax cannot say it (control characters, other whitespace). */
function escapeName(name: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (/[\u0000-\u001f\u007f]/.test(name) || /[^\S ]/u.test(name)) return null;
  return name.replace(GLOB_SPECIAL, '\\$&');
}
