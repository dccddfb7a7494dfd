import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CGROUP_RECORD, MEMORY_CGROUP_RECORD, recordCgroup, recordedCgroup } from '../../src/sandbox/cgroup-sweep.js';
import { createMemoryCgroup } from '../../src/sandbox/memory-limit.js';
import { isWardenTempDirName, OWNER_FILE, sweepStaleDirs } from '../../src/sandbox/owned-dirs.js';
import { createPidsCgroup, type PidsCgroup } from '../../src/sandbox/process-limit.js';
import { tempDir } from '../support/temp-repo.js';

// The pids cgroups of runs that were SIGKILLed: swept with their run's state, only cgroups Warden
// recorded there, only once that run is gone.

describe('recordedCgroup: which cgroup a record may name', () => {
  const name = 'warden-sandbox-Ab12cD';
  it.each<[string, string, string | undefined]>([
    ['v1 pids hierarchy', `/sys/fs/cgroup/pids/${name}\n`, `/sys/fs/cgroup/pids/${name}`],
    ['v2, under the runner\'s own cgroup', `/sys/fs/cgroup/system.slice/job.scope/${name}\n`, `/sys/fs/cgroup/system.slice/job.scope/${name}`],
    ['another name (not this state directory\'s cgroup)', '/sys/fs/cgroup/pids/warden-sandbox-Zz99zz\n', undefined],
    ['a cgroup that is not Warden\'s', '/sys/fs/cgroup/system.slice\n', undefined],
    ['outside the cgroup root', `/tmp/${name}\n`, undefined],
    ['climbing out with ..', `/sys/fs/cgroup/../../tmp/${name}\n`, undefined],
    ['not normalised', `/sys/fs/cgroup/pids//${name}\n`, undefined],
    ['relative', `pids/${name}\n`, undefined],
    ['two lines', `/sys/fs/cgroup/pids/x\n/sys/fs/cgroup/pids/${name}\n`, undefined],
  ])('%s', (_what, text, want) => {
    expect(recordedCgroup(text, name)).toBe(want);
  });

  it('only for a sandbox state directory', () => {
    expect(recordedCgroup('/sys/fs/cgroup/pids/warden-git-Ab12cD\n', 'warden-git-Ab12cD')).toBeUndefined();
  });
});

const here = { boot: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(), pidns: readlinkSync('/proc/self/ns/pid'), host: hostname() };
const startOf = (pid: number): string => {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ')[19] ?? '';
};
const deadPid = (): number => Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
const stateName = (): string => `warden-sandbox-t${randomBytes(3).toString('hex').slice(0, 5)}`;

/** Whether this machine lets us make a pids cgroup (root with a writable hierarchy). */
function canMakeCgroups(): boolean {
  const probe = createPidsCgroup(`warden-cgtest-${process.pid}`, 8);
  if (probe === null) return false;
  spawnSync('rmdir', [probe.dir]);
  return true;
}

describe.runIf(canMakeCgroups())('sweepStaleDirs and the cgroups of dead runs (real cgroups)', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  /** A state directory owned by `pid`, and (unless `record` says otherwise) its cgroup with a process in it. */
  function stateWithCgroup(root: string, pid: number, start: string, record?: string): { dir: string; cgroup: PidsCgroup; member: ChildProcess; exited: Promise<NodeJS.Signals | null> } {
    const dir = join(root, stateName());
    mkdirSync(join(dir, 'tmp'), { recursive: true });
    writeFileSync(join(dir, OWNER_FILE), JSON.stringify({ pid, start, ...here }));
    const cgroup = createPidsCgroup(record === undefined ? basename(dir) : stateName(), 64);
    if (cgroup === null) throw new Error('no cgroup');
    if (record === undefined) recordCgroup(dir, cgroup.dir);
    else writeFileSync(join(dir, CGROUP_RECORD), record === 'other' ? `${cgroup.dir}\n` : record);
    const member = spawn('sleep', ['300'], { stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => member.on('exit', (_code, signal) => resolve(signal)));
    cgroup.join(member.pid ?? 0);
    cleanups.push(async () => {
      cgroup.killAll();
      await cgroup.remove();
    });
    return { dir, cgroup, member, exited };
  }

  it('kills what is left in a dead run\'s cgroup and removes it with the state; keeps a live run\'s, and one a record names that is not the state\'s own', async () => {
    const root = tempDir('warden-sweep-');
    const dead = stateWithCgroup(root, deadPid(), '1');
    const keeper = spawn('sleep', ['300'], { stdio: 'ignore' });
    cleanups.push(() => void keeper.kill('SIGKILL'));
    const live = stateWithCgroup(root, keeper.pid ?? 0, startOf(keeper.pid ?? 0));
    // A dead run's state whose record names another cgroup (not the one named like the state).
    const forged = stateWithCgroup(root, deadPid(), '1', 'other');

    const removed = await sweepStaleDirs(root, isWardenTempDirName);

    expect(removed.sort()).toEqual([dead.dir, forged.dir].sort());
    expect(existsSync(dead.cgroup.dir)).toBe(false);
    expect(await dead.exited).toBe('SIGKILL');
    expect(existsSync(live.cgroup.dir)).toBe(true);
    expect(existsSync(join(live.dir, CGROUP_RECORD))).toBe(true);
    expect(live.member.exitCode === null && live.member.signalCode === null).toBe(true);
    expect(existsSync(forged.cgroup.dir)).toBe(true);
    expect(forged.member.exitCode === null && forged.member.signalCode === null).toBe(true);
  });
});

/** Whether this machine lets us make a v1 memory cgroup of our own (root, a memory hierarchy). */
function canMakeMemoryCgroups(): boolean {
  const probe = createMemoryCgroup(`warden-cgtest-mem-${process.pid}`, 64 * 1024 * 1024, null);
  if (probe === null) return false;
  spawnSync('rmdir', [probe.dir]);
  return true;
}

describe.runIf(canMakeMemoryCgroups())('sweepStaleDirs and the v1 memory cgroup of a dead run (real cgroups)', () => {
  it('kills what is left in it and removes it with the state, as the pids one', async () => {
    const root = tempDir('warden-sweep-mem-');
    const dir = join(root, stateName());
    mkdirSync(join(dir, 'tmp'), { recursive: true });
    writeFileSync(join(dir, OWNER_FILE), JSON.stringify({ pid: deadPid(), start: '1', ...here }));
    const memory = createMemoryCgroup(basename(dir), 64 * 1024 * 1024, null);
    if (memory === null || memory.procsFile === null) throw new Error('no memory cgroup');
    recordCgroup(dir, memory.dir, MEMORY_CGROUP_RECORD);
    const member = spawn('sleep', ['300'], { stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => member.on('exit', (_code, signal) => resolve(signal)));
    writeFileSync(memory.procsFile, String(member.pid ?? 0));
    try {
      expect(await sweepStaleDirs(root, isWardenTempDirName)).toEqual([dir]);
      expect(existsSync(memory.dir)).toBe(false);
      expect(await exited).toBe('SIGKILL');
    } finally {
      memory.killAll();
      await memory.remove();
    }
  });
});
