/** The proxy's host and address checks, as tables. */
import { describe, expect, test } from 'vitest';
import { checkResolved, classifyAddress, hostMatches, normalizeHost, type AddressClass } from '../../src/sandbox/host-check.js';

describe('normalizeHost', () => {
  test.each([
    ['Registry.NPMjs.org', 'registry.npmjs.org'],
    ['example.com.', 'example.com'],
    ['[::1]', '::1'],
    ['10.0.0.1', '10.0.0.1'],
    ['_dmarc.example.com', '_dmarc.example.com'],
  ])('%s -> %s', (raw, host) => {
    expect(normalizeHost(raw)).toEqual({ ok: true, host });
  });
  test.each([
    ['evil\u0001.com', /control characters/],
    ['evil.com\r\nX-Injected: 1', /control characters/],
    ['evil\u0000.com', /control characters/],
    ['a b.com', /characters a DNS name/],
    ['ex%61mple.com', /characters a DNS name/],
    ['', /empty/],
    ['2130706433', /non-canonical IP/],
    ['0x7f.0.0.1', /non-canonical IP/],
    ['0177.0.0.1', /non-canonical IP/],
    ['-bad.com', /characters a DNS name/],
    [`${'a'.repeat(64)}.com`, /characters a DNS name/],
    ['münchen.de', /characters a DNS name/],
  ])('refuses %j', (raw, why) => {
    const r = normalizeHost(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(why);
  });
});

describe('hostMatches (label-boundary wildcards)', () => {
  const allow = ['registry.npmjs.org', '*.pythonhosted.org', 'Example.COM', '127.0.0.1'];
  test.each([
    ['registry.npmjs.org', true], ['files.pythonhosted.org', true], ['a.b.pythonhosted.org', true], ['pythonhosted.org', false],
    ['evilpythonhosted.org', false], ['pythonhosted.org.evil.com', false], ['example.com', true], ['www.example.com', false],
    ['registry.npmjs.org.evil.com', false], ['127.0.0.1', true], ['127.0.0.2', false], ['npmjs.org', false],
  ])('%s -> %s', (host, expected) => {
    expect(hostMatches(host, allow)).toBe(expected);
  });
});

describe('classifyAddress', () => {
  const cases: Array<[string, AddressClass]> = [
    ['8.8.8.8', 'public'], ['104.16.0.1', 'public'], ['127.0.0.1', 'loopback'], ['127.255.0.9', 'loopback'], ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'], ['172.31.255.255', 'private'], ['172.32.0.1', 'public'], ['192.168.1.1', 'private'], ['169.254.169.254', 'metadata'],
    ['169.254.1.1', 'link-local'], ['100.64.0.1', 'shared (CGNAT)'], ['100.127.255.255', 'shared (CGNAT)'], ['100.128.0.1', 'public'],
    ['100.100.100.200', 'metadata'], ['0.0.0.0', 'unspecified'], ['224.0.0.1', 'multicast'], ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'], ['::', 'unspecified'], ['fe80::1', 'link-local'], ['fd00:ec2::254', 'metadata'], ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'], ['::ffff:127.0.0.1', 'loopback'], ['::ffff:169.254.169.254', 'metadata'], ['::ffff:7f00:1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'metadata'], ['2002:a9fe:a9fe::1', 'metadata'], ['2606:4700::1111', 'public'], ['ff02::1', 'multicast'],
    ['not-an-ip', 'reserved'],
  ];
  test.each(cases)('%s is %s', (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });
});

describe('checkResolved', () => {
  test('every address must be public unless the name is in allowPrivate', () => {
    expect(checkResolved('a.test', ['8.8.8.8'], [])).toEqual({ allowed: true });
    expect(checkResolved('a.test', ['8.8.8.8', '10.0.0.1'], [])).toMatchObject({ allowed: false, reason: expect.stringContaining('10.0.0.1, a private address') as string });
    expect(checkResolved('local.test', ['127.0.0.1'], ['local.test'])).toEqual({ allowed: true });
    expect(checkResolved('x.test', [], [])).toMatchObject({ allowed: false });
  });
});
