/**
 * What the run changed: the worktree is captured as a tree in the private store, and every answer
 * (list, patch, stat, commit) is a diff of two trees, so index bits, refs, HEAD, a replaced `.git`
 * and the workspace's config cannot change it. Tree-to-tree diffs have no work tree, so no
 * `.gitattributes` applies to them; the capture honours its content conversions, as `git add` does.
 */
import { lstat } from 'node:fs/promises';
import { isAbsolute, relative } from 'node:path';
import { escapeGlob } from './host-git-ignore.js';
import { copyVerifiedBlobs } from './host-git-objects.js';
import { parseNumstat, parseRawDiff } from './host-git-parse.js';
import type { RawEntry } from './host-git-parse.js';
import { displayToRaw, gitCall, rawBytes, rawToDisplay, splitNul, withStartIndex } from './host-git-types.js';
import type { RepositorySnapshot } from './host-git-types.js';

export type ChangeStatus = 'added' | 'modified' | 'deleted' | 'renamed' | 'type-changed';

export interface ChangedFile {
  /** Relative to the repository top, `/`-separated, decoded as UTF-8. */
  path: string;
  status: ChangeStatus;
  /** renamed only: the path in the starting commit. */
  oldPath?: string;
}

/** Something in the worktree that is not part of the changes (and so never committed), and why. */
export interface SkippedPath {
  path: string;
  reason: string;
}

export interface Changes {
  readonly snapshot: RepositorySnapshot;
  /** The captured worktree as a tree id in the private store. */
  readonly tree: string;
  /** Sorted by path. */
  readonly files: readonly ChangedFile[];
  readonly skipped: readonly SkippedPath[];
  /** Whether `files`, the patch and the stat pair deletions with additions as renames. */
  readonly renames: boolean;
  /** One entry per path (no rename pairing): what a commit applies. */
  readonly entries: readonly RawEntry[];
}

export interface ChangesOptions {
  /** Absolute paths Warden itself writes inside the repository (outbox, transcript): never changes. */
  exclude?: readonly string[];
  /**
   * When given, an untracked file is a change only if listed here (repository-relative, `/`-separated):
   * `warden publish` lists the files the patch creates, so whatever else a checkout holds untracked
   * (an artifact restored into it, build output) is never delivered.
   */
  untrackedOnly?: readonly string[];
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Beyond this many deletions renames are not looked for (each needs its old content verified). */
const RENAME_SOURCE_LIMIT = 2000;
const STATUS: Record<RawEntry['status'], ChangeStatus> = { A: 'added', M: 'modified', D: 'deleted', T: 'type-changed', R: 'renamed' };

export async function changedFiles(snapshot: RepositorySnapshot, options: ChangesOptions = {}): Promise<Changes> {
  const { ctx, gitDir, excludesFile } = snapshot.state;
  const top = snapshot.topLevel;
  const call = { ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }), ...(options.signal === undefined ? {} : { signal: options.signal }) };
  const excluded = excludedPrefixes(top, options.exclude ?? []);
  const isExcluded = (p: string): boolean => excluded.some((e) => p === e || p.startsWith(`${e}/`));
  const listed = options.untrackedOnly === undefined ? undefined : new Set(options.untrackedOnly.map(displayToRaw));

  return withStartIndex(snapshot.state, async (indexFile) => {
    const work = { gitDir, indexFile, workTree: top };
    const inTop = { ...call, cwd: top };
    // Tracked paths whose stat data differ from the snapshot's (content is compared when added below).
    const tracked = splitNul(await gitCall(ctx, { ...work, args: ['diff-files', '--name-only', '-z', '--ignore-submodules=all'] }, inTop)).filter((p) => !isExcluded(p));
    const untracked = splitNul(
      await gitCall(ctx, { ...work, args: ['ls-files', '-o', '-z', `--exclude-from=${excludesFile}`, ...excluded.map((e) => `--exclude=/${escapeGlob(e)}`)] }, inTop),
    ).filter((p) => !isExcluded(p) && (listed === undefined || listed.has(p)));

    const skipped: SkippedPath[] = [];
    const removes: string[] = [];
    // ls-files shows a git repository inside the worktree as `dir/` and does not look inside; it is
    // not recorded (no gitlink is made from a repository the agent controls), and said so.
    const nested = untracked.filter((p) => p.endsWith('/'));
    for (const p of nested) skipped.push({ path: rawToDisplay(p), reason: 'a git repository inside the worktree: not recorded' });
    const untrackedFiles = untracked.filter((p) => !p.endsWith('/'));
    const adds: string[] = [...untrackedFiles];
    for (const p of tracked) {
      const kind = await worktreeKind(top, p);
      if (kind === 'file') adds.push(p);
      else {
        removes.push(p);
        if (kind === 'special') skipped.push({ path: rawToDisplay(p), reason: 'not a regular file or symlink (recorded as deleted)' });
      }
    }
    if (removes.length > 0) await gitCall(ctx, { ...work, args: ['update-index', '--force-remove', '-z', '--stdin'] }, { ...inTop, input: nulList(removes) });
    if (adds.length > 0) await gitCall(ctx, { ...work, args: ['update-index', '--add', '--replace', '-z', '--stdin'] }, { ...inTop, input: nulList(adds) });
    const tree = (await gitCall(ctx, { ...work, args: ['write-tree', '--missing-ok'] }, inTop)).toString('utf8').trim();
    return treeChanges(snapshot, tree, skipped, untrackedFiles, call);
  });
}

/**
 * The changes a tree makes to the starting commit (a captured worktree, or one built from two
 * captures: host-git-run-changes.ts). `untracked` are the files captured as new: one git did not
 * record has a name it refuses, and is skipped, said so.
 */
export async function treeChanges(
  snapshot: RepositorySnapshot,
  tree: string,
  skippedSoFar: readonly SkippedPath[],
  untracked: readonly string[],
  call: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<Changes> {
  const { ctx, gitDir, stateDir } = snapshot.state;
  const skipped = [...skippedSoFar];
  const bare = { ...call, cwd: stateDir };
  const entries = parseRawDiff(await gitCall(ctx, { gitDir, args: ['diff-tree', '-r', '-z', '--raw', '--no-renames', '--full-index', snapshot.startTree, tree] }, bare));
  const added = new Set(entries.filter((e) => e.status === 'A').map((e) => e.path));
  for (const p of untracked) {
    // git refuses some names (`.GIT/…`, NTFS/HFS aliases of .git); they cannot be delivered.
    if (!added.has(p)) skipped.push({ path: rawToDisplay(p), reason: 'a path name git refuses to record' });
  }

  const deletions = entries.filter((e) => e.status === 'D' && isBlobMode(e.oldMode));
  const renames = deletions.length <= RENAME_SOURCE_LIMIT && added.size > 0;
  let display = entries;
  if (renames && deletions.length > 0) {
    await copyVerifiedBlobs(snapshot, deletions.map((e) => ({ id: e.oldId, path: e.path })));
    display = parseRawDiff(await gitCall(ctx, { gitDir, args: ['diff-tree', '-r', '-z', '--raw', '-M', '--full-index', snapshot.startTree, tree] }, bare));
  }
  const files = display
    .map((e): ChangedFile => ({ path: rawToDisplay(e.path), status: STATUS[e.status], ...(e.oldPath === undefined ? {} : { oldPath: rawToDisplay(e.oldPath) }) }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { snapshot, tree, files, skipped, renames, entries };
}

/** Every path the changes touch, rename sources included (what a path check must look at), sorted. */
export function changedPaths(changes: Changes): string[] {
  return [...new Set(changes.entries.map((e) => rawToDisplay(e.path)))].sort();
}

/**
 * The changes as a patch against the starting commit (`git diff --binary` semantics, new files
 * included): `git apply` on a clean checkout of the starting commit reproduces the captured tree.
 * Bytes, since file content need not be UTF-8.
 */
export async function diffPatch(changes: Changes, options: Omit<ChangesOptions, 'exclude' | 'untrackedOnly'> = {}): Promise<Buffer> {
  await ensureOldContent(changes);
  const { ctx, gitDir, stateDir } = changes.snapshot.state;
  return gitCall(
    ctx,
    {
      gitDir,
      args: [
        'diff-tree', '-r', '-p', '--binary', '--full-index', changes.renames ? '-M' : '--no-renames',
        '--no-ext-diff', '--no-textconv', '--no-color', '--src-prefix=a/', '--dst-prefix=b/',
        changes.snapshot.startTree, changes.tree,
      ],
    },
    { ...options, cwd: stateDir },
  );
}

export interface DiffStatFile {
  path: string;
  oldPath?: string;
  /** null for binary files. */
  insertions: number | null;
  deletions: number | null;
}

export interface DiffStat {
  files: DiffStatFile[];
  insertions: number;
  deletions: number;
}

export async function diffStat(changes: Changes, options: Omit<ChangesOptions, 'exclude' | 'untrackedOnly'> = {}): Promise<DiffStat> {
  await ensureOldContent(changes);
  const { ctx, gitDir, stateDir } = changes.snapshot.state;
  const out = await gitCall(
    ctx,
    { gitDir, args: ['diff-tree', '-r', '-z', '--numstat', changes.renames ? '-M' : '--no-renames', changes.snapshot.startTree, changes.tree] },
    { ...options, cwd: stateDir },
  );
  const files = parseNumstat(out)
    .map((e): DiffStatFile => ({ path: rawToDisplay(e.path), ...(e.oldPath === undefined ? {} : { oldPath: rawToDisplay(e.oldPath) }), insertions: e.added, deletions: e.deleted }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    files,
    insertions: files.reduce((n, f) => n + (f.insertions ?? 0), 0),
    deletions: files.reduce((n, f) => n + (f.deletions ?? 0), 0),
  };
}

/** The old side of every modified, retyped or deleted file, verified into the private store. */
async function ensureOldContent(changes: Changes): Promise<void> {
  const old = changes.entries.filter((e) => e.status !== 'A' && isBlobMode(e.oldMode));
  await copyVerifiedBlobs(changes.snapshot, old.map((e) => ({ id: e.oldId, path: e.path })));
}

function isBlobMode(mode: string): boolean {
  return mode === '100644' || mode === '100755' || mode === '120000';
}

function nulList(paths: readonly string[]): Buffer {
  return Buffer.concat(paths.map((p) => Buffer.concat([rawBytes(p), Buffer.from([0])])));
}

/** Warden's own paths as raw paths relative to the top; those outside the repository are dropped. */
function excludedPrefixes(top: string, paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    if (!isAbsolute(p)) continue;
    const rel = relative(top, p);
    if (rel === '' || rel === '..' || rel.startsWith('../') || isAbsolute(rel)) continue;
    out.push(displayToRaw(rel.replace(/\/+$/, '')));
  }
  return out;
}

/**
 * What a tracked path is now, without following links anywhere: a file or symlink to record, or
 * gone (missing, a directory, or below a component that is no longer a real directory), or a
 * special file git cannot record.
 */
async function worktreeKind(top: string, rawPath: string): Promise<'file' | 'gone' | 'special'> {
  const parts = rawPath.split('/');
  let at = rawBytes(top);
  for (let i = 0; i < parts.length; i++) {
    at = Buffer.concat([at, Buffer.from('/'), rawBytes(parts[i] ?? '')]);
    let info;
    try {
      info = await lstat(at);
    } catch {
      return 'gone';
    }
    const last = i === parts.length - 1;
    if (!last) {
      if (!info.isDirectory()) return 'gone';
      continue;
    }
    if (info.isFile() || info.isSymbolicLink()) return 'file';
    return info.isDirectory() ? 'gone' : 'special';
  }
  return 'gone';
}
