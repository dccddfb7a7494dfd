/*
 * The order Glob and Grep's files_with_matches show their files in: newest first while the matches
 * are few enough to order so (the files just worked on are usually the ones wanted), path order
 * (the walk's) past that. Ordering by date needs every match's mtime; a list past 1,000 is not one
 * anybody reads by date (the model sees 100 or 250 of it and is told how to narrow the search).
 * Every engine applies the same rule, so an answer never depends on which engine gave it.
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
