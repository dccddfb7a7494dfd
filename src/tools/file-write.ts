import { constants } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { isInside } from '../path-inside.js';
import { writeWorkspaceFile } from '../sandbox/index.js';
import { errnoCode } from './tool-result.js';

/**
 * How Write and Edit put bytes on disk. Inside the workspace a sandboxed command may have planted
 * a symlink, FIFO or hard link where the tool writes next, so those writes go through the
 * no-follow writer; a path outside the workspace is only reached when the policy names it.
 */
export async function writeToolFile(cwd: string, abs: string, content: string): Promise<void> {
  if (isInside(cwd, abs)) {
    await writeWorkspaceFile(cwd, abs, content);
    return;
  }
  await mkdir(dirname(abs), { recursive: true });
  await writeOutsideFile(abs, content);
}

/**
 * Outside the workspace too, what is at the path may be a command's doing: a policy that allows
 * `Write(//tmp/**)` names the host directory that holds a sandbox's private /tmp, which a command
 * can find (/proc/self/mountinfo) and fill. A FIFO there would hang the runner on open, a symlink
 * would send the bytes wherever it points. So: never through a link at the name, never blocking,
 * a regular file only, and emptied only once that is known.
 */
async function writeOutsideFile(abs: string, content: string): Promise<void> {
  const file = await open(abs, constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o644).catch((err: unknown) => {
    if (errnoCode(err) === 'ELOOP') throw new Error(`${abs} is a symbolic link: Write and Edit do not follow links outside the workspace`);
    if (errnoCode(err) === 'ENXIO') throw new Error(`${abs} is not a regular file`);
    throw err;
  });
  try {
    if (!(await file.stat()).isFile()) throw new Error(`${abs} is not a regular file`);
    await file.truncate(0);
    await file.writeFile(content, 'utf8');
  } finally {
    await file.close();
  }
}
