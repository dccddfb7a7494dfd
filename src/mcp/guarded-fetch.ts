/**
 * The fetch an HTTP MCP server is reached with, from the host: the same rules as the sandbox's
 * proxy (network-proxy.ts). The host must be in sandbox.network.allow; it is resolved here and
 * every address must be public unless the host is in allow_private; and the connection goes to the
 * address that was checked (the lookup is pinned), so a second DNS answer cannot redirect it.
 * Redirects are never followed.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { checkHostAllowed, checkResolved, normalizeHost, type Lookup } from '../sandbox/index.js';

export interface NetworkRules {
  allow: readonly string[];
  allowPrivate: readonly string[];
}

/** Why `url` may not be reached, or null. */
export async function refusalFor(url: URL, rules: NetworkRules, lookup: Lookup): Promise<string | null> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${url.protocol} is not http or https`;
  const host = normalizeHost(url.hostname.replace(/^\[|\]$/g, ''));
  if (!host.ok) return host.reason;
  const allowed = checkHostAllowed(host.host, rules.allow);
  if (!allowed.allowed) return allowed.reason;
  const addresses = isIP(host.host) === 0 ? await lookup(host.host).catch(() => []) : [host.host];
  const resolved = checkResolved(host.host, addresses, rules.allowPrivate);
  return resolved.allowed ? null : resolved.reason;
}

export function guardedFetch(rules: NetworkRules, lookup: Lookup): FetchLike {
  return async (input, init) => {
    const url = new URL(input);
    const refused = await refusalFor(url, rules, lookup);
    if (refused !== null) throw new Error(`warden: ${url.host} blocked: ${refused}`);
    // The connection goes to an address checked just now, never to a fresh DNS answer.
    const pinned: LookupFunction = (hostname, options, callback) => {
      void lookup(hostname).then((addresses) => {
        const verdict = checkResolved(hostname, addresses, rules.allowPrivate);
        const address = addresses[0];
        if (!verdict.allowed || address === undefined) callback(new Error(verdict.allowed ? `${hostname} did not resolve` : verdict.reason), '', 4);
        else if (options.all === true) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family: isIP(address) }]);
        else callback(null, address, isIP(address));
      }, (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), '', 4));
    };
    const headers = new Headers(init?.headers);
    // The MCP transport sends JSON text, or nothing.
    const body = typeof init?.body === 'string' ? init.body : undefined;
    return new Promise<Response>((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request(url, { method: init?.method ?? 'GET', headers: Object.fromEntries(headers), lookup: pinned }, (res) => {
        const out = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) out.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        const status = res.statusCode ?? 502;
        const nullBody = status === 204 || status === 304 || init?.method === 'HEAD';
        if (nullBody) res.resume();
        resolve(new Response(nullBody ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), { status, headers: out }));
      });
      request.on('error', reject);
      const signal = init?.signal;
      if (signal !== undefined && signal !== null) {
        if (signal.aborted) request.destroy(new Error('aborted'));
        else signal.addEventListener('abort', () => request.destroy(new Error('aborted')), { once: true });
      }
      request.end(body);
    });
  };
}
