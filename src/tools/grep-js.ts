import { closeFd, readUpToSync } from './fd-paths.js';
import { searchCandidates, walkIncomplete, type CandidateStats, type SearchRoot } from './grep-candidates.js';
import type { FileHits, GrepQuery, GrepResult, HitLine } from './grep-search.js';
import type { ReadGuardCall } from './read-guard.js';
import { errorMessage } from './tool-result.js';

/**
 * The search without ripgrep, for hosts that lack it. It follows ripgrep's behaviour for the
 * cases that matter (file order, globs, hidden files, binary files skipped, CRLF lines, context,
 * counts); the regex dialect is JavaScript's, which agrees with Rust's for ordinary patterns.
 */
// Larger files are skipped rather than loaded whole into memory.
const MAX_FILE_BYTES = 64 * 1024 * 1024;

export async function searchWithJs(query: GrepQuery, root: SearchRoot, guard: ReadGuardCall, signal: AbortSignal, timeoutMs: number): Promise<GrepResult> {
  const regex = compileRegex(query);
  if (!regex.ok) return { ok: false, category: 'invalid_input', message: `regex parse error: ${regex.message}` };
  const deadline = Date.now() + timeoutMs;
  const stats: CandidateStats = { visited: 0, truncated: false, refused: 0 };
  let skippedLarge = false;

  const files: FileHits[] = [];
  for await (const file of searchCandidates(root, query, guard, signal, stats)) {
    try {
      if (signal.aborted) return { ok: false, category: 'aborted', message: 'Grep was cancelled.' };
      if (Date.now() > deadline) {
        return { ok: false, category: 'timeout', message: `Grep timed out after ${timeoutMs} ms. Narrow the search with path, glob or type.` };
      }
      const size = Number(file.stats.size);
      if (size > MAX_FILE_BYTES) {
        skippedLarge = true;
        continue;
      }
      let bytes: Buffer;
      try {
        // The size judged, not whatever the file has grown to since.
        bytes = readUpToSync(file.fd, size);
      } catch (err) {
        if (root.kind === 'file') return { ok: false, category: 'failed', message: `Cannot read ${file.abs}: ${errorMessage(err)}` };
        continue;
      }
      // ripgrep skips binary files it finds while walking, but searches one it is given.
      if (root.kind !== 'file' && bytes.includes(0)) continue;
      const hits = searchText(bytes.toString('utf8'), regex.value, query);
      if (hits.count > 0) files.push({ path: file.abs, mtimeMs: Number(file.stats.mtimeMs), ...hits });
    } finally {
      closeFd(file.fd);
    }
  }
  if (signal.aborted) return { ok: false, category: 'aborted', message: 'Grep was cancelled.' };
  const notes = [walkIncomplete(stats, signal), skippedLarge ? `files over ${MAX_FILE_BYTES / 1024 / 1024} MB were skipped` : undefined].filter((n) => n !== undefined);
  return notes.length === 0 ? { ok: true, files } : { ok: true, files, incomplete: notes.join('; ') };
}

type Compiled = { ok: true; value: RegExp } | { ok: false; message: string };

function compileRegex(query: GrepQuery): Compiled {
  const flags = `g${query.ignoreCase ? 'i' : ''}${query.multiline ? 'ms' : ''}`;
  // Unicode mode first (Rust regexes are Unicode-aware); it rejects some escapes plain mode allows.
  try {
    return { ok: true, value: new RegExp(query.pattern, `${flags}u`) };
  } catch {
    try {
      return { ok: true, value: new RegExp(query.pattern, flags) };
    } catch (err) {
      return { ok: false, message: errorMessage(err) };
    }
  }
}

/** Matching line numbers (1-based) and, in multiline mode, the number of matches. */
function findMatches(lines: readonly string[], text: string, regex: RegExp, multiline: boolean): { matchLines: Set<number>; count: number } {
  const matchLines = new Set<number>();
  if (!multiline) {
    lines.forEach((line, i) => {
      regex.lastIndex = 0;
      if (regex.test(line)) matchLines.add(i + 1);
    });
    return { matchLines, count: matchLines.size };
  }
  // Line starts, to turn a match's offsets into the lines it covers.
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const lineAt = (offset: number): number => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  let count = 0;
  regex.lastIndex = 0;
  for (let m = regex.exec(text); m !== null; m = regex.exec(text)) {
    if (m[0] === '') {
      regex.lastIndex++;
      continue;
    }
    count++;
    const last = lineAt(m.index + m[0].length - 1);
    for (let line = lineAt(m.index); line <= Math.min(last, lines.length); line++) matchLines.add(line);
  }
  return { matchLines, count };
}

function searchText(raw: string, regex: RegExp, query: GrepQuery): Omit<FileHits, 'path'> {
  // --crlf: a CR before LF is part of the line terminator, not of the line.
  const text = raw.replace(/\r\n/g, '\n');
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const { matchLines, count } = findMatches(lines, text, regex, query.multiline);
  if (query.mode !== 'content' || count === 0) return { count, lines: [] };

  const shown = new Set<number>();
  for (const line of matchLines) {
    for (let n = Math.max(1, line - query.before); n <= Math.min(lines.length, line + query.after); n++) shown.add(n);
  }
  const hitLines: HitLine[] = [...shown]
    .sort((a, b) => a - b)
    .map((n) => ({ line: n, text: lines[n - 1] ?? '', match: matchLines.has(n) }));
  return { count, lines: hitLines };
}
