/** The proxy on its own (no sandbox): plain HTTP and CONNECT, checks before any connection, the log. */
import http from 'node:http';
import type net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SandboxViolation } from '../../src/sandbox/denials.js';
import { parseAuthority, startNetworkProxy, type Lookup, type NetworkProxy } from '../../src/sandbox/network-proxy.js';

describe('network proxy', () => {
  let upstream: http.Server;
  let port = 0;
  let hits: string[] = [];
  let dir: string;
  let proxy: NetworkProxy;
  const log: SandboxViolation[] = [];
  const lookups: string[] = [];
  const lookup: Lookup = (host) => {
    lookups.push(host);
    const table: Record<string, string[]> = { 'ok.test': ['127.0.0.1'], 'meta.test': ['169.254.169.254'], 'loop.test': ['127.0.0.1'] };
    return Promise.resolve(table[host] ?? []);
  };

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url} host=${req.headers.host} proxy-auth=${req.headers['proxy-authorization'] ?? '-'}`);
      res.end('upstream says hi\n');
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    port = (upstream.address() as net.AddressInfo).port;
    dir = mkdtempSync(join(tmpdir(), 'warden-proxy-'));
    proxy = await startNetworkProxy({ socketPath: join(dir, 'p.sock'), allow: ['ok.test', 'meta.test', 'loop.test'], allowPrivate: ['ok.test'], lookup, onViolation: (v) => log.push(v) });
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise<void>((r) => upstream.close(() => r()));
    rmSync(dir, { recursive: true, force: true });
  });

  function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request({ socketPath: proxy.socketPath, path: url, headers: { host: new URL(url).host, ...headers } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
  }
  function connect(authority: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request({ socketPath: proxy.socketPath, method: 'CONNECT', path: authority });
      req.on('connect', (res, socket) => {
        if (res.statusCode !== 200) {
          resolve({ status: res.statusCode ?? 0, body: '' });
          socket.destroy();
          return;
        }
        socket.write(`GET /tunnelled HTTP/1.1\r\nHost: ok.test\r\nConnection: close\r\n\r\n`);
        let body = '';
        socket.on('data', (c: Buffer) => (body += c.toString()));
        socket.on('end', () => resolve({ status: 200, body }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  test('an allowed host is reached at the address that was checked; no proxy credentials, no fronted Host', async () => {
    hits = [];
    const r = await get(`http://ok.test:${port}/file?x=1`, { 'proxy-authorization': 'Basic c2VjcmV0', host: 'fronted.example' });
    expect(r).toEqual({ status: 200, body: 'upstream says hi\n' });
    expect(hits).toEqual([`GET /file?x=1 host=ok.test:${port} proxy-auth=-`]);
  });

  test('CONNECT tunnels to an allowed host', async () => {
    hits = [];
    const r = await connect(`ok.test:${port}`);
    expect(r.status).toBe(200);
    expect(r.body).toContain('upstream says hi');
    expect(hits).toHaveLength(1);
  });

  test.each([
    ['not on the allow-list', () => get(`http://other.test:${port}/`), /other\.test is not in sandbox\.network\.allow/],
    ['metadata address', () => get('http://meta.test/latest/'), /169\.254\.169\.254, a metadata address/],
    ['loopback without allowPrivate', () => connect(`loop.test:${port}`), /CONNECT loop\.test:\d+ blocked: loop\.test resolves to 127\.0\.0\.1, a loopback/],
    ['IP literal', () => get(`http://127.0.0.1:${port}/`), /127\.0\.0\.1 is not in sandbox\.network\.allow/],
    ['malformed CONNECT target', () => connect('ok.test'), /malformed CONNECT target/],
    ['https as a plain request', () => get(`https://ok.test:${port}/`), /use CONNECT/],
  ])('refused and logged: %s', async (_name, call, message) => {
    hits = [];
    log.length = 0;
    const r = await call();
    expect(r.status).toBe(403);
    expect(hits).toEqual([]);
    expect(log.map((v) => v.message).join('\n')).toMatch(message);
  });

  test('names are checked against the allow-list before any DNS lookup', async () => {
    lookups.length = 0;
    await get('http://secret-exfil-data.attacker.test/');
    expect(lookups).toEqual([]);
  });

  test.each([
    ['host:443', { host: 'host', port: 443 }],
    ['[::1]:8080', { host: '::1', port: 8080 }],
    ['host', null],
    ['a:b:c', null],
  ])('parseAuthority(%s)', (input, expected) => {
    expect(parseAuthority(input)).toEqual(expected);
  });
});
