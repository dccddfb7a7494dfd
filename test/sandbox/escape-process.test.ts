/**
 * Escape suite, processes: nothing a command starts outlives it (background jobs, setsid, nohup),
 * timeouts and dispose kill everything, and a fork bomb is bounded without hurting the host.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SandboxRunner } from '../../src/sandbox/bwrap-runner.js';
import { waitFor } from '../support/wait-for.js';
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

  // Each stays alive for 600 s unless killed: a wait for it to be gone (waitFor) ends only if it was.
  test('background processes (&, disown, setsid, nohup) die with their command, which does not wait for them', async () => {
    const marker = `warden-bg-${process.pid}-${Date.now()}`;
    const r = await run(
      runner,
      ws,
      [
        `bash -c 'sleep 600; echo late > late-1.txt' ${marker} & disown`,
        `setsid bash -c 'sleep 600; echo late > late-2.txt' ${marker} &`,
        `nohup bash -c 'sleep 600; echo late > late-3.txt' ${marker} >/dev/null 2>&1 &`,
        `(exec -a ${marker} sleep 600) &`,
        'echo started',
      ].join('\n'),
    );
    // Returned at all: had it waited for its background jobs, it would have waited 600 s.
    expect(r.output).toContain('started');
    await waitFor(() => hostProcessesWith(marker).length === 0, () => `the background jobs to die: ${hostProcessesWith(marker).join(' ')}`);
    for (const f of ['late-1.txt', 'late-2.txt', 'late-3.txt']) expect(existsSync(join(ws, f)), f).toBe(false);
  });

  test('each command runs in a sandbox of its own, started when it is run: none waits between commands', async () => {
    const ns = 'readlink /proc/self/ns/pid';
    const first = await run(runner, ws, ns);
    const together = await Promise.all([run(runner, ws, ns), run(runner, ws, ns)]);
    const seen = [first, ...together].map((r) => r.output.trim());
    expect(seen.every((s) => /^pid:\[\d+\]$/.test(s)), seen.join(' ')).toBe(true);
    expect(new Set(seen).size).toBe(3);
    // Runners once started the next commands' sandboxes 15 ms after a command; none is left waiting now.
    await sleep(300);
    expect(hostProcessesWith(ws)).toEqual([]);
  });

  test('a timeout kills the command and everything it started', async () => {
    const marker = `warden-timeout-${process.pid}-${Date.now()}`;
    const r = await run(runner, ws, `(exec -a ${marker} sleep 600) & exec -a ${marker} sleep 600`, 1000);
    expect(r.timedOut).toBe(true);
    await waitFor(() => hostProcessesWith(marker).length === 0, 'the timed-out command\'s processes to die');
  });

  test('dispose() kills a command that is still running', async () => {
    const marker = `warden-dispose-${process.pid}-${Date.now()}`;
    const other = await openRunner({ workspace: ws });
    const pending = run(other, ws, `exec -a ${marker} sleep 600`, 600_000);
    await waitFor(() => hostProcessesWith(marker).length > 0, 'the command to start');
    await other.dispose();
    const r = await pending;
    expect(r.exitCode).not.toBe(0);
    await waitFor(() => hostProcessesWith(marker).length === 0, 'the disposed runner\'s command to die');
  });

  test('a fork bomb is bounded, ends when stopped, and the runner and host keep working', async () => {
    const limit = runner.probe?.processLimit;
    expect(limit === 'rlimit' || limit === 'cgroup', `process limit on this machine: ${limit}`).toBe(true);
    const marker = `warden-bomb-${process.pid}-${Date.now()}`;
    // The marker is in every forked shell's command line, so the host can count them (the sandbox's
    // own shell reads the command from a pipe: its command line does not hold it, so the bomb runs
    // in a shell started with the marker as its $0). Stopped by the test once it has been watched,
    // not by a timeout: a busy machine may take seconds to start it (timeouts: the test above).
    const stop = new AbortController();
    const pending = runner.run({ command: `exec bash -c 'bomb() { bomb | bomb & }; bomb; sleep 600' ${marker}`, cwd: ws, timeoutMs: 600_000, signal: stop.signal, maxOutputChars: 200_000 });
    let peak = await waitFor(() => {
      const n = hostProcessesWith(marker).length;
      return n > 10 && n; // it really forked
    }, 'the fork bomb to fork');
    for (let i = 0; i < 10; i++) {
      await sleep(200);
      peak = Math.max(peak, hostProcessesWith(marker).length);
    }
    stop.abort();
    const r = await pending;
    expect(r.aborted).toBe(true);
    expect(peak).toBeLessThanOrEqual(64); // held at the cap
    await waitFor(() => hostProcessesWith(marker).length === 0, 'the fork bomb to die');
    expect(execFileSync('true')).toBeDefined(); // the host can still fork
    const after = await run(runner, ws, 'echo still here');
    expect(after.output).toContain('still here');
    expect(after.exitCode).toBe(0);
  });
});
