/**
 * WebFetch's GET, made by the host under the network proxy's address rules: each URL (the first and
 * every redirect's) is judged by the caller's policy, its host is resolved once, every address must
 * be public unless the host is in `allowPrivate`, and the connection goes to the address that was
 * checked (no DNS rebinding). http(s) only, a bounded number of redirects, a byte cap and a
 * deadline. The request carries no cookie, no credential and nothing from the environment.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { normalizeHost } from './host-check.js';
import { resolveChecked, systemLookup, type Lookup } from './network-proxy.js';

export interface HostFetchOptions {
  /** Judges one URL before it is requested: null to go on, or why it may not be fetched. */
  judge: (url: string) => Promise<string | null>;
  allowPrivate: readonly string[];
  lookup?: Lookup;
  /** Bytes of body kept; the rest is not read. */
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  signal: AbortSignal;
}

export type HostFetchResult =
  | { ok: true; url: string; status: number; contentType: string; body: Buffer; truncated: boolean }
  | { ok: false; reason: string };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
// Nothing but what any browser sends unasked: no cookie, no authorization, no proxy credentials.
const HEADERS = { accept: 'text/html, text/markdown, text/plain, application/json;q=0.9, */*;q=0.5', 'accept-encoding': 'identity', 'user-agent': 'Warden-WebFetch/1' };

export async function hostFetch(url: string, opts: HostFetchOptions): Promise<HostFetchResult> {
  const signal = AbortSignal.any([opts.signal, AbortSignal.timeout(opts.timeoutMs)]);
  let current = url;
  for (let hop = 0; ; hop++) {
    const target = await checkUrl(current, opts);
    if (!target.ok) return hop === 0 ? target : { ok: false, reason: `the redirect to ${current} was refused: ${target.reason}` };
    let response: Awaited<ReturnType<typeof get>>;
    try {
      response = await get(target.url, target.address, opts.maxBytes, signal);
    } catch (err) {
      const why = signal.aborted && !opts.signal.aborted ? `no complete answer within ${opts.timeoutMs} ms` : err instanceof Error ? err.message : String(err);
      return { ok: false, reason: `fetching ${current} failed: ${why}` };
    }
    if (!REDIRECTS.has(response.status) || response.location === undefined) return { ok: true, url: current, ...response };
    if (hop >= opts.maxRedirects) return { ok: false, reason: `more than ${opts.maxRedirects} redirects (the last to ${response.location})` };
    try {
      current = new URL(response.location, current).href;
    } catch {
      return { ok: false, reason: `the redirect from ${current} names no valid URL` };
    }
  }
}

async function checkUrl(text: string, opts: HostFetchOptions): Promise<{ ok: true; url: URL; address: string } | { ok: false; reason: string }> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: `${text} is not a URL` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: `only http and https URLs are fetched, not ${url.protocol}` };
  // A user name or password in the URL would go out as an Authorization header.
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'a URL with credentials in it is not fetched' };
  const host = normalizeHost(url.hostname);
  if (!host.ok) return { ok: false, reason: host.reason };
  const refused = await opts.judge(url.href);
  if (refused !== null) return { ok: false, reason: refused };
  const resolved = await resolveChecked(host.host, { lookup: opts.lookup ?? systemLookup, allowPrivate: opts.allowPrivate });
  return resolved.ok ? { ok: true, url, address: resolved.address } : resolved;
}

/** One GET to the checked address (the name only for the Host header and TLS). */
function get(url: URL, address: string, maxBytes: number, signal: AbortSignal): Promise<{ status: number; contentType: string; body: Buffer; truncated: boolean; location: string | undefined }> {
  const family = address.includes(':') ? 6 : 4;
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all === true) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers: HEADERS, lookup, agent: false, signal }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      const done = (): void => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks), truncated, location: res.headers.location });
      res.on('data', (chunk: Buffer) => {
        if (truncated) return;
        const room = maxBytes - size;
        chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        size += Math.min(chunk.length, room);
        if (chunk.length > room) {
          truncated = true;
          res.destroy();
          done();
        }
      });
      res.on('end', done);
      res.on('error', (err) => (truncated ? undefined : reject(err)));
    });
    req.on('error', reject);
    req.end();
  });
}
