/**
 * Reading files a command may have planted (a `.git` pointer, `commondir`, a submodule's config):
 * on the host, a plain read of a FIFO blocks the runner for good, and a symlink leads anywhere.
 */
import { closeSync, constants as fsc, fstatSync, openSync, readSync } from 'node:fs';

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
