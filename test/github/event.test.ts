import { describe, expect, it } from 'vitest';
import { parseEvent, type GithubEvent } from '../../src/github/event/github-event.js';
import { containsTriggerPhrase, decideRelevance } from '../../src/github/event/trigger.js';
import { actorsToCheck } from '../../src/github/trust/actors.js';
import { isForkPull } from '../../src/github/trust/fork.js';
import { exampleActions, schedulePayload, webhook } from '../support/webhook-payloads.js';

const REPO = 'Codertocat/Hello-World';

function parsed(name: string, payload: unknown, repo = REPO): GithubEvent {
  const r = parseEvent(name, JSON.stringify(payload), repo);
  if (r.kind !== 'event') throw new Error(`expected an event, got ${JSON.stringify(r)}`);
  return r.event;
}

describe('parseEvent: GitHub’s own example payloads into one typed event', () => {
  const ACTED_ON: Record<string, string[]> = {
    pull_request: ['opened', 'synchronize', 'reopened', 'ready_for_review'],
    issue_comment: ['created'],
    pull_request_review_comment: ['created'],
    pull_request_review: ['submitted'],
    issues: ['opened', 'assigned', 'labeled'],
  };

  for (const [name, acted] of Object.entries(ACTED_ON)) {
    for (const action of exampleActions(name as 'issues')) {
      it(`${name} ${action}: ${acted.includes(action) ? 'an event' : 'ignored'}`, () => {
        const r = parseEvent(name, JSON.stringify(webhook(name as 'issues', action)), webhook(name as 'issues', action).repository.full_name);
        expect(r.kind).toBe(acted.includes(action) ? 'event' : 'ignored');
        if (r.kind === 'ignored') expect(r.reason).toContain(`action \`${action}\``);
      });
    }
  }

  it('pull_request_target has the pull_request payload', () => {
    const e = parsed('pull_request_target', webhook('pull_request', 'opened'));
    expect(e).toMatchObject({ kind: 'pull_request', name: 'pull_request_target', action: 'opened' });
  });

  it('workflow_dispatch, repository_dispatch and schedule', () => {
    const wd = webhook('workflow_dispatch');
    expect(parsed('workflow_dispatch', wd, wd.repository.full_name)).toMatchObject({ kind: 'workflow_dispatch', sender: { login: wd.sender.login } });
    const rd = webhook('repository_dispatch');
    expect(parsed('repository_dispatch', rd, rd.repository.full_name)).toMatchObject({ kind: 'repository_dispatch', eventType: 'on-demand-test' });
    expect(parsed('schedule', schedulePayload())).toEqual({ name: 'schedule', kind: 'schedule', repository: REPO, sender: null, cron: '17 3 * * 1' });
  });

  it.each([
    ['push', '{}', 'ignored', 'not one Warden acts on'],
    ['pull_request', 'not json', 'invalid', 'not JSON'],
    ['pull_request', '[]', 'invalid', 'not a JSON object'],
    ['issue_comment', '{"action":"created","repository":{}}', 'invalid', 'not what GitHub sends'],
  ])('%s with %j → %s', (name, text, kind, message) => {
    const r = parseEvent(name, text, REPO);
    expect(r.kind).toBe(kind);
    expect(JSON.stringify(r)).toContain(message);
  });

  it('refuses a payload for another repository than GITHUB_REPOSITORY', () => {
    const r = parseEvent('issue_comment', JSON.stringify(webhook('issue_comment', 'created')), 'someone/else');
    expect(r).toEqual({ kind: 'invalid', message: 'the payload is for Codertocat/Hello-World, but GITHUB_REPOSITORY is someone/else' });
  });
});

describe('the trigger phrase, as a word', () => {
  it.each([
    ['@warden fix this', true],
    ['please, @warden: fix', true],
    ['(@warden)', true],
    ['@WARDEN fix', true],
    ['end of sentence @warden.', true],
    ['@wardenbot fix', false],
    ['@warden-ci fix', false],
    ['@warden_x', false],
    ['mail ops@warden.dev', false],
    ['see @warden.dev', false],
    ['x@warden', false],
    ['<!-- @warden --> hidden', false],
    ['@war\u200Bden split by a zero-width space', true],
    ['[x]: https://a "@warden"', false],
    ['nothing here', false],
  ])('%j → %s', (text, expected) => {
    expect(containsTriggerPhrase(text, '@warden')).toBe(expected);
  });

  it('works for phrases without @ and with regex characters', () => {
    expect(containsTriggerPhrase('hey /warden+ go', '/warden+')).toBe(true);
    expect(containsTriggerPhrase('warden go', 'warden')).toBe(true);
    expect(containsTriggerPhrase('@warden go', 'warden')).toBe(false);
    expect(containsTriggerPhrase('wardens go', 'warden')).toBe(false);
  });
});

describe('decideRelevance: does the event concern Warden?', () => {
  const opts = { triggerPhrase: '@warden', labelTrigger: 'warden', hasPrompt: false };
  const comment = (body: string): GithubEvent => {
    const p = webhook('issue_comment', 'created');
    p.comment.body = body;
    return parsed('issue_comment', p);
  };
  const labeled = (label: string): GithubEvent => {
    const p = webhook('issues', 'labeled');
    if (p.action === 'labeled' && p.label !== undefined) p.label.name = label;
    return parsed('issues', p);
  };

  it.each([
    ['a comment with the phrase: the comment is the task', comment('@warden fix the test'), opts, { concerns: true, taskFrom: 'comment' }],
    ['a comment without it', comment('LGTM'), opts, { concerns: false, reason: 'the comment does not mention @warden' }],
    ['the phrase only inside an HTML comment', comment('<!-- @warden -->LGTM'), opts, { concerns: false, reason: 'the comment does not mention @warden' }],
    ['the trigger label', labeled('Warden'), opts, { concerns: true, taskFrom: 'issue' }],
    ['another label', labeled('bug'), opts, { concerns: false, reason: 'the label "bug" is not `label_trigger` ("warden")' }],
    ['labels when label_trigger is empty', labeled('warden'), { ...opts, labelTrigger: '' }, { concerns: false, reason: 'no `label_trigger` is set, so labels start nothing' }],
    ['a pull request needs a prompt', parsed('pull_request', webhook('pull_request', 'opened')), opts, { concerns: true, taskFrom: null }],
    ['a schedule needs a prompt', parsed('schedule', schedulePayload()), opts, { concerns: true, taskFrom: null }],
  ])('%s', (_name, event, o, expected) => {
    expect(decideRelevance(event, o)).toEqual(expected);
  });

  it('an opened issue concerns Warden with a prompt, or when it mentions the phrase', () => {
    const p = webhook('issues', 'opened');
    expect(decideRelevance(parsed('issues', p), opts)).toMatchObject({ concerns: false });
    expect(decideRelevance(parsed('issues', p), { ...opts, hasPrompt: true })).toEqual({ concerns: true, taskFrom: 'issue' });
    p.issue.body = 'Crash on start. @warden please look';
    expect(decideRelevance(parsed('issues', p), opts)).toEqual({ concerns: true, taskFrom: 'issue' });
  });
});

describe('whose permission counts', () => {
  it.each([
    ['pull_request (author = sender)', parsed('pull_request', webhook('pull_request', 'opened')), ['Codertocat:pull request author']],
    ['issue_comment', parsed('issue_comment', webhook('issue_comment', 'created')), ['Codertocat:comment author']],
    ['schedule: nobody', parsed('schedule', schedulePayload()), []],
  ])('%s', (_name, event, expected) => {
    expect(actorsToCheck(event).map((a) => `${a.user.login}:${a.role}`)).toEqual(expected);
  });

  it('a synchronize pushed by someone else checks both the author and the pusher', () => {
    const p = webhook('pull_request', 'synchronize');
    p.sender = { ...p.sender, login: 'pusher' };
    expect(actorsToCheck(parsed('pull_request', p)).map((a) => `${a.user.login}:${a.role}`)).toEqual(['Codertocat:pull request author', 'pusher:sender']);
  });

  it('a labeled issue checks who labelled it, not who wrote it', () => {
    const p = webhook('issues', 'labeled');
    p.sender = { ...p.sender, login: 'maintainer' };
    expect(actorsToCheck(parsed('issues', p)).map((a) => a.user.login)).toEqual(['maintainer']);
  });

  it('fork detection: another head repository, or none at all', () => {
    const base = { base: { repo: { full_name: 'o/r' } } };
    expect(isForkPull({ ...base, head: { repo: { full_name: 'o/r' } } })).toBe(false);
    expect(isForkPull({ ...base, head: { repo: { full_name: 'O/R' } } })).toBe(false);
    expect(isForkPull({ ...base, head: { repo: { full_name: 'mallory/r' } } })).toBe(true);
    expect(isForkPull({ ...base, head: { repo: null } })).toBe(true);
  });
});
