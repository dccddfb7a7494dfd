/**
 * The attack cases do what they claim: each corpus case with a `demo` is run unprotected in real
 * bash (bash-attack-demo.ts), and its marker file appears or it prints a secret. An attack the
 * analyser denies but that would do nothing anyway tests nothing; this keeps the corpus honest.
 */
import { describe, expect, it } from 'vitest';
import { runDemo, type Demo } from './bash-attack-demo.js';
import { loadCorpus } from './bash-fixtures.js';

interface DemoCase {
  id: string;
  command: string;
  demo?: Demo;
  setup?: string;
}

const cases = loadCorpus<DemoCase>('bash-attacks.json').cases.filter((c): c is DemoCase & { demo: Demo } => c.demo !== undefined);

describe('attack cases run unprotected', () => {
  it('cover the issue 8 families', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases.map((c) => [`${c.id} (${c.demo}): ${c.command}`, c] as const))('%s', (_title, c) => {
    const result = runDemo(c.command, c.setup);
    if (c.demo === 'marker') expect(result.marker, result.output).toBe(true);
    else expect(result.secret, result.output).toBe(true);
  });
});
