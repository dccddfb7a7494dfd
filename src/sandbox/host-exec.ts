import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { delimiter, isAbsolute, join } from 'node:path';
import { isInside } from '../path-inside.js';
import type { CommandResult } from './process-runner.js';
import { spawnGroup } from './spawn-group.js';

/**
 * Runs a trusted host program (e.g. `rg` for the Grep tool) outside the agent's sandbox.
 * The caller gives a fixed argv, never a shell line; the program gets only the environment passed
 * here (empty by default), so nothing from the runner's own environment (tokens, config paths)
 * leaks into it.
 */
export interface HostExecRequest {
  /** Absolute path of the program, as returned by findHostExecutable. */
  file: string;
  args: string[];
  cwd: string;
  timeoutMs: number;
  signal: AbortSignal;
  maxOutputChars: number;
  env?: Record<string, string>;
  /** Open descriptors the program gets as fd 3, 4, … (Grep hands ripgrep the files it judged). */
  extraFds?: number[];
}

export type HostExecResult = Omit<CommandResult, 'violations'>;

export async function hostExec(request: HostExecRequest): Promise<HostExecResult> {
  if (!isAbsolute(request.file)) {
    // A bare name would be looked up on PATH by spawn, which may include the workspace.
    return { exitCode: 127, signal: null, output: `host-exec: not an absolute path: ${request.file}\n`, droppedChars: 0, timedOut: false, aborted: false, durationMs: 0 };
  }
  // spawnGroup kills the group on exit, timeout and abort.
  return spawnGroup({ ...request, env: request.env ?? {} });
}

/**
 * Finds `name` on a PATH-style list. Only absolute entries are used, and entries inside any of
 * `untrustedRoots` (the workspace) are skipped: a repository must not be able to plant a program
 * that the runner then starts on the host.
 */
export async function findHostExecutable(name: string, searchPath: string, untrustedRoots: readonly string[]): Promise<string | undefined> {
  for (const dir of searchPath.split(delimiter)) {
    if (dir === '' || !isAbsolute(dir)) continue;
    if (untrustedRoots.some((root) => isInside(root, dir))) continue;
    const candidate = join(dir, name);
    try {
      const info = await stat(candidate);
      if (!info.isFile()) continue;
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here; keep looking.
    }
  }
  return undefined;
}
