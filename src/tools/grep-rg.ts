import { hostExec, type HostExecResult } from '../sandbox/index.js';
import { closeFd, readUpToSync } from './fd-paths.js';
import { BINARY_SNIFF_BYTES, sniffsBinary } from './grep-binary.js';
import { searchCandidates, walkIncomplete, type Candidate, type CandidateStats, type SearchRoot } from './grep-candidates.js';
import { exitFailure, parseOutput, timedOut } from './grep-rg-output.js';
import type { FileHits, GrepQuery, GrepResult } from './grep-search.js';
import type { ReadGuardCall } from './read-guard.js';

// ripgrep's output is parsed, not shown; the model sees at most a page of it.
export const RG_MAX_OUTPUT_CHARS = 20_000_000;
// Files handed to one ripgrep process; each is an open descriptor until that process ends.
const BATCH_FILES = 512;
// ripgrep processes searching batches at once while the next batch is being judged.
const BATCHES_IN_FLIGHT = 2;
// ripgrep stops at a NUL byte in a file it walks (binary); handed a file, it searches it anyway.
// A child's fd 3, 4, … are the descriptors passed as extraFds, in order.
const FIRST_CHILD_FD = 3;

/*
 * Why ripgrep is not simply given paths. ripgrep opens whatever a path names when it gets there: a
 * file swapped for a symlink to /proc/self/environ or to a denied file after any check made from
 * here is read, even without -L (it checks the type, then opens by name), and a directory swapped
 * mid-walk is followed. Post-checking what it matched is no better on its own: the swap can be
 * undone before the check, and even a count, a file name or a file missing from the answer says
 * something about the secret.
 *
 * So, by default, ripgrep never opens anything by name. The Grep tool walks and judges
 * (grep-candidates.ts), opens each file it admits, and passes those descriptors to ripgrep as
 * fd 3, 4, …; ripgrep is told to search `/proc/self/fd/3` … , which reopens exactly the inodes
 * that were judged. Files go in batches so the number of open descriptors stays bounded; results
 * are mapped back to the walked paths and keep the walk's order (the order `--sort=path` gave).
 * Globs and types are applied by the walk, the same code as the JS engine, so both engines choose
 * the same files. Under bubblewrap, ripgrep walks in the command sandbox instead (sandboxed-search.ts).
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

export interface RipgrepControl {
  rgPath: string;
  signal: AbortSignal;
  /** Date.now() by which the whole search must be done. */
  deadline: number;
  timeoutMs: number;
}

/** What ripgrep found in judged descriptors, or the result the whole search must end with. */
export type JudgedSearch = { ok: true; files: FileHits[]; unreadable: boolean; cut: boolean } | { ok: false; result: GrepResult };

/** One batch searched: its hits in candidate order, or why the whole search must stop. */
type BatchOutcome = { hits: FileHits[]; unreadable: boolean; cut: boolean } | { stop: GrepResult };

/**
 * Searches judged files (open read descriptors) with ripgrep, in batches, and closes each
 * descriptor. Hits keep the candidates' order and carry their path and the mtime of what was read.
 * While ripgrep searches one batch, the next is opened and judged (at most BATCHES_IN_FLIGHT run at
 * once), so the walk and the search share the machine's cores.
 * `skipBinary`: leave out files with a NUL near the start, as ripgrep's own walk does.
 * `validate`: when there was nothing to search, let ripgrep still say whether the pattern is valid.
 */
export async function searchJudgedFiles(ctl: RipgrepControl, query: GrepQuery, candidates: AsyncIterable<Candidate> | Iterable<Candidate>, skipBinary: boolean, validate: boolean): Promise<JudgedSearch> {
  const files: FileHits[] = [];
  let outputLeft = RG_MAX_OUTPUT_CHARS;
  let unreadable = false;
  let searched = false;
  let batch: Candidate[] = [];
  const running: Array<Promise<BatchOutcome>> = [];

  const run = async (paths: string[], fds: number[]): Promise<GrepResult | HostExecResult> => {
    const left = ctl.deadline - Date.now();
    if (left <= 0) return timedOut(ctl.timeoutMs);
    searched = true;
    const result = await hostExec({ file: ctl.rgPath, args: ripgrepArgs(query, paths), cwd: '/', timeoutMs: left, signal: ctl.signal, maxOutputChars: outputLeft, extraFds: fds });
    if (result.aborted) return { ok: false, category: 'aborted', message: 'Grep was cancelled.' };
    if (result.timedOut) return timedOut(ctl.timeoutMs);
    return result;
  };
  const search = async (current: Candidate[]): Promise<BatchOutcome> => {
    try {
      const fds = current.map((f) => f.fd);
      const paths = fds.map((_, i) => `/proc/self/fd/${FIRST_CHILD_FD + i}`);
      const result = await run(paths, fds);
      if ('ok' in result) return { stop: result };
      const failure = exitFailure(result, query.mode);
      if (failure !== undefined) return { stop: failure };
      const byPath = new Map(current.map((file, order) => [paths[order], { file, order }]));
      const hits = parseOutput(result.output, query.mode, skipBinary)
        .flatMap((hit) => {
          const known = byPath.get(hit.path);
          return known === undefined ? [] : [{ ...hit, path: known.file.abs, mtimeMs: Number(known.file.stats.mtimeMs), order: known.order }];
        })
        .sort((a, b) => a.order - b.order)
        .map(({ order: _order, ...hit }) => hit);
      outputLeft -= result.output.length;
      return { hits, unreadable: result.exitCode === 2, cut: result.droppedChars > 0 };
    } finally {
      for (const f of current) closeFd(f.fd);
    }
  };
  /** Takes the oldest running batch's hits; a result when the whole search must stop. */
  const settle = async (): Promise<JudgedSearch | undefined> => {
    const outcome = await running.shift();
    if (outcome === undefined) return undefined;
    if ('stop' in outcome) return { ok: false, result: outcome.stop };
    files.push(...outcome.hits);
    unreadable ||= outcome.unreadable;
    return outcome.cut ? { ok: true, files, unreadable, cut: true } : undefined;
  };
  const launch = async (): Promise<JudgedSearch | undefined> => {
    if (batch.length > 0) running.push(search(batch));
    batch = [];
    return running.length >= BATCHES_IN_FLIGHT ? settle() : undefined;
  };

  try {
    for await (const file of candidates) {
      if (skipBinary && startsBinary(file)) {
        closeFd(file.fd);
        continue;
      }
      batch.push(file);
      if (batch.length >= BATCH_FILES) {
        const stop = await launch();
        if (stop !== undefined) return stop;
      }
    }
    await launch();
    while (running.length > 0) {
      const stop = await settle();
      if (stop !== undefined) return stop;
    }
  } finally {
    for (const f of batch) closeFd(f.fd);
    // A search stopped early still waits for what it started: each closes its own descriptors.
    await Promise.allSettled(running.splice(0));
  }
  if (!searched && validate && !ctl.signal.aborted) {
    // ripgrep never saw the pattern (nothing to search): let it say whether it is valid.
    const check = await run(['/dev/null'], []);
    if ('ok' in check) return { ok: false, result: check };
    const failure = exitFailure(check, query.mode);
    if (failure !== undefined) return { ok: false, result: failure };
  }
  return { ok: true, files, unreadable, cut: false };
}

export async function searchWithRipgrep(
  rgPath: string,
  query: GrepQuery,
  root: SearchRoot,
  guard: ReadGuardCall,
  signal: AbortSignal,
  timeoutMs: number,
  /** Searches the judged walk's files instead of ripgrep batches (grep-literal.ts), when given. */
  judged?: (ctl: RipgrepControl, candidates: AsyncIterable<Candidate>) => Promise<JudgedSearch>,
): Promise<GrepResult> {
  const ctl: RipgrepControl = { rgPath, signal, deadline: Date.now() + timeoutMs, timeoutMs };
  const stats: CandidateStats = { visited: 0, truncated: false, refused: 0 };
  const candidates = searchCandidates(root, query, guard, signal, stats);
  const found = await (judged?.(ctl, candidates) ?? searchJudgedFiles(ctl, query, candidates, root.kind === 'directory', true));
  if (!found.ok) return found.result;
  if (signal.aborted) return { ok: false, category: 'aborted', message: 'Grep was cancelled.' };
  if (found.cut) return { ok: true, files: found.files, incomplete: 'the search produced too much output and was cut short' };
  const notes = [walkIncomplete(stats, signal), found.unreadable ? 'some files could not be read' : undefined].filter((n) => n !== undefined);
  return notes.length === 0 ? { ok: true, files: found.files } : { ok: true, files: found.files, incomplete: notes.join('; ') };
}

// One buffer for every sniff: a search sniffs thousands of files, one at a time.
const sniffBuffer = Buffer.allocUnsafe(BINARY_SNIFF_BYTES);

/** Binary by its first bytes (grep-binary.ts), skipped as ripgrep skips binary files it walks. */
function startsBinary(file: Candidate): boolean {
  const wanted = Math.min(BINARY_SNIFF_BYTES, Number(file.stats.size));
  return sniffsBinary(readUpToSync(file.fd, wanted, sniffBuffer));
}
