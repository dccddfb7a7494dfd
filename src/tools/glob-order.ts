/** Glob's order: newest first (the files just worked on are usually the ones wanted), path order breaking ties. */
export function newerFirst(a: { abs: string; mtimeMs: number }, b: { abs: string; mtimeMs: number }): number {
  return b.mtimeMs - a.mtimeMs || (a.abs < b.abs ? -1 : a.abs > b.abs ? 1 : 0);
}

/**
 * The first `k` of `all` in Glob's order, without sorting all of them: a listing of 100,000 files
 * shows 100. Kept sorted as it fills; each later file costs a comparison with the last unless it
 * belongs in front of it.
 */
export function newest<T extends { abs: string; mtimeMs: number }>(all: readonly T[], k: number): T[] {
  if (all.length <= 4 * k) return [...all].sort(newerFirst).slice(0, k);
  const top: T[] = [];
  for (const item of all) {
    const last = top[top.length - 1];
    if (top.length === k && last !== undefined && newerFirst(item, last) >= 0) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const at = top[mid];
      if (at !== undefined && newerFirst(at, item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    top.splice(lo, 0, item);
    if (top.length > k) top.pop();
  }
  return top;
}
