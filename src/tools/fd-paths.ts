import { closeSync, constants, fstatSync, openSync, readlinkSync, readSync, type BigIntStats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

/**
 * Descriptor-based access for the host-side file tools (Linux). A sandboxed command can change
 * what a path names between two opens, so a tool opens first and from then on names the file only
 * by its descriptor: `O_PATH` names an inode without opening it for I/O (a FIFO cannot block);
 * `/proc/self/fd/N/name` with `O_NOFOLLOW` is `openat(N, name)`, so a walk descends from what it
 * holds; `readlink /proc/self/fd/N` is where the file really is (what gets judged); and opening
 * `/proc/self/fd/N` reopens that same inode for reading. libuv opens every fd close-on-exec.
 */

/** Linux `O_PATH` (the same value on every architecture Node supports); Node does not export it. */
export const O_PATH = 0o10000000;

const READ_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;

export function fdPath(fd: number, name?: string): string {
  return name === undefined ? `/proc/self/fd/${fd}` : `/proc/self/fd/${fd}/${name}`;
}

/** Whether descriptor paths work here: Linux with /proc mounted. Without them the tools refuse. */
export function fdPathsSupported(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    return readlinkSync('/proc/self/exe').startsWith('/');
  } catch {
    return false;
  }
}

/** An O_PATH descriptor for `path`; `follow: false` stops at a final symlink (the fd then names the link). */
export function openPathFd(path: string, follow: boolean): number {
  return openSync(path, O_PATH | (follow ? 0 : constants.O_NOFOLLOW));
}

/** `openat(dirFd, name, O_PATH | O_NOFOLLOW)`: the entry `name` of the directory dirFd holds, not followed. */
export function openEntryFd(dirFd: number, name: string): number {
  return openPathFd(fdPath(dirFd, name), false);
}

export function closeFd(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // Already closed: nothing left to release.
  }
}

export interface FdInfo {
  /** Where the opened inode is now, every symlink resolved. Not absolute for pipes, sockets, anon inodes. */
  real: string;
  stats: BigIntStats;
}

/** The real path and the status of what fd names. Both come from the descriptor, not from a path. */
export function inspectFd(fd: number): FdInfo {
  const stats = fstatSync(fd, { bigint: true });
  const real = readlinkSync(fdPath(fd));
  return { real, stats };
}

/** `dev:ino`: which file this is, whatever it is called. */
export function identityOf(stats: BigIntStats): string {
  return `${stats.dev}:${stats.ino}`;
}

/**
 * Opens the inode an O_PATH fd names for reading. Non-blocking and without a controlling
 * terminal, in case the caller did not check the type; the result is checked to be the same inode.
 */
export async function reopenForReading(fd: number, expected: BigIntStats): Promise<FileHandle> {
  const handle = await open(fdPath(fd), READ_FLAGS);
  try {
    const now = await handle.stat({ bigint: true });
    if (now.dev !== expected.dev || now.ino !== expected.ino) throw new Error('the file changed while it was being opened');
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}

/** Reads at most `limit` bytes from the start of the file (the size it had when judged, not what it grew to). */
export async function readUpTo(handle: FileHandle, limit: number): Promise<Buffer> {
  const buffer = Buffer.alloc(limit);
  let filled = 0;
  while (filled < limit) {
    const { bytesRead } = await handle.read(buffer, filled, limit - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

/**
 * reopenForReading, synchronously, as a plain descriptor (the caller closes it). A search does this
 * for every file it reads: these calls take microseconds, and a round trip through the thread
 * pool for each would cost more than the search.
 */
export function reopenForReadingSync(fd: number): number {
  // The magic link names the inode fd holds, not a path: no second fstat is needed to know it is the same.
  return openSync(fdPath(fd), READ_FLAGS);
}

/** Reads at most `limit` bytes from the start of a plain descriptor, into `into` when given (it must hold `limit`). */
export function readUpToSync(fd: number, limit: number, into?: Buffer): Buffer {
  const buffer = into ?? Buffer.alloc(limit);
  let filled = 0;
  while (filled < limit) {
    const bytesRead = readSync(fd, buffer, filled, limit - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}
