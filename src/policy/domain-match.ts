/**
 * Host patterns for `WebFetch(domain:host)` and the sandbox's network allow-list. Wildcards stop at
 * label boundaries: a leading `*.` matches one or more labels (`*.example.com` matches
 * `a.b.example.com`, not `example.com`), a `*` label elsewhere matches exactly one label
 * (`example.*` matches `example.org`, not `example.evil.com`). Matching is case-insensitive and
 * ignores a trailing dot.
 */
import { fail, type Parsed } from './rule-parse.js';

export interface HostPattern {
  /** Labels after any leading `*.`, lowercased; a `*` label matches one label. */
  labels: string[];
  /** A leading `*.`: one or more extra labels in front. */
  subdomains: boolean;
  /** `*` alone: every host. */
  any: boolean;
}

const LABEL = /^(?:\*|[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)$/;

export function parseHostPattern(text: string): Parsed<HostPattern> {
  const host = text.toLowerCase().replace(/\.$/, '');
  if (host === '*') return { ok: true, value: { labels: [], subdomains: false, any: true } };
  if (host === '') return fail('empty host; expected a host like example.com or *.example.com', 0);
  const subdomains = host.startsWith('*.');
  const labels = (subdomains ? host.slice(2) : host).split('.');
  let at = subdomains ? 2 : 0;
  for (const label of labels) {
    if (label.includes('*') && label !== '*') {
      return fail('a "*" must be a whole label (*.example.com or example.*), not part of one', at + label.indexOf('*'));
    }
    if (!LABEL.test(label)) return fail(`invalid host label "${label}"; expected letters, digits and "-"`, at);
    at += label.length + 1;
  }
  if (labels.every((l) => l === '*')) return fail('a host pattern needs at least one literal label', 0);
  return { ok: true, value: { labels, subdomains, any: false } };
}

/** Parse the specifier of a WebFetch rule: `domain:host`. */
export function parseDomainSpecifier(spec: string): Parsed<HostPattern> {
  if (!spec.startsWith('domain:')) return fail('WebFetch rules take "domain:<host>", e.g. WebFetch(domain:docs.github.com)', 0);
  const parsed = parseHostPattern(spec.slice('domain:'.length));
  return parsed.ok ? parsed : fail(parsed.message, parsed.offset + 'domain:'.length);
}

export function normaliseHost(host: string): string | null {
  const h = host.toLowerCase().replace(/\.$/, '');
  // Control characters, NUL, whitespace or an empty host are never matched by anything.
  if (h === '' || [...h].some((ch) => ch.charCodeAt(0) <= 0x20 || ch.charCodeAt(0) === 0x7f)) return null;
  return h;
}

export function matchHost(pattern: HostPattern, host: string): boolean {
  const h = normaliseHost(host);
  if (h === null) return false;
  if (pattern.any) return true;
  const labels = h.split('.');
  const extra = labels.length - pattern.labels.length;
  if (pattern.subdomains ? extra < 1 : extra !== 0) return false;
  return pattern.labels.every((p, i) => p === '*' || p === labels[extra + i]);
}

/** The hostname of an http(s) URL, or null when it is not one. */
export function hostOfUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return normaliseHost(parsed.hostname);
}
