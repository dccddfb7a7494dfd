import { hostExec, type HostExecResult } from '../sandbox/index.js';
import { closeFd, readUpToSync } from './fd-paths.js';
import { searchCandidates, walkIncomplete, type Candidate, type CandidateStats, type SearchRoot } from './grep-candidates.js';
import type { FileHits, GrepQuery, GrepResult } from './grep-search.js';
import type { ReadGuardCall } from './read-guard.js';

// ripgrep's output is parsed, not shown; the model sees at most a page of it.
const RG_MAX_OUTPUT_CHARS = 20_000_000;
// Files handed to one ripgrep process; each is an open descriptor until that process ends.
const BATCH_FILES = 256;
// ripgrep stops at a NUL byte in a file it walks (binary); handed a file, it searches it anyway.
const BINARY_SNIFF_BYTES = 8192;
// A child's fd 3, 4, … are the descriptors passed as extraFds, in order.
const FIRST_CHILD_FD = 3;

/*
 * Why ripgrep cannot be given paths. ripgrep opens whatever a path names when it gets there: a
 * file swapped for a symlink to /proc/self/environ or to a denied file after any check made from
 * here is read, even without -L (it checks the type, then opens by name), and a directory swapped
 * mid-walk is followed. Post-checking what it matched is no better: the swap can be undone before
 * the check, and even a count or a file name answers a question about the secret.
 *
 * So ripgrep never opens anything by name. The Grep tool walks and judges (grep-candidates.ts),
 * opens each file it admits, and passes those descriptors to ripgrep as fd 3, 4, …; ripgrep is
 * told to search `/proc/self/fd/3` … , which reopens exactly the inodes that were judged. Files go
 * in batches so the number of open descriptors stays bounded; results are mapped back to the
 * walked paths and keep the walk's order (the order `--sort=path` gave). Globs and types are
 * applied by the walk, the same code as the JS engine, so both engines choose the same files.
 */

/**
 * The argv for ripgrep, pure so it can be checked. Everything from the model is a value, never a
 * flag: the pattern follows `-e`, the paths (descriptor paths only) follow `--`.
 * `--no-config` and an empty environment mean no rc file can add flags (like `--pre`).
 * `--with-filename`: with a single file ripgrep would otherwise print counts without a name.
 * `--no-mmap`: ripgrep maps files it is handed one by one, which costs more than reading them.
 */
export function ripgrepArgs(query: GrepQuery, paths: readonly string[]): string[] {
  const args = ['--no-config', '--no-messages', '--crlf', '--color=never', '--with-filename', '--no-mmap'];
  args.push(query.ignoreCase ? '--ignore-case' : '--case-sensitive');
  if (query.multiline) args.push('--multiline', '--multiline-dotall');
  switch (query.mode) {
    case 'content':
      args.push('--json');
      if (query.before > 0) args.push(`--before-context=${query.before}`);
      if (query.after > 0) args.push(`--after-context=${query.after}`);
      break;
    case 'files_with_matches':
      args.push('--files-with-matches', '--null');
      break;
    case 'count':
      args.push('--count', '--null');
      break;
  }
  args.push('-e', query.pattern, '--', ...paths);
  return args;
}

export async function searchWithRipgrep(rgPath: string, query: GrepQuery, root: SearchRoot, guard: ReadGuardCall, signal: AbortSignal, timeoutMs: number): Promise<GrepResult> {
  const deadline = Date.now() + timeoutMs;
  const stats: CandidateStats = { visited: 0, truncated: false, refused: 0 };
  const files: FileHits[] = [];
  let outputLeft = RG_MAX_OUTPUT_CHARS;
  let unreadable = false;
  let searched = false;
  let batch: Candidate[] = [];

  const run = async (paths: string[], fds: number[]): Promise<GrepResult | HostExecResult> => {
    const left = deadline - Date.now();
    if (left <= 0) return timedOut(timeoutMs);
    searched = true;
    const result = await hostExec({ file: rgPath, args: ripgrepArgs(query, paths), cwd: '/', timeoutMs: left, signal, maxOutputChars: outputLeft, extraFds: fds });
    if (result.aborted) return { ok: false, category: 'aborted', message: 'Grep was cancelled.' };
    if (result.timedOut) return timedOut(timeoutMs);
    return result;
  };
  /** Searches the batch; a GrepResult when the whole search must stop with it. */
  const flush = async (): Promise<GrepResult | undefined> => {
    const current = batch;
    batch = [];
    if (current.length === 0) return undefined;
    try {
      const fds = current.map((f) => f.fd);
      const paths = fds.map((_, i) => `/proc/self/fd/${FIRST_CHILD_FD + i}`);
      const result = await run(paths, fds);
      if ('ok' in result) return result;
      const failure = exitFailure(result, query.mode);
      if (failure !== undefined) return failure;
      if (result.exitCode === 2) unreadable = true;
      outputLeft -= result.output.length;
      const byPath = new Map(current.map((file, order) => [paths[order], { file, order }]));
      const hits = parseOutput(result.output, query.mode, root.kind === 'directory')
        .flatMap((hit) => {
          const known = byPath.get(hit.path);
          return known === undefined ? [] : [{ ...hit, path: known.file.abs, mtimeMs: Number(known.file.stats.mtimeMs), order: known.order }];
        })
        .sort((a, b) => a.order - b.order)
        .map(({ order: _order, ...hit }) => hit);
      files.push(...hits);
      if (result.droppedChars > 0) return { ok: true, files, incomplete: 'the search produced too much output and was cut short' };
      return undefined;
    } finally {
      for (const f of current) closeFd(f.fd);
    }
  };

  try {
    for await (const file of searchCandidates(root, query, guard, signal, stats)) {
      if (root.kind === 'directory' && startsBinary(file)) {
        closeFd(file.fd);
        continue;
      }
      batch.push(file);
      if (batch.length >= BATCH_FILES) {
        const stop = await flush();
        if (stop !== undefined) return stop;
      }
    }
    const stop = await flush();
    if (stop !== undefined) return stop;
  } finally {
    for (const f of batch) closeFd(f.fd);
  }
  if (signal.aborted) return { ok: false, category: 'aborted', message: 'Grep was cancelled.' };
  if (!searched) {
    // ripgrep never saw the pattern (nothing to search): let it say whether it is valid.
    const check = await run(['/dev/null'], []);
    if ('ok' in check) return check;
    const failure = exitFailure(check, query.mode);
    if (failure !== undefined) return failure;
  }
  const notes = [walkIncomplete(stats, signal), unreadable ? 'some files could not be read' : undefined].filter((n) => n !== undefined);
  return notes.length === 0 ? { ok: true, files } : { ok: true, files, incomplete: notes.join('; ') };
}

function timedOut(timeoutMs: number): GrepResult {
  return { ok: false, category: 'timeout', message: `Grep timed out after ${timeoutMs} ms. Narrow the search with path, glob or type.` };
}

/** An exit that means the search itself failed (bad regex, crash), as opposed to "no match" or "a file was unreadable". */
function exitFailure(result: HostExecResult, mode: GrepQuery['mode']): GrepResult | undefined {
  if (result.exitCode === 2 && parseOutput(result.output, mode).length === 0) {
    const message = result.output.trim();
    if (message !== '') return { ok: false, category: /regex|pattern|syntax/i.test(message) ? 'invalid_input' : 'failed', message: `ripgrep: ${message}` };
  }
  if (result.exitCode !== 0 && result.exitCode !== 1 && result.exitCode !== 2) {
    return { ok: false, category: 'failed', message: `ripgrep failed (exit ${String(result.exitCode)}, signal ${String(result.signal)}): ${result.output.slice(0, 2000)}` };
  }
  return undefined;
}

/** A NUL in the first bytes: binary, skipped as ripgrep skips binary files it walks. */
function startsBinary(file: Candidate): boolean {
  return readUpToSync(file.fd, Math.min(BINARY_SNIFF_BYTES, Number(file.stats.size))).includes(0);
}

/** `dropBinary`: leave out files ripgrep found a NUL in (it reports where in --json), as its own walk would. */
function parseOutput(output: string, mode: GrepQuery['mode'], dropBinary = false): FileHits[] {
  return mode === 'content' ? parseJson(output, dropBinary) : parseNullSeparated(output, mode);
}

/** `path\0` (files) or `path\0count\r\n` (count; --crlf ends lines with CRLF): NUL after the path survives any file name but one with NUL. */
function parseNullSeparated(output: string, mode: 'files_with_matches' | 'count'): FileHits[] {
  if (mode === 'files_with_matches') {
    return output
      .split('\0')
      .filter((p) => p !== '' && p.startsWith('/'))
      .map((path) => ({ path, count: 0, lines: [] }));
  }
  const files: FileHits[] = [];
  const re = /([^\0\n]*)\0(\d+)\r?\n/g;
  for (let m = re.exec(output); m !== null; m = re.exec(output)) {
    if (m[1] !== undefined && m[1].startsWith('/')) files.push({ path: m[1], count: Number(m[2]), lines: [] });
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
