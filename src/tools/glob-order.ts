/** Glob's order: newest first (the files just worked on are usually the ones wanted), path order breaking ties. */
export function newerFirst(a: { abs: string; mtimeMs: number }, b: { abs: string; mtimeMs: number }): number {
  return b.mtimeMs - a.mtimeMs || (a.abs < b.abs ? -1 : a.abs > b.abs ? 1 : 0);
}

/**
 * The first `k` of `all` in Glob's order, without sorting all of them: a listing of 100,000 files
 * shows 100.
 */
export function newest<T extends { abs: string; mtimeMs: number }>(all: readonly T[], k: number): T[] {
  return firstInOrder(all, k, newerFirst);
}

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
