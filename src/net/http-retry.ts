/**
 * Retries of GitHub API calls, as GitHub documents them: 5xx and dropped connections with
 * exponential backoff; 429 and secondary rate limits (403 with `retry-after`) after the time the
 * server asks; the primary rate limit (403/429 with `x-ratelimit-remaining: 0`) until
 * `x-ratelimit-reset`. Bounded in attempts and in wait. A dropped connection is retried only for
 * idempotent methods: a POST may have taken effect, and its caller checks before trying again.
 * The decision is pure; the Octokit hook (src/github/api/client.ts) and the GitLab requester
 * (src/ci/gitlab/gitlab-client.ts) apply it.
 */
export interface RetryLimits {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** A server asking for a longer wait than this ends the call instead. */
  maxWaitMs: number;
  /** First backoff; doubled per attempt. */
  baseDelayMs: number;
}

export const DEFAULT_RETRY_LIMITS: RetryLimits = { maxRetries: 4, maxWaitMs: 60_000, baseDelayMs: 1_000 };

export interface FailedAttempt {
  method: string;
  /** HTTP status, or undefined when no response came (reset, refused, timeout). */
  status: number | undefined;
  headers: Readonly<Record<string, string | number | undefined>>;
  /** 0 for the first retry. */
  attempt: number;
  /** Milliseconds since the epoch, to read `x-ratelimit-reset`. */
  now: number;
}

export type RetryDecision = { retry: true; delayMs: number; why: string } | { retry: false; why: string };

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);

export function retryDecision(failure: FailedAttempt, limits: RetryLimits = DEFAULT_RETRY_LIMITS): RetryDecision {
  if (failure.attempt >= limits.maxRetries) return { retry: false, why: `gave up after ${limits.maxRetries + 1} attempts` };
  const backoff = limits.baseDelayMs * 2 ** failure.attempt;
  const header = (name: string): string | undefined => {
    const v = failure.headers[name];
    return v === undefined ? undefined : String(v);
  };
  const status = failure.status;
  if (status === undefined) {
    if (!IDEMPOTENT.has(failure.method.toUpperCase())) return { retry: false, why: 'the connection dropped during a request that may have taken effect' };
    return { retry: true, delayMs: backoff, why: 'the connection dropped' };
  }
  const limited = status === 429 || (status === 403 && (header('retry-after') !== undefined || header('x-ratelimit-remaining') === '0'));
  if (limited) {
    const retryAfter = Number(header('retry-after'));
    const reset = Number(header('x-ratelimit-reset'));
    const wait = Number.isFinite(retryAfter) && header('retry-after') !== undefined
      ? retryAfter * 1000
      : header('x-ratelimit-remaining') === '0' && Number.isFinite(reset)
        ? reset * 1000 - failure.now
        : backoff;
    const delayMs = Math.max(0, Math.ceil(wait));
    if (delayMs > limits.maxWaitMs) return { retry: false, why: `rate limited for ${Math.ceil(delayMs / 1000)} s, longer than the ${Math.ceil(limits.maxWaitMs / 1000)} s Warden waits` };
    return { retry: true, delayMs, why: status === 429 ? 'too many requests' : header('x-ratelimit-remaining') === '0' ? 'rate limit reached' : 'secondary rate limit' };
  }
  if (status >= 500) return { retry: true, delayMs: backoff, why: `server error ${status}` };
  return { retry: false, why: `HTTP ${status}` };
}
