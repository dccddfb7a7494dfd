/**
 * Benign compound commands a sensible policy must allow (permissions-and-sandboxing.md §3.2 plus
 * everyday agent commands). Measures the false-positive rate: denied benign commands / total,
 * printed with each denial, and held at 0.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { decideBash, initBashParser, type BashMode } from '../../src/policy/bash/index.js';
import { decideOptions, loadCorpus, makePolicy } from './bash-fixtures.js';

interface BenignCase {
  id: string;
  command: string;
  policy: string;
  expect: 'allow';
}

const corpus = loadCorpus<BenignCase>('bash-benign.json');

beforeAll(async () => {
  await initBashParser();
});

describe('the benign corpus', () => {
  it('has at least 50 compound commands', () => {
    expect(corpus.cases.length).toBeGreaterThanOrEqual(50);
  });

  it('allows every one of them (false-positive rate 0%)', () => {
    const denied: string[] = [];
    const policies = new Map(Object.entries(corpus.policies).map(([name, spec]) => [name, { ...makePolicy(spec), mode: spec.mode ?? 'dontAsk' }] as const));
    for (const c of corpus.cases) {
      const policy = policies.get(c.policy);
      if (policy === undefined) throw new Error(`unknown policy ${c.policy}`);
      const mode: BashMode = policy.mode;
      const d = decideBash(c.command, policy.rules, policy.judge, decideOptions(policy, mode));
      if (d.behavior !== 'allow') denied.push(`${c.id} ${JSON.stringify(c.command)}\n    ${d.reason}`);
    }
    const rate = denied.length / corpus.cases.length;
    const report = [`Bash benign corpus: ${denied.length}/${corpus.cases.length} denied, false-positive rate ${(rate * 100).toFixed(1)}%`, ...denied].join('\n');
    console.log(report);
    expect(denied, report).toEqual([]);
  });
});
