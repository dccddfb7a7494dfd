import { closeFd, fdPathsSupported, openPathFd } from './fd-paths.js';
import type { SearchRoot } from './grep-candidates.js';
import { admitOpened, type HostReadTool, type ReadGuardCall } from './read-guard.js';
import type { ToolOutput } from './tool.js';
import { errnoCode, errorMessage, toolError } from './tool-result.js';

export type JudgedRoot = { ok: true; root: SearchRoot; close: () => void } | { ok: false; error: ToolOutput };

let supported: boolean | undefined;

/**
 * Opens the path a call names (following symlinks: the path as given was judged by the decider,
 * and where it leads is judged here), then admits what was opened. What comes back is the O_PATH
 * descriptor of the judged inode (a walk starts from it; a file is reopened from it for reading)
 * and its status. Nothing is read before the guard has spoken.
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
  let admitted: Awaited<ReturnType<typeof admitOpened>>;
  try {
    admitted = await admitOpened(fd, abs, call, tool);
  } catch (err) {
    closeFd(fd);
    return { ok: false, error: toolError('failed', `Cannot open ${abs}: ${errorMessage(err)}`) };
  }
  if (!admitted.ok) {
    closeFd(fd);
    return { ok: false, error: toolError(admitted.category, admitted.message) };
  }
  const close = (): void => closeFd(fd);
  return admitted.kind === 'directory'
    ? { ok: true, root: { kind: 'directory', abs, fd, real: admitted.real, stats: admitted.stats }, close }
    : { ok: true, root: { kind: 'file', abs, fd, stats: admitted.stats }, close };
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
