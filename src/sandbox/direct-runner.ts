import type { CommandRequest, CommandResult, ProcessRunner } from './process-runner.js';
import { killGroup, spawnGroup } from './spawn-group.js';

/**
 * Runs commands on the host with no confinement: only for `sandbox.mode: off` and for tests
 * of the runner itself. The environment is still the explicit one passed in, never the runner's.
 */
export function createDirectRunner(env: Record<string, string>): ProcessRunner {
  const live = new Set<number>();
  return {
    kind: 'direct',
    async run(request: CommandRequest): Promise<CommandResult> {
      const result = await spawnGroup(
        { file: 'bash', args: ['-c', request.command], cwd: request.cwd, env, timeoutMs: request.timeoutMs, signal: request.signal, maxOutputChars: request.maxOutputChars },
        live,
      );
      return { ...result, violations: [] };
    },
    dispose(): Promise<void> {
      for (const pid of live) killGroup(pid, 'SIGKILL');
      live.clear();
      return Promise.resolve();
    },
  };
}
