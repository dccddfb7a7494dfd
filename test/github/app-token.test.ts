/**
 * createAppToken against the GitHub stand-in with a real App key pair: the JWT is verified there
 * with the public key, the token is narrowed to the repository and the publisher's permissions,
 * revocation ends it, and every refusal is a UsageError naming the input that is wrong.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/config/index.js';
import { APP_TOKEN_PERMISSIONS, createAppToken } from '../../src/github/index.js';
import { appTokenRefusal } from '../../src/github/api/app-token-refusal.js';
import { AppStandIn, GithubServer, rsaKeyPair, type AppOptions } from '../support/github-server.js';

const REPO = { owner: 'Codertocat', name: 'Hello-World', collaborators: {}, issues: [] };

describe('a GitHub App installation token (createAppToken, GitHub stand-in)', () => {
  let server: GithubServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function start(options: AppOptions = {}): Promise<{ app: AppStandIn; github: GithubServer; target: { owner: string; repo: string; apiUrl: string } }> {
    const app = new AppStandIn(options);
    server = await GithubServer.start({ app, repos: [REPO] });
    return { app, github: server, target: { owner: 'Codertocat', repo: 'Hello-World', apiUrl: server.url } };
  }

  it('finds the installation, makes a token for this repository with the publisher\'s permissions only, and revokes it once', async () => {
    const { app, github, target } = await start();
    const made = await createAppToken({ appId: String(app.id), privateKey: app.privateKey, installationId: undefined }, target);
    expect(app.refusals).toEqual([]);
    expect(app.tokens).toEqual([expect.objectContaining({ token: made.token, installationId: app.installationId, repositories: ['Hello-World'], permissions: APP_TOKEN_PERMISSIONS, revokedAt: undefined })]);
    expect(app.isLive(made.token)).toBe(true);
    expect(await made.revoke()).toBeUndefined();
    expect(await made.revoke()).toBeUndefined();
    expect(app.isLive(made.token)).toBe(false);
    expect(github.requestsFor('apps/revoke-installation-access-token')).toHaveLength(1);
  });

  it.each([
    ['a key that is not the App\'s', (app: AppStandIn) => ({ appId: String(app.id), privateKey: rsaKeyPair().privateKey, installationId: undefined }), {}, /`app_private_key` is not a private key of that App/],
    ['another App\'s ID', (app: AppStandIn) => ({ appId: String(app.id + 1), privateKey: app.privateKey, installationId: undefined }), {}, /GitHub refused the GitHub App \d+ \(`app_id`\)'s signed request \(401\)/],
    ['an App not installed on the repository', (app: AppStandIn) => ({ appId: String(app.id), privateKey: app.privateKey, installationId: undefined }), { installedOn: ['Codertocat/other'] }, /is not installed on Codertocat\/Hello-World/],
    ['a wrong installation id', (app: AppStandIn) => ({ appId: String(app.id), privateKey: app.privateKey, installationId: 5 }), {}, /`app_installation_id` 5 is not an installation of the GitHub App/],
    ['an installation without this repository', (app: AppStandIn) => ({ appId: String(app.id), privateKey: app.privateKey, installationId: app.installationId }), { installedOn: ['Codertocat/other'] }, /may not have a token for Codertocat\/Hello-World with contents: write, pull_requests: write, issues: write \(422\)/],
    ['a key that is no key', (app: AppStandIn) => ({ appId: String(app.id), privateKey: '-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----', installationId: undefined }), {}, /`app_private_key` cannot be read as a private key/],
  ] as const)('%s: a UsageError naming the input, no token', async (_name, credentials, options, message) => {
    const { app, target } = await start(options);
    const made = createAppToken(credentials(app), target);
    await expect(made).rejects.toThrow(message);
    await expect(made).rejects.toBeInstanceOf(UsageError);
    expect(app.tokens).toEqual([]);
  });

  it('a server error is not the configuration\'s fault: it is thrown as it came, not as a UsageError', () => {
    expect(appTokenRefusal({ step: 'token', status: 500, appId: '1', installation: undefined, repository: 'o/r', permissions: [] })).toBeUndefined();
    expect(appTokenRefusal({ step: 'installation', status: undefined, appId: '1', installation: undefined, repository: 'o/r', permissions: [] })).toBeUndefined();
  });
});
