import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimDir, isWardenTempDirName, OWNER_FILE, ownerState, releaseDir, sweepStaleDirs, type Owner, type StatRead } from '../../src/sandbox/owned-dirs.js';
import { tempDir } from '../support/temp-repo.js';

// Which of Warden's temp directories a new run may remove: only its own kind, only when the
// process that made it is provably gone.

const statLine = (pid: number, state: string, start: string): string => `${pid} (node (x)) ${state} ${Array.from({ length: 18 }, () => '0').join(' ')} ${start} 0 0`;

const me: Owner = { pid: 100, start: '5000', boot: 'boot-a', pidns: 'pid:[1]', host: 'h' };
const other = (over: Partial<Owner>): Owner => ({ ...me, pid: 200, start: '6000', ...over });

describe('ownerState', () => {
  const stat = (read: StatRead) => (): StatRead => read;
  it.each<[string, Owner, StatRead, string]>([
    ['this process', me, 'missing', 'alive'],
    ['this pid, but an earlier process with it', { ...me, start: '1' }, 'missing', 'gone'],
    ['a process that runs, same start time', other({}), { text: statLine(200, 'S', '6000') }, 'alive'],
    ['no such process', other({}), 'missing', 'gone'],
    ['the pid reused by a later process', other({}), { text: statLine(200, 'S', '7000') }, 'gone'],
    ['a zombie, not yet reaped', other({}), { text: statLine(200, 'Z', '6000') }, 'gone'],
    ['/proc/PID/stat unreadable (hidepid)', other({}), 'unreadable', 'unknown'],
    ['an earlier boot of this host', other({ boot: 'boot-0' }), { text: statLine(200, 'S', '6000') }, 'gone'],
    ['another pid namespace (a container sharing TMPDIR)', other({ pidns: 'pid:[2]' }), 'missing', 'unknown'],
    ['another host (TMPDIR on a shared file system)', other({ host: 'elsewhere', boot: 'boot-b' }), 'missing', 'unknown'],
  ])('%s', (_what, owner, read, want) => {
    expect(ownerState(owner, me, stat(read))).toBe(want);
  });
});

describe('isWardenTempDirName', () => {
  it.each([
    ['warden-mx5ieapt-23479-284a26e1', true],
    ['warden-sandbox-AbC12z', true],
    ['warden-git-q1W2e3', true],
    ['warden-publish-abcdef', true],
    ['warden-test-repo-abcdef', false],
    ['warden-sandbox-tests', false],
    ['something-else', false],
  ])('%s: %s', (name, want) => {
    expect(isWardenTempDirName(name)).toBe(want);
  });
});

describe('sweepStaleDirs', () => {
  const children: (() => void)[] = [];
  afterEach(() => {
    for (const kill of children.splice(0)) kill();
  });

  const here = { boot: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(), pidns: readlinkSync('/proc/self/ns/pid'), host: hostname() };
  const startOf = (pid: number): string => {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  };
  const ownedBy = (root: string, name: string, pid: number, start: string): string => {
    const dir = join(root, name);
    mkdirSync(join(dir, 'tmp'), { recursive: true });
    writeFileSync(join(dir, 'tmp', 'seccomp.bpf'), 'x');
    writeFileSync(join(dir, OWNER_FILE), JSON.stringify({ pid, start, ...here }));
    return dir;
  };
  /** A pid whose process has exited and been reaped. */
  const deadPid = (): number => {
    const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    return Number(r.stdout);
  };
  const liveChild = (): number => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    children.push(() => child.kill('SIGKILL'));
    return child.pid ?? 0;
  };

  it('removes directories of processes that are gone, including a pid now used by another process', async () => {
    const root = tempDir('warden-sweep-');
    const dead = ownedBy(root, 'warden-sandbox-dead01', deadPid(), '123');
    const pid = liveChild();
    const reused = ownedBy(root, 'warden-mx5ieapt-1-0123abcd', pid, String(Number(startOf(pid)) + 1));
    const removed = await sweepStaleDirs(root, isWardenTempDirName);
    expect(removed.sort()).toEqual([reused, dead].sort());
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(reused)).toBe(false);
  });

  it('keeps a live process\'s directories, and its own', async () => {
    const root = tempDir('warden-sweep-');
    const pid = liveChild();
    const live = ownedBy(root, 'warden-sandbox-live01', pid, startOf(pid));
    const mine = join(root, 'warden-git-mine01');
    mkdirSync(mine);
    claimDir(mine);
    expect(await sweepStaleDirs(root, isWardenTempDirName)).toEqual([]);
    expect(existsSync(join(live, 'tmp', 'seccomp.bpf'))).toBe(true);
    expect(existsSync(join(mine, OWNER_FILE))).toBe(true);
  });

  it('leaves alone what it cannot judge or is not its own: no owner file, a released directory, another name, a symlink, a linked owner file', async () => {
    const root = tempDir('warden-sweep-');
    const elsewhere = tempDir('warden-sweep-target-');
    const gone = deadPid();
    const unowned = join(root, 'warden-sandbox-nofile');
    mkdirSync(unowned);
    const released = ownedBy(root, 'warden-mx5ieapt-2-0123abcd', gone, '1');
    releaseDir(released);
    const foreign = ownedBy(root, 'not-warden-abcdef', gone, '1');
    const target = ownedBy(elsewhere, 'precious', gone, '1');
    symlinkSync(target, join(root, 'warden-sandbox-linked'));
    const linkedOwner = join(root, 'warden-git-lnkown');
    mkdirSync(linkedOwner);
    symlinkSync(join(target, OWNER_FILE), join(linkedOwner, OWNER_FILE));

    expect(await sweepStaleDirs(root, isWardenTempDirName)).toEqual([]);
    for (const dir of [unowned, released, foreign, linkedOwner]) expect(existsSync(dir)).toBe(true);
    expect(existsSync(join(target, 'tmp', 'seccomp.bpf'))).toBe(true);
  });
});
