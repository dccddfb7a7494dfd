/** The one place an Octokit is made: the workflow's token, GITHUB_API_URL, Warden's user agent, our logger, bounded retries. */
import { setTimeout as sleep } from 'node:timers/promises';
import { Octokit } from '@octokit/rest';
import type { Logger } from '../../log/index.js';
import { VERSION } from '../../version.js';
import { DEFAULT_RETRY_LIMITS, retryDecision, type RetryLimits } from '../../net/index.js';

export interface ClientOptions {
  token: string;
  /** GITHUB_API_URL (GHES: https://HOST/api/v3; tests: the local stand-in). */
  apiUrl: string;
  logger: Logger;
  /** Retries of failed calls (tests shorten the waits). */
  retry?: Partial<RetryLimits>;
  /** Waits between retries; passed in so tests can see them. */
  sleep?: (ms: number) => Promise<void>;
}

interface HttpFailure {
  status?: number;
  response?: { headers?: Record<string, string | number | undefined> };
}

export function createGithubClient(opts: ClientOptions): Octokit {
  const octokit = new Octokit({
    auth: opts.token,
    baseUrl: opts.apiUrl,
    userAgent: `warden/${VERSION}`,
    log: { debug: () => {}, info: () => {}, warn: (m: string) => opts.logger.warn(m), error: (m: string) => opts.logger.error(m) },
  });
  const limits = { ...DEFAULT_RETRY_LIMITS, ...opts.retry };
  const wait = opts.sleep ?? ((ms: number) => sleep(ms));
  octokit.hook.wrap('request', async (request, options) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await request(options);
      } catch (err) {
        const failure = err as HttpFailure;
        // Octokit reports a failed connection as status 500 with no response: that is a drop, not a server error.
        const status = failure.response === undefined ? undefined : failure.status;
        const decision = retryDecision({ method: options.method, status, headers: failure.response?.headers ?? {}, attempt, now: Date.now() }, limits);
        if (!decision.retry) throw err;
        opts.logger.warn(`GitHub API ${options.method} ${options.url}: ${decision.why}; retrying in ${(decision.delayMs / 1000).toFixed(1)} s (retry ${attempt + 1} of ${limits.maxRetries})`);
        await wait(decision.delayMs);
      }
    }
  });
  return octokit;
}
