import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePolicy, webFetchAllowRule, webSearchDomains, type SearchDomains } from '../../src/policy/index.js';
import { makeFixture, policyOf } from './policy-fixture.js';

describe('the web rules before the run', () => {
  it.each<[string, { allow?: string[]; deny?: string[] }, SearchDomains | null]>([
    ['no WebFetch rule: the search is not limited', { allow: ['WebSearch'] }, {}],
    ['the hosts WebFetch may fetch are the search\'s allowed domains', { allow: ['WebSearch', 'WebFetch(domain:docs.python.org)', 'WebFetch(domain:*.github.com)'] }, { allowed_domains: ['docs.python.org', 'github.com'] }],
    ['a bare WebFetch allow limits nothing', { allow: ['WebSearch', 'WebFetch', 'WebFetch(domain:a.org)'] }, {}],
    ['denied hosts are blocked when nothing limits the search', { allow: ['WebSearch'], deny: ['WebFetch(domain:evil.example)'] }, { blocked_domains: ['evil.example'] }],
    ['a host the API cannot express: not offered', { allow: ['WebSearch', 'WebFetch(domain:example.*)'] }, null],
    ['allowed and denied hosts at once: not offered (the API takes one list)', { allow: ['WebSearch', 'WebFetch(domain:a.org)'], deny: ['WebFetch(domain:b.a.org)'] }, null],
    ['WebFetch denied outright: not offered', { allow: ['WebSearch'], deny: ['WebFetch'] }, null],
  ])('%s', async (_name, rules, expected) => {
    const policy = await policyOf(makeFixture(), rules);
    expect(webSearchDomains(policy.rules)).toEqual(expected);
  });

  it('offers WebFetch only with an allow rule for it', async () => {
    const fx = makeFixture();
    expect(webFetchAllowRule((await policyOf(fx, { allow: ['Read'] })).rules)).toBe(false);
    expect(webFetchAllowRule((await policyOf(fx, { allow: ['WebFetch(domain:docs.python.org)'] })).rules)).toBe(true);
  });
});

describe('docs/extensions.md, the web', () => {
  it('its example policy gives WebFetch and a search limited to the hosts it may fetch', async () => {
    const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'extensions.md'), 'utf8');
    const yaml = /## The web[\s\S]*?```yaml\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
    const fx = makeFixture();
    const policy = await parsePolicy(yaml, join(fx.ws, '.github', 'warden.yml'), { homeDir: fx.home });
    expect(webFetchAllowRule(policy.rules)).toBe(true);
    expect(webSearchDomains(policy.rules)).toEqual({ allowed_domains: ['docs.python.org', 'readthedocs.io'] });
  });
});
