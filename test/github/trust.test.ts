import { Octokit } from '@octokit/rest';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEvent, type GithubEvent } from '../../src/github/event/github-event.js';
import { checkTrust, fetchPermission } from '../../src/github/trust/gate.js';
import { GithubServer } from '../support/github-server.js';
import { webhook } from '../support/webhook-payloads.js';

const TOKEN = 'ghs_trusttesttoken_0123456789';
const quiet = (): void => {};

function commentBy(login: string, type: 'User' | 'Bot' | 'Organization' = 'User'): GithubEvent {
  const p = webhook('issue_comment', 'created');
  p.comment.user = { ...p.comment.user, login, type };
  p.sender = { ...p.sender, login, type };
  p.comment.body = '@warden fix it';
  const r = parseEvent('issue_comment', JSON.stringify(p), 'Codertocat/Hello-World');
  if (r.kind !== 'event') throw new Error('bad fixture');
  return r.event;
}

describe('the trust gate, against the GitHub stand-in', () => {
  let server: GithubServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function gate(event: GithubEvent, allowedBots: string[] = []): ReturnType<typeof checkTrust> {
    server ??= await GithubServer.start({
      token: TOKEN,
      repos: [{ owner: 'Codertocat', name: 'Hello-World', collaborators: { alice: 'write', mara: 'maintain', root: 'admin', tim: 'triage', rita: 'read' } }],
    });
    const octokit = new Octokit({ auth: TOKEN, baseUrl: server.url, log: { debug: quiet, info: quiet, warn: quiet, error: quiet } });
    return checkTrust(event, { owner: 'Codertocat', repo: 'Hello-World', allowedBots, permissionOf: (u) => fetchPermission(octokit, 'Codertocat', 'Hello-World', u) });
  }

  it.each([
    ['alice', 'write access'],
    ['mara', 'maintain access'],
    ['root', 'admin access'],
  ])('@%s may start runs (%s)', async (login, standing) => {
    expect(await gate(commentBy(login))).toEqual({ trusted: true, actor: { login, role: 'comment author', standing }, verified: [{ login, role: 'comment author', standing }] });
    expect(server?.requestsFor('repos/get-collaborator-permission-level').map((r) => r.params.username)).toEqual([login]);
  });

  it.each([
    ['tim', '@tim (comment author) has read (role triage) permission on Codertocat/Hello-World; Warden runs only for accounts with write, maintain or admin permission. Nothing was run.'],
    ['rita', '@rita (comment author) has read permission on Codertocat/Hello-World; Warden runs only for accounts with write, maintain or admin permission. Nothing was run.'],
    ['stranger', '@stranger (comment author) has read permission on Codertocat/Hello-World; Warden runs only for accounts with write, maintain or admin permission. Nothing was run.'],
  ])('@%s may not', async (login, notice) => {
    expect(await gate(commentBy(login))).toEqual({ trusted: false, notice });
  });

  it('a bot is refused without asking the API, unless allowed_bots lists it', async () => {
    expect(await gate(commentBy('dependabot[bot]', 'Bot'))).toEqual({
      trusted: false,
      notice: '@dependabot[bot] (comment author) is a bot, and bots may not start Warden runs unless the workflow lists them in `allowed_bots`. Nothing was run.',
    });
    // A bot's login ends in [bot] even if the payload calls it a User.
    expect(await gate(commentBy('renovate[bot]', 'User'))).toMatchObject({ trusted: false });
    expect(await gate(commentBy('dependabot[bot]', 'Bot'), ['dependabot'])).toMatchObject({ trusted: true, actor: { standing: 'listed in allowed_bots' } });
    expect(server?.requestsFor('repos/get-collaborator-permission-level')).toHaveLength(0);
  });

  it('an organisation account is refused', async () => {
    expect(await gate(commentBy('some-org', 'Organization'))).toEqual({ trusted: false, notice: '@some-org (comment author) is an organization account, not a user. Nothing was run.' });
  });

  it('a pusher without write access on a writer’s pull request is refused, named as the sender', async () => {
    const p = webhook('pull_request', 'synchronize');
    p.pull_request.user = { ...p.pull_request.user, login: 'alice' };
    p.sender = { ...p.sender, login: 'rita' };
    const r = parseEvent('pull_request', JSON.stringify(p), 'Codertocat/Hello-World');
    if (r.kind !== 'event') throw new Error('bad fixture');
    expect(await gate(r.event)).toMatchObject({ trusted: false, notice: expect.stringContaining('@rita (sender) has read permission') as unknown });
  });

  it('an API failure is not a yes: the check throws (the step fails), no trust decision is made', async () => {
    server = await GithubServer.start({ token: TOKEN, repos: [{ owner: 'Codertocat', name: 'Hello-World', collaborators: { alice: 'write' } }] });
    server.injectFault({ fault: { kind: 'status', status: 500 } });
    await expect(gate(commentBy('alice'))).rejects.toMatchObject({ status: 500 });
  });
});
