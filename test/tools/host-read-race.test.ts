import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { findHostExecutable } from '../../src/sandbox/host-exec.js';
import { workspace, writeFiles } from './tool-harness.js';

const here = dirname(fileURLToPath(import.meta.url));
const HOST_PATH = process.env.PATH ?? '/usr/bin:/bin';
const rgPath = await findHostExecutable('rg', HOST_PATH, []);
// 250 iterations (2,500 calls against tens of thousands of swaps) take ~10 s on an idle 2-core
// machine; WARDEN_RACE_ITERATIONS=5000 for a longer hunt.
const ITERATIONS = Number(process.env.WARDEN_RACE_ITERATIONS ?? 250);

interface DriverReport {
  made: number;
  perIteration: number;
  /** Leaks from calls on a swapped path: the race won. */
  raceLeaks: number;
  /** Leaks per call, e.g. `Read/js {"file_path":…}`: 3. */
  byCall: Record<string, number>;
  /** Successful answers per call that should sometimes succeed. */
  served: Record<string, number>;
  leaks: Array<{ call: string; sample: string }>;
}

function runDriver(input: object, secret: string, children: ChildProcess[]): Promise<DriverReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', join(here, 'race/ts-register.mjs'), join(here, 'race/race-driver.ts')], {
      // Nothing else from this process: the secret is the one value worth finding in its environ.
      env: { WARDEN_RACE_SECRET: secret, PATH: HOST_PATH, WARDEN_RACE_UNGUARDED: process.env.WARDEN_RACE_UNGUARDED ?? '' },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    children.push(child);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`race driver exited ${String(code)}: ${out.slice(0, 2000)}`));
      else resolve(JSON.parse(out) as DriverReport);
    });
    child.stdin.end(JSON.stringify(input));
  });
}

interface RaceResult {
  swaps: number;
  report: DriverReport;
}

/**
 * The workspace, the swapper and the driver: `driver` options go to race-driver.ts.
 */
async function race(children: ChildProcess[], driver: { iterations: number; unguarded?: boolean; untilRaceLeak?: boolean }): Promise<RaceResult> {
  const secret = `sk-race-${randomBytes(12).toString('hex')}`;
  const denied = `DENIED-${randomBytes(8).toString('hex')}`;
  const outsideMark = `OUTSIDE-${randomBytes(8).toString('hex')}`;
  const ws = workspace();
  const outside = workspace();
  const results = workspace();
  writeFiles(ws, { 'secret.env': `${denied}\n`, 'src/notes.txt': 'plain notes\n', 'src/sub/a.txt': 'plain a\n' });
  writeFiles(outside, { 'a.txt': `${outsideMark}\n`, 'environ': `${outsideMark}\n` });
  const policyFile = join(results, 'policy.yml');
  writeFileSync(policyFile, `version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(secret.env)"]\n`);
  // A hard link made before the run (an allowed `npm test` could do this): no race needed.
  mkdirSync(join(ws, 'src', 'more'));
  linkSync(join(ws, 'secret.env'), join(ws, 'src', 'more', 'copy.txt'));

  const countFile = join(results, 'swaps');
  const swapper = spawn(process.execPath, [join(here, 'race/swapper.mjs'), join(ws, 'src'), join(ws, 'secret.env'), outside, countFile], { stdio: 'ignore' });
  children.push(swapper);
  const report = await runDriver({ workspace: ws, policyFile, resultsDir: results, markers: [denied, outsideMark], ...driver, hostPath: HOST_PATH }, secret, children);
  swapper.kill('SIGKILL');
  await new Promise((resolve) => (swapper.exitCode !== null || swapper.signalCode !== null ? resolve(undefined) : swapper.once('exit', resolve)));
  const counted = readFileSync(countFile, 'utf8');
  // Never empty (the swapper renames a whole file over it); a non-number is a harness fault.
  if (!/^\d+$/.test(counted)) throw new Error(`the swapper's count file holds ${JSON.stringify(counted)}`);
  const swaps = Number(counted);
  if (process.env.WARDEN_RACE_VERBOSE === '1') console.log(JSON.stringify({ swaps, ...report }, null, 1));
  return { swaps, report };
}

/** Both processes go when the test ends, however it ends (a timeout included). */
function processesOfThisTest(): ChildProcess[] {
  const children: ChildProcess[] = [];
  onTestFinished(() => {
    for (const child of children) child.kill('SIGKILL');
  });
  return children;
}

describe('host-side file tools under a swapping attacker', () => {
  it.skipIf(rgPath === undefined)('never return a byte of /proc/self/environ, a Read-denied file or a file outside the workspace', async () => {
    const { swaps, report } = await race(processesOfThisTest(), { iterations: ITERATIONS });
    // The attacker really raced: thousands of swaps while the calls ran.
    expect(swaps).toBeGreaterThan(1000);
    expect(report.made).toBe(ITERATIONS * report.perIteration);
    expect(report.byCall).toEqual({});
    expect(report.leaks).toEqual([]);
    // The calls did their work between the swaps: the guard refused what changed, not everything.
    for (const [call, count] of Object.entries(report.served)) expect(count, call).toBeGreaterThan(0);
  });

  // The harness can fail: the same swapper and calls, the guard left out, and the race is won on a
  // swapped path (a Read or Grep of src/notes.txt returning the denied file, /proc/self/environ or a
  // file outside) — not only through the hard link, which needs no race. It stops at the first such
  // leak; the cap only bounds a harness that could no longer see one.
  it.skipIf(rgPath === undefined)('control: with the guard left out, the same harness sees the race won', async () => {
    const { report } = await race(processesOfThisTest(), { iterations: 1000, unguarded: true, untilRaceLeak: true });
    expect(report.raceLeaks, JSON.stringify(report.byCall)).toBeGreaterThan(0);
  });
});
