/**
 * Host-side writes into the workspace that a command cannot redirect: a symlink, a FIFO (a plain
 * write would block the runner) or a hard link at the name is refused; the parent must resolve
 * inside the workspace. Nothing sandboxed runs while it writes, so the path cannot be swapped.
 */
import { constants as fsc } from 'node:fs';
import { mkdir, open, realpath } from 'node:fs/promises';
import { posix } from 'node:path';
import { isInside } from '../path-inside.js';
import { errnoCode } from '../error-text.js';

export class WorkspaceWriteError extends Error {
  override readonly name = 'WorkspaceWriteError';
}

/** Writes `content` to `path` (absolute, or relative to the workspace), creating parent directories. */
export async function writeWorkspaceFile(workspace: string, path: string, content: string | Uint8Array): Promise<void> {
  const root = await realpath(workspace);
  const abs = posix.resolve(root, path);
  if (!isInside(root, abs) || abs === root) throw new WorkspaceWriteError(`${path} is outside the workspace`);
  const parent = posix.dirname(abs);
  await mkdir(parent, { recursive: true });
  const realParent = await realpath(parent);
  if (!isInside(root, realParent)) throw new WorkspaceWriteError(`${path}: its directory resolves to ${realParent}, outside the workspace`);
  const target = posix.join(realParent, posix.basename(abs));
  let handle;
  try {
    handle = await open(target, fsc.O_WRONLY | fsc.O_CREAT | fsc.O_NOFOLLOW | fsc.O_NONBLOCK, 0o644);
  } catch (err) {
    const code = errnoCode(err);
    if (code === 'ELOOP') throw new WorkspaceWriteError(`${path} is a symlink; refusing to write through it`);
    if (code === 'ENXIO') throw new WorkspaceWriteError(`${path} is a FIFO or socket; refusing to write to it`);
    throw err;
  }
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw new WorkspaceWriteError(`${path} is not a regular file`);
    if (st.nlink > 1) throw new WorkspaceWriteError(`${path} has ${st.nlink} hard links; writing would change the other names too`);
    await handle.truncate(0);
    await handle.writeFile(content);
  } finally {
    await handle.close();
  }
}
