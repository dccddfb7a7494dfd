/**
 * The wiring that lets the read guard find that no denied file has another name before ripgrep
 * walks a tree by name (run-setup.ts → createHostReadGuard's commandActivity): under bubblewrap
 * every command the run's processRunner starts changes the stamp before it starts and after it
 * ends, and the guard lets ripgrep walk by name only while none runs; with commands run directly
 * (sandbox off: a process may outlive its command) the stamp holds until the first command starts,
 * and after that only while the reaper (reaper.ts) has killed whatever the commands left; without
 * it (no perl) the guard finds nothing from the first command on, and every file is judged.
 * The sandbox hides denied files from commands, so the link a fooled sandbox would let a command
 * make is made here by the host while the command runs.
 */
import { existsSync, linkSync, realpathSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DeferredSetup } from '../../src/entry/run-setup.js';
import type { TreeSkip, TreeVerdict } from '../../src/tools/index.js';
import { BWRAP, cleanupAll, makeWorkspace, processRunning, run, sleep, SKIP_REASON } from '../sandbox/sandbox-fixture.js';
import { killHostProcess } from '../support/host-processes.js';
import { setUpRun } from './setup-fixture.js';

afterAll(cleanupAll);

async function setUp(mode: 'bwrap' | 'direct', reaper = true): Promise<{ ws: string; setup: DeferredSetup; verdict: () => Promise<TreeVerdict>; skip: () => Promise<TreeSkip> }> {
  const ws = realpathSync(makeWorkspace({ '.env': 'TOKEN=1\n', 'src/a.ts': 'a\n' }));
  const { setup } = await setUpRun(ws, 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read", "Bash"]\n  deny: ["Read(.env)"]\n', mode, reaper ? {} : { reaperPerl: null });
  const src = join(ws, 'src');
  const verdict = async (): Promise<TreeVerdict> => setup.readGuard.forCall('Grep', ws).judgeTree(src, statSync(src, { bigint: true }).dev);
  const skip = async (): Promise<TreeSkip> => {
    const given = await verdict();
    if (!given.allowed || given.skip === undefined) throw new Error(`no skip: ${JSON.stringify(given)}`);
    return given.skip;
  };
  return { ws, setup, verdict, skip };
}

describe.skipIf(BWRAP === null)(`the command stamp the read guard is given (${SKIP_REASON})`, () => {
  it('under bubblewrap: the walk by name before any command, none while one runs, the finding withdrawn for a walk a command ran beside, none after a link', async () => {
    const { ws, setup, verdict, skip } = await setUp('bwrap');
    try {
      const before = await skip();
      expect(before.identityProven?.()).toBe(true);
      const command = run(setup.processRunner, ws, 'touch started && sleep 0.5');
      while (!existsSync(join(ws, 'started'))) await sleep(10);
      expect((await verdict()).allowed).toBe(false);
      linkSync(join(ws, '.env'), join(ws, 'src/notes.txt'));
      expect((await command).exitCode).toBe(0);
      expect(before.identityProven?.()).toBe(false);
      expect((await verdict()).allowed).toBe(false);
      // A second command removes it: a scan since shows .env alone again.
      const removed = run(setup.processRunner, ws, 'true');
      unlinkSync(join(ws, 'src/notes.txt'));
      await removed;
      expect((await skip()).identityProven?.()).toBe(true);
    } finally {
      await setup.processRunner.dispose();
    }
  });

  it('under bubblewrap, a watch on commands: held until one starts, none while one runs; with the sandbox off, again once the reaper has swept, else none from the first command on', async () => {
    const { ws, setup } = await setUp('bwrap');
    try {
      const call = setup.readGuard.forCall('Glob', ws);
      const watch = call.watchCommands?.();
      expect(watch?.()).toBe(true);
      const command = run(setup.processRunner, ws, 'touch started && sleep 0.5');
      while (!existsSync(join(ws, 'started'))) await sleep(10);
      expect(watch?.()).toBe(false);
      expect(call.watchCommands?.()).toBeUndefined();
      await command;
      expect(watch?.()).toBe(false);
      expect(call.watchCommands?.()?.()).toBe(true);
    } finally {
      await setup.processRunner.dispose();
    }
    for (const reaper of [true, false]) {
      const direct = await setUp('direct', reaper);
      try {
        const call = direct.setup.readGuard.forCall('Glob', direct.ws);
        const watch = call.watchCommands?.();
        expect(watch?.()).toBe(true);
        const command = run(direct.setup.processRunner, direct.ws, 'touch started && sleep 0.5');
        while (!existsSync(join(direct.ws, 'started'))) await sleep(10);
        expect(watch?.()).toBe(false);
        expect(call.watchCommands?.()).toBeUndefined();
        await command;
        expect(watch?.()).toBe(false);
        // With the reaper, as under bubblewrap once it has swept; without it, not again: a process
        // the command left may still run.
        if (reaper) expect(call.watchCommands?.()?.(), 'reaper').toBe(true);
        else expect(call.watchCommands?.(), 'no reaper').toBeUndefined();
      } finally {
        await direct.setup.processRunner.dispose();
      }
    }
  });

  it('with the sandbox off, the walk by name before the first command, and after one only once the reaper has swept: a command run directly may leave a process behind', async () => {
    for (const reaper of [true, false]) {
      const { ws, setup, verdict, skip } = await setUp('direct', reaper);
      try {
        const before = await skip();
        expect(before.identityProven?.()).toBe(true);
        const command = run(setup.processRunner, ws, 'touch started && sleep 0.3');
        while (!existsSync(join(ws, 'started'))) await sleep(10);
        // Withdrawn once the command has started, for a walk that began before it.
        expect(before.identityProven?.()).toBe(false);
        expect((await verdict()).allowed).toBe(false);
        expect((await command).exitCode).toBe(0);
        expect(before.identityProven?.()).toBe(false);
        if (reaper) expect((await skip()).identityProven?.()).toBe(true);
        else expect(await verdict()).toMatchObject({ allowed: false, reason: expect.stringContaining('outside the sandbox') as unknown });
        // A process left running: not swept while it lives (it is killed, so the sweep holds).
        // Waiting until it has its own session: the runner ends the command's process group.
        const left = await run(setup.processRunner, ws, 'setsid sleep 30 </dev/null >/dev/null 2>&1 & p=$!; while [ "$(cut -d" " -f6 /proc/$p/stat)" != "$p" ]; do sleep 0.01; done; echo $p');
        const pid = Number(left.output.trim());
        await sleep(50);
        const alive = processRunning(pid);
        expect(alive, 'the left process').toBe(!reaper);
        if (alive) killHostProcess(pid);
        if (reaper) expect((await skip()).identityProven?.()).toBe(true);
        else expect((await verdict()).allowed).toBe(false);
      } finally {
        await setup.processRunner.dispose();
      }
    }
  });
});
