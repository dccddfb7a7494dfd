import type { ReviewTarget } from './review-comment.js';

/**
 * The commentable lines of a unified diff (`git diff -U3 BASE HEAD`): per file of the new side,
 * the ranges its hunks cover (`@@ -a,b +c,d @@` covers c..c+d-1). Deleted files have none.
 * File names come from the `+++ b/…` lines (git quotes unusual names; those are decoded).
 */
export function reviewTargetFromDiff(diff: string): ReviewTarget {
  const target = new Map<string, { start: number; end: number }[]>();
  let current: { start: number; end: number }[] | undefined;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ')) {
      // git ends a name that holds spaces with a tab.
      const name = line.slice(4).replace(/\t$/, '');
      const path = name === '/dev/null' ? undefined : stripPrefix(unquote(name));
      current = path === undefined ? undefined : (target.get(path) ?? []);
      if (path !== undefined && current !== undefined) target.set(path, current);
      continue;
    }
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (hunk !== null && current !== undefined) {
      const start = Number(hunk[1]);
      const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
      if (count > 0) current.push({ start, end: start + count - 1 });
    }
  }
  return target;
}

function stripPrefix(name: string): string {
  return name.startsWith('b/') ? name.slice(2) : name;
}

/** git's C-style quoting of paths with special characters: "b/caf\303\251.txt". */
function unquote(name: string): string {
  if (!name.startsWith('"') || !name.endsWith('"')) return name;
  const bytes: number[] = [];
  const body = name.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    const c = body[i] ?? '';
    if (c !== '\\') {
      bytes.push(...Buffer.from(c, 'utf8'));
      continue;
    }
    const next = body[i + 1] ?? '';
    if (/[0-7]/.test(next)) {
      bytes.push(parseInt(body.slice(i + 1, i + 4), 8));
      i += 3;
    } else {
      const escapes: Record<string, number> = { n: 10, t: 9, '"': 34, '\\': 92, a: 7, b: 8, f: 12, r: 13, v: 11 };
      bytes.push(escapes[next] ?? next.charCodeAt(0));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
