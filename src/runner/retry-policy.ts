import type { ModelError } from './model-client.js';

/** How the loop recovers from a failed model request. All waits here are bounded. */
export interface RetryPolicy {
  /** Retries of one request after a retryable failure (HTTP 408/409/429/5xx/529, dropped or broken streams, timeouts). */
  maxRetries: number;
  /** Of those, how many may follow a timeout: each timed-out attempt has already cost a whole idle timeout. */
  maxTimeoutRetries: number;
  /** Overloaded answers in a row before switching to the fallback model, when there is one. */
  overloadedBeforeFallback: number;
  /** The longest `retry-after` waited out; asked for longer, the run ends rather than hold the job. */
  maxRetryAfterMs: number;
  /** Delay before retry `attempt` (1-based) when the API did not say. */
  backoffMs(attempt: number): number;
}

/** What has happened to the current request so far, this failure included. */
export interface RetryState {
  failures: number;
  timeouts: number;
  overloadedInARow: number;
  promptTooLongHandled: boolean;
  fallbackAvailable: boolean;
}

export type RecoveryStep =
  | { step: 'retry'; delayMs: number; basis: 'retry-after' | 'backoff' }
  | { step: 'compact' }
  | { step: 'fallback' }
  | { step: 'give_up'; why: string };

/** Decides the next step after a failed request (pure). */
export function decideRecovery(error: ModelError, state: RetryState, policy: RetryPolicy): RecoveryStep {
  if (error.status === 400 && /prompt is too long/i.test(error.message)) {
    return state.promptTooLongHandled ? { step: 'give_up', why: 'the prompt is still too long after compaction' } : { step: 'compact' };
  }
  if (!error.retryable) return { step: 'give_up', why: 'not retryable' };
  if (error.kind === 'overloaded' && state.fallbackAvailable && state.overloadedInARow >= policy.overloadedBeforeFallback) return { step: 'fallback' };
  if (state.failures > policy.maxRetries) return { step: 'give_up', why: `gave up after ${state.failures} attempts` };
  const timedOut = error.kind === 'idle_timeout' || error.kind === 'request_timeout';
  if (timedOut && state.timeouts > policy.maxTimeoutRetries) return { step: 'give_up', why: `gave up after ${state.timeouts} timed-out attempts` };
  if (error.retryAfterMs !== undefined) {
    if (error.retryAfterMs > policy.maxRetryAfterMs) {
      return { step: 'give_up', why: `the API asked to wait ${Math.ceil(error.retryAfterMs / 1000)} s before retrying, longer than the ${Math.round(policy.maxRetryAfterMs / 1000)} s Warden waits` };
    }
    return { step: 'retry', delayMs: error.retryAfterMs, basis: 'retry-after' };
  }
  return { step: 'retry', delayMs: policy.backoffMs(state.failures), basis: 'backoff' };
}

/** Exponential backoff from 500 ms, doubling to at most 16 s, with up to 25% jitter (`random` in [0, 1)). */
export function exponentialBackoff(random: () => number = Math.random): (attempt: number) => number {
  return (attempt) => {
    const base = Math.min(500 * 2 ** (attempt - 1), 16_000);
    return Math.round(base * (1 + 0.25 * random()));
  };
}

/** A short description of a failure for retry records and logs, e.g. `HTTP 529`, `idle_timeout`. */
export function failureLabel(error: ModelError): string {
  if (error.status !== undefined) return `HTTP ${error.status}`;
  return error.kind;
}
