import type { HostExecResult } from '../sandbox/index.js';
import type { FileHits, GrepQuery, GrepResult } from './grep-search.js';

/** What ripgrep printed, read back: pure, shared by the search over judged descriptors and the confined walk. */

export function timedOut(timeoutMs: number): GrepResult {
  return { ok: false, category: 'timeout', message: `Grep timed out after ${timeoutMs} ms. Narrow the search with path, glob or type.` };
}

/** An exit that means the search itself failed (bad regex, crash), as opposed to "no match" or "a file was unreadable". */
export function exitFailure(result: HostExecResult, mode: GrepQuery['mode'], relative = false): GrepResult | undefined {
  if (result.exitCode === 2 && parseOutput(result.output, mode, false, relative).length === 0) {
    const message = result.output.trim();
    if (message !== '') return { ok: false, category: /regex|pattern|syntax/i.test(message) ? 'invalid_input' : 'failed', message: `ripgrep: ${message}` };
  }
  if (result.exitCode !== 0 && result.exitCode !== 1 && result.exitCode !== 2) {
    return { ok: false, category: 'failed', message: `ripgrep failed (exit ${String(result.exitCode)}, signal ${String(result.signal)}): ${result.output.slice(0, 2000)}` };
  }
  return undefined;
}

/**
 * `dropBinary`: leave out files ripgrep found a NUL in (it reports where in --json), as its own walk would.
 * `relative`: ripgrep was given relative names (the confined walk), so every path it prints is one;
 * otherwise absolute (the descriptors it was handed, /proc/self/fd/N). Anything else is not a path.
 */
export function parseOutput(output: string, mode: GrepQuery['mode'], dropBinary = false, relative = false): FileHits[] {
  const isPath = relative ? (p: string) => p !== '' && !p.startsWith('/') : (p: string) => p.startsWith('/');
  return mode === 'content' ? parseJson(output, dropBinary) : parseNullSeparated(output, mode, isPath);
}

/**
 * `path\0` (files) or `path\0count\r\n` (count; --crlf ends lines with CRLF): NUL after the path
 * survives any file name, since none can hold a NUL; a path runs from the end of the record
 * before it to its NUL, newlines included (a name may hold one).
 */
function parseNullSeparated(output: string, mode: 'files_with_matches' | 'count', isPath: (p: string) => boolean): FileHits[] {
  if (mode === 'files_with_matches') {
    // Every name ripgrep prints ends with a NUL: what follows the last one is a name cut short.
    return output
      .split('\0')
      .slice(0, -1)
      .filter(isPath)
      .map((path) => ({ path, count: 0, lines: [] }));
  }
  const files: FileHits[] = [];
  // One pass: each NUL ends a path, and the count after it ends its record (something that is not
  // a record, such as output cut short, is passed over to the next NUL).
  const count = /(\d+)\r?\n/y;
  for (let start = 0, nul = output.indexOf('\0'); nul !== -1; nul = output.indexOf('\0', start)) {
    count.lastIndex = nul + 1;
    const m = count.exec(output);
    const path = output.slice(start, nul);
    start = m === null ? nul + 1 : count.lastIndex;
    if (m !== null && isPath(path)) files.push({ path, count: Number(m[1]), lines: [] });
  }
  return files;
}

interface RgText {
  text?: string;
  bytes?: string;
}
interface RgMessage {
  type?: string;
  data?: { path?: RgText; lines?: RgText; line_number?: number | null; binary_offset?: number | null };
}

function decode(value: RgText | undefined): string | undefined {
  if (value?.text !== undefined) return value.text;
  if (value?.bytes !== undefined) return Buffer.from(value.bytes, 'base64').toString('utf8');
  return undefined;
}

/** ripgrep --json: one message per line; anything that is not a message is ignored. */
function parseJson(output: string, dropBinary: boolean): FileHits[] {
  const byPath = new Map<string, FileHits>();
  const binary = new Set<string>();
  for (const raw of output.split('\n')) {
    if (!raw.startsWith('{')) continue;
    let message: RgMessage;
    try {
      message = JSON.parse(raw) as RgMessage;
    } catch {
      continue; // a line cut by the output cap
    }
    if (message.type === 'end' && typeof message.data?.binary_offset === 'number') {
      const path = decode(message.data.path);
      if (path !== undefined) binary.add(path);
    }
    if (message.type !== 'match' && message.type !== 'context') continue;
    const path = decode(message.data?.path);
    const text = decode(message.data?.lines);
    const first = message.data?.line_number;
    if (path === undefined || text === undefined || typeof first !== 'number') continue;
    let hits = byPath.get(path);
    if (hits === undefined) {
      hits = { path, count: 0, lines: [] };
      byPath.set(path, hits);
    }
    // A multiline match arrives as one message spanning several lines.
    const lines = text.replace(/\r?\n$/, '').split('\n');
    const match = message.type === 'match';
    for (const [i, line] of lines.entries()) hits.lines.push({ line: first + i, text: line.replace(/\r$/, ''), match });
    if (match) hits.count += lines.length;
  }
  return [...byPath.values()].filter((hits) => !dropBinary || !binary.has(hits.path));
}
