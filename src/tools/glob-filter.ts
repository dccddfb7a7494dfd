import picomatch from 'picomatch';
import { gitignoreShape } from '../glob/index.js';

/**
 * Globs with ripgrep's `--glob` meaning (gitignore style), shared by Glob and the Grep fallback
 * so both agree with ripgrep: a pattern without `/` matches a name at any depth; one with `/` is
 * anchored at the search root; a leading `!` excludes; when several match, the last one wins;
 * and when there are include globs, a file matching none of them is left out.
 */
export interface GlobFilter {
  includesFile(rel: string): boolean;
  prunesDir(rel: string): boolean;
  /**
   * The directory (root-relative, `/`-separated) every file the filter includes is beneath, when
   * the include globs name one literally (`src/**\/*.ts`: `src`); undefined when they do not.
   */
  within: string | undefined;
  /** Whether a directory is neither `within` nor on the way to it nor beneath it: it holds nothing included. */
  offTheWay(rel: string): boolean;
}

interface CompiledGlob {
  exclude: boolean;
  /** Whether the glob matches a file or a directory at `rel` (a directory it excludes is pruned). */
  test: (rel: string) => boolean;
  /** The literal directories an anchored glob starts with (`a/b/*.ts`: a, b); [] when none. */
  leading: string[];
}

function compile(glob: string): CompiledGlob {
  const exclude = glob.startsWith('!');
  const pattern = exclude ? glob.slice(1) : glob;
  const { body, anchored } = gitignoreShape(pattern);
  return { exclude, test: strictlyBeneath(body, matcher(body, anchored)), leading: anchored ? literalDirs(body) : [] };
}

/**
 * picomatch takes `src/**` to match `src` itself; ripgrep (whose --glob meaning the model expects
 * of Grep) matches only what lies beneath. So a path the glob matches only as the directory before
 * its trailing `/**` is not matched (one whose parent or an ancestor is that directory still is),
 * a file or a directory: with `!q/a` then `q/a/**`, ripgrep prunes `q/a` (the exclusion is the
 * last glob matching it); with `!q/**` then `q/a/x` it enters `q` and prunes `q/a`, listing
 * nothing. Excluding `src/**` still leaves out all beneath `src`: its every entry matches
 * (dot-globstar-attack.test.ts).
 */
function strictlyBeneath(body: string, test: (rel: string) => boolean): (rel: string) => boolean {
  let dirBody = body;
  while (dirBody.endsWith('/**')) dirBody = dirBody.slice(0, -3);
  // No trailing `/**`, or `**/**`: what stands before is itself any path.
  if (dirBody === body || dirBody === '**') return test;
  const isDir = matcher(dirBody, true);
  return (rel) => {
    if (!test(rel)) return false;
    if (!isDir(rel)) return true;
    for (let slash = rel.lastIndexOf('/'); slash > 0; slash = rel.lastIndexOf('/', slash - 1)) if (isDir(rel.slice(0, slash))) return true;
    return false;
  };
}

// A name picomatch can only match as itself: no wildcard, class, brace, extglob or escape, and not
// `.` or `..`, which a root-relative path never holds.
const LITERAL_NAME = /^[A-Za-z0-9_.-]+$/;

/**
 * Whether ripgrep's `--glob` surely reads a glob as this filter does: only a small dialect both
 * read alike, the rest left to this filter (a search given a glob outside it gives ripgrep none of
 * the model's globs). Letters, digits, `_ . -`, `*` within a name, `**` as a whole name, and flat
 * braces of two or more such alternatives; anchored with a leading `/`, negated with `!`.
 * Outside it they differ: picomatch reads `+(a|b)`, `a|b` and `\*` its own way and ripgrep takes
 * them literally; picomatch expands `{1..3}` and takes `{a}` literally; its `?` is one UTF-16
 * unit, ripgrep's one byte; `[[:digit:]]`, nested braces (an error in ripgrep) and a trailing `/`
 * (directories only, for ripgrep) differ too (search-fixes-attack.test.ts). And ripgrep's globset
 * never matches a path ending in `.` by name, so a name ending in `.` (`*.`, `a.`, `{a,b}.`) is
 * out too (proof-procfs-dialect-attack.test.ts), and so is one ending in `.*`, and a brace
 * alternative that is a bare `*` or ends in `.*`.
 */
export function readAlikeByRipgrep(glob: string): boolean {
  const negated = glob.startsWith('!') ? glob.slice(1) : glob;
  const body = negated.startsWith('/') ? negated.slice(1) : negated;
  return body !== '' && body.split('/').every(readAlikeName);
}

const PLAIN_NAME_PART = /^[A-Za-z0-9_.*-]*$/;
const ALTERNATIVE = /^[A-Za-z0-9_.*-]+$/;

function readAlikeName(name: string): boolean {
  if (name === '') return false;
  if (name.includes('**')) return name === '**';
  // Split around flat brace groups: `*.{ts,tsx}` → `*.`, `{ts,tsx}`, ``.
  const parts = name.split(/(\{[^{}]*\})/);
  // No name it matches may end in `.` (this also refuses `.` and `..`, never in a root-relative path).
  const last = parts.filter((part) => part !== '').at(-1) ?? '';
  if (last.endsWith('.') || (last.startsWith('{') && last.slice(1, -1).split(',').some((a) => a.endsWith('.')))) return false;
  // Nor may `.*` end it (but as the whole name): picomatch reads `*.*` as needing a character
  // after the dot, ripgrep takes `a.` (dot-globstar-attack.test.ts).
  if (last.endsWith('.*') && name !== '.*') return false;
  return parts.every((part) => {
    if (!part.startsWith('{')) return PLAIN_NAME_PART.test(part);
    const alternatives = part.slice(1, -1).split(',');
    // Inside braces picomatch writes a bare `*` so it matches an empty name (`x/**\/{*,a}` takes
    // `x`), and `.*` so it needs a character after the dot (`{a.*,b}` never takes `a.`); ripgrep
    // reads neither so (cwd-globstar-attack.test.ts).
    return alternatives.length >= 2 && alternatives.every((a) => ALTERNATIVE.test(a) && !a.includes('..') && a !== '*' && !a.endsWith('.*'));
  });
}

/**
 * The literal names an anchored glob's path starts with, its last name (what it matches) left out:
 * every path it matches is beneath them, since its regex is anchored at the start.
 */
function literalDirs(body: string): string[] {
  // picomatch passes `|` through to its regex, where outside a group it parts two alternatives
  // (`src/**|b.ts` matches b.ts): such a glob names no directory every match is beneath.
  if (body.includes('|')) return [];
  const names = body.split('/');
  const dirs: string[] = [];
  for (const name of names.slice(0, -1)) {
    if (!LITERAL_NAME.test(name) || name === '.' || name === '..') break;
    dirs.push(name);
  }
  return dirs;
}

/**
 * The directory every file a group includes is beneath: the names all its include globs start
 * with. A file no include glob matches is left out, so with one or more include globs each naming
 * directories, nothing outside the names they share is included.
 */
function groupWithin(group: readonly CompiledGlob[]): string[] {
  const includes = group.filter((glob) => !glob.exclude);
  if (includes.length === 0) return [];
  let shared = includes[0]?.leading ?? [];
  for (const glob of includes) {
    let n = 0;
    while (n < shared.length && n < glob.leading.length && shared[n] === glob.leading[n]) n++;
    shared = shared.slice(0, n);
  }
  return shared;
}

/** Whether a directory is `within` or on the way to it: the only ones a walk needs to enter. */
function onTheWay(dir: string, within: string): boolean {
  return dir === within || within.startsWith(`${dir}/`) || dir.startsWith(`${within}/`);
}

/**
 * picomatch's matcher for `body` (dot files included; unless anchored, the last name is matched),
 * without the two objects it builds a call: Glob tests 100,000 names. Its own test, step by step:
 * a name equal to the glob matches (unless it has braces), else the regex decides, on the last name unless anchored. A
 * path ending in `/`, whose last name picomatch finds otherwise, goes to picomatch itself.
 */
function matcher(body: string, anchored: boolean): (rel: string) => boolean {
  const options = { dot: true, basename: !anchored };
  const own = picomatch(body, options);
  const regex = picomatch.makeRe(body, options);
  // picomatch's own first test, a name equal to the glob, kept (a Next.js `app/[id]/page.tsx`
  // finds itself) but for braces, whose text ripgrep never takes literally (`{a,b}` is a or b).
  const hasBraces = body.includes('{');
  return (rel) => {
    if (rel === '' || rel.endsWith('/')) return own(rel);
    return (rel === body && !hasBraces) || regex.test(anchored ? rel : rel.slice(rel.lastIndexOf('/') + 1));
  };
}

/** The last glob of the group that matches the path, if any. */
function lastMatch(group: readonly CompiledGlob[], rel: string): CompiledGlob | undefined {
  for (let i = group.length - 1; i >= 0; i--) {
    const glob = group[i];
    if (glob !== undefined && glob.test(rel)) return glob;
  }
  return undefined;
}

/** Each group is judged on its own and all must pass: e.g. the user's globs and a file type. */
export function compileGlobFilter(groups: readonly (readonly string[])[]): GlobFilter {
  const compiled = groups.filter((group) => group.length > 0).map((group) => group.map(compile));
  // Each group must pass, so the deepest group's directory holds all a file could be in (groups
  // naming different directories include nothing; either one is then right).
  const deepest = compiled.map(groupWithin).reduce<string[]>((a, b) => (b.length > a.length ? b : a), []);
  const within = deepest.length === 0 ? undefined : deepest.join('/');
  const offTheWay = (rel: string): boolean => within !== undefined && !onTheWay(rel, within);
  return {
    within,
    offTheWay,
    includesFile: (rel) =>
      compiled.every((group) => {
        const hit = lastMatch(group, rel);
        if (hit !== undefined) return !hit.exclude;
        return !group.some((glob) => !glob.exclude);
      }),
    // An include glob prunes no directory on the way to what it names: ripgrep descends and judges
    // the files. One beside it can hold nothing included: not entering it changes no answer.
    prunesDir: (rel) => offTheWay(rel) || compiled.some((group) => lastMatch(group, rel)?.exclude === true),
  };
}
