import { joinAbs, type ListedFile, type WalkRoot } from './file-walk.js';
import { comparePathOrder, searchOrder, type SearchOrder } from './search-order.js';
import { TreeOpener } from './tree-opener.js';

/** What Glob shows: how many files matched, the first of them in order, which order, and whether the listing stopped early. */
export interface GlobPage {
  matched: number;
  shown: ListedFile[];
  order: SearchOrder;
  truncated: boolean;
}

export interface GlobLimits {
  /** Files shown. */
  shown: number;
  /** Up to this many matches are shown newest first, more in path order (search-order.ts). */
  newestUpTo: number;
}

/**
 * Glob's page of the names a listing found under root (the judged walk's or ripgrep's), the same
 * whichever found them. Each name that needs an mtime is found again from the root's descriptor,
 * one directory at a time without following links (tree-opener.ts): that lstat gives the mtime,
 * and a name that is not a regular file in the opened tree now drops out. Newest first, every
 * name needs one; in path order, only those shown.
 */
export function globPage(root: WalkRoot, names: string[], truncated: boolean, limits: GlobLimits): GlobPage {
  const opener = new TreeOpener(root);
  try {
    const mtimeOf = (rel: string): number | undefined => opener.mtimeMs(rel);
    if (searchOrder(names.length, limits.newestUpTo) === 'path') return { ...pathOrderPage(names, root, mtimeOf, limits.shown), truncated };
    // In path order, so the opener keeps one chain of directories open.
    const files: ListedFile[] = [];
    for (const rel of names.sort(comparePathOrder)) {
      const mtimeMs = mtimeOf(rel);
      if (mtimeMs !== undefined) files.push({ abs: joinAbs(root.abs, rel), rel, mtimeMs });
    }
    return { matched: files.length, shown: files.sort(newerFirst).slice(0, limits.shown), order: 'newest', truncated };
  } finally {
    opener.close();
  }
}

/**
 * The first `shown` names in path order that are regular files in the opened tree now (one that
 * is not drops out, and the next comes onto the page); the others are only counted.
 */
function pathOrderPage(names: readonly string[], root: WalkRoot, mtimeOf: (rel: string) => number | undefined, shown: number): Omit<GlobPage, 'truncated'> {
  const page: ListedFile[] = [];
  let gone = 0;
  for (const rel of [...names].sort(comparePathOrder)) {
    if (page.length >= shown) break;
    const mtimeMs = mtimeOf(rel);
    if (mtimeMs === undefined) gone++;
    else page.push({ abs: joinAbs(root.abs, rel), rel, mtimeMs });
  }
  return { matched: names.length - gone, shown: page, order: 'path' };
}

/** Glob's order: newest first (the files just worked on are usually the ones wanted), path order breaking ties. */
export function newerFirst(a: { abs: string; mtimeMs: number }, b: { abs: string; mtimeMs: number }): number {
  return b.mtimeMs - a.mtimeMs || (a.abs < b.abs ? -1 : a.abs > b.abs ? 1 : 0);
}
