import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { isInside } from '../path-inside.js';
import { writeWorkspaceFile } from '../sandbox/index.js';

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
  await writeFile(abs, content, 'utf8');
}
