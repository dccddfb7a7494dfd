/**
 * Escape suite, network and sockets: no network without an allow-list, the host's loopback is out
 * of reach, allowed names that resolve to private or metadata addresses are refused, and no host
 * Unix socket (path or abstract) can be reached. A local HTTP server counts every request it gets.
 */
import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Lookup } from '../../src/sandbox/network-proxy.js';
import { BWRAP, cleanupAll, config, makeHostDir, makeWorkspace, openRunner, run, SKIP_REASON } from './sandbox-fixture.js';

describe.skipIf(BWRAP === null)(`network escapes (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  let server: http.Server;
  let port = 0;
  let hits = 0;
  const sockets: net.Server[] = [];
  let socketHits = 0;
  let ws: string;
  let hostDir: string;
  const lookups: string[] = [];

  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      hits++;
      res.end('host secret service\n');
    });
    await new Promise<void>((r) => server.listen(0, '0.0.0.0', r));
    port = (server.address() as net.AddressInfo).port;
    ws = makeWorkspace({ 'a.txt': 'a\n' });
    hostDir = makeHostDir();
    for (const path of [join(hostDir, 'svc.sock'), join(ws, 'svc.sock'), `\0warden-test-${process.pid}`]) {
      const s = net.createServer((c) => {
        socketHits++;
        c.end('hello from the host\n');
      });
      await new Promise<void>((r) => s.listen(path, r));
      sockets.push(s);
    }
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    for (const s of sockets) s.close();
    cleanupAll();
  });

  test('network off by default: the host loopback, its other addresses and DNS are unreachable', async () => {
    hits = 0;
    const runner = await openRunner({ workspace: ws });
    try {
      const hostIps = Object.values((await import('node:os')).networkInterfaces()).flat().filter((i) => i !== undefined && i.family === 'IPv4').map((i) => i?.address);
      const curls = ['127.0.0.1', ...hostIps].map((ip) => `curl -sS -m 3 http://${ip}:${port}/`).join('; ');
      const r = await run(runner, ws, `${curls}; (exec 3<>/dev/tcp/127.0.0.1/${port}) ; getent hosts example.com; curl -sS -m 3 http://example.com/`);
      expect(hits).toBe(0);
      expect(r.output).not.toContain('host secret service');
      expect(r.violations.some((v) => v.includes('network access is off'))).toBe(true);
    } finally {
      await runner.dispose();
    }
  });

  test('with an allow-list: loopback, private and metadata addresses behind allowed names are refused and logged', async () => {
    hits = 0;
    let rebindCalls = 0;
    const table: Record<string, string[]> = {
      'internal.test': ['127.0.0.1'],
      'metadata.test': ['169.254.169.254'],
      'v6meta.test': ['fd00:ec2::254'],
      'cgnat.test': ['100.64.1.2'],
      'mixed.test': ['192.0.2.1', '10.1.2.3'],
    };
    const lookup: Lookup = (host) => {
      lookups.push(host);
      if (host === 'rebind.test') return Promise.resolve(rebindCalls++ === 0 ? ['8.8.8.8'] : ['127.0.0.1']);
      return Promise.resolve(table[host] ?? []);
    };
    const runner = await openRunner({ workspace: ws, lookup, config: config({ network: { allow: [...Object.keys(table), 'rebind.test'], allowPrivate: [] } }) });
    try {
      const r = await run(
        runner,
        ws,
        [
          `curl -sS -m 5 http://internal.test:${port}/`,
          'curl -sS -m 5 http://metadata.test/latest/meta-data/',
          `curl -sS -m 5 -p http://metadata.test:${port}/`,
          'curl -sS -m 5 http://v6meta.test/',
          'curl -sS -m 5 http://cgnat.test/',
          'curl -sS -m 5 http://mixed.test/',
          `curl -sS -m 5 --noproxy '' -x http://127.0.0.1:3128 http://127.0.0.1:${port}/`,
          `curl -sS -m 5 http://not-allowed.test:${port}/`,
          `curl -sS -m 5 --noproxy '*' http://internal.test:${port}/`,
          `curl -sS -m 5 -p http://rebind.test:${port}/`,
          `exec 3<>/dev/tcp/127.0.0.1/3128; printf 'CONNECT ev\\001il.test:443 HTTP/1.1\\r\\n\\r\\n' >&3; head -c 12 <&3; echo`,
        ].join('; '),
      );
      expect(hits).toBe(0);
      expect(r.output).not.toContain('host secret service');
      const v = r.violations.join('\n');
      expect(v).toMatch(/internal\.test resolves to 127\.0\.0\.1, a loopback address/);
      expect(v).toMatch(/metadata\.test resolves to 169\.254\.169\.254, a metadata address/);
      expect(v).toMatch(/CONNECT metadata\.test:\d+ blocked/);
      expect(v).toMatch(/v6meta\.test resolves to fd00:ec2::254, a metadata address/);
      expect(v).toMatch(/cgnat\.test resolves to 100\.64\.1\.2, a shared \(CGNAT\) address/);
      expect(v).toMatch(/mixed\.test resolves to 192\.0\.2\.1/);
      expect(v).toMatch(/127\.0\.0\.1 is not in sandbox\.network\.allow/);
      expect(v).toMatch(/not-allowed\.test is not in sandbox\.network\.allow/);
      expect(v).toMatch(/malformed request/);
      // DNS rebinding: one lookup, the checked public address is the one dialled, never 127.0.0.1.
      expect(lookups.filter((h) => h === 'rebind.test')).toHaveLength(1);
    } finally {
      await runner.dispose();
    }
  });

  test('host Unix sockets (a visible path, one inside the workspace, an abstract one) cannot be reached', async () => {
    socketHits = 0;
    const runner = await openRunner({ workspace: ws });
    try {
      const r = await run(
        runner,
        ws,
        [
          `ls -la ${hostDir}/svc.sock svc.sock`,
          `socat -u OPEN:/dev/null UNIX-CONNECT:${hostDir}/svc.sock`,
          'socat -u OPEN:/dev/null UNIX-CONNECT:svc.sock',
          `socat -u OPEN:/dev/null ABSTRACT-CONNECT:warden-test-${process.pid}`,
          'ls /run /var/run 2>&1',
          'command -v python3 >/dev/null && python3 -c "import socket; socket.socket(socket.AF_UNIX).connect(\\"svc.sock\\")"',
          'true',
        ].join('; '),
      );
      expect(socketHits).toBe(0);
      // The names are visible, but what is mounted there is no socket (host-sockets.ts; more in unix-sockets.test.ts).
      expect(r.output).toMatch(/svc\.sock/);
      expect(r.output).toMatch(/Connection refused|Permission denied/);
      expect(r.output).not.toContain('hello from the host');
    } finally {
      await runner.dispose();
    }
  });
});
