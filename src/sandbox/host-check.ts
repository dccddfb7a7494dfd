/**
 * Pure checks the network proxy makes before it connects anywhere: is the name well-formed, is it
 * on the policy's allow-list, and is the address it resolved to a public one.
 */
import { isIP } from 'node:net';
import { allowPrivateHint, hintText, networkAllowHint } from './policy-hints.js';

export type HostCheck = { ok: true; host: string } | { ok: false; reason: string };

const MAX_HOST_LENGTH = 253;
const LABEL = /^[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?$/;

/**
 * Normalizes a host as a client sent it (CONNECT target or absolute-URL host): lower-case, one
 * trailing dot dropped, IPv6 brackets removed. Refuses control characters, spaces, percent-encoding
 * and anything that is neither a DNS name nor an IP literal.
 */
export function normalizeHost(raw: string): HostCheck {
  // Checked on the raw text, before anything could strip or decode it.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return { ok: false, reason: 'the host name contains control characters' };
  let host = raw.toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (isIP(host) === 6) return { ok: true, host };
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (host === '') return { ok: false, reason: 'the host name is empty' };
  if (host.length > MAX_HOST_LENGTH) return { ok: false, reason: 'the host name is too long' };
  if (isIP(host) === 4) return { ok: true, host };
  // Bare numbers and hex forms (`2130706433`, `0x7f.1`) that some resolvers read as IPv4 are refused.
  if (/^[0-9.]+$/.test(host) || /(^|\.)0x[0-9a-f]*($|\.)/.test(host)) return { ok: false, reason: 'the host looks like a non-canonical IP address' };
  if (!host.split('.').every((label) => LABEL.test(label))) return { ok: false, reason: 'the host name has characters a DNS name cannot have' };
  return { ok: true, host };
}

/**
 * Allow-list match: exact, case-insensitive; `*.example.com` matches any subdomain at a label
 * boundary (`a.example.com`, `a.b.example.com`) but not `example.com` itself nor `badexample.com`.
 * IP literals match only an identical entry.
 */
export function hostMatches(host: string, patterns: readonly string[]): boolean {
  for (const raw of patterns) {
    const p = raw.toLowerCase().replace(/\.$/, '');
    if (p.startsWith('*.')) {
      const suffix = p.slice(1); // ".example.com"
      if (host.length > suffix.length && host.endsWith(suffix) && !host.startsWith('.')) return true;
    } else if (p === host || (p.startsWith('[') && p.slice(1, -1) === host)) {
      return true;
    }
  }
  return false;
}

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'metadata'
  | 'shared (CGNAT)'
  | 'unspecified'
  | 'multicast'
  | 'reserved';

type V4Range = [base: number, bits: number, cls: AddressClass];

// Order matters: the first match wins, so metadata precedes link-local.
const V4_RANGES: V4Range[] = [
  [v4('169.254.169.254'), 32, 'metadata'],
  [v4('100.100.100.200'), 32, 'metadata'], // Alibaba Cloud
  [v4('192.0.0.192'), 32, 'metadata'], // Oracle Cloud
  [v4('0.0.0.0'), 8, 'unspecified'],
  [v4('10.0.0.0'), 8, 'private'],
  [v4('100.64.0.0'), 10, 'shared (CGNAT)'],
  [v4('127.0.0.0'), 8, 'loopback'],
  [v4('169.254.0.0'), 16, 'link-local'],
  [v4('172.16.0.0'), 12, 'private'],
  [v4('192.0.0.0'), 24, 'reserved'],
  [v4('192.0.2.0'), 24, 'reserved'],
  [v4('192.168.0.0'), 16, 'private'],
  [v4('198.18.0.0'), 15, 'reserved'],
  [v4('198.51.100.0'), 24, 'reserved'],
  [v4('203.0.113.0'), 24, 'reserved'],
  [v4('224.0.0.0'), 4, 'multicast'],
  [v4('240.0.0.0'), 4, 'reserved'],
];

function v4(text: string): number {
  const parts = text.split('.').map(Number);
  return (((parts[0] ?? 0) << 24) | ((parts[1] ?? 0) << 16) | ((parts[2] ?? 0) << 8) | (parts[3] ?? 0)) >>> 0;
}

function classifyV4(n: number): AddressClass {
  for (const [base, bits, cls] of V4_RANGES) {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    if (((n & mask) >>> 0) === base) return cls;
  }
  return 'public';
}

/** Expands an IPv6 literal into eight 16-bit groups (accepts an embedded dotted IPv4 tail). */
function v6Groups(text: string): number[] {
  let s = text.split('%')[0] ?? text; // zone index
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (tail?.[1] !== undefined) {
    const n = v4(tail[1]);
    s = `${s.slice(0, -tail[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', rest] = s.split('::');
  const a = head === '' ? [] : head.split(':');
  const b = rest === undefined || rest === '' ? [] : rest.split(':');
  const fill = rest === undefined ? [] : new Array<string>(8 - a.length - b.length).fill('0');
  return [...a, ...fill, ...b].map((g) => parseInt(g, 16));
}

function classifyV6(text: string): AddressClass {
  const g = v6Groups(text);
  const at = (i: number): number => g[i] ?? 0;
  const v4Tail = ((at(6) << 16) | at(7)) >>> 0;
  const zeroTo = (n: number): boolean => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(8)) return 'unspecified';
  if (zeroTo(7) && at(7) === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) carry an IPv4 address.
  if (zeroTo(5) && at(5) === 0xffff) return classifyV4(v4Tail);
  if (zeroTo(6)) return classifyV4(v4Tail);
  if (at(0) === 0x64 && at(1) === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return classifyV4(v4Tail);
  if (at(0) === 0xfd00 && at(1) === 0x0ec2 && g.slice(2, 7).every((x) => x === 0) && at(7) === 0x254) return 'metadata'; // AWS IMDS over IPv6
  if ((at(0) & 0xffc0) === 0xfe80) return 'link-local';
  if ((at(0) & 0xfe00) === 0xfc00) return 'private'; // unique local fc00::/7
  if ((at(0) & 0xff00) === 0xff00) return 'multicast';
  if (at(0) === 0x2001 && at(1) === 0x0db8) return 'reserved'; // documentation
  if (at(0) === 0x2002) return classifyV4(((at(1) << 16) | at(2)) >>> 0); // 6to4 embeds an IPv4 address
  return 'public';
}

export function classifyAddress(ip: string): AddressClass {
  const family = isIP(ip);
  if (family === 4) return classifyV4(v4(ip));
  if (family === 6) return classifyV6(ip);
  return 'reserved';
}

export type ConnectVerdict = { allowed: true } | { allowed: false; reason: string };

/** The policy decision for one name, before DNS. */
export function checkHostAllowed(host: string, allow: readonly string[]): ConnectVerdict {
  if (hostMatches(host, allow)) return { allowed: true };
  return { allowed: false, reason: `${host} is not in sandbox.network.allow (${hintText(networkAllowHint(host), 'to allow it, add')})` };
}

/**
 * The decision for the addresses a name resolved to: every one must be public, unless the name is
 * in `allow_private`. All are checked (not only the first) because the proxy may use any of them.
 */
export function checkResolved(host: string, addresses: readonly string[], allowPrivate: readonly string[]): ConnectVerdict {
  if (addresses.length === 0) return { allowed: false, reason: `${host} did not resolve` };
  if (hostMatches(host, allowPrivate)) return { allowed: true };
  for (const address of addresses) {
    const cls = classifyAddress(address);
    if (cls !== 'public') {
      // Cloud metadata is never suggested: it hands out the machine's credentials.
      const fix = cls === 'metadata' ? 'only names in sandbox.network.allow_private may; metadata services hand out credentials' : `only names in sandbox.network.allow_private may; ${hintText(allowPrivateHint(host), 'if it is meant to be reachable, add')}`;
      return { allowed: false, reason: `${host} resolves to ${address}, a ${cls} address (${fix})` };
    }
  }
  return { allowed: true };
}
