/** The one place an Octokit is made: the workflow's token, GITHUB_API_URL, Warden's user agent, our logger. */
import { Octokit } from '@octokit/rest';
import type { Logger } from '../../log/index.js';
import { VERSION } from '../../version.js';

export interface ClientOptions {
  token: string;
  /** GITHUB_API_URL (GHES: https://HOST/api/v3; tests: the local stand-in). */
  apiUrl: string;
  logger: Logger;
}

export function createGithubClient(opts: ClientOptions): Octokit {
  return new Octokit({
    auth: opts.token,
    baseUrl: opts.apiUrl,
    userAgent: `warden/${VERSION}`,
    log: { debug: () => {}, info: () => {}, warn: (m: string) => opts.logger.warn(m), error: (m: string) => opts.logger.error(m) },
  });
}
