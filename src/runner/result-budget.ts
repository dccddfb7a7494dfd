import { closeSync, constants, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BudgetedResult {
  content: string;
  savedTo?: string;
}

const PREVIEW_CHARS = 2_000;

/**
 * Keeps one result within its tool's budget: a longer result is saved whole to a file and the
 * model gets a preview plus the path, so it can page through the file with Read if it needs to.
 */
export function applyResultBudget(content: string, maxChars: number, resultsDir: string, toolUseId: string): BudgetedResult {
  if (content.length <= maxChars) return { content };
  const savedTo = saveResultFile(resultsDir, toolUseId, content);
  const preview = content.slice(0, Math.min(PREVIEW_CHARS, maxChars));
  return {
    savedTo,
    content:
      `${preview}\n\n[Output too large: ${content.length} characters, over this tool's limit of ${maxChars}. ` +
      `The full output is saved at ${savedTo}; read it with Read using offset and limit, or narrow the command.]`,
  };
}

/** Writes a call's text to `<resultsDir>/<id><suffix>.txt` and returns the path. */
export function saveResultFile(resultsDir: string, toolUseId: string, content: string, suffix = ''): string {
  mkdirSync(resultsDir, { recursive: true });
  const path = join(resultsDir, `${toolUseId.replace(/[^A-Za-z0-9_-]/g, '_')}${suffix}.txt`);
  // Never through a link at the name: the directory is the runner's, outside the sandbox's reach,
  // but a TMPDIR inside the workspace would put it within a command's.
  const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o644);
  try {
    writeFileSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return path;
}

/**
 * Keeps the results of one turn within an aggregate budget, so many medium results cannot flood
 * the context together: the largest are saved to files (preview plus path) until the rest fit.
 */
export function applyAggregateBudget<T extends { tool_use_id: string; content: string }>(results: T[], maxTotalChars: number, resultsDir: string): { results: T[]; saved: string[] } {
  let total = results.reduce((n, r) => n + r.content.length, 0);
  if (total <= maxTotalChars) return { results, saved: [] };
  const out = [...results];
  const saved: string[] = [];
  const bySize = out.map((r, i) => [r.content.length, i] as const).sort((a, b) => b[0] - a[0]);
  for (const [size, index] of bySize) {
    if (total <= maxTotalChars) break;
    const entry = out[index];
    if (entry === undefined || size <= PREVIEW_CHARS) continue;
    const budgeted = applyResultBudget(entry.content, PREVIEW_CHARS, resultsDir, `${entry.tool_use_id}-aggregate`);
    total -= size - budgeted.content.length;
    out[index] = { ...entry, content: budgeted.content };
    if (budgeted.savedTo !== undefined) saved.push(budgeted.savedTo);
  }
  return { results: out, saved };
}
