import { lstatSync } from 'node:fs';
import { closeFd, fdPath } from './fd-paths.js';
import { openDirectoryEntry, type WalkRoot } from './file-walk.js';

/**
 * Finds files beneath a judged directory by root-relative paths (the ones a listing found) the way
 * the walk would reach them: one component at a time from the root's descriptor, never following a
 * symlink, entering only directories whose real path is still under the root's and not a kernel
 * tree. Paths taken in path order share their directories, so only the chain of directories down
 * to the current one is held open. Close it when done.
 */
export class TreeOpener {
  private readonly chain: Array<{ name: string; fd: number }> = [];

  constructor(private readonly root: WalkRoot) {}

  /** The descriptor of the directory holding `parts` (all but the last), or undefined when it cannot be entered. */
  private directoryOf(parts: readonly string[]): number | undefined {
    const dirs = parts.length - 1;
    let depth = 0;
    while (depth < this.chain.length && depth < dirs && this.chain[depth]?.name === parts[depth]) depth++;
    while (this.chain.length > depth) closeFd(this.chain.pop()?.fd ?? -1);
    let fd = depth === 0 ? this.root.fd : (this.chain[depth - 1]?.fd ?? -1);
    for (let i = depth; i < dirs; i++) {
      const name = parts[i] ?? '';
      if (!isPlainName(name)) return undefined;
      const child = openDirectoryEntry(fd, name, this.root.real);
      if (child === undefined) return undefined;
      this.chain.push({ name, fd: child.fd });
      fd = child.fd;
    }
    return fd;
  }

  /** Where `rel` is: its directory's descriptor and its own name, or undefined. */
  private locate(rel: string): { dirFd: number; name: string } | undefined {
    const parts = rel.split('/');
    const name = parts[parts.length - 1] ?? '';
    if (!isPlainName(name)) return undefined;
    const dirFd = this.directoryOf(parts);
    return dirFd === undefined ? undefined : { dirFd, name };
  }

  /** The modification time of the regular file at `rel` (lstat relative to its directory), or undefined. */
  mtimeMs(rel: string): number | undefined {
    const at = this.locate(rel);
    return at === undefined ? undefined : fileMtimeMs(fdPath(at.dirFd, at.name));
  }

  close(): void {
    while (this.chain.length > 0) closeFd(this.chain.pop()?.fd ?? -1);
  }
}

/** The mtime of the regular file `path` names (not followed), or undefined. */
function fileMtimeMs(path: string): number | undefined {
  try {
    const info = lstatSync(path);
    return info.isFile() ? info.mtimeMs : undefined;
  } catch {
    return undefined;
  }
}

function isPlainName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !name.includes('\0');
}
