import { Octokit } from '@octokit/rest';
import { afterEach, describe, expect, it } from 'vitest';
import { GithubServer } from '../support/github-server.js';

const TOKEN = 'ghs_standintesttoken0123456789';

function client(server: GithubServer, token = TOKEN): Octokit {
  const quiet = (): void => {};
  return new Octokit({ auth: token, baseUrl: server.url, log: { debug: quiet, info: quiet, warn: quiet, error: quiet } });
}

async function statusOf(p: Promise<unknown>): Promise<{ status: number | undefined; headers: Record<string, string | undefined> }> {
  try {
    await p;
    return { status: 200, headers: {} };
  } catch (err) {
    const e = err as { status?: number; response?: { headers?: Record<string, string | undefined> } };
    return { status: e.status, headers: e.response?.headers ?? {} };
  }
}

describe('the GitHub stand-in, with real Octokit as the client', () => {
  let server: GithubServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const seeded = (): Promise<GithubServer> =>
    GithubServer.start({
      token: TOKEN,
      repos: [
        {
          owner: 'octo-org',
          name: 'hello',
          collaborators: { alice: 'write', mara: 'maintain', root: 'admin', tim: 'triage' },
          issues: [
            {
              number: 7,
              title: 'Bug',
              body: 'It breaks',
              user: { login: 'bob' },
              comments: Array.from({ length: 130 }, (_, i) => ({ id: 500 + i, user: { login: 'bob' }, body: `c${i}`, createdAt: `2024-02-01T00:${String(i % 60).padStart(2, '0')}:00Z` })),
            },
          ],
        },
      ],
    });

  it('answers documented operations from its state, and records each request with its operation id', async () => {
    server = await seeded();
    const gh = client(server);
    const roles = await Promise.all(['alice', 'mara', 'root', 'tim', 'stranger'].map((u) => gh.rest.repos.getCollaboratorPermissionLevel({ owner: 'octo-org', repo: 'hello', username: u })));
    expect(roles.map((r) => [r.data.permission, r.data.role_name])).toEqual([
      ['write', 'write'],
      ['write', 'maintain'],
      ['admin', 'admin'],
      ['read', 'triage'],
      ['read', 'read'],
    ]);
    expect(server.requestsFor('repos/get-collaborator-permission-level')).toHaveLength(5);
    expect(server.requests[0]?.headers.authorization).toBe(`token ${TOKEN}`);

    const page2 = await gh.rest.issues.listComments({ owner: 'octo-org', repo: 'hello', issue_number: 7, per_page: 100, page: 2 });
    expect(page2.data.map((c) => c.body)).toEqual(Array.from({ length: 30 }, (_, i) => `c${100 + i}`));
    expect(page2.headers.link).toContain('rel="prev"');
    const all = await gh.paginate(gh.rest.issues.listComments, { owner: 'octo-org', repo: 'hello', issue_number: 7, per_page: 50 });
    expect(all).toHaveLength(130);
    expect(server.violations).toEqual([]);
  });

  it('refuses a request that does not conform (unknown query parameter, bad body, wrong type, unknown path) with a 4xx and a violation', async () => {
    server = await seeded();
    const gh = client(server);
    // Deliberately wrong requests, so through Octokit's untyped form.
    const raw = (route: string, params: Record<string, unknown>): Promise<unknown> => gh.request(route, params);
    const results = await Promise.all([
      statusOf(raw('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', { owner: 'octo-org', repo: 'hello', issue_number: 7, per_pge: 5 })),
      statusOf(raw('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', { owner: 'octo-org', repo: 'hello', issue_number: 7, bdy: 'typo' })),
      statusOf(raw('GET /repos/{owner}/{repo}/pulls/{pull_number}', { owner: 'octo-org', repo: 'hello', pull_number: 'seven' })),
      statusOf(raw('GET /repos/{owner}/{repo}/no-such-thing', { owner: 'octo-org', repo: 'hello' })),
      statusOf(raw('DELETE /repos/{owner}/{repo}/collaborators/{username}/permission', { owner: 'octo-org', repo: 'hello', username: 'alice' })),
    ]);
    expect(results.map((r) => r.status)).toEqual([422, 422, 422, 404, 405]);
    const v = server.violations.join('\n');
    expect(v).toContain('unknown query parameter per_pge');
    expect(v).toContain("must have required property 'body'");
    expect(v).toContain('path parameter pull_number');
    expect(v).toContain('no such path');
    expect(server.violations).toHaveLength(5);
    // The test that made them fails: close() throws.
    await expect(server.close()).rejects.toThrow(/did not conform/);
    server = undefined;
  });

  it('fails a request for an operation no route handles, and one with the wrong token', async () => {
    server = await seeded();
    expect((await statusOf(client(server).rest.repos.listBranches({ owner: 'octo-org', repo: 'hello' }))).status).toBe(501);
    expect((await statusOf(client(server, 'ghs_wrong').rest.repos.getCollaboratorPermissionLevel({ owner: 'octo-org', repo: 'hello', username: 'alice' }))).status).toBe(401);
    expect(server.violations.join('\n')).toMatch(/repos\/list-branches: no route[\s\S]*not authenticated/);
    await expect(server.close()).rejects.toThrow();
    server = undefined;
  });

  it('injects faults: 500, secondary rate limit with retry-after, 429, primary rate limit, dropped connection — then answers again', async () => {
    server = await seeded();
    const gh = client(server);
    const call = (): Promise<unknown> => gh.rest.repos.getCollaboratorPermissionLevel({ owner: 'octo-org', repo: 'hello', username: 'alice' });
    server.injectFault({ fault: { kind: 'status', status: 500 } });
    server.injectFault({ fault: { kind: 'secondary-rate-limit', retryAfterSeconds: 7 } });
    server.injectFault({ fault: { kind: 'too-many-requests', retryAfterSeconds: 3 } });
    server.injectFault({ fault: { kind: 'rate-limit', resetInSeconds: 60 } });
    server.injectFault({ fault: { kind: 'drop' }, operation: 'repos/get-collaborator-permission-level' });
    const seen = [];
    for (let i = 0; i < 5; i++) seen.push(await statusOf(call()));
    expect(seen.map((s) => s.status)).toEqual([500, 403, 429, 403, 500]);
    expect(seen[1]?.headers['retry-after']).toBe('7');
    expect(seen[2]?.headers['retry-after']).toBe('3');
    expect(seen[3]?.headers['x-ratelimit-remaining']).toBe('0');
    expect(server.requests.map((r) => r.fault)).toEqual(['status', 'secondary-rate-limit', 'too-many-requests', 'rate-limit', 'drop']);
    expect(await statusOf(call())).toEqual({ status: 200, headers: {} });
  });
});
