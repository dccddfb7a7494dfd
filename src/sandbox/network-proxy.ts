/**
 * The filtering proxy, in the runner, on a Unix socket only the network bridge reaches. CONNECT and
 * plain absolute-URL HTTP: the host must be well-formed and allowed, it is resolved here, every
 * address must be public (unless `allowPrivate`), and the connection goes to the address checked
 * (no DNS rebinding). Every refusal is recorded for its command.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SandboxViolation } from './denials.js';
import { checkHostAllowed, checkResolved, normalizeHost } from './host-check.js';

/** Resolves a name to addresses; injectable so tests can stand in for DNS. */
export type Lookup = (host: string) => Promise<string[]>;

export const systemLookup: Lookup = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

export interface ProxyOptions {
  socketPath: string;
  allow: readonly string[];
  allowPrivate: readonly string[];
  lookup: Lookup;
  /** Called for every refused request, in order. */
  onViolation: (v: SandboxViolation) => void;
  /** DNS answers slower than this are refused. */
  lookupTimeoutMs?: number;
}

export interface NetworkProxy {
  readonly socketPath: string;
  close(): Promise<void>;
}

type Target = { ok: true; host: string; address: string; port: number } | { ok: false; reason: string };

const HOP_BY_HOP = ['connection', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'keep-alive', 'te', 'trailer', 'upgrade'];

async function resolveTarget(opts: ProxyOptions, rawHost: string, port: number): Promise<Target> {
  const norm = normalizeHost(rawHost);
  if (!norm.ok) return { ok: false, reason: norm.reason };
  if (!Number.isInteger(port) || port < 1 || port > 65535) return { ok: false, reason: `invalid port ${port}` };
  const allowed = checkHostAllowed(norm.host, opts.allow);
  if (!allowed.allowed) return { ok: false, reason: allowed.reason };
  const resolved = await resolveChecked(norm.host, opts);
  return resolved.ok ? { ok: true, host: norm.host, address: resolved.address, port } : resolved;
}

/**
 * Resolves a normalized host once and checks every address it got (public, unless the host is in
 * `allowPrivate`); the caller connects to the address returned, never to the name again. Shared
 * with WebFetch's host-side fetch (host-fetch.ts).
 */
export async function resolveChecked(host: string, opts: Pick<ProxyOptions, 'lookup' | 'allowPrivate' | 'lookupTimeoutMs'>): Promise<{ ok: true; address: string } | { ok: false; reason: string }> {
  let addresses: string[];
  if (net.isIP(host) !== 0) addresses = [host];
  else {
    try {
      addresses = await withTimeout(opts.lookup(host), opts.lookupTimeoutMs ?? 10_000);
    } catch {
      return { ok: false, reason: `${host} did not resolve` };
    }
  }
  const resolved = checkResolved(host, addresses, opts.allowPrivate);
  if (!resolved.allowed) return { ok: false, reason: resolved.reason };
  const address = addresses[0];
  if (address === undefined) return { ok: false, reason: `${host} did not resolve` };
  return { ok: true, address };
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, sleep(ms, undefined, { ref: false }).then(() => Promise.reject(new Error('timeout')))]);
}

/** `host:port` of a CONNECT request, with `[v6]:port` support. */
export function parseAuthority(authority: string): { host: string; port: number } | null {
  const m = /^\[([^\]]*)\]:(\d{1,5})$/.exec(authority) ?? /^([^:[\]]*):(\d{1,5})$/.exec(authority);
  if (m?.[1] === undefined || m[2] === undefined) return null;
  return { host: m[1], port: Number(m[2]) };
}

const safe = (s: string): string => JSON.stringify(s).slice(1, -1).slice(0, 200);

export async function startNetworkProxy(opts: ProxyOptions): Promise<NetworkProxy> {
  const tunnels = new Set<Duplex>();
  const refuse = (what: string, reason: string): void => {
    opts.onViolation({ kind: 'network', source: 'proxy', message: `${what} blocked: ${reason}` });
  };

  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    void handleRequest(req, res);
  });

  async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('warden sandbox proxy: absolute http:// URL required\n');
      return;
    }
    if (url.protocol !== 'http:') {
      refuse(`${method} ${safe(url.href)}`, `only http:// goes through as a plain request; use CONNECT (HTTPS_PROXY) for ${url.protocol}`);
      res.writeHead(403, { 'x-proxy-error': 'blocked-by-warden-sandbox' }).end('warden sandbox proxy: blocked\n');
      return;
    }
    const port = url.port === '' ? 80 : Number(url.port);
    const target = await resolveTarget(opts, url.hostname, port);
    if (!target.ok) {
      refuse(`${method} http://${safe(url.hostname)}:${port}`, target.reason);
      res.writeHead(403, { 'content-type': 'text/plain', 'x-proxy-error': 'blocked-by-warden-sandbox' }).end(`warden sandbox proxy: blocked: ${target.reason}\n`);
      return;
    }
    const headers = { ...req.headers };
    for (const h of HOP_BY_HOP) delete headers[h];
    // The Host header must name the host that was checked: a different one would reach another site
    // behind the same address (a CDN), i.e. domain fronting in plain HTTP.
    headers.host = url.host;
    const upstream = http.request({ host: target.address, port: target.port, method, path: `${url.pathname}${url.search}`, headers, setHost: false });
    upstream.on('response', (up) => {
      const out = { ...up.headers };
      for (const h of HOP_BY_HOP) delete out[h];
      res.writeHead(up.statusCode ?? 502, out);
      up.pipe(res);
    });
    upstream.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end(`warden sandbox proxy: upstream error: ${err.message}\n`);
      else res.destroy();
    });
    req.pipe(upstream);
  }

  // Requests the HTTP parser rejects (control characters in the target, malformed lines) are refusals too.
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code !== 'ECONNRESET') refuse('malformed request', `the proxy could not parse it (${err.code ?? err.message})`);
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  server.on('connect', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    tunnels.add(client);
    client.on('close', () => tunnels.delete(client));
    client.on('error', () => client.destroy());
    void handleConnect(req.url ?? '', client, head);
  });

  async function handleConnect(authority: string, client: Duplex, head: Buffer): Promise<void> {
    const parsed = parseAuthority(authority);
    const target = parsed === null ? ({ ok: false, reason: 'malformed CONNECT target' } as const) : await resolveTarget(opts, parsed.host, parsed.port);
    if (!target.ok) {
      refuse(`CONNECT ${safe(authority)}`, target.reason);
      client.end(`HTTP/1.1 403 Forbidden\r\nX-Proxy-Error: blocked-by-warden-sandbox\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nwarden sandbox proxy: blocked: ${target.reason}\n`);
      return;
    }
    const upstream = net.connect({ host: target.address, port: target.port });
    tunnels.add(upstream);
    upstream.on('close', () => tunnels.delete(upstream));
    let established = false;
    upstream.once('connect', () => {
      established = true;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', (err) => {
      if (!established) client.end(`HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\n\r\nwarden sandbox proxy: ${err.message}\n`);
      else client.destroy();
    });
    client.on('close', () => upstream.destroy());
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    socketPath: opts.socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of tunnels) t.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
