/**
 * A sandbox started for one command is handed that command only once the kernel shows its mounts
 * are the plan's, as a prepared one is (sandbox-view.ts). Its set-up takes a few milliseconds in
 * which something on the host could move a directory bubblewrap is mounting on (leaving a mask
 * under a pin, or a working directory held through another directory's pin); commands cannot —
 * their own pins keep what is hidden or protected in place — so this is the layer behind those.
 * A mismatch starts another sandbox; a second one refuses the command, saying why.
 */
import { realpathSync } from 'node:fs';
import type { WorkspaceMount } from './bwrap-args.js';
import { expectedWorkspaceMounts, realViewIo, viewMismatch, type ExpectedView } from './sandbox-view.js';
import type { HandOver, PrepareRequest, Spawner, SpawnResult } from './spawner-types.js';

/** Tries before the command is refused. */
const ATTEMPTS = 2;

/** What a sandbox started now for this plan must show (sandbox-view.ts). */
export function expectedView(
  sandbox: { workspace: string; workspaceAccess: 'write' | 'read' | 'hidden'; masks: ReadonlyArray<{ path: string; kind: 'dir' | 'file' }> },
  cwd: string,
  mounts: readonly WorkspaceMount[],
): ExpectedView {
  let resolvedCwd: string;
  try {
    resolvedCwd = realpathSync.native(cwd);
  } catch {
    resolvedCwd = cwd; // gone: the comparison fails
  }
  return { workspace: sandbox.workspace, mounts: expectedWorkspaceMounts(sandbox.workspace, sandbox.workspaceAccess, mounts), masks: sandbox.masks, cwd: resolvedCwd };
}

/** A result for a command that never ran. */
function notRun(message: string, exitCode: number): SpawnResult {
  return { exitCode, signal: null, output: `warden sandbox: ${message}\n`, droppedChars: 0, timedOut: false, aborted: false, durationMs: 0, heldError: null };
}

/**
 * Starts a sandbox from `request` (a waiting shell), waits until bwrap is done, compares, and
 * hands it the command. A sandbox that ends before it is ready gives its own result (bwrap's
 * error, a failed held start); a command aborted meanwhile is not started.
 */
export async function startVerified(spawner: Spawner, request: PrepareRequest, command: HandOver, expected: () => ExpectedView): Promise<SpawnResult> {
  let why = '';
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const spawn = spawner.prepare(request);
    // As long as the command may run: a set-up slower than that would have timed it out anyway.
    const pid = await spawn.whenReady(command.timeoutMs);
    if (pid === null || command.signal.aborted) {
      await spawn.discard();
      if (command.signal.aborted) return { ...notRun('the command was cancelled before it started', 130), aborted: true };
      return spawn.outcome ?? { ...notRun('the sandbox did not start in time', 124), timedOut: true };
    }
    why = viewMismatch(pid, expected(), realViewIo) ?? '';
    if (why === '') return (await spawn.start(command)) ?? spawn.outcome ?? notRun('the sandbox ended before its command was handed over', 127);
    await spawn.discard();
  }
  return notRun(`the command was not run: the workspace changed while its sandbox was set up (${why}); ask again`, 126);
}
