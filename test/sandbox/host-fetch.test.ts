import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hostFetch, type HostFetchOptions } from '../../src/sandbox/index.js';

/** A real HTTP server on loopback; each test sets what it answers. */
let server: Server;
let port: number;
let seen: { url: string; headers: IncomingHttpHeaders }[];
let answer: (url: string) => { status: number; headers?: Record<string, string>; body?: string };

beforeEach(async () => {
  seen = [];
  answer = () => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: 'hello' });
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    const a = answer(req.url ?? '');
    res.writeHead(a.status, a.headers ?? {}).end(a.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

// Names resolve through this table only: `docs.test` stands for a public name that lands on loopback.
const table: Record<string, string[]> = { 'docs.test': ['127.0.0.1'], 'other.test': ['127.0.0.1'] };
let lookups: string[];
const options = (over: Partial<HostFetchOptions> = {}): HostFetchOptions => ({
  judge: (url) => Promise.resolve(new URL(url).hostname === 'other.test' ? 'no rule allows other.test' : null),
  allowPrivate: ['docs.test', 'other.test'],
  lookup: (host) => {
    lookups.push(host);
    return Promise.resolve(table[host] ?? []);
  },
  maxBytes: 1000,
  timeoutMs: 10_000,
  maxRedirects: 3,
  signal: new AbortController().signal,
  ...over,
});
beforeEach(() => {
  lookups = [];
});

describe('hostFetch: the host side of WebFetch under the proxy\'s address rules', () => {
  it('fetches an allowed page from the address it checked, resolving the name once', async () => {
    const r = await hostFetch(`http://docs.test:${port}/page`, options());
    expect(r).toMatchObject({ ok: true, status: 200, url: `http://docs.test:${port}/page`, truncated: false });
    expect(r.ok && r.body.toString()).toBe('hello');
    expect(lookups).toEqual(['docs.test']);
    expect(seen[0]?.headers.host).toBe(`docs.test:${port}`);
  });

  it('refuses a name that resolves to a private address unless allow_private names it', async () => {
    const r = await hostFetch(`http://docs.test:${port}/`, options({ allowPrivate: [] }));
    expect(r).toEqual({ ok: false, reason: expect.stringContaining('docs.test resolves to 127.0.0.1, a loopback address') as string });
    expect(r.ok ? '' : r.reason).toContain('sandbox.network.allow_private');
    expect(seen).toHaveLength(0);
  });

  it('re-judges every redirect: a hop to a host the policy refuses is not fetched', async () => {
    answer = (url) => (url === '/start' ? { status: 302, headers: { location: `http://other.test:${port}/secret` } } : { status: 200, body: 'should not be read' });
    const r = await hostFetch(`http://docs.test:${port}/start`, options());
    expect(r).toEqual({ ok: false, reason: `the redirect to http://other.test:${port}/secret was refused: no rule allows other.test` });
    expect(seen.map((s) => s.url)).toEqual(['/start']);
  });

  it('re-checks the address of every redirect, and bounds their number', async () => {
    answer = (url) => ({ status: 301, headers: { location: `${url}x` } });
    const r = await hostFetch(`http://docs.test:${port}/`, options());
    expect(r).toEqual({ ok: false, reason: `more than 3 redirects (the last to /xxxx)` });
    expect(lookups).toEqual(['docs.test', 'docs.test', 'docs.test', 'docs.test']);
    const noPrivate = await hostFetch(`http://docs.test:${port}/`, options({ allowPrivate: [] }));
    expect(noPrivate.ok).toBe(false);
  });

  it('keeps at most maxBytes of the body and says it was cut', async () => {
    answer = () => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: 'a'.repeat(50_000) });
    const r = await hostFetch(`http://docs.test:${port}/big`, options({ maxBytes: 1000 }));
    expect(r).toMatchObject({ ok: true, truncated: true });
    expect(r.ok && r.body.length).toBe(1000);
  });

  it.each([
    ['file:///etc/passwd', 'only http and https URLs are fetched, not file:'],
    ['ftp://docs.test/x', 'only http and https URLs are fetched, not ftp:'],
    ['http://user:pw@docs.test/', 'a URL with credentials in it is not fetched'],
    ['not a url', 'not a url is not a URL'],
  ])('refuses %s', async (url, reason) => {
    expect(await hostFetch(url, options())).toEqual({ ok: false, reason });
  });

  it('sends no cookie, no authorization and nothing but the fixed headers', async () => {
    await hostFetch(`http://docs.test:${port}/`, options());
    expect(Object.keys(seen[0]?.headers ?? {}).sort()).toEqual(['accept', 'accept-encoding', 'connection', 'host', 'user-agent']);
  });
});
