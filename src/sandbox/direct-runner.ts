import type { CommandRequest, CommandResult, ProcessRunner } from './process-runner.js';
import { startServerProcess, type ServerProcess, type ServerRequest } from './server-start.js';
import { createSpawner } from './spawner.js';

/**
 * Runs commands on the host with no confinement: only for `sandbox.mode: off` and for tests
 * of the runner itself. The environment is still the explicit one passed in, never the runner's.
 * Commands start through the spawner process (spawner.ts), as sandboxed ones do.
 */
export function createDirectRunner(env: Record<string, string>, options: { startNow?: boolean } = {}): ProcessRunner {
  const spawner = createSpawner();
  // A run starts it at once, while the first request is in flight; tests that never run a command do not.
  if (options.startNow === true) spawner.start();
  const servers = new Set<ServerProcess>();
  return {
    kind: 'direct',
    async run(request: CommandRequest): Promise<CommandResult> {
      const { heldError: _unused, ...result } = await spawner.run({
        file: 'bash', args: ['-c', request.command], cwd: request.cwd, env, timeoutMs: request.timeoutMs, signal: request.signal, maxOutputChars: request.maxOutputChars,
      });
      return { ...result, violations: [] };
    },
    async start(request: ServerRequest): Promise<ServerProcess> {
      const server = await startServerProcess(request.command, request.args, { ...env, ...request.env }, request.cwd, null);
      servers.add(server);
      return server;
    },
    async dispose(): Promise<void> {
      for (const server of servers) server.kill();
      spawner.killAll();
      await spawner.close();
    },
  };
}
