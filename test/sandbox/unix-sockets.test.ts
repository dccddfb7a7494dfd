/**
 * Unix sockets inside the sandbox: a command may serve and connect on its own sockets (tsx, test
 * servers, tool daemons), and no host socket is reachable through them — one in a visible host
 * directory, one in the workspace served from the host's network namespace, one in the workspace
 * served from another network namespace (so /proc/net/unix does not list it: the workspace scan
 * alone must hide it), and an abstract one. Each host server counts the connections it gets.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseProcNetUnix, readHostSockets } from '../../src/sandbox/host-sockets.js';
import { unixSocketPolicy } from '../../src/sandbox/probe.js';
import { formatProbeReport } from '../../src/sandbox/sandbox-probe-report.js';
import type { SandboxProbeReport } from '../../src/sandbox/probe-types.js';
import { BWRAP, cleanupAll, makeHostDir, makeWorkspace, openRunner, run, sleep, SKIP_REASON } from './sandbox-fixture.js';

describe('parseProcNetUnix', () => {
  test('path-bound sockets, abstract and unnamed ones left out, relative ones counted', () => {
    const text = [
      'Num       RefCount Protocol Flags    Type St Inode Path',
      '0000000000000000: 00000002 00000000 00010000 0001 01 23456 /run/docker.sock',
      '0000000000000000: 00000002 00000000 00010000 0001 01 23457 @/tmp/.X11-unix/X0',
      '0000000000000000: 00000003 00000000 00000000 0001 03 23458',
      '0000000000000000: 00000002 00000000 00010000 0001 01 23459 /home/u/my dir/agent.sock',
      '0000000000000000: 00000002 00000000 00010000 0001 01 23460 daemon.sock',
    ].join('\n');
    expect(parseProcNetUnix(text)).toEqual({ paths: ['/run/docker.sock', '/home/u/my dir/agent.sock'], relative: 1 });
  });
  test('a list that cannot be read is said to be so (the session then keeps Unix sockets refused)', () => {
    expect(readHostSockets('/nonexistent/net/unix')).toMatchObject({ readable: false, why: expect.stringContaining('/nonexistent/net/unix cannot be read') as string });
  });
});

describe('warden sandbox probe: what stays refused', () => {
  const base: SandboxProbeReport = {
    available: true, bwrap: { path: '/usr/bin/bwrap', version: '0.8.0' }, uid: 1000, sysctl: { apparmorRestrictUnprivilegedUserns: null, unprivilegedUsernsClone: null, maxUserNamespaces: null },
    fixApplied: null, checks: [], processLimit: 'rlimit', tools: { bwrap: '/usr/bin/bwrap', nsenter: null, socat: null, setpriv: null }, networkProxy: false, problem: null, howToFix: [], warnings: [],
  };
  test('Unix sockets allowed: the report says how the host\'s are hidden, and they are not in the refused list', () => {
    const text = formatProbeReport({ ...base, unixSockets: unixSocketPolicy({ readable: true, paths: ['/srv/a.sock'], relative: 2 }) });
    expect(text).toMatch(/Unix sockets: allowed; the host's are hidden .*1 path.*2 bound to a relative path/);
    expect(text).toMatch(/refused by the system-call filter: io_uring, new user namespaces, 32-bit and x32 system calls\n/);
  });
  test('/proc/net/unix unreadable: Unix sockets are refused, and the report says so', () => {
    const text = formatProbeReport({ ...base, unixSockets: unixSocketPolicy({ readable: false, why: '/proc/net/unix cannot be read (EACCES)' }) });
    expect(text).toMatch(/Unix sockets: refused: \/proc\/net\/unix cannot be read/);
    expect(text).toMatch(/refused by the system-call filter: .*, Unix sockets\n/);
  });
});

/** A host server on `path` counting connections. */
async function hostServer(path: string, count: () => void): Promise<net.Server> {
  const s = net.createServer((c) => {
    count();
    c.end('hello from the host\n');
  });
  await new Promise<void>((r) => s.listen(path, r));
  return s;
}

const SERVE_AND_REQUEST = `
const http = require('node:http');
const path = process.argv[1];
const server = http.createServer((req, res) => res.end('inside ok ' + req.url));
server.listen(path, () => {
  http.get({ socketPath: path, path: '/x' }, (res) => {
    let body = '';
    res.on('data', (d) => (body += d));
    res.on('end', () => { console.log(body); server.close(); });
  });
});`;

describe.skipIf(BWRAP === null)(`Unix sockets in the sandbox (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  let hits = 0;
  const servers: net.Server[] = [];
  let foreign: ChildProcess | null = null;
  let ws: string;
  let hostDir: string;

  beforeAll(async () => {
    ws = makeWorkspace({ 'a.txt': 'a\n' });
    hostDir = makeHostDir();
    for (const path of [join(hostDir, 'svc.sock'), join(ws, 'svc.sock'), `\0warden-unix-test-${process.pid}`]) servers.push(await hostServer(path, () => hits++));
    // A server in a network namespace of its own (as a service container with the workspace
    // mounted would be): the host's /proc/net/unix does not list it.
    foreign = spawn(BWRAP ?? 'bwrap', ['--unshare-net', '--unshare-user', '--dev-bind', '/', '/', '--', 'socat', `UNIX-LISTEN:${join(ws, 'foreign.sock')},fork`, 'SYSTEM:echo hello from another netns'], { stdio: 'ignore' });
    for (let i = 0; i < 200 && !existsSync(join(ws, 'foreign.sock')); i++) await sleep(25);
  });
  afterAll(() => {
    for (const s of servers) s.close();
    foreign?.kill('SIGKILL');
    cleanupAll();
  });

  test('a command serves HTTP on a Unix socket under /tmp and in the workspace, and requests it', async () => {
    const runner = await openRunner({ workspace: ws });
    try {
      const r = await run(runner, ws, `node -e "$SCRIPT" /tmp/t-0/17.pipe 2>&1 || true; node -e "$SCRIPT" ./own.sock 2>&1; rm -f own.sock`.replace(/\$SCRIPT/g, SERVE_AND_REQUEST.replace(/"/g, '\\"')).replace('/tmp/t-0/17.pipe', '/tmp/own.sock'));
      expect(r.output).toBe('inside ok /x\ninside ok /x\n');
      expect(r.exitCode).toBe(0);
    } finally {
      await runner.dispose();
    }
  });

  test('a host socket that goes away with its directory during the run does not stop the next commands', async () => {
    // Found by running the suite beside a copy of itself: another process's socket, listed when
    // the run opened, was unbound and its directory removed, and bwrap refused every later command
    // ("Can't mkdir parents for …/svc.sock") while it mounted over the path that had gone.
    const dir = makeHostDir();
    const passing = await hostServer(join(dir, 'passing.sock'), () => undefined);
    const runner = await openRunner({ workspace: ws });
    try {
      expect((await run(runner, ws, 'echo first')).output).toContain('first');
      await new Promise<void>((r) => passing.close(() => r()));
      rmSync(dir, { recursive: true, force: true });
      const r = await run(runner, ws, 'echo second');
      expect(r.output).toBe('second\n');
      expect(r.exitCode).toBe(0);
    } finally {
      await runner.dispose();
    }
  });

  test('a host socket bound after the run opened is hidden from the next command too', async () => {
    // The host's sockets are listed for each command: one that a service on the runner binds
    // mid-run (a daemon another step started) is hidden as the ones bound before it opened.
    const dir = makeHostDir();
    let late = 0;
    const runner = await openRunner({ workspace: ws });
    let server: net.Server | null = null;
    try {
      expect((await run(runner, ws, 'echo first')).output).toBe('first\n');
      server = await hostServer(join(dir, 'late.sock'), () => late++);
      const r = await run(runner, ws, `socat - UNIX-CONNECT:${dir}/late.sock </dev/null; [ -S ${dir}/late.sock ] && echo still-a-socket; echo end`);
      expect(late).toBe(0);
      expect(r.output).not.toContain('hello from');
      expect(r.output).not.toContain('still-a-socket');
      expect(r.output).toContain('end');
    } finally {
      server?.close();
      await runner.dispose();
    }
  });

  test('no host socket is reachable: a visible host path, the workspace (two network namespaces), an abstract name', async () => {
    expect(existsSync(join(ws, 'foreign.sock'))).toBe(true);
    hits = 0;
    const runner = await openRunner({ workspace: ws });
    try {
      const r = await run(
        runner,
        ws,
        [
          `socat -u OPEN:/dev/null UNIX-CONNECT:${hostDir}/svc.sock`,
          'socat - UNIX-CONNECT:svc.sock </dev/null',
          'socat - UNIX-CONNECT:foreign.sock </dev/null',
          `socat - ABSTRACT-CONNECT:warden-unix-test-${process.pid} </dev/null`,
          // Every socket a command can find is one of its own (find's -type trusts the directory
          // entry, which still says socket under a mask: `test -S` looks at what is mounted there).
          'socat UNIX-LISTEN:/tmp/mine.sock /dev/null & sleep 0.3; { find / -xdev -type s; find /tmp /run /var/tmp /dev/shm "$PWD" -type s; } 2>/dev/null | sort -u | while read -r f; do [ -S "$f" ] && echo "$f"; done; echo found-end',
        ].join('; '),
      );
      expect(hits).toBe(0);
      expect(r.output).not.toContain('hello from');
      expect(r.output.split('\n').filter((l) => l.startsWith('/'))).toEqual(['/tmp/mine.sock']);
      expect(r.output).toContain('found-end');
    } finally {
      await runner.dispose();
    }
  });
});
