/**
 * Whether the shell a prepared sandbox starts (prepared-sandbox.ts) could be one a command
 * planted: it runs before any command is allowed, so it must be found where no command can write.
 */
import { accessSync, constants, lstatSync, realpathSync } from 'node:fs';
import { posix } from 'node:path';
import { isInside } from '../path-inside.js';

/**
 * Whether bwrap's look-up of `bash` along the sandbox's PATH can only find a shell no command can
 * plant: every PATH entry up to the first that holds one is absolute and outside what commands
 * may write (the workspace, the sandbox's /tmp and its fresh directories), and so is that shell.
 * A shell under a credential mask does not count: the sandbox cannot see it, so its look-up goes on.
 * Otherwise a prepared sandbox would run code a previous command left, before any command is
 * allowed, with no timeout, while the check after commands believes nothing runs.
 *
 * Where an entry leads is judged by what it resolves to, not by its name, whether or not a shell
 * is there now: a directory that is (or whose nearest existing ancestor is) a symlink into the
 * workspace or /tmp is one a command can fill, and a `bash` that is there but cannot be run (a
 * dangling symlink, say) is one a command may complete. Either ends the look-up: not fixed.
 */
export function shellLookupIsFixed(path: string | undefined, writable: readonly string[], hidden: readonly string[] = []): boolean {
  const under = (roots: readonly string[], p: string): boolean => roots.some((w) => w === p || isInside(w, p));
  const reachable = (p: string): boolean => under(writable, p);
  for (const entry of (path ?? '').split(':')) {
    if (!posix.isAbsolute(entry)) return false; // empty or relative: looked up from the working directory
    const dir = posix.normalize(entry);
    const resolved = resolvedAncestor(dir);
    if (resolved === null || reachable(dir) || reachable(resolved)) return false;
    const shell = posix.join(dir, 'bash');
    if (!present(shell)) continue;
    let real: string;
    try {
      accessSync(shell, constants.X_OK);
      real = realpathSync.native(shell);
    } catch {
      return false; // there, but not a shell now: a command could make it one
    }
    if (under(hidden, shell) || under(hidden, real)) continue; // masked in the sandbox: the look-up goes on
    return !reachable(real);
  }
  return false;
}

/** Whether anything is at `path`; true when that cannot be told (fail closed). */
function present(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return true;
  }
}

/**
 * What `dir` resolves to, or, when it does not exist, what its nearest existing ancestor does;
 * null when a component is there but does not resolve (a dangling symlink: where it leads could
 * be created).
 */
function resolvedAncestor(dir: string): string | null {
  for (let p = dir; ; p = posix.dirname(p)) {
    try {
      return realpathSync.native(p);
    } catch {
      if (present(p) || p === '/') return null;
    }
  }
}
