import type { BigIntStats } from 'node:fs';
import { isInside } from '../path-inside.js';
import { identityOf, inspectFd, type FdInfo } from './fd-paths.js';
import type { ErrorCategory } from './tool.js';
import { errorMessage } from './tool-result.js';
import { isSystemPath } from './tool-paths.js';

/**
 * The last word on what a host-side file tool (Read, Grep, Glob) may return, asked about the file
 * it has actually opened. The permission decision before the call judged a path; by the time the
 * tool opens it a concurrent command may have made that path lead elsewhere. So the tool judges
 * again, on the opened descriptor's real path and identity, before it reads a byte.
 *
 * Tools do not know the policy: the wiring passes in a guard built from it.
 */
export type HostReadTool = 'Read' | 'Grep' | 'Glob';

export type GuardVerdict = { allowed: true } | { allowed: false; reason: string };

export interface OpenedIdentity {
  /** `dev:ino` of the opened file. */
  id: string;
  /** Its hard-link count: above 1 it has names the tool did not open it by. */
  links: number;
}

/** One tool call's questions. A call may keep state (e.g. a scan it made once) for its duration. */
export interface ReadGuardCall {
  /**
   * May the call return what is at this real (symlink-free) absolute path? `directory` means it is
   * only listed or walked; each file Grep reads beneath it is judged on its own.
   */
  judgePath(realPath: string, what: 'file' | 'directory'): GuardVerdict | Promise<GuardVerdict>;
  /** Is this opened file one the policy denies, reached under another name (a hard link, a rename)? */
  judgeIdentity(file: OpenedIdentity): GuardVerdict | Promise<GuardVerdict>;
  /**
   * May a search let ripgrep walk this directory (its real path, on device `dev`) by name and read
   * the files it finds without judging each one first? Plainly, when nothing beneath it is denied
   * by path and no file the guard would refuse by identity can be linked or moved in: none lives
   * on that filesystem (links and renames do not cross filesystems). With a `skip`, when what
   * beneath could be refused is what the skip leaves out. The files it returns are still opened
   * and judged one by one before a byte of them is shown (grep-rg-tree.ts).
   */
  judgeTree(realDir: string, dev: bigint): TreeVerdict | Promise<TreeVerdict>;
  /**
   * Starts watching the run's commands, where the guard is told when they run (under bubblewrap,
   * where no process a command started outlives it): undefined when one runs now or the guard is
   * not told; else a check that none has started since. While it holds, nothing the agent controls
   * has changed the tree: a name a confined walk found without following links (ripgrep's) still
   * leads through no symlink, and its mtime may be looked up by path (tree-opener.ts).
   */
  watchCommands?(): (() => boolean) | undefined;
}

/** What a walk by name must leave out, so that nothing it reports depends on what a refused file holds. */
export interface TreeSkip {
  /** ripgrep `--glob` arguments (each `!…`, anchored at the directory) that leave out every path the Read deny and ask rules match. */
  globs: readonly string[];
  /** Whether a path ripgrep reported, relative to the directory, is one those rules match (the policy's own matcher: it decides). */
  denies: (rel: string) => boolean;
  /**
   * A denied file could be beneath under another name (a hard link, a rename): the walk by name
   * counts only when identityProven says, once it is done, that it read none; without
   * identityProven, or when it says no, every file is judged as it is opened instead. Judging by
   * identity what the walk reported would not do: a name can lead to a denied file while ripgrep
   * reads it and to another when it is looked at.
   */
  byIdentity: boolean;
  /**
   * With byIdentity: asked once the walk is done. True when the guard had found, before the walk,
   * that no denied file there has a name but those the rules deny, and no command has run since:
   * ripgrep then read no denied byte.
   */
  identityProven?: () => boolean;
}

export type TreeVerdict = { allowed: true; skip?: TreeSkip } | { allowed: false; reason: string };

export interface ReadGuard {
  forCall(tool: HostReadTool, cwd: string): ReadGuardCall;
}

export const ALLOWED: GuardVerdict = { allowed: true };

/** The guard when none is wired in: real paths inside the workspace only. Fail closed. */
export const workspaceOnlyGuard: ReadGuard = {
  forCall: (_tool, cwd) => ({
    judgePath: (real) => (isInside(cwd, real) ? ALLOWED : { allowed: false, reason: `it is outside the workspace (${cwd})` }),
    judgeIdentity: () => ALLOWED,
    judgeTree: (real) => (isInside(cwd, real) ? ALLOWED : { allowed: false, reason: `it is outside the workspace (${cwd})` }),
  }),
};

export type Admission =
  | { ok: true; kind: 'file' | 'directory'; real: string; stats: BigIntStats }
  /** `cause`: the policy refused it, it is not a regular file or directory, or it vanished. */
  | { ok: false; category: ErrorCategory; message: string; cause: 'policy' | 'kind' | 'gone' };

/**
 * Judges what an O_PATH descriptor names: where it really is, what kind of file it is, whether the
 * policy lets this call see it, and whether it is a denied file under another name. `shown` is the
 * path as the model gave it, for messages.
 */
export async function admitOpened(fd: number, shown: string, call: ReadGuardCall, tool: HostReadTool): Promise<Admission> {
  let info: FdInfo;
  try {
    info = inspectFd(fd);
  } catch (err) {
    return { ok: false, category: 'failed', message: `Cannot inspect ${shown}: ${errorMessage(err)}`, cause: 'gone' };
  }
  const { real, stats } = info;
  const leads = real === shown ? shown : `${shown} (which leads to ${real})`;
  if (!real.startsWith('/') || isSystemPath(real)) {
    const what = stats.isFile() || stats.isDirectory() ? 'a kernel file (under /proc, /sys or /dev)' : describeKind(stats);
    return { ok: false, category: 'denied', message: `${leads} is ${what}; ${tool} only reads regular files.`, cause: 'kind' };
  }
  const kind = stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : undefined;
  if (kind === undefined) return { ok: false, category: 'denied', message: `${leads} is ${describeKind(stats)}; ${tool} only reads regular files.`, cause: 'kind' };
  // The kernel names an unlinked file "<path> (deleted)": a name no rule is written for. With no
  // link left it is gone; with another link left (nlink > 0), that name is not the one judged either.
  if (stats.nlink === 0n || real.endsWith(' (deleted)')) return { ok: false, category: 'failed', message: `${shown} was deleted while it was being opened; try again.`, cause: 'gone' };

  const verdict = await call.judgePath(real, kind);
  if (!verdict.allowed) return { ok: false, category: 'denied', message: `Permission denied: ${tool} of ${leads}: ${verdict.reason}.`, cause: 'policy' };
  if (kind === 'file') {
    const same = await call.judgeIdentity({ id: identityOf(stats), links: Number(stats.nlink) });
    if (!same.allowed) return { ok: false, category: 'denied', message: `Permission denied: ${tool} of ${leads}: ${same.reason}.`, cause: 'policy' };
  }
  return { ok: true, kind, real, stats };
}

export function describeKind(info: { isCharacterDevice(): boolean; isBlockDevice(): boolean; isFIFO(): boolean; isSocket(): boolean; isSymbolicLink(): boolean }): string {
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isSocket()) return 'a socket';
  if (info.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}
