/**
 * The Landlock confinement (src/sandbox/landlock-exec.ts), where bubblewrap cannot start: what the
 * program may do beyond reading beneath its directory (confined-exec.test.ts runs the read
 * attacks under both confiners). Real perl, real Landlock, real programs.
 */
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { confinedExec } from '../../src/sandbox/confined-exec.js';
import { landlockArgs, landlockExec, landlockFailed, LANDLOCK_FAILED_EXIT } from '../../src/sandbox/landlock-exec.js';
import { closeFd, openPathFd } from '../../src/tools/fd-paths.js';
import { landlockUsable, PERL } from './landlock-fixture.js';

const usable = await landlockUsable();
const abi = usable && PERL !== undefined ? Number(execFileSync(PERL, ['-e', 'print syscall(444, 0, 0, 1)'], { encoding: 'utf8' })) : 0;

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function dir(): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), 'warden-landlock-')));
  dirs.push(d);
  return d;
}

/** Through confinedExec, as Grep and Glob run it, handed an environment as they could be. */
async function confined(ws: string, file: string, args: string[], env: Record<string, string> = {}): Promise<Awaited<ReturnType<typeof confinedExec>>> {
  const fd = openPathFd(ws, true);
  try {
    return await confinedExec({ confiner: { kind: 'landlock', perl: PERL ?? '' }, dirFd: fd, file, args, timeoutMs: 20_000, signal: new AbortController().signal, maxOutputChars: 100_000, env });
  } finally {
    closeFd(fd);
  }
}

describe('landlockArgs', () => {
  it('passes the architecture\'s system call numbers and what the program may load', () => {
    const args = landlockArgs('/usr/bin/rg', ['-e', 'x'], 'x64', ['/usr', '/lib']);
    expect(args?.slice(0, 2)[0]).toBe('-e');
    expect(args?.slice(2)).toEqual(['--', '157', '81', '3', '3', '/usr', '/lib', '/usr/bin/rg', '/usr/bin/rg', '-e', 'x']);
    expect(landlockArgs('/opt/rg', [], 'arm64', [])?.slice(2)).toEqual(['--', '167', '50', '57', '1', '/opt/rg', '/opt/rg']);
    // Nothing in /etc: the loader finds the libraries without its cache, as under bubblewrap.
    expect(landlockArgs('/usr/bin/rg', [], 'x64')?.filter((a) => a.startsWith('/etc'))).toEqual([]);
  });

  it('gives up, running nothing, on an architecture whose numbers it does not know', async () => {
    expect(landlockArgs('/usr/bin/rg', [], 'riscv64')).toBeUndefined();
    const result = await landlockExec({ perl: '/usr/bin/perl', dirFd: 0, file: '/bin/true', args: [], timeoutMs: 1_000, signal: new AbortController().signal, maxOutputChars: 1_000, arch: 'riscv64' });
    expect(landlockFailed(result)).toBe(true);
    expect(result.exitCode).toBe(LANDLOCK_FAILED_EXIT);
  });
});

describe.skipIf(!usable)('landlockExec (real Landlock)', () => {
  it('lets the program write, make or remove nothing, in its directory or anywhere', async () => {
    const ws = dir();
    writeFileSync(join(ws, 'kept.txt'), 'kept\n');
    const line = 'echo x > made.txt; echo x >> kept.txt; mkdir d; rm -f kept.txt; ln -s kept.txt l; echo x > /tmp/warden-landlock-escape-$$; echo done';
    // Unconfined, the same line does all of it: the test can fail.
    const open = dir();
    writeFileSync(join(open, 'kept.txt'), 'kept\n');
    execFileSync('/bin/sh', ['-c', line.replace('/tmp/warden-landlock-escape-$$', join(open, 'out'))], { cwd: open });
    expect(existsSync(join(open, 'made.txt')) && !existsSync(join(open, 'kept.txt'))).toBe(true);
    const result = await confined(ws, '/bin/sh', ['-c', line]);
    expect(landlockFailed(result), result.output).toBe(false);
    expect(result.output).toContain('done');
    expect(result.output).toMatch(/Permission denied/);
    expect(existsSync(join(ws, 'made.txt')) || existsSync(join(ws, 'd')) || existsSync(join(ws, 'l'))).toBe(false);
    expect(execFileSync('cat', [join(ws, 'kept.txt')], { encoding: 'utf8' })).toBe('kept\n');
  });

  it('runs no program but those of the system directories: not one copied into its directory', async () => {
    const ws = dir();
    copyFileSync('/bin/true', join(ws, 'planted'));
    execFileSync('chmod', ['+x', join(ws, 'planted')]);
    const result = await confined(ws, '/bin/sh', ['-c', './planted && echo RAN; echo end']);
    expect(result.output).toContain('end');
    expect(result.output).not.toContain('RAN');
  });

  it('gets an empty environment, whatever it is handed (as bwrap --clearenv), and no descriptor beyond the standard three', async () => {
    const ws = dir();
    const result = await confined(ws, '/bin/sh', ['-c', 'env; for n in 3 4 5 6 7 8 9; do [ -e /proc/self/fd/$n ] && echo "fd $n open"; done; echo end'], { SECRET_IN_ENV: 'x' });
    // What the shell sets for itself, and nothing else.
    expect(result.output.split('\n').filter((l) => l.includes('=')).map((l) => l.slice(0, l.indexOf('='))).filter((k) => !['PWD', 'SHLVL', '_', 'OLDPWD'].includes(k))).toEqual([]);
    expect(result.output).not.toMatch(/fd \d open/);
    expect(result.output).toContain('end');
  });

  it.skipIf(abi < 4)('connects to no TCP port, even on this machine (Landlock ABI 4 and later)', async () => {
    const server: Server = createServer((socket) => socket.end('HELLO-FROM-SERVER\n'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as { port: number }).port;
      const line = `exec 3<>/dev/tcp/127.0.0.1/${port} && cat <&3; echo end`;
      // Unconfined it connects (asynchronously: the server answers on this process's event loop).
      const open = await new Promise<string>((resolve) => execFile('/bin/bash', ['-c', line], { encoding: 'utf8', timeout: 10_000 }, (_err, stdout) => resolve(stdout)));
      expect(open).toContain('HELLO-FROM-SERVER');
      const result = await confined(dir(), '/bin/bash', ['-c', line]);
      expect(result.output).toContain('end');
      expect(result.output).not.toContain('HELLO-FROM-SERVER');
    } finally {
      server.close();
    }
  });

  it('runs nothing when the confinement cannot be built, and says so', async () => {
    const ws = dir();
    writeFileSync(join(ws, 'file.txt'), 'x\n');
    // A file where the directory should be: the rule for it is refused before anything runs.
    const fd = openPathFd(join(ws, 'file.txt'), false);
    try {
      const result = await landlockExec({ perl: PERL ?? '', dirFd: fd, file: '/bin/sh', args: ['-c', `echo RAN > ${join(ws, 'ran')}`], timeoutMs: 20_000, signal: new AbortController().signal, maxOutputChars: 10_000 });
      expect(landlockFailed(result), result.output).toBe(true);
      expect(result.output).toMatch(/^warden-landlock: landlock_add_rule the directory/);
      expect(existsSync(join(ws, 'ran'))).toBe(false);
    } finally {
      closeFd(fd);
    }
  });
});
