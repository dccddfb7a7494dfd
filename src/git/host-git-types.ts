/** Shared types and errors of host git: the snapshot taken before the run and what is read from it. */
import { randomBytes } from 'node:crypto';
import { chmod, copyFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { buildGitCommand } from './host-git-env.js';
import type { GitInvocation, HostGitContext } from './host-git-env.js';
import { runGit } from './host-git-exec.js';
import type { HistoryListing } from './host-git-history.js';
import type { GitRunOptions } from './host-git-exec.js';
import type { RawEntry } from './host-git-parse.js';

export type ObjectFormat = 'sha1' | 'sha256';

/** Where the private git state of one snapshot lives; every path is outside the workspace. */
export interface SnapshotState {
  readonly ctx: HostGitContext;
  readonly stateDir: string;
  /** The private GIT_DIR: our config, the starting commit and its trees, objects written since. */
  readonly gitDir: string;
  /** The index of the starting commit with stat data taken before the run; copied, never written. */
  readonly startIndex: string;
  /** The starting commit's ignore rules as one exclude file (see host-git-ignore.ts). */
  readonly excludesFile: string;
  /**
   * Where the starting commit's file content can be read: hard links to the workspace's object files
   * taken at snapshot time (so deleting or replacing `.git` does not lose them), then the workspace's
   * object directory itself. Both are writable by the agent (a link shares the inode), so content
   * read from them is verified against its id (host-git-objects.ts) or checked by the remote (push).
   */
  readonly objectSources: readonly string[];
  /** Scratch space for per-call index copies. */
  readonly tmpDir: string;
}

export interface RepositorySnapshot {
  /** The workspace the run uses (real path). */
  readonly workspace: string;
  /** The repository's work tree root (real path): the workspace or one of its parents. Paths are relative to it. */
  readonly topLevel: string;
  readonly objectFormat: ObjectFormat;
  /** The commit the run started from; null when the repository had no commit yet. */
  readonly startCommit: string | null;
  readonly startTree: string;
  /** The branch HEAD named at the start (`refs/heads/…`), null when detached. */
  readonly headRef: string | null;
  /** Tracked files that already differed from the starting commit before the run (not the run's changes: host-git-run-changes.ts). */
  readonly modifiedAtStart: readonly string[];
  /** Paths of submodules (gitlinks) in the starting commit: never looked into, never changed. */
  readonly submodules: readonly string[];
  /**
   * The starting commit's workflows (`.github/workflows/*.yml|yaml`), read before the run: which
   * local actions they run is CI configuration too (src/policy/local-actions.ts).
   */
  readonly workflows: readonly { path: string; text: string }[];
  /** Every path the object store can print by name, listed before the run (host-git-history.ts). */
  readonly history: HistoryListing;
  readonly state: SnapshotState;
}

export type SnapshotResult =
  | { kind: 'repository'; snapshot: RepositorySnapshot }
  | { kind: 'not-a-repository'; reason: string }
  | { kind: 'unavailable'; reason: string };

export type HostGitFailure = 'failed' | 'timeout' | 'aborted' | 'overflow';

/** A host git command that did not succeed; stderr is git's own message (never holds a token). */
export class HostGitError extends Error {
  override readonly name = 'HostGitError';
  constructor(
    readonly command: string,
    readonly failure: HostGitFailure,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(`git ${command} ${failure === 'failed' ? `exited ${exitCode}` : failure}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
  }
}

/** An object read from the workspace store whose content does not hash to its id: tampering; nothing is trusted. */
export class HostGitIntegrityError extends Error {
  override readonly name = 'HostGitIntegrityError';
  constructor(
    readonly objectId: string,
    readonly path: string,
    detail: string,
  ) {
    super(`the workspace's git object ${objectId} (${path}) ${detail}: it was changed during the run; refusing to use it`);
  }
}

export const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_STDOUT = 512 * 1024 * 1024;

export interface GitCallOptions extends Partial<Omit<GitRunOptions, 'cwd'>> {
  cwd: string;
  /** Exit codes that count as success (default [0]). */
  okCodes?: readonly number[];
}

/** Runs one git command and returns stdout, or throws HostGitError. */
export async function gitCall(ctx: HostGitContext, inv: GitInvocation, opts: GitCallOptions): Promise<Buffer> {
  const r = await gitRun(ctx, inv, opts);
  if (r.code === 'ok') return r.stdout;
  throw new HostGitError(inv.args[0] ?? '', r.code, r.exitCode, r.stderr);
}

export async function gitRun(
  ctx: HostGitContext,
  inv: GitInvocation,
  opts: GitCallOptions,
): Promise<{ code: 'ok' | HostGitFailure; exitCode: number | null; stdout: Buffer; stderr: string }> {
  const r = await runGit(buildGitCommand(ctx, inv), { ...opts, timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS, maxStdoutBytes: opts.maxStdoutBytes ?? DEFAULT_MAX_STDOUT });
  const code = r.timedOut ? 'timeout' : r.aborted ? 'aborted' : r.overflow ? 'overflow' : (opts.okCodes ?? [0]).includes(r.exitCode ?? -1) ? 'ok' : 'failed';
  return { code, exitCode: r.exitCode, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Paths as git prints them are bytes, not necessarily UTF-8. Internally a path is kept as a "raw"
 * string (one char per byte, latin1) so it goes back to git and to the file system unchanged; it
 * is decoded as UTF-8 only for people (ChangedFile.path).
 */
export function splitNul(out: Buffer): string[] {
  const parts = out.toString('latin1').split('\0');
  if (parts[parts.length - 1] === '') parts.pop();
  return parts;
}

export const rawToDisplay = (raw: string): string => Buffer.from(raw, 'latin1').toString('utf8');
export const displayToRaw = (path: string): string => Buffer.from(path, 'utf8').toString('latin1');
export const rawBytes = (raw: string): Buffer => Buffer.from(raw, 'latin1');

/** `fn` with a private copy of the starting index (its stat data too), removed after: the start index is never written. */
export async function withStartIndex<T>(state: SnapshotState, fn: (indexFile: string) => Promise<T>): Promise<T> {
  const indexFile = join(state.tmpDir, `${randomBytes(6).toString('hex')}.index`);
  await copyFile(state.startIndex, indexFile);
  await chmod(indexFile, 0o600);
  try {
    return await fn(indexFile);
  } finally {
    await rm(indexFile, { force: true });
  }
}

/** The starting commit's tree with these entries taken as they are after the change (a deletion removes the path). */
export function startTreeWith(state: SnapshotState, entries: readonly RawEntry[], call: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<string> {
  const { ctx, gitDir, stateDir } = state;
  const bare = { ...call, cwd: stateDir };
  return withStartIndex(state, async (indexFile) => {
    if (entries.length > 0) {
      // Mode 0 removes the path; any other mode (re)places it with the blob recorded.
      const lines = entries.map((e) => Buffer.concat([Buffer.from(e.status === 'D' ? `0 ${'0'.repeat(e.oldId.length)}\t` : `${e.newMode} ${e.newId}\t`), rawBytes(e.path), Buffer.from([0])]));
      await gitCall(ctx, { gitDir, indexFile, args: ['update-index', '-z', '--index-info'] }, { ...bare, input: Buffer.concat(lines) });
    }
    return (await gitCall(ctx, { gitDir, indexFile, args: ['write-tree', '--missing-ok'] }, bare)).toString('utf8').trim();
  });
}
