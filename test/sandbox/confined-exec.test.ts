/**
 * The confinement Grep and Glob run ripgrep in over a large tree: the directory handed in as a
 * descriptor is all of the host's files the program can reach, beside the system directories it
 * is loaded from. Real bubblewrap and real ripgrep.
 */
import { mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { confinedArgs, confinedExec, confinementFailed, VISIBLE_ROOT, type Confiner } from '../../src/sandbox/confined-exec.js';
import { findHostExecutable, hostExec } from '../../src/sandbox/host-exec.js';
import { landlockUsable, PERL } from './landlock-fixture.js';
import { closeFd, openPathFd } from '../../src/tools/fd-paths.js';
import { BWRAP } from './sandbox-fixture.js';

const RG = await findHostExecutable('rg', process.env.PATH ?? '/usr/bin:/bin', []);
// Both confiners where this host has them: bubblewrap, and Landlock (where bubblewrap cannot start).
const CONFINERS: Array<[string, Confiner | null]> = [
  ['bwrap', BWRAP === null ? null : { kind: 'bwrap', path: BWRAP }],
  ['landlock', PERL !== undefined && (await landlockUsable()) ? { kind: 'landlock', perl: PERL } : null],
];
const MARK = 'OUTSIDE-c0nf1ned';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function dir(): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), 'warden-confined-')));
  dirs.push(d);
  return d;
}

describe('confinedArgs', () => {
  it('binds the system directories as they are, the program if it lies elsewhere, and the descriptor at the visible root', () => {
    const merged = confinedArgs('/usr/bin/rg', ['-e', 'x'], [
      { path: '/usr', kind: 'dir' },
      { path: '/lib', kind: 'symlink', target: 'usr/lib' },
    ]);
    expect(merged).toEqual([
      '--unshare-all', '--die-with-parent', '--new-session', '--cap-drop', 'ALL', '--clearenv',
      '--ro-bind', '/usr', '/usr',
      '--symlink', 'usr/lib', '/lib',
      '--ro-bind-fd', '3', VISIBLE_ROOT, '--chdir', VISIBLE_ROOT, '--', '/usr/bin/rg', '-e', 'x',
    ]);
    const own = confinedArgs('/home/u/.cargo/bin/rg', [], [{ path: '/usr', kind: 'dir' }]);
    expect(own).toContain('/home/u/.cargo/bin/rg');
    expect(own.slice(own.indexOf('--ro-bind-fd') - 3, own.indexOf('--ro-bind-fd'))).toEqual(['--ro-bind', '/home/u/.cargo/bin/rg', '/home/u/.cargo/bin/rg']);
    // Nothing else of the host: no /proc, /dev, /tmp, /home, /etc.
    expect(merged.filter((a) => /^\/(proc|dev|tmp|home|etc)/.test(a))).toEqual([]);
  });

  it('shows the directory at a plain path beneath the visible root when told, and refuses any other', () => {
    const at = confinedArgs('/usr/bin/rg', [], [{ path: '/usr', kind: 'dir' }], 'src/lib');
    expect(at.slice(at.indexOf('--ro-bind-fd'))).toEqual(['--ro-bind-fd', '3', `${VISIBLE_ROOT}/src/lib`, '--chdir', VISIBLE_ROOT, '--', '/usr/bin/rg']);
    for (const bad of ['', '/etc', 'a/../..', '..', 'a//b', 'a/', './a', 'a\0b']) {
      expect(() => confinedArgs('/usr/bin/rg', [], [], bad), JSON.stringify(bad)).toThrow(/not a plain relative path/);
    }
  });

  it('tells bwrap failing to build the confinement from the program failing', () => {
    const base = { signal: null, droppedChars: 0, timedOut: false, aborted: false, durationMs: 1 };
    expect(confinementFailed({ ...base, exitCode: 1, output: 'bwrap: setting up uid map: Permission denied\n' })).toBe(true);
    expect(confinementFailed({ ...base, exitCode: 1, output: '' })).toBe(false);
    expect(confinementFailed({ ...base, exitCode: 2, output: 'regex parse error:\n    (\n    ^\n' })).toBe(false);
    // What ripgrep printed (a file's name can read `bwrap: …`) is never bwrap failing.
    expect(confinementFailed({ ...base, exitCode: 2, output: 'x\nbwrap: y:1:needle\nlong/path: File name too long\n' })).toBe(false);
    expect(confinementFailed({ ...base, exitCode: 2, output: 'bwrap: y:1:needle\n' })).toBe(false);
    // The Landlock launcher's own failure: its exit code, and its words first.
    expect(confinementFailed({ ...base, exitCode: 125, output: 'warden-landlock: landlock_create_ruleset: Function not implemented\n' })).toBe(true);
    expect(confinementFailed({ ...base, exitCode: 2, output: 'warden-landlock: x\n' })).toBe(false);
    expect(confinementFailed({ ...base, exitCode: 125, output: 'a.txt\nwarden-landlock: x\n' })).toBe(false);
  });
});

describe.each(CONFINERS)('confinedExec under %s (real ripgrep)', (name, confiner) => {
  const run = (dirFd: number, args: string[], more: { at?: { rel: string; rootFd?: number }; env?: Record<string, string> } = {}): ReturnType<typeof confinedExec> =>
    confinedExec({ confiner: confiner ?? { kind: 'bwrap', path: '' }, dirFd, file: RG ?? '', args, timeoutMs: 20_000, signal: new AbortController().signal, maxOutputChars: 100_000, ...more });

  it.skipIf(confiner === null || RG === undefined)(`reaches nothing outside the directory, whatever its symlinks say, even told to follow them ${confiner === null ? `(no ${name} here)` : ''}`, async () => {
    const ws = dir();
    const outside = dir();
    writeFileSync(join(outside, 'x.txt'), `${MARK}\n`);
    mkdirSync(join(outside, 'sub'));
    writeFileSync(join(outside, 'sub', 'y.txt'), `${MARK}\n`);
    writeFileSync(join(ws, 'a.txt'), 'plain\n');
    symlinkSync('/proc/self/environ', join(ws, 'environ'));
    symlinkSync('/proc/1/environ', join(ws, 'init-environ'));
    symlinkSync(`/proc/${process.pid}/environ`, join(ws, 'runner-environ'));
    symlinkSync(join(outside, 'x.txt'), join(ws, 'out.txt'));
    symlinkSync(outside, join(ws, 'outdir'));
    symlinkSync('../../../../../../../../etc/passwd', join(ws, 'passwd'));
    symlinkSync(ws, join(ws, 'self'));
    const args = ['--no-config', '-L', '--hidden', '--no-ignore', '--count', '--with-filename', '-e', '.', '--'];
    // The same search unconfined reaches the outside file, so the test can fail.
    const open = await hostExec({ file: RG ?? '', args: [...args, ws], cwd: '/', timeoutMs: 20_000, signal: new AbortController().signal, maxOutputChars: 100_000 });
    expect(open.output).toContain('out.txt:1');
    const fd = openPathFd(ws, true);
    try {
      // -L: follow every symlink, so only the confinement stands in the way.
      const result = await run(fd, [...args, '.'], { env: { PATH: '/usr/bin:/bin', SECRET_IN_ENV: MARK } });
      expect(confinementFailed(result), result.output).toBe(false);
      expect(result.output).toContain('./a.txt:1');
      expect(result.output).not.toContain(MARK);
      expect(result.output).not.toMatch(/root:|environ:\d|out\.txt:\d|outdir\/.*:\d|passwd:\d/);
      // Named outright, absolute paths are no different.
      const named = await run(fd, ['--no-config', '--with-filename', '-e', '.', '--', join(outside, 'x.txt'), `/proc/${process.pid}/environ`, '/etc/passwd']);
      expect(confinementFailed(named), named.output).toBe(false);
      expect(named.output).not.toContain(MARK);
      expect(named.output).not.toMatch(/root:x?:?0|PATH=|HOME=/);
    } finally {
      closeFd(fd);
    }
  });

  it.skipIf(confiner === null || RG === undefined || name !== 'bwrap')('shown at a path beneath its root, it is all the program reads: its siblings and parent are not (bubblewrap only: Landlock cannot show it elsewhere, and refuses to)', async () => {
    const ws = dir();
    mkdirSync(join(ws, 'pkg', 'sub'), { recursive: true });
    writeFileSync(join(ws, 'pkg', 'sub', 'in.txt'), 'in\n');
    writeFileSync(join(ws, 'pkg', 'beside.txt'), `${MARK}\n`);
    writeFileSync(join(ws, 'top.txt'), `${MARK}\n`);
    const rootFd = openPathFd(ws, true);
    const fd = openPathFd(join(ws, 'pkg', 'sub'), true);
    try {
      const at = { rel: 'pkg/sub', rootFd };
      const result = await run(fd, ['--no-config', '--hidden', '--no-ignore', '--with-filename', '-e', '.', '--', 'pkg/sub'], { at });
      expect(confinementFailed(result), result.output).toBe(false);
      expect(result.output.trim()).toBe('pkg/sub/in.txt:in');
      const beside = await run(fd, ['--no-config', '--hidden', '--no-ignore', '--with-filename', '-e', '.', '--', 'pkg/beside.txt', 'top.txt', 'pkg', '.'], { at });
      expect(confinementFailed(beside), beside.output).toBe(false);
      expect(beside.output).not.toContain(MARK);
    } finally {
      closeFd(fd);
      closeFd(rootFd);
    }
  });

  it.skipIf(confiner === null || name !== 'landlock')('Landlock is never asked to show a directory at another path: the program would look the name up', async () => {
    const ws = dir();
    const fd = openPathFd(ws, true);
    try {
      await expect(run(fd, ['--files'], { at: { rel: 'pkg', rootFd: fd } })).rejects.toThrow(/narrow under bubblewrap only/);
    } finally {
      closeFd(fd);
    }
  });

  it.skipIf(confiner === null || RG === undefined)('shows the directory that was opened, even after its path is given to another', async () => {
    const parent = dir();
    const opened = join(parent, 'ws');
    mkdirSync(opened);
    writeFileSync(join(opened, 'kept.txt'), 'kept\n');
    const fd = openPathFd(opened, true);
    try {
      // The path now leads elsewhere; the descriptor still names the directory judged.
      mkdirSync(join(parent, 'other'));
      writeFileSync(join(parent, 'other', 'swapped.txt'), `${MARK}\n`);
      renameSync(opened, join(parent, 'ws-moved'));
      renameSync(join(parent, 'other'), opened);
      const result = await run(fd, ['--no-config', '--files']);
      expect(result.output.trim()).toBe('kept.txt');
    } finally {
      closeFd(fd);
    }
  });
});
