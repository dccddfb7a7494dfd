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
    const xml = renderJunit(base, '2026-12-01T12:00:00.123Z', 'runner-7');
    validateJunit(xml);
    expect(xml).toContain('<testsuites>\n  <testsuite name="warden run" package="warden" id="0" hostname="runner-7" tests="2" failures="0" errors="0" skipped="0" time="4.321" timestamp="2026-12-01T12:00:00">');
    expect(xml).toContain('<property name="verdict" value="changes"/>');
    expect(xml).toContain('<testcase classname="warden.run" name="outcome" time="4.321"/>');
    expect(xml).toContain('<system-out>Files changed:\nsrc/a.ts</system-out>\n    <system-err></system-err>\n  </testsuite>');
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

  it('no files changed: system-out is there, empty (Ant\'s schema requires it)', () => {
    const xml = renderJunit({ ...base, filesChanged: [], verdict: 'no_changes' }, '2026-12-01T12:00:00Z');
    validateJunit(xml);
    expect(xml).toContain('hostname="localhost"');
    expect(xml).toContain('<system-out></system-out>');
  });

  // schema/junit.xsd is the profile both published schemas accept: each line below is something
  // one of them refuses (Jenkins' xunit junit-10.xsd, or Apache Ant's JUnit.xsd), and so does it.
  const SUITE = (attrs: string, body = '<properties/><testcase name="x" classname="c" time="0"/><system-out/><system-err/>'): string =>
    `<testsuites><testsuite ${attrs}>${body}</testsuite></testsuites>`;
  const OK = 'name="s" package="p" id="0" hostname="h" tests="1" failures="0" errors="0" time="1.5" timestamp="2026-01-01T00:00:00"';
  it.each([
    ['the well-formed baseline is accepted (so each refusal below is about its one change)', SUITE(OK), true],
    ['a suite without a name (both)', SUITE(OK.replace('name="s" ', '')), false],
    ['attributes on <testsuites> (Ant allows none; Jenkins no skipped)', `<testsuites skipped="0">${SUITE(OK).slice('<testsuites>'.length)}`, false],
    ['a suite without package, id or hostname (Ant)', SUITE(OK.replace('package="p" id="0" hostname="h" ', '')), false],
    ['a timestamp with a zone (Ant)', SUITE(OK.replace('00:00:00"', '00:00:00Z"')), false],
    ['a time with a comma or four places (Jenkins\' Surefire time)', SUITE(OK.replace('time="1.5"', 'time="1.5000"')), false],
    ['negative counts (both)', SUITE(OK.replace('tests="1"', 'tests="-1"')), false],
    ['no system-out or system-err (Ant)', SUITE(OK, '<properties/><testcase name="x" classname="c" time="0"/>'), false],
    ['a case without classname or time (Ant)', SUITE(OK, '<properties/><testcase name="x"/><system-out/><system-err/>'), false],
    ['a failure without a type (Ant)', SUITE(OK, '<properties/><testcase name="x" classname="c" time="0"><failure message="m"/></testcase><system-out/><system-err/>'), false],
    ['a failure and a skip in one case (Ant)', SUITE(OK, '<properties/><testcase name="x" classname="c" time="0"><failure type="t"/><skipped/></testcase><system-out/><system-err/>'), false],
  ])('schema: %s', (_name, xml, valid) => {
    if (valid) validateJunit(xml);
    else expect(() => validateJunit(xml)).toThrow();
  });
});
