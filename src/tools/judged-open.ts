import { closeFd, fdPathsSupported, openPathFd, reopenForReading } from './fd-paths.js';
import type { SearchRoot } from './grep-candidates.js';
import { admitOpened, type HostReadTool, type ReadGuardCall } from './read-guard.js';
import type { ToolOutput } from './tool.js';
import { errnoCode, errorMessage, toolError } from './tool-result.js';

export type JudgedRoot = { ok: true; root: SearchRoot; close: () => Promise<void> } | { ok: false; error: ToolOutput };

let supported: boolean | undefined;

/**
 * Opens the path a call names (following symlinks: the path as given was judged by the decider,
 * and where it leads is judged here), then admits what was opened. A file comes back as a read
 * handle on the judged inode; a directory as the O_PATH descriptor a walk starts from. Nothing
 * is read before the guard has spoken.
 */
export async function openJudgedRoot(abs: string, call: ReadGuardCall, tool: HostReadTool, notFound: (reason: string) => string): Promise<JudgedRoot> {
  supported ??= fdPathsSupported();
  if (!supported) return { ok: false, error: toolError('failed', `${tool} needs Linux with /proc mounted to open files safely; it is not available on this host.`) };
  let fd: number;
  try {
    fd = openPathFd(abs, true);
  } catch (err) {
    return { ok: false, error: openError(err, abs, notFound) };
  }
  let keep = false;
  try {
    const admitted = await admitOpened(fd, abs, call, tool);
    if (!admitted.ok) return { ok: false, error: toolError(admitted.category, admitted.message) };
    if (admitted.kind === 'directory') {
      keep = true;
      const dirFd = fd;
      return { ok: true, root: { kind: 'directory', abs, fd: dirFd, real: admitted.real }, close: () => Promise.resolve(closeFd(dirFd)) };
    }
    const handle = await reopenForReading(fd, admitted.stats);
    return { ok: true, root: { kind: 'file', abs, handle, stats: admitted.stats }, close: () => handle.close() };
  } catch (err) {
    return { ok: false, error: toolError('failed', `Cannot open ${abs}: ${errorMessage(err)}`) };
  } finally {
    if (!keep) closeFd(fd);
  }
}

function openError(err: unknown, abs: string, notFound: (reason: string) => string): ToolOutput {
  switch (errnoCode(err)) {
    case 'ENOENT':
    case 'ENOTDIR':
      return toolError('not_found', notFound(errorMessage(err)));
    case 'ELOOP':
      return toolError('invalid_input', `${abs} cannot be opened: it is a symlink loop (or has too many levels of symlinks).`);
    case 'ENAMETOOLONG':
      return toolError('invalid_input', `${abs} cannot be opened: the path or one of its names is too long.`);
    default:
      return toolError('failed', `Cannot open ${abs}: ${errorMessage(err)}`);
  }
}
