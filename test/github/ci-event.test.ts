/**
 * Failed CI runs as events (issue 37, item 1): GitHub's example `workflow_run`, `check_suite` and
 * `check_run` payloads, parsed, judged (a failure on a pull request of this repository only) and
 * given the accounts the trust gate checks; and the fix-loop stop. Pure.
 */
import type { CheckRunCompletedEvent, CheckSuiteCompletedEvent, WorkflowRunCompletedEvent } from '@octokit/webhooks-types';
import { describe, expect, it } from 'vitest';
import { fixLoopStop, wardenStreak } from '../../src/github/ci-failure/fix-attempts.js';
import type { BranchCommit } from '../../src/git/index.js';
import { parseEvent, type GithubEvent } from '../../src/github/event/github-event.js';
import { decideRelevance } from '../../src/github/event/trigger.js';
import { actorsToCheck } from '../../src/github/trust/actors.js';
import { webhook } from '../support/webhook-payloads.js';

const REPO = 'Codertocat/Hello-World';
const SHA = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821';
const OPTS = { triggerPhrase: '@warden', labelTrigger: 'warden', hasPrompt: false };
const repoRef = (name: string): { id: number; url: string; name: string } => ({ id: 1, url: `https://api.github.com/repos/${name}`, name: name.split('/')[1] ?? '' });
const pullRef = (head = REPO): { url: string; id: number; number: number; head: { ref: string; sha: string; repo: { id: number; url: string; name: string } }; base: { ref: string; sha: string; repo: { id: number; url: string; name: string } } } => ({
  url: '',
  id: 1,
  number: 2,
  head: { ref: 'changes', sha: SHA, repo: repoRef(head) },
  base: { ref: 'main', sha: SHA, repo: repoRef(REPO) },
});

function event(name: string, payload: unknown): GithubEvent {
  const r = parseEvent(name, JSON.stringify(payload), REPO);
  if (r.kind !== 'event') throw new Error(`expected an event, got ${JSON.stringify(r)}`);
  return r.event;
}

function workflowRun(conclusion: string, pulls: ReturnType<typeof pullRef>[]): WorkflowRunCompletedEvent {
  const p = webhook('workflow_run', 'completed') as WorkflowRunCompletedEvent;
  (p.workflow_run as { conclusion: string }).conclusion = conclusion;
  p.workflow_run.pull_requests = pulls;
  p.workflow_run.actor = { ...p.sender, login: 'alice' };
  p.workflow_run.triggering_actor = { ...p.sender, login: 'bob' };
  return p;
}

describe('failed CI runs as events', () => {
  it('workflow_run failure on a pull request of this repository: a CI failure whose actors are the triggering actor, the actor and the sender', () => {
    const e = event('workflow_run', workflowRun('failure', [pullRef()]));
    expect(e).toMatchObject({ kind: 'ci_failure', source: 'workflow_run', conclusion: 'failure', upstream: { runId: 1589141559 } });
    expect(decideRelevance(e, OPTS)).toEqual({ concerns: true, taskFrom: 'ci' });
    expect(actorsToCheck(e).map((a) => `${a.user.login}:${a.role}`)).toEqual(['bob:upstream run actor', 'alice:upstream run actor', 'Codertocat:sender']);
  });

  it.each([
    ['success', [pullRef()], 'concluded `success`, not `failure`'],
    ['cancelled', [pullRef()], 'concluded `cancelled`'],
    ['failure', [], 'on no pull request of this repository'],
    ['failure', [pullRef('mallory/Hello-World')], 'on no pull request of this repository'],
  ] as const)('workflow_run %s with %j pull requests starts nothing', (conclusion, pulls, why) => {
    const r = decideRelevance(event('workflow_run', workflowRun(conclusion, [...pulls])), OPTS);
    expect(r.concerns).toBe(false);
    if (!r.concerns) expect(r.reason).toContain(why);
  });

  it('workflow_run requested is not acted on', () => {
    expect(parseEvent('workflow_run', JSON.stringify(webhook('workflow_run', 'requested')), REPO).kind).toBe('ignored');
  });

  it('check_suite and check_run failures: the sender is checked; the check run names its job', () => {
    const suite = webhook('check_suite', 'completed') as CheckSuiteCompletedEvent;
    (suite.check_suite as { conclusion: string }).conclusion = 'failure';
    const s = event('check_suite', suite);
    expect(s).toMatchObject({ kind: 'ci_failure', source: 'check_suite', upstream: { checkSuiteId: suite.check_suite.id } });
    expect(decideRelevance(s, OPTS).concerns).toBe(suite.check_suite.pull_requests.length > 0);
    expect(actorsToCheck(s).map((a) => a.role)).toEqual(['sender']);

    const run = webhook('check_run', 'completed') as CheckRunCompletedEvent;
    run.check_run.conclusion = 'failure';
    run.check_run.pull_requests = [pullRef()];
    const c = event('check_run', run);
    expect(c).toMatchObject({ kind: 'ci_failure', source: 'check_run', upstream: { jobId: run.check_run.id, name: run.check_run.name } });
    expect(decideRelevance(c, OPTS)).toEqual({ concerns: true, taskFrom: 'ci' });
  });

  it('a payload without the fields Warden needs is refused', () => {
    const p = workflowRun('failure', [pullRef()]);
    const broken = { ...p, workflow_run: { ...p.workflow_run, head_sha: 'not-a-sha' } };
    expect(parseEvent('workflow_run', JSON.stringify(broken), REPO)).toMatchObject({ kind: 'invalid' });
  });
});

describe('max_fix_attempts: a fix loop stops', () => {
  const warden = { name: 'warden[bot]', email: 'warden[bot]@users.noreply.github.com' };
  const person = { name: 'Alice', email: 'alice@example.com' };
  const commit = (by: typeof warden, trailer: boolean): BranchCommit => ({ sha: SHA, author: by, committer: by, wardenRun: trailer ? ['1'] : [] });

  it.each([
    [[], 0],
    [[commit(person, false)], 0],
    [[commit(warden, true), commit(person, false)], 1],
    [[commit(warden, true), commit(warden, true), commit(warden, true)], 3],
    [[commit(warden, false), commit(warden, true)], 0], // no trailer: not Warden's
    [[commit(warden, true), commit(person, true), commit(warden, true)], 1],
  ] as const)('%# Warden commits in a row at the tip: %j → %i', (commits, n) => {
    expect(wardenStreak(commits, warden)).toBe(n);
  });

  it.each([
    [0, 2, false],
    [1, 2, false],
    [2, 2, true],
    [3, 2, true],
    [1, 0, true],
    [0, 0, false],
  ] as const)('streak %i, max %i: stop %s', (streak, max, stops) => {
    const why = fixLoopStop(streak, max, SHA);
    expect(why !== undefined).toBe(stops);
    if (why !== undefined) expect(why).toContain(`\`max_fix_attempts\`: ${max}`);
  });
});
