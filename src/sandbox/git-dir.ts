/**
 * The workspace's own `.git` inside the sandbox: what ordinary git work writes stays writable, and
 * nothing that changes what git runs or which repository it uses can be changed or added. Existing
 * GIT_DIR_PROTECTED entries are bound read-only and `.git` is pinned; missing ones (a placeholder
 * would change git's behaviour) and new top-level names ordinary git work does not create are
 * removed after the commands (workspace-guard.ts). `.git` as a file is read-only, and so is the
 * git dir it names inside the workspace; a symlinked `.git` is refused.
 */
import { lstatSync, readdirSync, realpathSync } from 'node:fs';
import { posix } from 'node:path';
import { relFrom } from './path-rules.js';
import { readRegularFile } from './safe-read.js';
import { errnoCode } from '../error-text.js';

/** Relative to the git dir; changing or adding any of them changes what git runs or reads. */
export const GIT_DIR_PROTECTED: readonly string[] = [
  'config', 'config.worktree', 'commondir', 'gitdir', 'info', 'hooks', 'modules', 'worktrees', 'shallow', 'remotes', 'branches',
  'objects/info/alternates', 'objects/info/http-alternates', 'refs/replace',
];

/** The git dir and the directories GIT_DIR_PROTECTED entries lie in: what must be searchable to look at them. */
export const GIT_DIR_PARENTS: readonly string[] = ['', 'objects', 'objects/info', 'refs'];

const ORDINARY_LOWER = new Set([
  'index', 'packed-refs', 'description', 'objects', 'refs', 'logs', 'rebase-merge', 'rebase-apply', 'sequencer', 'rr-cache',
  'gc.pid', 'gc.log', 'lfs', 'reftable', 'fsmonitor--daemon', 'fsmonitor--daemon.ipc', 'gitk.cache',
]);

/** Top-level names git's ordinary work creates: pseudo-refs (HEAD, ORIG_HEAD, MERGE_MSG …), lock and temporary index files, and the list above. */
export function isOrdinaryGitName(name: string): boolean {
  return /^[A-Z][A-Z_]*$/.test(name) || name.endsWith('.lock') || /^(sharedindex\.|index\.stash\.|next-index-)/.test(name) || ORDINARY_LOWER.has(name);
}

export type GitDirState =
  | { kind: 'missing' }
  | { kind: 'symlink' }
  | {
    kind: 'dir';
    /** Absolute path of the git dir (`<workspace>/.git`). */
    path: string;
    /** GIT_DIR_PROTECTED entries that exist, with their identity; symlinks among them, and ones that cannot be looked at, are refused. */
    present: Array<{ rel: string; id: string; symlink: boolean; unreadable?: true }>;
    /** Top-level names. */
    names: string[];
  }
  | {
    kind: 'file';
    path: string;
    /** Where `gitdir:` points (and its `commondir`), resolved, when inside the workspace. */
    insideTargets: string[];
  };

export function inspectGitDir(workspace: string): GitDirState {
  const path = posix.join(workspace, '.git');
  const st = lstatSync(path, { throwIfNoEntry: false });
  if (st === undefined) return { kind: 'missing' };
  if (st.isSymbolicLink()) return { kind: 'symlink' };
  if (!st.isDirectory()) return { kind: 'file', path, insideTargets: pointerTargets(workspace, path) };
  const present: Array<{ rel: string; id: string; symlink: boolean; unreadable?: true }> = [];
  for (const rel of GIT_DIR_PROTECTED) {
    let p;
    try {
      p = lstatSync(posix.join(path, rel), { throwIfNoEntry: false });
    } catch (err) {
      // A command replaced `refs` with a file: nothing can be below it. Anything else (a symlink
      // loop, a directory made unsearchable) hides what is there: it cannot be vouched for.
      const code = errnoCode(err) ?? 'error';
      if (code !== 'ENOTDIR') present.push({ rel, id: `unreadable ${code}`, symlink: false, unreadable: true });
      continue;
    }
    if (p !== undefined) present.push({ rel, id: `${p.dev}:${p.ino}`, symlink: p.isSymbolicLink() });
  }
  let names: string[] = [];
  try {
    names = readdirSync(path);
  } catch {
    // Unreadable: nothing below can be listed, and nothing new will be recognised as ordinary.
  }
  return { kind: 'dir', path, present, names };
}

/**
 * The git dir of `.git` (itself, or where a `gitdir: …` file points, resolved) and its `commondir`
 * (itself when it has none), read without following links or waiting on a FIFO; null when a file
 * names nothing.
 */
export function gitDirPointer(workspace: string, dotGit: string, isDir = false): { gitDir: string; common: string } | null {
  const m = isDir ? null : /^gitdir:\s*(.+)$/m.exec(readRegularFile(dotGit, 64 * 1024) ?? '');
  if (!isDir && m?.[1] === undefined) return null;
  let gitDir = isDir ? dotGit : posix.resolve(workspace, m?.[1]?.trim() ?? '');
  try {
    if (!isDir) gitDir = realpathSync.native(gitDir);
  } catch {
    // Dangling: git cannot use it either.
  }
  const commondir = readRegularFile(posix.join(gitDir, 'commondir'), 64 * 1024);
  return { gitDir, common: commondir === null ? gitDir : posix.resolve(gitDir, commondir.trim()) };
}

/** The `gitdir:` target and its `commondir`, where they resolve inside the workspace. */
function pointerTargets(workspace: string, dotGit: string): string[] {
  const pointer = gitDirPointer(workspace, dotGit);
  const out = new Set<string>();
  for (const dir of pointer === null ? [] : [pointer.gitDir, pointer.common]) {
    try {
      const real = realpathSync.native(dir);
      if (relFrom(workspace, real) !== null) out.add(real);
    } catch {
      // Dangling: git cannot use it either.
    }
  }
  return [...out];
}

export interface GitDirPlan {
  /** Writable binds onto themselves, so they cannot be renamed away. */
  pins: string[];
  /** Read-only binds onto themselves (`.git/config` is bound from its scrubbed copy by the caller). */
  readOnly: string[];
  refused: string[];
}

/** Pure. */
export function planGitDir(state: GitDirState): GitDirPlan {
  switch (state.kind) {
    case 'missing':
      return { pins: [], readOnly: [], refused: [] };
    case 'symlink':
      return { pins: [], readOnly: [], refused: ['.git is a symlink, which the sandbox cannot keep in place; replace it with the repository directory'] };
    case 'file':
      return { pins: [], readOnly: [state.path, ...state.insideTargets], refused: [] };
    case 'dir': {
      const unreadable = state.present.filter((p) => p.unreadable === true);
      if (unreadable.length > 0) return { pins: [], readOnly: [], refused: unreadable.map((u) => `.git/${u.rel} cannot be looked at (${u.id}), so the sandbox cannot keep it read-only; restore the git directory`) };
      const links = state.present.filter((p) => p.symlink);
      if (links.length > 0) return { pins: [], readOnly: [], refused: links.map((l) => `.git/${l.rel} is a symlink, which the sandbox cannot keep in place; replace it with a real file or directory`) };
      const pins = new Set<string>([state.path]);
      for (const p of state.present) {
        const parts = p.rel.split('/');
        for (let i = 1; i < parts.length; i++) pins.add(posix.join(state.path, ...parts.slice(0, i)));
      }
      return { pins: [...pins], readOnly: state.present.map((p) => posix.join(state.path, p.rel)), refused: [] };
    }
  }
}

/** What appeared in the git dir since `before` and must go: protected paths, and new top-level names ordinary git work does not create. Pure. */
export function gitDirIntrusions(before: GitDirState, after: GitDirState): Array<{ path: string; why: string }> {
  if (before.kind !== 'dir' || after.kind !== 'dir') return [];
  const out: Array<{ path: string; why: string }> = [];
  const had = new Map(before.present.map((p) => [p.rel, p.id]));
  for (const p of after.present) {
    if (had.get(p.rel) !== p.id) out.push({ path: posix.join(after.path, p.rel), why: `.git/${p.rel} changes what git runs or which repository it uses` });
  }
  const known = new Set(before.names);
  for (const name of after.names) {
    if (known.has(name) || isOrdinaryGitName(name) || GIT_DIR_PROTECTED.includes(name)) continue;
    out.push({ path: posix.join(after.path, name), why: `.git/${name} is not something ordinary git work creates` });
  }
  return out;
}
