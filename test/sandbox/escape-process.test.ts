/**
 * Escape suite, processes: nothing a command starts outlives it (background jobs, setsid, nohup),
 * timeouts and dispose kill everything, and a fork bomb is bounded without hurting the host.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SandboxRunner } from '../../src/sandbox/bwrap-runner.js';
import { BWRAP, cleanupAll, hostProcessesWith, makeWorkspace, openRunner, run, sleep, SKIP_REASON } from './sandbox-fixture.js';

describe.skipIf(BWRAP === null)(`process escapes (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  let ws: string;
  let runner: SandboxRunner;

  beforeAll(async () => {
    ws = makeWorkspace({ 'a.txt': 'a\n' });
    // A low cap so the fork bomb stays small on a shared machine.
    runner = await openRunner({ workspace: ws, maxProcesses: 64 });
  });
  afterAll(async () => {
    await runner.dispose();
    cleanupAll();
  });

  test('background processes (&, disown, setsid, nohup) die with their command', async () => {
    const marker = `warden-bg-${process.pid}-${Date.now()}`;
    const started = performance.now();
    const r = await run(
      runner,
      ws,
      [
        `(sleep 2; echo late > late-1.txt) & disown`,
        `setsid bash -c 'sleep 2; echo late > late-2.txt' &`,
        `nohup bash -c 'sleep 2; echo late > late-3.txt' >/dev/null 2>&1 &`,
        `(exec -a ${marker} sleep 30) &`,
        'echo started',
      ].join('\n'),
    );
    expect(r.output).toContain('started');
    expect(performance.now() - started).toBeLessThan(2000); // it did not wait for the background jobs
    await sleep(2500);
    for (const f of ['late-1.txt', 'late-2.txt', 'late-3.txt']) expect(existsSync(join(ws, f)), f).toBe(false);
    expect(hostProcessesWith(marker)).toEqual([]);
  });

  test('a timeout kills the command and everything it started', async () => {
    const marker = `warden-timeout-${process.pid}-${Date.now()}`;
    const r = await run(runner, ws, `(exec -a ${marker} sleep 30) & exec -a ${marker} sleep 30`, 1000);
    expect(r.timedOut).toBe(true);
    await sleep(300);
    expect(hostProcessesWith(marker)).toEqual([]);
  });

  test('dispose() kills a command that is still running', async () => {
    const marker = `warden-dispose-${process.pid}-${Date.now()}`;
    const other = await openRunner({ workspace: ws });
    const pending = run(other, ws, `exec -a ${marker} sleep 30`, 60_000);
    await sleep(1000);
    expect(hostProcessesWith(marker).length).toBeGreaterThan(0);
    await other.dispose();
    const r = await pending;
    expect(r.exitCode).not.toBe(0);
    await sleep(300);
    expect(hostProcessesWith(marker)).toEqual([]);
  });

  test('a fork bomb is bounded, ends at the timeout, and the runner and host keep working', async () => {
    const limit = runner.probe?.processLimit;
    expect(limit === 'rlimit' || limit === 'cgroup', `process limit on this machine: ${limit}`).toBe(true);
    const marker = `warden-bomb-${process.pid}-${Date.now()}`;
    // The marker is in every forked shell's command line, so the host can count them (the sandbox's
    // own shell reads the command from a pipe: its command line does not hold it, so the bomb runs
    // in a shell started with the marker as its $0).
    const pending = run(runner, ws, `exec bash -c 'bomb() { bomb | bomb & }; bomb; sleep 30' ${marker}`, 3000);
    let peak = 0;
    for (let i = 0; i < 10; i++) {
      await sleep(200);
      peak = Math.max(peak, hostProcessesWith(marker).length);
    }
    const r = await pending;
    expect(r.timedOut).toBe(true);
    expect(peak).toBeGreaterThan(10); // it really forked
    expect(peak).toBeLessThanOrEqual(64); // and was held at the cap
    await sleep(300);
    expect(hostProcessesWith(marker)).toEqual([]);
    expect(execFileSync('true', { timeout: 5000 })).toBeDefined(); // the host can still fork
    const after = await run(runner, ws, 'echo still here');
    expect(after.output).toContain('still here');
    expect(after.exitCode).toBe(0);
  });
});
