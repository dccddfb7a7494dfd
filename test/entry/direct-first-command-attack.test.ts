/**
 * With commands run outside the sandbox (`sandbox.mode: off`), the read guard lets ripgrep walk a
 * tree by name, past a denied file that lives on its filesystem, only while no process the agent
 * started can be running: before the first command, and after a command only once the reaper has
 * killed whatever the commands left (run-setup.ts, reaper.ts). The attack that bounds it: a command
 * leaves a process running (`setsid … &` escapes the direct runner's process-group kill) that
 * swaps a name between a hard link to the denied file and a harmless file, so that a search
 * reading by name would count the link while it is one, and say by the count whether the denied
 * file matches (one bit a call). The test compares every answer between two runs that differ only
 * in what the denied file holds, with the reaper (the swapper is gone when the command's result
 * is, and the walk by name comes back) and without it (a host without perl: the swapper lives,
 * and every later search judges each file it opens).
 * Checked with both layers off (run-setup.ts giving the stamp of every command, as under
 * bubblewrap, and no reaper): the guard then vouched for every walk after the command (4 runs in
 * 4), and with that assertion taken out the count said "Found 3 files" only where the denied file
 * matched (1 run in 3: the swapper holds the link briefly, so that the guard's scan most likely
 * sees one name).
 */
import { mkdirSync, readFileSync, realpathSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findHostExecutable } from '../../src/sandbox/index.js';
import { makeWorkspace, processRunning, run, sleep } from '../sandbox/sandbox-fixture.js';
import { FIXED, HALF, HOST_PATH, linkSwapperScript, MISS, rgPath, SECRET } from '../tools/attack-setup.js';
import { grepThroughPipeline, watchingSkips } from '../tools/grep-pipeline.js';
import { killHostProcess } from '../support/host-processes.js';
import { setUpRun } from './setup-fixture.js';

const pythonPath = await findHostExecutable('python3', HOST_PATH, []);

// The link held briefly, so that a scan most likely finds the denied file with one name (and
// would vouch for a walk by name); its pid written where the test can end it.
const SWAPPER = linkSwapperScript({ writesPid: true, pauseSeconds: 0.0005 });

const leftRunning: string[] = [];
afterEach(() => {
  for (const pidFile of leftRunning.splice(0)) {
    try {
      killHostProcess(Number(readFileSync(pidFile, 'utf8')));
    } catch {
      // No pid file: it never started.
    }
  }
});

interface Answers {
  /** The first line of each answer before the first command. */
  before: string[];
  /** The first line of each answer once the command left the swapper running. */
  after: Set<string>;
  /** Walks by name the guard allowed, before and after. */
  walksBefore: number;
  walksAfter: number;
  /** Whether the swapper was still running once the command's result was in. */
  swapperLived: boolean;
}

async function answers(holds: string, reaper: boolean): Promise<Answers> {
  const ws = realpathSync(makeWorkspace({ 'src/a.ts': `${HALF} public\n`, 'src/b.ts': `${HALF} public\n`, '.env': `TOKEN=${holds}\n`, harmless: 'nothing\n', 'src/m.txt': 'nothing\n' }));
  for (const rel of ['src/a.ts', 'src/b.ts']) utimesSync(join(ws, rel), new Date(), new Date());
  for (const rel of ['.env', 'harmless']) utimesSync(join(ws, rel), FIXED, FIXED);
  mkdirSync(join(ws, 'secrets'));
  writeFileSync(join(ws, 'swap.py'), SWAPPER);
  const { setup, policy } = await setUpRun(ws, 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read", "Grep", "Bash"]\n  deny: ["Read(.env)"]\n', 'direct', reaper ? {} : { reaperPerl: null });
  const { wrapGuard, seen } = watchingSkips();
  const grep = grepThroughPipeline({ ws, decider: setup.decider, policy, engine: 'rg', walkAbove: 0, searchPath: HOST_PATH, readGuard: setup.readGuard, wrapGuard });
  const first = async (): Promise<string> => {
    const out = await grep({ pattern: HALF, output_mode: 'files_with_matches', head_limit: 1 });
    expect(out.error).toBe(false);
    expect(out.text).not.toContain(SECRET);
    return out.text.split('\n')[0] ?? '';
  };
  try {
    const before = [await first(), await first()];
    const walksBefore = seen.length;
    const pidFile = join(ws, 'secrets/pid');
    leftRunning.push(pidFile);
    // The command waits until the swapper has its own session: the runner ends its process group.
    const started = await run(setup.processRunner, ws, `setsid ${pythonPath ?? 'python3'} swap.py "$PWD" </dev/null >/dev/null 2>&1 & while [ ! -s secrets/pid ]; do sleep 0.05; done`);
    expect(started.exitCode).toBe(0);
    const swapperLived = processRunning(Number(readFileSync(pidFile, 'utf8')));
    await sleep(200);
    const after = new Set<string>();
    for (let i = 0; i < 40 && after.size < 2; i++) after.add(await first());
    return { before, after, walksBefore, walksAfter: seen.length - walksBefore, swapperLived };
  } finally {
    await setup.processRunner.dispose();
  }
}

describe.runIf(rgPath !== undefined && pythonPath !== undefined)('commands run outside the sandbox: the walk by name holds only while no process a command started is left', () => {
  it('with the reaper: the swapper a command left is killed with the command, the walk by name comes back, and no answer depends on what the denied file holds', async () => {
    const miss = await answers(MISS, true);
    const hit = await answers(SECRET, true);
    for (const a of [miss, hit]) {
      expect(a.before).toEqual(['Found 2 files', 'Found 2 files']);
      expect(a.walksBefore).toBe(2);
      expect(a.swapperLived).toBe(false);
      expect(a.walksAfter).toBeGreaterThan(0);
    }
    expect([...miss.after]).toEqual(['Found 2 files']);
    expect([...hit.after]).toEqual([...miss.after]);
  });

  it('without it (no perl): the swapper lives, no walk by name after the command, and still no answer depends on what the denied file holds', async () => {
    const miss = await answers(MISS, false);
    const hit = await answers(SECRET, false);
    for (const a of [miss, hit]) {
      expect(a.before).toEqual(['Found 2 files', 'Found 2 files']);
      // The gain: both searches before the command walked by name, none after it did.
      expect(a.walksBefore).toBe(2);
      expect(a.swapperLived).toBe(true);
      expect(a.walksAfter).toBe(0);
    }
    expect([...miss.after]).toEqual(['Found 2 files']);
    expect([...hit.after]).toEqual([...miss.after]);
  });
});
