import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatIssue, parsePolicy } from '../../src/policy/index.js';
import { makeFixture, rejectionOf } from './policy-fixture.js';

// `sandbox.limits`: loaded as written, and every value out of its range refused at its line, naming the range.

const fx = makeFixture();
const FILE = path.join(fx.ws, '.github', 'warden.yml');
const policyWith = (limits: string): string => `version: 1\nsandbox:\n  limits:\n${limits}\n`;

async function problems(yaml: string): Promise<string[]> {
  return (await rejectionOf(fx, FILE, yaml)).map((i) => formatIssue(i));
}

describe('sandbox.limits in the policy', () => {
  it('is handed to the sandbox as written; what is absent is left to the defaults', async () => {
    const all = await parsePolicy(policyWith('    memory_mb: 2048\n    tmp_mb: 1024\n    processes: 512'), FILE, { homeDir: fx.home });
    expect(all.sandbox.limits).toEqual({ memoryMb: 2048, tmpMb: 1024, processes: 512 });
    const some = await parsePolicy(policyWith('    tmp_mb: 64'), FILE, { homeDir: fx.home });
    expect(some.sandbox.limits).toEqual({ tmpMb: 64 });
    const none = await parsePolicy('version: 1\n', FILE, { homeDir: fx.home });
    expect(none.sandbox.limits).toBeUndefined();
  });

  it.each([
    ['zero memory', '    memory_mb: 0', /warden\.yml:4:16: sandbox\.limits\.memory_mb: got number 0; must be at least 16/],
    ['negative /tmp', '    tmp_mb: -5', /warden\.yml:4:13: sandbox\.limits\.tmp_mb: got number -5; must be at least 1/],
    ['a fraction', '    memory_mb: 1.5', /sandbox\.limits\.memory_mb: got number 1\.5; expected a whole number/],
    ['a unit in a string', '    memory_mb: 2G', /sandbox\.limits\.memory_mb: got string "2G"; expected a number/],
    ['over the maximum', '    memory_mb: 2000000', /sandbox\.limits\.memory_mb: got number 2000000; must be at most 1048576/],
    ['too few processes', '    processes: 8', /sandbox\.limits\.processes: got number 8; must be at least 16/],
    ['too many processes', '    processes: 100000', /sandbox\.limits\.processes: got number 100000; must be at most 65536/],
    ['an unknown key', '    memory: 64', /unknown key "memory" under sandbox\.limits; expected one of: memory_mb, tmp_mb, processes/],
  ])('refuses %s', async (_what, limits, expected) => {
    const found = await problems(policyWith(limits));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(expected);
  });

  it('a number out of range elsewhere says its range too (no longer "must not be empty")', async () => {
    expect(await problems('version: 1\npublish:\n  max_files: 0\n')).toEqual([expect.stringMatching(/warden\.yml:3:14: publish\.max_files: got number 0; must be at least 1$/)]);
  });
});
