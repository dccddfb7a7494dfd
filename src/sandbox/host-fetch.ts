/**
 * The host's own HTTP requests, under the network proxy's address rules: each URL (the first and
 * every redirect's) is judged by the caller, its host is resolved once, every address must be
 * public unless the host is in `allowPrivate`, and the connection goes to the address that was
 * checked (no DNS rebinding). http(s) only, and never a URL with credentials in it. Two users:
 * WebFetch's GET (`hostFetch`: a bounded number of redirects, a byte cap, a deadline, nothing from
 * the environment) and an HTTP MCP server's transport (`guardedFetch`: redirects never followed).
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { checkHostAllowed, normalizeHost } from './host-check.js';
import { resolveChecked, systemLookup, type Lookup } from './network-proxy.js';

export interface TargetRules {
  /** Judges one URL before it is requested: null to go on, or why it may not be fetched. */
  judge: (url: string) => Promise<string | null> | string | null;
  allowPrivate: readonly string[];
  lookup?: Lookup;
}

export interface HostFetchOptions extends TargetRules {
  /** Bytes of body kept; the rest is not read. */
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  signal: AbortSignal;
}

export type HostFetchResult =
  | { ok: true; url: string; status: number; contentType: string; body: Buffer; truncated: boolean }
  | { ok: false; reason: string };

type Target = { ok: true; url: URL; address: string } | { ok: false; reason: string };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
// Nothing but what any browser sends unasked: no cookie, no authorization, no proxy credentials.
const HEADERS = { accept: 'text/html, text/markdown, text/plain, application/json;q=0.9, */*;q=0.5', 'accept-encoding': 'identity', 'user-agent': 'Warden-WebFetch/1' };

export async function hostFetch(url: string, opts: HostFetchOptions): Promise<HostFetchResult> {
  const signal = AbortSignal.any([opts.signal, AbortSignal.timeout(opts.timeoutMs)]);
  let current = url;
  for (let hop = 0; ; hop++) {
    const target = await checkTarget(current, opts);
    if (!target.ok) return hop === 0 ? target : { ok: false, reason: `the redirect to ${current} was refused: ${target.reason}` };
    let response: Awaited<ReturnType<typeof readCapped>>;
    try {
      response = await readCapped(await send(target, { method: 'GET', headers: HEADERS, signal }), opts.maxBytes);
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

export interface NetworkRules {
  allow: readonly string[];
  allowPrivate: readonly string[];
}

/** The rules of the sandbox's proxy: a host in `allow` (sandbox.network.allow), addresses as there. */
export function networkTargetRules(rules: NetworkRules, lookup: Lookup = systemLookup): TargetRules {
  const judge = (url: string): string | null => {
    const host = normalizeHost(new URL(url).hostname);
    const allowed = host.ok ? checkHostAllowed(host.host, rules.allow) : { allowed: false as const, reason: host.reason };
    return allowed.allowed ? null : allowed.reason;
  };
  return { judge, allowPrivate: rules.allowPrivate, lookup };
}

/** A `fetch` for the MCP SDK's HTTP transport. */
export function guardedFetch(rules: TargetRules): (input: string | URL, init?: RequestInit) => Promise<Response> {
  return async (input: string | URL, init?: RequestInit): Promise<Response> => {
    const target = await checkTarget(String(input), rules);
    if (!target.ok) throw new Error(`warden: ${String(input)} blocked: ${target.reason}`);
    // The MCP transport sends JSON text, or nothing.
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const res = await send(target, { method: init?.method ?? 'GET', headers: Object.fromEntries(new Headers(init?.headers)), body, signal: init?.signal ?? undefined });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const status = res.statusCode ?? 502;
    const nullBody = status === 204 || status === 304 || init?.method === 'HEAD';
    if (nullBody) res.resume();
    return new Response(nullBody ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), { status, headers });
  };
}

/** Why `text` may not be requested, or the URL and the checked address to connect to. */
export async function checkTarget(text: string, rules: TargetRules): Promise<Target> {
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
  const refused = await rules.judge(url.href);
  if (refused !== null) return { ok: false, reason: refused };
  const resolved = await resolveChecked(host.host, { lookup: rules.lookup ?? systemLookup, allowPrivate: rules.allowPrivate });
  return resolved.ok ? { ok: true, url, address: resolved.address } : resolved;
}

/** One request to the checked address (the name only for the Host header and TLS). */
function send(target: Target & { ok: true }, init: { method: string; headers: Record<string, string>; body?: string | undefined; signal?: AbortSignal | undefined }): Promise<IncomingMessage> {
  const { address } = target;
  const family = address.includes(':') ? 6 : 4;
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all === true) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const request = target.url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(target.url, { method: init.method, headers: init.headers, lookup, agent: false, ...(init.signal === undefined ? {} : { signal: init.signal }) }, resolve);
    req.on('error', reject);
    req.end(init.body);
  });
}

async function readCapped(res: IncomingMessage, maxBytes: number): Promise<{ status: number; contentType: string; body: Buffer; truncated: boolean; location: string | undefined }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  // Leaving the loop early destroys the response: the rest is not read.
  for await (const chunk of res as AsyncIterable<Buffer>) {
    const room = maxBytes - size;
    chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
    size += Math.min(chunk.length, room);
    if (chunk.length > room) {
      truncated = true;
      break;
    }
  }
  return { status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks), truncated, location: res.headers.location };
}
