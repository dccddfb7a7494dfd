/**
 * Adversarial regression corpus for the Bash analysis: every row is an attempt to get a command
 * past a policy (permissions-and-sandboxing.md §2/§3), and every row must be denied. Where a row
 * names a rule, the denial must name that rule (so it is denied for the right reason); `null`
 * means a structural or path denial with no rule.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { decideBash, initBashParser, type BashMode } from '../../src/policy/bash/index.js';
import { decideOptions, loadCorpus, makePolicy, type TestPolicy } from './bash-fixtures.js';

interface AttackCase {
  id: string;
  category: string;
  command: string;
  policy: string;
  evades: string;
  expect: 'deny';
  rule?: string | null;
}

const corpus = loadCorpus<AttackCase>('bash-attacks.json');
const policies = new Map<string, TestPolicy & { mode: BashMode }>();
for (const [name, spec] of Object.entries(corpus.policies)) policies.set(name, { ...makePolicy(spec), mode: spec.mode ?? 'dontAsk' });

beforeAll(async () => {
  await initBashParser();
});

describe('the attack corpus', () => {
  it('has at least 150 cases across the bypass classes', () => {
    expect(corpus.cases.length).toBeGreaterThanOrEqual(150);
    expect(new Set(corpus.cases.map((c) => c.category)).size).toBeGreaterThanOrEqual(25);
  });

  it.each(corpus.cases.map((c) => [`${c.id} ${c.category}: ${c.command.length > 80 ? `${c.command.slice(0, 80)}…` : c.command}`, c] as const))('%s', (_title, c) => {
    const policy = policies.get(c.policy);
    if (policy === undefined) throw new Error(`unknown policy ${c.policy}`);
    const decision = decideBash(c.command, policy.rules, policy.judge, decideOptions(policy, policy.mode));
    expect(decision.behavior, `${c.command}\n(evades: ${c.evades})\n→ ${decision.reason}`).toBe('deny');
    if (c.rule !== undefined) expect(decision.rule, decision.reason).toBe(c.rule);
    expect(decision.reason.length).toBeGreaterThan(20);
  });
});
