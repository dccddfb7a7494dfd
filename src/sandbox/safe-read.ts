/**
 * Reading files a command may have planted (a `.git` pointer, `commondir`, a submodule's config):
 * on the host, a plain read of a FIFO blocks the runner for good, and a symlink leads anywhere.
 */
import { closeSync, constants as fsc, fstatSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';

/** The text of a regular file of at most `maxBytes`, opened without following a final symlink or waiting on a FIFO; null otherwise. */
export function readRegularFile(path: string, maxBytes = 1 << 20): string | null {
  let fd: number;
  try {
    fd = openSync(path, fsc.O_RDONLY | fsc.O_NOFOLLOW | fsc.O_NONBLOCK | fsc.O_NOCTTY);
  } catch {
    return null;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > maxBytes) return null;
    const buf = Buffer.alloc(st.size);
    let off = 0;
    while (off < st.size) {
      const n = readSync(fd, buf, off, st.size - off, off);
      if (n === 0) break;
      off += n;
    }
    return buf.subarray(0, off).toString('utf8');
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * The text of a small bookkeeping file Warden wrote beside commands' files (an owner file, a cgroup
 * record): the same guards as readRegularFile, asynchronous (a sweep must not hold up a run), and
 * only a file of this user. Undefined otherwise.
 */
export async function readOwnSmallFile(path: string, maxBytes = 4096): Promise<string | undefined> {
  let file;
  try {
    file = await open(path, fsc.O_RDONLY | fsc.O_NOFOLLOW | fsc.O_NONBLOCK | fsc.O_NOCTTY);
  } catch {
    return undefined;
  }
  try {
    const st = await file.stat();
    const uid = process.getuid?.();
    if (!st.isFile() || st.size > maxBytes || (uid !== undefined && st.uid !== uid)) return undefined;
    const { buffer, bytesRead } = await file.read(Buffer.alloc(st.size), 0, st.size, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } catch {
    return undefined;
  } finally {
    await file.close();
  }
}
