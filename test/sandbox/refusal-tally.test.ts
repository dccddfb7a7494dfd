/**
 * A command whose client retries a refused request is ended at once, not at its timeout, and its
 * result names the host, how often it was refused and the policy fix.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { RefusalTally, REPEATED_REFUSALS } from '../../src/sandbox/refusal-tally.js';
import type { SandboxViolation } from '../../src/sandbox/denials.js';
import { BWRAP, cleanupAll, config, makeWorkspace, openRunner, run, SKIP_REASON } from './sandbox-fixture.js';

const refusal = (host: string): SandboxViolation => ({ kind: 'network', source: 'proxy', message: `CONNECT ${host}:443 blocked: ${host} is not in sandbox.network.allow` });

describe('RefusalTally', () => {
  test('the limit-th identical refusal ends the command, once; the summary counts each refusal', () => {
    const t = new RefusalTally(3);
    expect([t.add(refusal('a.test')), t.add(refusal('b.test')), t.add(refusal('a.test')), t.add(refusal('b.test'))]).toEqual([false, false, false, false]);
    expect(t.add(refusal('a.test'))).toBe(true);
    expect([t.add(refusal('a.test')), t.add(refusal('b.test'))]).toEqual([false, false]);
    expect(t.stoppedBy?.message).toContain('a.test');
  });
  test('counts per message, in first-seen order', () => {
    const t = new RefusalTally(REPEATED_REFUSALS);
    const ends: boolean[] = [];
    for (let i = 0; i < REPEATED_REFUSALS + 5; i++) ends.push(t.add(refusal('registry.npmjs.org')));
    t.add(refusal('other.test'));
    expect(ends.filter(Boolean)).toHaveLength(1);
    expect(ends.indexOf(true)).toBe(REPEATED_REFUSALS - 1);
    expect(t.summary().map((v) => v.message)).toEqual([`${refusal('registry.npmjs.org').message} (${REPEATED_REFUSALS + 5} times)`, refusal('other.test').message]);
    expect(t.endedNote()).toContain(`refused ${REPEATED_REFUSALS} times`);
  });
});

describe.skipIf(BWRAP === null)(`a client retrying a refusal (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  afterAll(() => cleanupAll());
  test('npm-like endless retries end the command with the host, the count and the policy fix', async () => {
    const ws = makeWorkspace();
    const runner = await openRunner({ workspace: ws, lookup: () => Promise.resolve(['8.8.8.8']), config: config({ network: { allow: ['allowed.test'], allowPrivate: [] } }) });
    try {
      // Retries forever, as npm did: only the sandbox can end it before the timeout.
      const r = await run(runner, ws, 'while :; do curl -sS -m 5 https://registry.npmjs.org/left-pad >/dev/null 2>&1; done', 60_000);
      expect(r.timedOut).toBe(false);
      expect(r.aborted).toBe(false);
      expect(r.output).toMatch(new RegExp(`refused ${REPEATED_REFUSALS} times`));
      const [first] = r.violations;
      expect(r.violations).toHaveLength(1);
      expect(first).toMatch(/CONNECT registry\.npmjs\.org:443 blocked: registry\.npmjs\.org is not in sandbox\.network\.allow/);
      expect(first).toContain('sandbox: { network: { allow: [registry.npmjs.org] } }');
      expect(first).toMatch(/\((\d+) times\)$/);
    } finally {
      await runner.dispose();
    }
  });
});
