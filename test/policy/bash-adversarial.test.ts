/**
 * Adversarial regression corpus for the Bash analysis: every row is an attempt to get a command
 * past a policy (permissions-and-sandboxing.md §2/§3), and every row must be denied. Where a row
 * names a rule, the denial must name that rule (so it is denied for the right reason); `null`
 * means a structural or path denial with no rule; `reason` is a phrase the denial must contain.
 * The cases from X411 on (issue 8) must also be denied under a policy whose only allow rule is
 * `Read`, in dontAsk and in plan mode. Cases whose decision depends on files (symlinks: `lnk/..`
 * is where the link points, not what the text says) are judged by the real policy decider on a
 * real workspace holding them (bash-attack-demo.ts makes it, the same one their demo runs in).
 */
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideBash, initBashParser, type BashMode } from '../../src/policy/bash/index.js';
import type { Decision } from '../../src/policy/index.js';
import { DISK_SETUPS, makeDemoWorkspace, type DemoWorkspace } from './bash-attack-demo.js';
import { decideOptions, loadCorpus, makePolicy, type TestPolicy } from './bash-fixtures.js';
import { decide as decideCall, policyOf } from './policy-fixture.js';

interface AttackCase {
  id: string;
  category: string;
  command: string;
  policy: string;
  evades: string;
  expect: 'deny';
  rule?: string | null;
  reason?: string;
  setup?: string;
}

const corpus = loadCorpus<AttackCase>('bash-attacks.json');
const policies = new Map<string, TestPolicy & { mode: BashMode }>();
for (const [name, spec] of Object.entries(corpus.policies)) policies.set(name, { ...makePolicy(spec), mode: spec.mode ?? 'dontAsk' });

const workspaces = new Map<string, DemoWorkspace>();
afterAll(() => {
  for (const w of workspaces.values()) rmSync(w.root, { recursive: true, force: true });
});

/** A case that needs files on disk, through the real decider and the corpus policy loaded for real. */
async function decideOnDisk(c: AttackCase & { setup: string }, policyName: string): Promise<Decision> {
  const spec = corpus.policies[policyName];
  if (spec === undefined) throw new Error(`unknown policy ${policyName}`);
  let w = workspaces.get(c.setup);
  if (w === undefined) {
    w = makeDemoWorkspace(c.setup);
    workspaces.set(c.setup, w);
  }
  const fx = { base: w.root, ws: w.ws, home: w.home, outside: join(w.root, 'outside') };
  // The analyser's own wall: with the sandbox on it leaves reads it cannot judge by name to the sandbox.
  return decideCall(await policyOf(fx, { ...spec, sandbox: 'off' }), fx, 'Bash', { command: c.command });
}

const decide = async (c: AttackCase, policyName: string): Promise<Decision> => {
  if (c.setup !== undefined && DISK_SETUPS.has(c.setup)) return decideOnDisk({ ...c, setup: c.setup }, policyName);
  const policy = policies.get(policyName);
  if (policy === undefined) throw new Error(`unknown policy ${policyName}`);
  return decideBash(c.command, policy.rules, policy.judge, decideOptions(policy, policy.mode));
};
const title = (c: AttackCase): string => `${c.id} ${c.category}: ${c.command.length > 80 ? `${c.command.slice(0, 80)}…` : c.command}`;
const issue8 = corpus.cases.filter((c) => Number(c.id.slice(1)) >= 411);

beforeAll(async () => {
  await initBashParser();
});

describe('the attack corpus', () => {
  it('has at least 150 cases across the bypass classes', () => {
    expect(corpus.cases.length).toBeGreaterThanOrEqual(150);
    expect(new Set(corpus.cases.map((c) => c.category)).size).toBeGreaterThanOrEqual(25);
    expect(issue8.length).toBeGreaterThanOrEqual(40);
  });

  it.each(corpus.cases.map((c) => [title(c), c] as const))('%s', async (_title, c) => {
    const decision = await decide(c, c.policy);
    expect(decision.behavior, `${c.command}\n(evades: ${c.evades})\n→ ${decision.reason}`).toBe('deny');
    if (c.rule !== undefined) expect(decision.rule, decision.reason).toBe(c.rule);
    if (c.reason !== undefined) expect(decision.reason).toContain(c.reason);
    expect(decision.reason.length).toBeGreaterThan(20);
  });
});

describe('under a policy whose only allow rule is Read', () => {
  it.each(issue8.map((c) => [title(c), c] as const))('%s (dontAsk and plan)', async (_title, c) => {
    for (const policy of ['P-read', 'P-read-plan']) {
      const decision = await decide(c, policy);
      expect(decision.behavior, `${policy}: ${c.command}\n→ ${decision.reason}`).toBe('deny');
    }
  });
});
