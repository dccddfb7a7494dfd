/**
 * The GitLab client: @gitbeaker's resources with a request handler of ours, so GitLab calls follow
 * the same retry policy as GitHub's (src/net/): 5xx and dropped connections with backoff, 429
 * after `retry-after`, bounded — where @gitbeaker/rest's own handler retries only 429 and 502 and
 * ignores `retry-after`. Otherwise it does what @gitbeaker/rest's does: fetch, parse, throw
 * GitbeakerRequestError naming the status.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Gitlab } from '@gitbeaker/core';
import { createRequesterFn, GitbeakerRequestError, type FormattedResponse, type ResponseBodyTypes } from '@gitbeaker/requester-utils';
import type { Logger } from '../../log/index.js';
import { DEFAULT_RETRY_LIMITS, retryDecision, type RetryLimits } from '../../net/index.js';

export type GitlabApi = InstanceType<typeof Gitlab<false>>;

export interface GitlabClientOptions {
  /** CI_API_V4_URL, e.g. https://gitlab.com/api/v4. */
  apiUrl: string;
  /** A project/group access token or a personal token (PRIVATE-TOKEN), or the job's CI_JOB_TOKEN. */
  token: { kind: 'access'; value: string } | { kind: 'job'; value: string };
  logger: Logger;
  retry?: Partial<RetryLimits>;
  sleep?: (ms: number) => Promise<void>;
}

interface HandlerOptions {
  prefixUrl?: string;
  searchParams?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | FormData;
  asStream?: boolean;
}

export function createGitlabClient(opts: GitlabClientOptions): GitlabApi {
  const limits = { ...DEFAULT_RETRY_LIMITS, ...opts.retry };
  const wait = opts.sleep ?? ((ms: number) => sleep(ms));
  const handler = async (endpoint: string, raw?: Record<string, unknown>): Promise<FormattedResponse<ResponseBodyTypes>> => {
    const options = (raw ?? {}) as HandlerOptions;
    const base = options.prefixUrl === undefined ? undefined : options.prefixUrl.endsWith('/') ? options.prefixUrl : `${options.prefixUrl}/`;
    const url = new URL(endpoint, base);
    url.search = options.searchParams ?? '';
    const method = options.method ?? 'GET';
    for (let attempt = 0; ; attempt++) {
      let response: Response | undefined;
      let dropped: unknown;
      try {
        response = await fetch(url, { method, ...(options.headers === undefined ? {} : { headers: options.headers }), ...(options.body === undefined ? {} : { body: options.body }) });
      } catch (err) {
        dropped = err;
      }
      if (response?.ok === true) return parse(response);
      const headers = response === undefined ? {} : Object.fromEntries(response.headers.entries());
      const decision = retryDecision({ method, status: response?.status, headers, attempt, now: Date.now() }, limits);
      if (!decision.retry) {
        if (response === undefined) throw dropped;
        const text = await response.text();
        const request = new Request(url, { method });
        throw new GitbeakerRequestError(`${method} ${url.pathname}: ${response.status} ${describe(text)}`, { cause: { description: describe(text), request, response } });
      }
      await response?.body?.cancel();
      opts.logger.warn(`GitLab API ${method} ${url.pathname}: ${decision.why}; retrying in ${(decision.delayMs / 1000).toFixed(1)} s (retry ${attempt + 1} of ${limits.maxRetries})`);
      await wait(decision.delayMs);
    }
  };
  const requesterFn = createRequesterFn((_, reqo) => Promise.resolve(reqo), handler);
  const host = new URL(opts.apiUrl).origin;
  const prefix = new URL(opts.apiUrl).pathname.replace(/\/api\/v4\/?$/, '');
  return new Gitlab({
    host: `${host}${prefix}`,
    requesterFn,
    ...(opts.token.kind === 'job' ? { jobToken: opts.token.value } : { token: opts.token.value }),
  });
}

async function parse(response: Response): Promise<FormattedResponse<ResponseBodyTypes>> {
  const headers = Object.fromEntries(response.headers.entries());
  if (response.status === 204) return { body: null as unknown as ResponseBodyTypes, headers, status: 204 };
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  const body = type === 'application/json' ? ((await response.json()) as ResponseBodyTypes) : ((await response.text()) as ResponseBodyTypes);
  return { body, headers, status: response.status };
}

function describe(text: string): string {
  try {
    const json = JSON.parse(text) as { message?: unknown; error?: unknown };
    const m = json.message ?? json.error;
    return typeof m === 'string' ? m : JSON.stringify(m ?? json);
  } catch {
    return text.slice(0, 300);
  }
}
