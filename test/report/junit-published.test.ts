/**
 * junit.xml against the published JUnit schemas themselves, when they are at hand. They are not
 * kept in this repository; point WARDEN_JUNIT_XSDS at copies (colon-separated paths) to run this:
 *   - Jenkins' xunit plugin (MIT): src/main/resources/org/jenkinsci/plugins/xunit/types/model/xsd/junit-10.xsd
 *     of https://github.com/jenkinsci/xunit-plugin
 *   - Apache Ant's JUnit report (Apache-2.0): JUnit.xsd of https://github.com/windyroad/JUnit-Schema
 * Without them, test/report/junit.test.ts checks the same cases against schema/junit.xsd, the
 * profile both accept.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RunResultJson } from '../../src/outbox/index.js';
import { renderJunit } from '../../src/report/junit.js';
import { validateJunitWith } from '../support/junit.js';

const SCHEMAS = (process.env.WARDEN_JUNIT_XSDS ?? '').split(':').filter((p) => p !== '');

const base: RunResultJson = {
  version: 1,
  warden: '0.1.0',
  outcome: { reason: 'completed', finalText: 'done' },
  verdict: 'changes',
  finished: true,
  model: 'claude-sonnet-4-6',
  turns: 3,
  durationMs: 3_600_123,
  tokens: { input: 1, output: 2, cacheRead: 3, cacheWrite: 4 },
  costUsd: 0.01,
  denials: [],
  filesChanged: ['src/a.ts', 'docs/ü.md'],
  startingCommit: null,
  trigger: { source: 'ci', ci: 'jenkins' },
  files: { summary: 'summary.md', transcript: 'transcript.jsonl', patch: 'changes.patch', review: 'review.json', junit: 'junit.xml' },
};

const RUNS: [string, RunResultJson][] = [
  ['a completed run with changes', base],
  ['no changes, no files', { ...base, verdict: 'no_changes', filesChanged: [] }],
  [
    'a blocked run that timed out, with denials',
    {
      ...base,
      outcome: { reason: 'timeout', budget: 'run_timeout', limitMs: 60_000 },
      verdict: 'blocked',
      filesChanged: [],
      denials: [
        { tool: 'Bash', input: 'rm -rf "/" && echo <pwn> & \u0007 ]]>', rule: 'Bash(rm *)', reason: 'no deleting, "ever" <b>' },
        { tool: 'Write', input: '  src/a.ts\n', rule: null, reason: 'no rule allows it' },
      ],
    },
  ],
];

describe.skipIf(SCHEMAS.length === 0)('junit.xml is valid against the published JUnit schemas (WARDEN_JUNIT_XSDS)', () => {
  for (const schema of SCHEMAS) {
    it.each(RUNS)(`${schema}: %s`, (_name, run) => {
      const xml = renderJunit(run, '2026-12-01T12:00:00.123Z', 'ci runner 7');
      expect(() => validateJunitWith(readFileSync(schema, 'utf8'), xml)).not.toThrow();
    });
  }
});
