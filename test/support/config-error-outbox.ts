import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import { OUTBOX_FILES, RunResultSchema } from '../../src/outbox/index.js';
import { readTranscript } from '../../src/runner/transcript-read.js';
import { validateJunit } from './junit.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** The gating lines of docs/ci.md, exactly as the doc prints them (run with the outbox at ./out), and what each prints. */
const DOC = readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8');
const GATES: [line: string | undefined, prints: string][] = [
  [/`(node -p "require\('\.\/out\/result\.json'\)\.verdict")`/.exec(DOC)?.[1], 'no_changes'],
  [/`(node -p "require\('\.\/out\/result\.json'\)\.outcome\.reason")`/.exec(DOC)?.[1], 'config_error'],
];

const validateResult = new Ajv2020({ strict: true, allErrors: true }).compile(JSON.parse(readFileSync(join(ROOT, 'schema', 'warden-result.schema.json'), 'utf8')) as object);

/**
 * Everything a CI reads from the outbox of a run refused before it started, checked as it would
 * read it; `dir/out` must be the outbox (the gating line of docs/ci.md runs in `dir`).
 */
export function expectCompleteErrorOutbox(out: string, dir: string, names: string): void {
  const read = (name: string): string => readFileSync(join(out, name), 'utf8');
  for (const name of Object.values(OUTBOX_FILES)) expect(existsSync(join(out, name)), name).toBe(true);
  const result: unknown = JSON.parse(read(OUTBOX_FILES.result));
  expect(validateResult(result), JSON.stringify(validateResult.errors)).toBe(true);
  const parsed = RunResultSchema.parse(result);
  expect(parsed.outcome.reason).toBe('config_error');
  expect(parsed.outcome.reason === 'config_error' ? parsed.outcome.message : '').toContain(names);
  expect(parsed).toMatchObject({ verdict: 'no_changes', finished: false, turns: 0, filesChanged: [], denials: [] });

  const junit = read(OUTBOX_FILES.junit);
  validateJunit(junit);
  expect(junit.match(/<failure /g)).toHaveLength(1);
  expect(junit).toMatch(/<failure message="[^"]*" type="config_error"\/>/);
  expect(junit).toContain('failures="1"');

  expect(read(OUTBOX_FILES.summary)).toContain('configuration error');
  expect(read(OUTBOX_FILES.summary)).toContain(names);
  expect(readTranscript(join(out, OUTBOX_FILES.transcript))).toBeInstanceOf(Array);
  expect(read(OUTBOX_FILES.patch)).toBe('');
  expect(JSON.parse(read(OUTBOX_FILES.review))).toEqual({ version: 1, items: [] });

  // The gating lines of docs/ci.md, run literally with the outbox at ./out: they print, not throw.
  for (const [line, prints] of GATES) {
    if (line === undefined) throw new Error('docs/ci.md no longer has its gating lines');
    const gate = spawnSync('sh', ['-c', line], { cwd: dir, encoding: 'utf8' });
    expect(gate.stderr, line).toBe('');
    expect(gate.status, line).toBe(0);
    expect(gate.stdout.trim(), line).toBe(prints);
  }
}

