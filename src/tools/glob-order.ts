/** Glob's order: newest first (the files just worked on are usually the ones wanted), path order breaking ties. */
export function newerFirst(a: { abs: string; mtimeMs: number }, b: { abs: string; mtimeMs: number }): number {
  return b.mtimeMs - a.mtimeMs || (a.abs < b.abs ? -1 : a.abs > b.abs ? 1 : 0);
}
