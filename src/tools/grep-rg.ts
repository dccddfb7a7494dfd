import { hostExec, type HostExecResult } from '../sandbox/index.js';
import { closeFd, readUpToSync } from './fd-paths.js';
import { searchCandidates, walkIncomplete, type Candidate, type CandidateStats, type SearchRoot } from './grep-candidates.js';
import { exitFailure, parseOutput, timedOut } from './grep-rg-output.js';
import type { FileHits, GrepQuery, GrepResult } from './grep-search.js';
import type { ReadGuardCall } from './read-guard.js';

// ripgrep's output is parsed, not shown; the model sees at most a page of it.
export const RG_MAX_OUTPUT_CHARS = 20_000_000;
// Files handed to one ripgrep process; each is an open descriptor until that process ends.
const BATCH_FILES = 512;
// A child's fd 3, 4, … are the descriptors passed as extraFds, in order.
const FIRST_CHILD_FD = 3;

/*
 * Why ripgrep is not given paths: it opens what a path names when it gets there, so a file swapped
 * for a symlink (to /proc/self/environ, to a denied file) after any check made here is read, and
 * checking its answer afterwards leaks through counts and names. So the Grep tool walks and judges
 * (grep-candidates.ts), opens each file it admits, and hands those descriptors to ripgrep as fd 3,
 * 4, … to search as `/proc/self/fd/N`: exactly the inodes judged. Batches bound the open fds;
 * results keep the walk's order. Under bubblewrap, ripgrep walks in the sandbox (sandboxed-search.ts).
 */

/** How ripgrep is to find its files: handed descriptors (`files`), or walking a directory itself (`walk`). */
export type RipgrepSource = 'files' | 'walk';

/**
 * The argv for ripgrep, pure so it can be checked. Everything from the model is a value, never a
 * flag: the pattern follows `-e`, globs follow `--glob`, the paths follow `--`.
 * `--no-config` and an empty environment mean no rc file can add flags (like `--pre`).
 * `--with-filename`: with a single file ripgrep would otherwise print counts without a name.
 * `--no-mmap`: ripgrep maps files it is handed one by one, which costs more than reading them.
 * Walking, it searches what the judged walk would: hidden files, no ignore files, no symlinks
 * followed, the globs and type given, version-control directories (and node_modules) pruned; the
 * pruning comes last so a glob cannot bring them back, and after it `exclude`, the guard's `!…`
 * globs for what the policy denies, so that no other glob lets in what they leave out.
 */
export function ripgrepArgs(query: GrepQuery, paths: readonly string[], source: RipgrepSource = 'files', exclude: readonly string[] = []): string[] {
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
  if (source === 'walk') {
    args.push('--hidden', '--no-ignore', '--no-follow');
    for (const glob of query.globs) args.push(`--glob=${glob}`);
    if (query.typeGlobs.length > 0) args.push(...query.typeGlobs.map((glob) => `--type-add=warden:${glob}`), '--type=warden');
    for (const dir of [...query.skipDirs].sort()) args.push(`--glob=!${dir}/`);
    for (const glob of exclude) args.push(`--glob=${glob}`);
  }
  args.push('-e', query.pattern, '--', ...paths);
  return args;
}

interface RipgrepControl {
  rgPath: string;
  signal: AbortSignal;
  /** Date.now() by which the whole search must be done. */
  deadline: number;
  timeoutMs: number;
}

/** One batch searched: its hits in candidate order, or the result the whole search must end with. */
type BatchOutcome = { hits: FileHits[]; unreadable: boolean; cut: boolean } | { stop: GrepResult };

/** ripgrep over `paths` (with `fds` as the child's fd 3, 4, …): its output, or the result the search ends with. */
async function runRipgrep(ctl: RipgrepControl, query: GrepQuery, paths: string[], fds: number[], maxOutputChars: number): Promise<HostExecResult | { stop: GrepResult }> {
  const left = ctl.deadline - Date.now();
  if (left <= 0) return { stop: timedOut(ctl.timeoutMs) };
  const result = await hostExec({ file: ctl.rgPath, args: ripgrepArgs(query, paths), cwd: '/', timeoutMs: left, signal: ctl.signal, maxOutputChars, extraFds: fds });
  if (result.aborted) return { stop: { ok: false, category: 'aborted', message: 'Grep was cancelled.' } };
  if (result.timedOut) return { stop: timedOut(ctl.timeoutMs) };
  const failure = exitFailure(result, query.mode);
  return failure === undefined ? result : { stop: failure };
}

/** Searches one batch of judged descriptors and closes them; hits keep the batch's order and carry the walked path and the mtime of what was read. */
async function searchBatch(ctl: RipgrepControl, query: GrepQuery, batch: Candidate[], skipBinary: boolean, maxOutputChars: number): Promise<BatchOutcome & { used?: number }> {
  try {
    const paths = batch.map((_, i) => `/proc/self/fd/${FIRST_CHILD_FD + i}`);
    const result = await runRipgrep(ctl, query, paths, batch.map((f) => f.fd), maxOutputChars);
    if ('stop' in result) return result;
    const byPath = new Map(batch.map((file, order) => [paths[order], { file, order }]));
    const hits = parseOutput(result.output, query.mode, skipBinary)
      .flatMap((hit) => {
        const known = byPath.get(hit.path);
        return known === undefined ? [] : [{ ...hit, path: known.file.abs, mtimeMs: Number(known.file.stats.mtimeMs), order: known.order }];
      })
      .sort((a, b) => a.order - b.order)
      .map(({ order: _order, ...hit }) => hit);
    return { hits, unreadable: result.exitCode === 2, cut: result.droppedChars > 0, used: result.output.length };
  } finally {
    for (const f of batch) closeFd(f.fd);
  }
}

export async function searchWithRipgrep(rgPath: string, query: GrepQuery, root: SearchRoot, guard: ReadGuardCall, signal: AbortSignal, timeoutMs: number): Promise<GrepResult> {
  const ctl: RipgrepControl = { rgPath, signal, deadline: Date.now() + timeoutMs, timeoutMs };
  const stats: CandidateStats = { visited: 0, truncated: false, refused: 0 };
  // ripgrep stops at a NUL byte in a file it walks (binary); handed a file, it searches it anyway.
  const skipBinary = root.kind === 'directory';
  const files: FileHits[] = [];
  let outputLeft = RG_MAX_OUTPUT_CHARS;
  let unreadable = false;
  let searched = false;
  let batch: Candidate[] = [];
  const flush = async (): Promise<GrepResult | undefined> => {
    const current = batch;
    batch = [];
    if (current.length === 0) return undefined;
    searched = true;
    const outcome = await searchBatch(ctl, query, current, skipBinary, outputLeft);
    if ('stop' in outcome) return outcome.stop;
    files.push(...outcome.hits);
    unreadable ||= outcome.unreadable;
    outputLeft -= outcome.used ?? 0;
    return outcome.cut ? { ok: true, files, incomplete: 'the search produced too much output and was cut short' } : undefined;
  };
  try {
    for await (const file of searchCandidates(root, query, guard, signal, stats)) {
      if (skipBinary && startsBinary(file)) {
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
  if (!searched && !signal.aborted) {
    // ripgrep never saw the pattern (nothing to search): let it say whether it is valid.
    const check = await runRipgrep(ctl, query, ['/dev/null'], [], RG_MAX_OUTPUT_CHARS);
    if ('stop' in check) return check.stop;
  }
  if (signal.aborted) return { ok: false, category: 'aborted', message: 'Grep was cancelled.' };
  const notes = [walkIncomplete(stats, signal), unreadable ? 'some files could not be read' : undefined].filter((n) => n !== undefined);
  return notes.length === 0 ? { ok: true, files } : { ok: true, files, incomplete: notes.join('; ') };
}

const BINARY_SNIFF_BYTES = 8192;
// One buffer for every sniff: a search sniffs thousands of files, one at a time.
const sniffBuffer = Buffer.allocUnsafe(BINARY_SNIFF_BYTES);

/**
 * Whether ripgrep skips a file it walks as binary, by its first bytes: a NUL, unless the file
 * starts with a UTF-16 byte order mark (ripgrep transcodes it; its NULs are half of every ASCII character).
 */
function startsBinary(file: Candidate): boolean {
  const head = readUpToSync(file.fd, Math.min(BINARY_SNIFF_BYTES, Number(file.stats.size)), sniffBuffer);
  const utf16 = head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff));
  return !utf16 && head.includes(0);
}
