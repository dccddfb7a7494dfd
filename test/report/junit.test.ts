import { describe, expect, it } from 'vitest';
import type { RunResultJson } from '../../src/outbox/index.js';
import { renderJunit } from '../../src/report/junit.js';
import { validateJunit } from '../support/junit.js';

const base: RunResultJson = {
  version: 1,
  warden: '0.1.0',
  outcome: { reason: 'completed', finalText: 'done' },
  verdict: 'changes',
  finished: true,
  model: 'claude-sonnet-4-6',
  turns: 3,
  durationMs: 4321,
  tokens: { input: 1, output: 2, cacheRead: 3, cacheWrite: 4 },
  costUsd: 0.01,
  denials: [],
  filesChanged: ['src/a.ts'],
  startingCommit: 'a'.repeat(40),
  trigger: { source: 'ci', ci: 'jenkins' },
  files: { summary: 'summary.md', transcript: 'transcript.jsonl', patch: 'changes.patch', review: 'review.json', junit: 'junit.xml' },
};

describe('junit.xml', () => {
  it('a completed run: two passing cases, valid against the schema', () => {
    const xml = renderJunit(base, '2026-12-01T12:00:00Z');
    validateJunit(xml);
    expect(xml).toContain('<testsuites name="warden" tests="2" failures="0" errors="0" skipped="0" time="4.321">');
    expect(xml).toContain('<property name="verdict" value="changes"/>');
    expect(xml).toContain('<testcase classname="warden.run" name="outcome" time="4.321"/>');
  });

  it('a blocked run that timed out: both fail; each denial is a skipped case with rule and reason', () => {
    const xml = renderJunit(
      {
        ...base,
        outcome: { reason: 'timeout', budget: 'run_timeout', limitMs: 60_000 },
        verdict: 'blocked',
        filesChanged: [],
        denials: [
          { tool: 'Bash', input: 'rm -rf "/" && echo <pwn> & \u0007 ]]>', rule: 'Bash(rm *)', reason: 'no deleting, "ever" <b>' },
          { tool: 'Write', input: 'src/a.ts', rule: null, reason: 'no rule allows it' },
        ],
      },
      '2026-12-01T12:00:00Z',
    );
    validateJunit(xml);
    expect(xml).toContain('tests="4" failures="2" errors="0" skipped="2"');
    expect(xml).toContain('<failure message="stopped: run timeout of 60 s reached" type="timeout"/>');
    expect(xml).toContain('<failure message="blocked (every attempt to change something or run a command was denied)" type="blocked"/>');
    expect(xml).toContain('<skipped message="denied (rule Bash(rm *))">no deleting, "ever" &lt;b&gt;</skipped>');
    expect(xml).not.toContain('\u0007');
  });

  it('the schema itself rejects what CI tools reject (a check that the check can fail)', () => {
    expect(() => validateJunit('<testsuites><testsuite tests="1"><testcase name="x"/></testsuite></testsuites>')).toThrow(); // suite without name
    expect(() => validateJunit('<testsuites><testsuite name="s" tests="1"><testcase name="x"><failure/><skipped/></testcase></testsuite></testsuites>')).toThrow();
    expect(() => validateJunit('<testsuites><testsuite name="s" tests="-1"/></testsuites>')).toThrow();
  });
});
