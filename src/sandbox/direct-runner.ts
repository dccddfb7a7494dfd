import type { CommandRequest, CommandResult, ProcessRunner } from './process-runner.js';
import { createSpawner } from './spawner.js';

/**
 * Runs commands on the host with no confinement: only for `sandbox.mode: off` and for tests
 * of the runner itself. The environment is still the explicit one passed in, never the runner's.
 * Commands start through the spawner process (spawner.ts), as sandboxed ones do.
 */
export function createDirectRunner(env: Record<string, string>, options: { startNow?: boolean; reaperPerl?: string | null } = {}): ProcessRunner {
  // With perl, beneath the reaper (reaper.ts): what a command leaves running is killed once no command runs.
  const spawner = createSpawner({ reaperPerl: options.reaperPerl ?? null });
  // A run starts it at once, while the first request is in flight; tests that never run a command do not.
  if (options.startNow === true) spawner.start();
  let running = 0;
  // Whether the last command to end left no process behind (the reaper's sweep held).
  let sweptLast = false;
  return {
    kind: 'direct',
    async run(request: CommandRequest): Promise<CommandResult> {
      running += 1;
      sweptLast = false;
      try {
        const { heldError: _unused, swept, ...result } = await spawner.run({
          file: 'bash', args: ['-c', request.command], cwd: request.cwd, env, timeoutMs: request.timeoutMs, signal: request.signal, maxOutputChars: request.maxOutputChars,
        });
        sweptLast = swept === true;
        return { ...result, violations: [] };
      } finally {
        running -= 1;
      }
    },
    noProcessLeft: () => running === 0 && sweptLast,
    async dispose(): Promise<void> {
      spawner.killAll();
      await spawner.close();
    },
  };
}
