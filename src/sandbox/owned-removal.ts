/**
 * Removing a directory commands wrote into, so that nothing they left there (a `chmod 000` or
 * read-only directory) can make the removal fail for good: each directory is opened up (u+rwx,
 * through an O_PATH|O_NOFOLLOW descriptor, never through a symlink) before it is listed, entries
 * are unlinked without following anything, names are handled as bytes, and the owner file goes
 * last, so a removal that still fails is retried by the next sweep.
 */
import { constants } from 'node:fs';
import { chmod, lstat, open, readdir, rmdir, unlink } from 'node:fs/promises';
import { errnoCode } from '../error-text.js';

/** O_PATH (Linux): a descriptor naming the inode itself, usable for fstat and /proc/self/fd. Not in Node's constants. */
const O_PATH = 0o10000000;

const child = (parent: Buffer, name: Buffer): Buffer => Buffer.concat([parent, Buffer.from('/'), name]);

/** Gives the owner rwx on the directory at `path`, never following a symlink there. */
async function openUp(path: Buffer): Promise<void> {
  let handle;
  try {
    handle = await open(path, O_PATH | constants.O_NOFOLLOW | constants.O_DIRECTORY);
  } catch (err) {
    // ENOTDIR/ELOOP: not a directory (anymore): the caller's unlink or rmdir reports what it is.
    if (errnoCode(err) === 'ENOENT' || errnoCode(err) === 'ENOTDIR' || errnoCode(err) === 'ELOOP') return;
    throw err;
  }
  try {
    const st = await handle.stat();
    if (!st.isDirectory() || (st.mode & 0o700) === 0o700) return;
    // chmod through the descriptor's magic link changes exactly the inode opened above.
    await chmod(`/proc/self/fd/${handle.fd}`, (st.mode & 0o7777) | 0o700);
  } finally {
    await handle.close();
  }
}

/** Removes everything inside `dir` except the entry named `keep`; throws when something stays. */
async function clear(dir: Buffer, keep?: string): Promise<void> {
  await openUp(dir);
  let names: Buffer[];
  try {
    names = await readdir(dir, { encoding: 'buffer' });
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return;
    throw err;
  }
  // Everything that can go goes (the space is freed), then the first failure is reported.
  let failure: Error | undefined;
  for (const name of names) {
    if (keep !== undefined && name.equals(Buffer.from(keep))) continue;
    try {
      await removeEntry(child(dir, name));
    } catch (err) {
      failure ??= err instanceof Error ? err : new Error(String(err));
    }
  }
  if (failure !== undefined) throw failure;
}

async function removeEntry(path: Buffer): Promise<void> {
  let isDir: boolean;
  try {
    isDir = (await lstat(path)).isDirectory();
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return; // another sweep took it meanwhile
    throw err;
  }
  try {
    if (!isDir) {
      await unlink(path);
      return;
    }
    await clear(path);
    await rmdir(path);
  } catch (err) {
    if (errnoCode(err) !== 'ENOENT') throw err;
  }
}

/**
 * Removes the owned directory `dir` (a real directory, checked by the caller), its owner file
 * `ownerFile` last. False when something could not be removed: then the owner file is still there
 * and a later sweep tries again once this process is gone.
 */
export async function removeOwnedDir(dir: string, ownerFile: string): Promise<boolean> {
  const path = Buffer.from(dir);
  try {
    await clear(path, ownerFile);
    await removeEntry(child(path, Buffer.from(ownerFile)));
    await rmdir(path);
    return true;
  } catch (err) {
    return errnoCode(err) === 'ENOENT';
  }
}

/** A tree inside an owned directory (host git's snapshot): the same removal, nothing kept. */
export async function removeTree(path: string): Promise<boolean> {
  try {
    await removeEntry(Buffer.from(path));
    return true;
  } catch {
    return false;
  }
}
