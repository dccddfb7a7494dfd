/**
 * A GitHub App's installation token for one run. Pushes and pull requests made with the
 * workflow's GITHUB_TOKEN start no workflows (GitHub's rule against recursive runs); an App's do.
 * The token is narrowed to this one repository and to what the publisher and host git use; it
 * stands in for `github_token` on the host only (the API client, fetch and push), and is revoked
 * when the run ends rather than left to expire an hour later.
 */
import { createPrivateKey } from 'node:crypto';
import { Octokit } from '@octokit/rest';
import { UsageError, type AppInputs } from '../../config/index.js';
import { VERSION } from '../../version.js';
import { errorMessage, httpStatus } from '../../error-text.js';
import { appTokenRefusal, type RefusalContext } from './app-token-refusal.js';

/**
 * What the publisher does with the token, and nothing else: push (contents), draft pull requests
 * and reviews (pull_requests), the sticky comment (issues). Metadata (read) comes with every
 * token. Not `workflows`: a change to .github/workflows/ is refused by GitHub, as a person's
 * would be without that permission.
 */
export const APP_TOKEN_PERMISSIONS = { contents: 'write', pull_requests: 'write', issues: 'write' } as const;

export interface AppToken {
  readonly token: string;
  /** Ends the token early; says what went wrong rather than throwing (it expires within the hour anyway). */
  revoke(): Promise<string | undefined>;
}

export interface AppTarget {
  owner: string;
  repo: string;
  /** GITHUB_API_URL. */
  apiUrl: string;
}

const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** Makes the token, or throws a UsageError naming the input that is wrong. */
export async function createAppToken(app: AppInputs, target: AppTarget): Promise<AppToken> {
  try {
    createPrivateKey(app.privateKey);
  } catch {
    throw new UsageError('action inputs: `app_private_key` cannot be read as a private key (expected the App\'s .pem file, whole)');
  }
  // Loaded only by a run that acts as an App.
  const { createAppAuth } = await import('@octokit/auth-app');
  const octokit = new Octokit({ baseUrl: target.apiUrl, userAgent: `warden/${VERSION}`, log: silent, authStrategy: createAppAuth, auth: { appId: app.appId, privateKey: app.privateKey } });
  const permissions = Object.entries(APP_TOKEN_PERMISSIONS).map(([name, level]) => `${name}: ${level}`);
  const refused = (step: RefusalContext['step'], installation: RefusalContext['installation'], err: unknown): unknown => {
    const message = appTokenRefusal({ step, status: httpStatus(err), appId: app.appId, installation, repository: `${target.owner}/${target.repo}`, permissions });
    return message === undefined ? err : new UsageError(message);
  };

  let installation = app.installationId === undefined ? undefined : { id: app.installationId, given: true };
  if (installation === undefined) {
    try {
      installation = { id: (await octokit.rest.apps.getRepoInstallation({ owner: target.owner, repo: target.repo })).data.id, given: false };
    } catch (err) {
      throw refused('installation', undefined, err);
    }
  }
  let token: string;
  try {
    const auth = (await octokit.auth({ type: 'installation', installationId: installation.id, repositoryNames: [target.repo], permissions: APP_TOKEN_PERMISSIONS })) as { token: string };
    token = auth.token;
  } catch (err) {
    throw refused('token', installation, err);
  }

  let revoked: Promise<string | undefined> | undefined;
  return {
    token,
    revoke: () =>
      (revoked ??= new Octokit({ auth: token, baseUrl: target.apiUrl, userAgent: `warden/${VERSION}`, log: silent }).rest.apps.revokeInstallationAccessToken().then(
        () => undefined,
        (err: unknown) => `could not revoke the GitHub App's token (it expires within the hour): ${errorMessage(err)}`,
      )),
  };
}
