/*
 * The order Glob and Grep's files_with_matches show their files in. Newest first while the
 * matches are few enough to order so (the files just worked on are usually the ones wanted); path
 * order, the walk's, when there are more. Ordering by modification time needs every match's
 * mtime, found again by descriptor (tree-opener.ts) whenever ripgrep walked the tree: ~6-15 µs a
 * file here, so 100,000 matches cost more than ripgrep took to list or search them all (aim 5 of
 * issue 13: within 1.5x of ripgrep alone). Path order needs nothing but the names, and only the
 * page shown is found again.
 *
 * Why 1,000. At most 1,000 mtimes cost about 6-15 ms, a tenth of what `rg --files` takes over a
 * 100,000-file tree, and a constant however large the tree: the order stays bounded. At 10,000
 * they cost 60-150 ms, and a search matching exactly that many was 2x ripgrep alone (bench/
 * search-100k.mjs). And a list past 1,000 is not one anybody reads by date: the model sees 100
 * (Glob) or 250 (Grep) of them, and the answer tells it how to narrow the search, which brings
 * newest first back. Every engine
 * applies the same rule (the judged walk, which has each mtime for free, too), so an answer never
 * depends on which engine gave it.
 */

/** Up to this many matches are listed newest first; more are listed in path order. */
export const NEWEST_FIRST_UP_TO = 1_000;

export type SearchOrder = 'newest' | 'path';

/** The order for `matched` files. */
export function searchOrder(matched: number, newestUpTo: number): SearchOrder {
  return matched > newestUpTo ? 'path' : 'newest';
}

/**
 * The walk's order (`rg --sort path`) of paths under one root: component by component, each in
 * name order (file-walk.ts sorts a directory's names by UTF-16 code units, as `<` does). That is
 * plain string order with the separator sorting below every character a name can hold, as if it
 * were NUL, compared in place rather than on keys built for 100,000 paths.
 */
export function comparePathOrder(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === n) return a.length - b.length;
  const x = a.charCodeAt(i);
  const y = b.charCodeAt(i);
  return (x === SLASH ? -1 : x) - (y === SLASH ? -1 : y);
}

const SLASH = 0x2f;

/**
 * The first `k` of `all` by `compare`, sorted. A heap of the best `k` so far, its worst on top:
 * each item costs a comparison with that worst one, and log k more when it takes its place
 * (files listed oldest first, as a checkout writes them, are the common case, not the worst).
 */
export function firstInOrder<T>(all: readonly T[], k: number, compare: (a: T, b: T) => number): T[] {
  if (all.length <= 4 * k) return [...all].sort(compare).slice(0, k);
  const heap: T[] = [];
  // `worse(i, j)`: heap[i] comes after heap[j] in the order, so it belongs nearer the top.
  const worse = (i: number, j: number): boolean => compare(heap[i] as T, heap[j] as T) > 0;
  const swap = (i: number, j: number): void => {
    const t = heap[i] as T;
    heap[i] = heap[j] as T;
    heap[j] = t;
  };
  for (const item of all) {
    if (heap.length < k) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0 && worse(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
      continue;
    }
    if (k === 0 || compare(item, heap[0] as T) >= 0) continue;
    heap[0] = item;
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let top = i;
      if (l < heap.length && worse(l, top)) top = l;
      if (r < heap.length && worse(r, top)) top = r;
      if (top === i) break;
      swap(i, top);
      i = top;
    }
  }
  return heap.sort(compare);
}

/**
 * `all` with its first `k` in path order (by `rel`) at the front, sorted, and the rest after them
 * in no particular order: a page of 250 out of 100,000 without sorting them all.
 */
export function pathOrderFirst<T extends { rel: string }>(all: readonly T[], k: number): T[] {
  const byPath = (a: T, b: T): number => comparePathOrder(a.rel, b.rel);
  if (k >= all.length / 4) return [...all].sort(byPath);
  const first = firstInOrder(all, k, byPath);
  const taken = new Set(first);
  return [...first, ...all.filter((item) => !taken.has(item))];
}
