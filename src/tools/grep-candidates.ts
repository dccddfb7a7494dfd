import type { BigIntStats } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { closeFd, openEntryFd, reopenForReadingSync } from './fd-paths.js';
import { walkTree, type WalkProgress } from './file-walk.js';
import { compileGlobFilter } from './glob-filter.js';
import type { GrepQuery } from './grep-search.js';
import { admitOpened, type ReadGuardCall } from './read-guard.js';

/**
 * The files a search may read, each opened and judged before either engine sees a byte: the
 * walk descends by descriptor (see file-walk.ts), every file is opened by O_PATH without following
 * a symlink, and its real path and identity are judged by the guard. What comes out is an open
 * read descriptor on the inode that was judged; the engines read from it (or hand it to ripgrep)
 * and never open the file by name. The consumer closes it.
 *
 * The per-file calls are synchronous (microseconds each, far less than a thread-pool round trip);
 * the walk yields to the event loop every few files so a long search does not starve the rest.
 */
export interface Candidate {
  /** The path shown to the model: root as given, plus the path walked. */
  abs: string;
  /** A read descriptor (O_RDONLY) on the judged inode. */
  fd: number;
  stats: BigIntStats;
}

export interface CandidateStats extends WalkProgress {
  /** Files the guard refused (a hard link to a denied file, a path that now leads elsewhere). */
  refused: number;
}

/** The root of a search, already opened and judged by the Grep tool. */
export type SearchRoot = { kind: 'file'; abs: string; fd: number; stats: BigIntStats } | { kind: 'directory'; abs: string; fd: number; real: string; stats: BigIntStats };

const FILES_PER_TURN = 64;

export const MAX_ENTRIES_VISITED = 500_000;

export async function* searchCandidates(root: SearchRoot, query: GrepQuery, guard: ReadGuardCall, signal: AbortSignal, stats: CandidateStats): AsyncGenerator<Candidate, void, undefined> {
  if (root.kind === 'file') {
    // Like ripgrep, a file named explicitly is searched whatever the globs say.
    yield { abs: root.abs, fd: reopenForReadingSync(root.fd), stats: root.stats };
    return;
  }
  const filter = compileGlobFilter([query.globs, query.typeGlobs]);
  const walk = walkTree(
    { fd: root.fd, abs: root.abs, real: root.real },
    { skipDirs: query.skipDirs, pruneDir: (rel) => filter.prunesDir(rel), signal, maxEntries: MAX_ENTRIES_VISITED },
    stats,
  );
  let sinceTurn = 0;
  for await (const entry of walk) {
    if (!filter.includesFile(entry.rel)) continue;
    if (++sinceTurn >= FILES_PER_TURN) {
      sinceTurn = 0;
      await nextTurn();
    }
    const candidate = await admitEntry(entry.dirFd, entry.name, entry.abs, guard, stats);
    if (candidate !== undefined) yield candidate;
  }
}

/**
 * The entry `name` of the directory dirFd holds, opened without following it, judged on what was
 * opened (its real path, kind and identity) and reopened for reading; undefined when it is gone,
 * is not a regular file, or the guard refuses it (counted in `stats.refused`).
 */
export async function admitEntry(dirFd: number, name: string, abs: string, guard: ReadGuardCall, stats: CandidateStats): Promise<Candidate | undefined> {
  let fd: number;
  try {
    fd = openEntryFd(dirFd, name);
  } catch {
    return undefined; // gone since it was listed
  }
  try {
    const admitted = await admitOpened(fd, abs, guard, 'Grep');
    if (!admitted.ok) {
      if (admitted.cause === 'policy') stats.refused++;
      return undefined;
    }
    if (admitted.kind !== 'file') return undefined;
    return { abs, fd: reopenForReadingSync(fd), stats: admitted.stats };
  } catch {
    return undefined;
  } finally {
    closeFd(fd);
  }
}

/** Why a finished search may have missed files, or undefined when it did not. */
export function walkIncomplete(stats: CandidateStats, signal: AbortSignal): string | undefined {
  const notes: string[] = [];
  if (stats.truncated && !signal.aborted) notes.push(`the search stopped after ${MAX_ENTRIES_VISITED.toLocaleString('en-US')} entries`);
  if (stats.refused > 0) notes.push(`${stats.refused} file${stats.refused === 1 ? ' was' : 's were'} not searched because the policy does not allow reading ${stats.refused === 1 ? 'it' : 'them'}`);
  return notes.length === 0 ? undefined : notes.join('; ');
}
