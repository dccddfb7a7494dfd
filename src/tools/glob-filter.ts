import picomatch from 'picomatch';

/**
 * Globs with ripgrep's `--glob` meaning (gitignore style), shared by Glob and the Grep fallback
 * so both agree with ripgrep: a pattern without `/` matches a name at any depth; one with `/` is
 * anchored at the search root; a leading `!` excludes; when several match, the last one wins;
 * and when there are include globs, a file matching none of them is left out.
 */
export interface GlobFilter {
  includesFile(rel: string): boolean;
  prunesDir(rel: string): boolean;
}

interface CompiledGlob {
  exclude: boolean;
  test: (rel: string) => boolean;
}

function compile(glob: string): CompiledGlob {
  const exclude = glob.startsWith('!');
  const pattern = exclude ? glob.slice(1) : glob;
  let body = pattern.startsWith('/') ? pattern.slice(1) : pattern;
  if (body.endsWith('/')) body = body.slice(0, -1);
  const anchored = pattern.startsWith('/') || body.includes('/');
  return { exclude, test: matcher(body, anchored) };
}

/**
 * picomatch's matcher for `body` (dot files included; unless anchored, the last name is matched),
 * without the two objects it builds a call: Glob tests 100,000 names. Its own test, step by step:
 * a name equal to the glob matches, else the regex decides, on the last name unless anchored. A
 * path ending in `/`, whose last name picomatch finds otherwise, goes to picomatch itself.
 */
function matcher(body: string, anchored: boolean): (rel: string) => boolean {
  const options = { dot: true, basename: !anchored };
  const own = picomatch(body, options);
  const regex = picomatch.makeRe(body, options);
  return (rel) => {
    if (rel === '' || rel.endsWith('/')) return own(rel);
    return rel === body || regex.test(anchored ? rel : rel.slice(rel.lastIndexOf('/') + 1));
  };
}

/** The last glob of the group that matches, if any. */
function lastMatch(group: readonly CompiledGlob[], rel: string): CompiledGlob | undefined {
  for (let i = group.length - 1; i >= 0; i--) {
    const glob = group[i];
    if (glob?.test(rel) === true) return glob;
  }
  return undefined;
}

/** Each group is judged on its own and all must pass: e.g. the user's globs and a file type. */
export function compileGlobFilter(groups: readonly (readonly string[])[]): GlobFilter {
  const compiled = groups.filter((group) => group.length > 0).map((group) => group.map(compile));
  return {
    includesFile: (rel) =>
      compiled.every((group) => {
        const hit = lastMatch(group, rel);
        if (hit !== undefined) return !hit.exclude;
        return !group.some((glob) => !glob.exclude);
      }),
    // Include globs never prune a directory; ripgrep descends and judges the files.
    prunesDir: (rel) => compiled.some((group) => lastMatch(group, rel)?.exclude === true),
  };
}
