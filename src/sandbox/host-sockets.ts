/**
 * The host's Unix sockets, hidden before Unix sockets are allowed inside (a read-only mount does not
 * stop `connect(2)`). Three layers: the directories sockets live in are fresh or private, with the
 * credential masks (credential-mask.ts); every path socket in the host's `/proc/net/unix` outside
 * the workspace is hidden (here); a socket file in the workspace is hidden before each command,
 * whoever listens on it (tree-scan.ts). Where `/proc/net/unix` cannot be read, they stay refused.
 */
import { lstatSync, readFileSync, realpathSync } from 'node:fs';
import { isInside } from '../path-inside.js';
import { errorMessage } from '../error-text.js';

/** The reason the workspace scan gives for a socket file it hides. */
export const SOCKET_HIDE_REASON = 'a Unix socket (whoever listens on it is outside the sandbox)';

/** Path-bound sockets in `/proc/net/unix` text: absolute paths, and how many were bound to a relative path. Pure. */
export function parseProcNetUnix(text: string): { paths: string[]; relative: number } {
  const paths = new Set<string>();
  let relative = 0;
  for (const line of text.split('\n').slice(1)) {
    // Num RefCount Protocol Flags Type St Inode Path; the path is the rest of the line (it may hold spaces).
    const m = /^\s*\S+:\s+\S+\s+\S+\s+\S+\s+\S+\s+\S+\s+\d+\s(.+)$/.exec(line);
    const path = m?.[1];
    if (path === undefined || path.startsWith('@')) continue; // unnamed, or abstract: per network namespace
    if (path.startsWith('/')) paths.add(path);
    else relative++;
  }
  return { paths: [...paths], relative };
}

export interface HostSocketKeep {
  workspace: string;
  /** Directories the sandbox replaces (its own /tmp, the fresh dirs) and directory masks: nothing of the host's under them shows. */
  replaced: readonly string[];
}

/** Socket files to hide (symlinks resolved), from the paths the kernel listed. */
export function hostSocketMasks(paths: readonly string[], keep: HostSocketKeep): Array<{ path: string; kind: 'file' }> {
  const out = new Set<string>();
  for (const listed of paths) {
    let real: string;
    try {
      real = realpathSync.native(listed);
      if (!lstatSync(real).isSocket()) continue;
    } catch {
      continue; // gone, or unlinked while still bound: nothing to connect to by name
    }
    if (isInside(keep.workspace, real)) continue; // the workspace scan hides these, every command
    if (keep.replaced.some((dir) => isInside(dir, real))) continue;
    out.add(real);
  }
  return [...out].map((path) => ({ path, kind: 'file' as const }));
}

export type HostSocketView = { readable: true; paths: string[]; relative: number } | { readable: false; why: string };

/** What the host's network namespace has bound, read now. */
export function readHostSockets(file = '/proc/net/unix'): HostSocketView {
  try {
    return { readable: true, ...parseProcNetUnix(readFileSync(file, 'utf8')) };
  } catch (err) {
    return { readable: false, why: `${file} cannot be read (${errorMessage(err)})` };
  }
}
