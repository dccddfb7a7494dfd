import { describe, expect, it } from 'vitest';
import type { RunResultJson } from '../../src/outbox/index.js';
import { postedProblems, renderedText } from '../support/rendered-markdown.js';
import { isStickyFor, renderFinal, renderInterrupted, renderProgress, renderWorking, stickyMarker } from '../../src/report/sticky-comment.js';

const result = (over: Partial<RunResultJson> = {}): RunResultJson => ({
  version: 1,
  warden: '0.1.0',
  outcome: { reason: 'completed', finalText: 'Fixed the off-by-one in src/a.ts. cc @octocat <!-- warden:sticky pr:1:other -->' },
  verdict: 'changes',
  finished: true,
  model: 'claude-sonnet-4-6',
  turns: 4,
  durationMs: 12_345,
  tokens: { input: 100, output: 50, cacheRead: 1000, cacheWrite: 200 },
  costUsd: 0.0123,
  denials: [{ tool: 'Bash', input: 'git push', rule: 'Bash(git push *)', reason: 'publisher pushes' }],
  filesChanged: ['src/a.ts'],
  startingCommit: 'a'.repeat(40),
  trigger: { source: 'github', event: 'issue_comment' },
  files: { summary: 'summary.md', transcript: 'transcript.jsonl', patch: 'changes.patch', review: 'review.json', junit: 'junit.xml' },
  ...over,
});

describe('the sticky comment', () => {
  const key = 'issue_comment:pr-7';

  it('every stage opens with the key\'s marker, and only that key matches', () => {
    for (const body of [
      renderWorking(key, { runUrl: 'https://ci/run/1', what: 'pull request #7' }),
      renderProgress(key, { runUrl: undefined, what: 'pull request #7', turn: 3, maxTurns: 50, recent: [{ tool: 'Bash', input: 'npm test', status: 'ok' }] }),
      renderFinal(key, { runUrl: 'https://ci/run/1', result: result(), summary: '## s', outbox: '/tmp/o', delivery: { kind: 'pushed', branch: 'fix', sha: 'b'.repeat(40) }, review: undefined }),
      renderInterrupted(key, { runUrl: undefined, what: 'pull request #7', reason: 'The job was cancelled', outbox: '/tmp/o' }),
    ]) {
      expect(body.startsWith(stickyMarker(key))).toBe(true);
      expect(isStickyFor(body, key)).toBe(true);
      expect(isStickyFor(body, 'issue_comment:pr-8')).toBe(false);
    }
  });

  it('progress shows the task list as a checklist once the agent wrote one: the task under way in its active form, at most 30 tasks, the agent\'s text escaped', () => {
    const task = (content: string, status: 'pending' | 'in_progress' | 'completed') => ({ content, status, activeForm: `${content} now` });
    const view = { runUrl: undefined, what: 'pull request #7', turn: 3, maxTurns: 50, recent: [] };
    expect(renderProgress(key, view)).not.toContain('Task list');
    const body = renderProgress(key, { ...view, tasks: [task('Plan', 'completed'), task('Fix #12 for @octocat', 'in_progress'), ...Array.from({ length: 31 }, (_, i) => task(`Step ${i}`, 'pending'))] });
    expect(body).toContain('**Task list** (1 of 33 done):\n\n- [x] Plan\n- [ ] **Fix \\#\u206012 for \\@\u2060octocat now**\n- [ ] Step 0\n');
    expect(body).toContain('- [ ] Step 27\n- … and 3 more');
    expect(body).not.toContain('Step 28');
  });

  it('the final report says outcome, verdict, numbers, changed files, delivery, denials and where the outbox is', () => {
    const body = renderFinal(key, { runUrl: 'https://ci/run/1', result: result(), summary: '## Warden run: completed', outbox: '/tmp/o', delivery: { kind: 'pushed', branch: 'fix-it', sha: 'b'.repeat(40) }, review: { posted: 2, skipped: 1 } });
    const text = renderedText(body);
    expect(text).toContain('Warden: completed · changes (1 file)');
    expect(text).toContain('4 turns · 12.3 s · 1300 input / 50 output tokens · $0.0123');
    expect(text).toContain('Changed:\nsrc/a.ts\n');
    expect(text).toContain('Pushed bbbbbbbbbbbb to fix-it.');
    expect(text).toContain('Review: 2 comment(s) posted, 1 already posted before.');
    expect(text).toContain('Bash(git push *): publisher pushes');
    expect(text).toContain('Outbox: /tmp/o');
    expect(body).toContain('<details><summary>Full summary</summary>');
  });

  it('agent text cannot forge a marker or mention people', () => {
    const body = renderFinal(key, { runUrl: undefined, result: result(), summary: '', outbox: '/o', delivery: { kind: 'none', why: 'the policy says push: none' }, review: undefined });
    expect(postedProblems(body, { html: [stickyMarker(key)] })).toEqual([]);
    expect(renderedText(body)).toContain('Fixed the off-by-one in src/a.ts. cc @octocat <!-- warden:sticky pr:1:other -->');
  });

  it.each([
    [{ kind: 'refused', reasons: ['`.github/workflows/ci.yml`: changes a workflow'] }, /not delivered:\n`\.github\/workflows\/ci\.yml`: changes a workflow/],
    [{ kind: 'failed', call: 'git push', message: 'rejected (non-fast-forward)' }, /Delivery failed at git push: rejected \(non-fast-forward\)\. The patch is in the outbox\./],
    [{ kind: 'pull_request', url: 'https://gh/pr/9', branch: 'warden/x', sha: 'c'.repeat(40), updated: true }, /Updated https:\/\/gh\/pr\/9/],
  ] as const)('delivery %j is told', (delivery, text) => {
    expect(renderedText(renderFinal(key, { runUrl: undefined, result: result(), summary: '', outbox: '/o', delivery, review: undefined }))).toMatch(text);
  });

  it('stays under GitHub\'s comment limit with a huge summary', () => {
    const body = renderFinal(key, { runUrl: undefined, result: result(), summary: 'x'.repeat(200_000), outbox: '/o', delivery: { kind: 'none', why: 'n' }, review: undefined });
    expect(body.length).toBeLessThan(65_536);
  });

  it('a run that did not complete still reports what it got to', () => {
    const body = renderFinal(key, { runUrl: undefined, result: result({ outcome: { reason: 'timeout', budget: 'run_timeout', limitMs: 60_000 }, verdict: 'no_changes', filesChanged: [] }), summary: '', outbox: '/o', delivery: { kind: 'none', why: 'nothing changed' }, review: undefined });
    expect(renderedText(body)).toContain('Warden: stopped: run timeout of 60 s reached · no changes');
    expect(renderedText(body)).toContain('Nothing was pushed: nothing changed.');
  });
});
