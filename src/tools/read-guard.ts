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
}

export interface ReadGuard {
  forCall(tool: HostReadTool, cwd: string): ReadGuardCall;
}

export const ALLOWED: GuardVerdict = { allowed: true };

/** The guard when none is wired in: real paths inside the workspace only. Fail closed. */
export const workspaceOnlyGuard: ReadGuard = {
  forCall: (_tool, cwd) => ({
    judgePath: (real) => (isInside(cwd, real) ? ALLOWED : { allowed: false, reason: `it is outside the workspace (${cwd})` }),
    judgeIdentity: () => ALLOWED,
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
