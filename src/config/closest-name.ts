/**
 * The known name a mistyped one was most likely meant to be (`--max-turn` → `--max-turns`,
 * `bash` → `Bash`), or undefined when none is close: a suggestion far off would mislead more than
 * no suggestion.
 */
export function closestName(typed: string, known: readonly string[]): string | undefined {
  const word = typed.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(word, name.toLowerCase());
    if (best === undefined || distance < best.distance) best = { name, distance };
  }
  // At most two edits, and at most half the name: `--tol` is `--tool`, `--frobnicate` is nothing.
  return best !== undefined && best.distance <= 2 && best.distance * 2 <= Math.max(word.replace(/^-+/, '').length, 1) ? best.name : undefined;
}

/** Levenshtein distance, with a swap of two neighbours counted as one edit (`--tiemout`). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number): number => rows[i]?.[j] ?? 0;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, at(i - 2, j - 2) + 1);
      (rows[i] as number[])[j] = d;
    }
  }
  return at(a.length, b.length);
}

/** `: did you mean X?` for a mistyped subcommand, or nothing when none is close. */
export function didYouMean(typed: string, known: readonly string[]): string {
  const near = closestName(typed, known);
  return near === undefined ? '' : `: did you mean ${near}?`;
}
