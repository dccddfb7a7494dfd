import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { hostExec, type HostExecRequest, type HostExecResult } from './host-exec.js';
import { landlockExec, landlockFailed } from './landlock-exec.js';

/**
 * Runs a trusted host program (ripgrep, for Grep) where the only part of the host's file tree it
 * can reach is one directory, handed in as an open descriptor, plus the read-only system
 * directories the program itself is loaded from. It is bubblewrap with every namespace new: no
 * /proc (so no process's environ), no /dev, no /home, /tmp, /etc or workspace beyond that
 * directory, no network. A symlink planted anywhere in the directory, or a subdirectory swapped
 * for one while the program walks it, leads to nothing: the targets do not exist in there.
 *
 * The directory is bound from the descriptor (`--ro-bind-fd`), so it is the inode the caller
 * opened and judged, wherever its path now leads. It appears at VISIBLE_ROOT; the program runs
 * there, and is given relative names, so the paths it prints are relative to it.
 *
 * Where bubblewrap cannot start, the same program runs under Landlock instead (landlock-exec.ts):
 * it may read only beneath the opened directory, and runs in it, so relative names and the paths
 * printed are the same; but it cannot be shown a directory at another path (`at`).
 */
export const VISIBLE_ROOT = '/warden-search';

/** What confines the program: bubblewrap (preferred), or Landlock applied by perl. */
export type Confiner = { kind: 'bwrap'; path: string } | { kind: 'landlock'; perl: string };

// The places a program and its shared libraries are loaded from (merged /usr or not): public files.
const SYSTEM_DIRS = ['/usr', '/lib', '/lib64', '/lib32', '/libx32', '/bin', '/sbin'];

export interface ConfinedExecRequest extends Omit<HostExecRequest, 'extraFds' | 'cwd'> {
  /** Absolute paths from findHostExecutable. */
  confiner: Confiner;
  /** An open descriptor (O_PATH is enough) of the directory to show at VISIBLE_ROOT. */
  dirFd: number;
  /**
   * Shows the directory at `rel` under VISIBLE_ROOT instead (`src/lib`: VISIBLE_ROOT/src/lib),
   * in an otherwise empty VISIBLE_ROOT: a search of a tree's `src/lib` alone then prints and
   * matches paths as the whole tree's search would. Plain names only. Bubblewrap only.
   */
  at?: { rel: string };
}

export type SystemEntry = { path: string; kind: 'dir' } | { path: string; kind: 'symlink'; target: string };

/** What the system directories are on this host: merged-/usr systems have symlinks where others have directories. */
export function systemEntries(paths: readonly string[] = SYSTEM_DIRS): SystemEntry[] {
  const found: SystemEntry[] = [];
  for (const path of paths) {
    try {
      const info = lstatSync(path);
      if (info.isSymbolicLink()) found.push({ path, kind: 'symlink', target: readlinkSync(path) });
      else if (info.isDirectory()) found.push({ path, kind: 'dir' });
    } catch {
      // Absent here.
    }
  }
  return found;
}

/**
 * The bwrap argv, pure so it can be checked. The directory arrives as the child's fd 3. A program
 * outside the system directories (e.g. ~/.cargo/bin/rg) is bound on its own, read-only.
 */
export function confinedArgs(program: string, args: readonly string[], system: readonly SystemEntry[], at?: string): string[] {
  const out = ['--unshare-all', '--die-with-parent', '--new-session', '--cap-drop', 'ALL', '--clearenv'];
  for (const entry of system) {
    if (entry.kind === 'dir') out.push('--ro-bind', entry.path, entry.path);
    else out.push('--symlink', entry.target, entry.path);
  }
  const covered = system.some((entry) => entry.kind === 'dir' && (program === entry.path || program.startsWith(`${entry.path}/`)));
  if (!covered) out.push('--ro-bind', program, program);
  out.push('--ro-bind-fd', '3', at === undefined ? VISIBLE_ROOT : `${VISIBLE_ROOT}/${plainPath(at)}`, '--chdir', VISIBLE_ROOT, '--', program, ...args);
  return out;
}

/**
 * `at` when it is names bwrap creates as directories in its fresh root: none empty, `.` or `..`
 * (which would put the directory elsewhere), no NUL.
 */
function plainPath(at: string): string {
  const names = at.split('/');
  if (names.some((name) => name === '' || name === '.' || name === '..' || name.includes('\0'))) throw new Error(`confinedExec: not a plain relative path: ${JSON.stringify(at)}`);
  return at;
}

/**
 * Whether the confinement could not be built, so nothing ran: bwrap's own error (no user
 * namespaces, a refused mount), or the Landlock launcher's (landlock-exec.ts).
 */
export function confinementFailed(result: HostExecResult): boolean {
  // bwrap's own failure is exit 1 with its words first; ripgrep's errors are exit 2, and what it
  // prints first may be a file's name, which could read `bwrap: …` (an attack review's finding:
  // matched anywhere, such a name switched the confinement off for the run).
  return (result.exitCode === 1 && result.output.startsWith('bwrap: ')) || landlockFailed(result);
}

export async function confinedExec(request: ConfinedExecRequest): Promise<HostExecResult> {
  const { confiner, dirFd, file, args, at, ...rest } = request;
  // Its real path: /bin/rg on a merged-/usr host is /usr/bin/rg, which the /usr bind (or rule) already covers.
  let program: string;
  try {
    program = realpathSync(file);
  } catch {
    program = file;
  }
  if (confiner.kind === 'landlock') {
    // Landlock cannot show a directory elsewhere: the program would have to look the name up.
    if (at !== undefined) throw new Error('confinedExec: Landlock runs the program in the directory it confines; narrow under bubblewrap only');
    return landlockExec({ ...rest, perl: confiner.perl, file: program, args, dirFd });
  }
  return hostExec({ ...rest, file: confiner.path, args: confinedArgs(program, args, systemEntries(), at?.rel), cwd: '/', extraFds: [dirFd] });
}
