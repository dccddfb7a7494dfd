import { confinedNames, type Confinement } from './confined-listing.js';
import type { WalkRoot } from './file-walk.js';
import { compileGlobFilter } from './glob-filter.js';
import { listingArgs } from './sandboxed-search.js';
import { globPage, type GlobLimits, type GlobPage } from './glob-page.js';
import { mayNameAnother } from './printed-name.js';
import { comparePathOrder } from './search-order.js';
import { closeFd } from './fd-paths.js';
import { narrowedTo, openBeneath } from './tree-narrow.js';

/*
 * A large tree listed at ripgrep's speed. Walking 100,000 names in JavaScript costs a few times
 * what `rg --files` takes, so ripgrep lists them, confined as for Grep (src/sandbox/confined-exec.ts:
 * the opened directory is all of the tree it can see), filtered by the pattern itself when its
 * glob dialect agrees with ours. The names kept then make Glob's page as the judged walk's do
 * (glob-page.ts): each name that needs an mtime is found again from the root's descriptor, and one
 * that is not a regular file in the opened tree now (one ripgrep saw through a directory swapped
 * for a symlink) drops out. Only names are listed; nothing is read. A pattern naming one directory
 * lists that one (tree-narrow.ts); while the guard's watch on commands holds, mtimes are looked up
 * by path (glob-page.ts).
 */

export interface TreeListing extends Confinement {
  rg: string;
}

/** Glob's page of the files under root the pattern matches; undefined when the judged walk must do it. */
export async function listTree(
  listing: TreeListing,
  root: WalkRoot & { id: string },
  pattern: string,
  skipDirs: ReadonlySet<string>,
  signal: AbortSignal,
  timeoutMs: number,
  limits: GlobLimits & { maxFiles: number },
  watchCommands?: () => (() => boolean) | undefined,
): Promise<GlobPage | undefined> {
  if (!(await listing.size.exceeds(root, root.id, skipDirs, signal))) return undefined;
  const filter = compileGlobFilter([[pattern]]);
  // Where the pattern names one directory, ripgrep lists that one (tree-narrow.ts); a small one is
  // walked, pruned the same way (glob.ts).
  // Watched from before the directory ripgrep lists is opened and walked: while no command runs,
  // the mtimes are looked up by path from the root, through the same directories.
  const quiet = watchCommands?.();
  // Never narrowed under Landlock (grep-rg-tree.ts says why). A listing reads names only, so no
  // device node a file is swapped for is read: unlike Grep, it needs no quiet tree.
  const within = listing.confiner.kind === 'landlock' ? undefined : narrowedTo(filter, skipDirs);
  const start = within === undefined ? undefined : openBeneath(root, within);
  try {
    if (start !== undefined && !(await listing.size.exceeds(start, start.id, skipDirs, signal))) return undefined;
    const names: string[] = [];
    const pruned = prunedOnTheWay(skipDirs);
    const listed = await confinedNames(listing, listing.rg, listingArgs(pattern, skipDirs, start?.rel), start ?? root, signal, timeoutMs, (rel) => {
      // A name that is not UTF-8 arrives with U+FFFD in it and cannot be named again (another file,
      // or a symlink, may bear what it decodes to): the judged walk drops it too, and so does Grep.
      if (!mayNameAnother(rel) && !pruned(rel) && filter.includesFile(rel)) names.push(rel);
    }, start === undefined ? undefined : { rel: start.rel });
    if (listed === 'aborted') return { matched: 0, shown: [], order: 'newest', truncated: true };
    if (listed === undefined) return undefined;
    // Over the budget, cut where the walk would have: in its order.
    if (names.length <= limits.maxFiles) return globPage(root, names, false, limits, quiet);
    return globPage(root, names.sort(comparePathOrder).slice(0, limits.maxFiles), true, limits, quiet);
  } finally {
    if (start !== undefined) closeFd(start.fd);
  }
}

/**
 * Whether the walk would not have entered some directory on the way to `rel` (ripgrep was told
 * too): one of its directories is named in skipDirs.
 */
function prunedOnTheWay(skipDirs: ReadonlySet<string>): (rel: string) => boolean {
  if (skipDirs.size === 0) return () => false;
  const names = [...skipDirs].map((dir) => dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const onTheWay = new RegExp(`(?:^|/)(?:${names.join('|')})/`);
  return (rel) => onTheWay.test(rel);
}
