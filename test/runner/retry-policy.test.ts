import { describe, expect, it } from 'vitest';
import { ModelError, type ModelErrorKind } from '../../src/runner/model-client.js';
import { decideRecovery, exponentialBackoff, type RecoveryStep, type RetryPolicy, type RetryState } from '../../src/runner/retry-policy.js';

const policy: RetryPolicy = { maxRetries: 4, maxTimeoutRetries: 1, overloadedBeforeFallback: 3, maxRetryAfterMs: 120_000, backoffMs: (n) => n * 100 };
const fresh: RetryState = { failures: 1, timeouts: 0, overloadedInARow: 0, promptTooLongHandled: false, fallbackAvailable: false };

const err = (kind: ModelErrorKind, status?: number, extra: { retryable?: boolean; retryAfterMs?: number; message?: string } = {}) =>
  new ModelError(extra.message ?? `failed (${kind})`, status, extra.retryable ?? true, { kind, retryAfterMs: extra.retryAfterMs });

describe('decideRecovery', () => {
  it.each<[string, ModelError, Partial<RetryState>, RecoveryStep]>([
    ['first dropped stream: back off', err('connection'), {}, { step: 'retry', delayMs: 100, basis: 'backoff' }],
    ['third failure: longer backoff', err('http', 500), { failures: 3 }, { step: 'retry', delayMs: 300, basis: 'backoff' }],
    ['retry-after given: waited as said', err('http', 429, { retryAfterMs: 2_500 }), {}, { step: 'retry', delayMs: 2_500, basis: 'retry-after' }],
    ['retry-after 0: at once', err('overloaded', 529, { retryAfterMs: 0 }), {}, { step: 'retry', delayMs: 0, basis: 'retry-after' }],
    ['retry-after beyond the cap: give up', err('http', 429, { retryAfterMs: 600_000 }), {}, { step: 'give_up', why: 'the API asked to wait 600 s before retrying, longer than the 120 s Warden waits' }],
    ['fifth failure: the last retry', err('http', 500), { failures: 5 }, { step: 'give_up', why: 'gave up after 5 attempts' }],
    ['fourth failure: still retried', err('http', 500), { failures: 4 }, { step: 'retry', delayMs: 400, basis: 'backoff' }],
    ['first timeout: retried', err('idle_timeout'), { timeouts: 1 }, { step: 'retry', delayMs: 100, basis: 'backoff' }],
    ['second timeout: give up (a stall costs a whole idle timeout)', err('idle_timeout'), { failures: 2, timeouts: 2 }, { step: 'give_up', why: 'gave up after 2 timed-out attempts' }],
    ['second request timeout: give up', err('request_timeout'), { failures: 3, timeouts: 2 }, { step: 'give_up', why: 'gave up after 2 timed-out attempts' }],
    ['not retryable (400, x-should-retry: false)', err('http', 400, { retryable: false }), {}, { step: 'give_up', why: 'not retryable' }],
    ['prompt too long: compact once', err('http', 400, { retryable: false, message: 'prompt is too long: 210000 tokens' }), {}, { step: 'compact' }],
    ['prompt too long again: give up', err('http', 400, { retryable: false, message: 'prompt is too long' }), { promptTooLongHandled: true }, { step: 'give_up', why: 'the prompt is still too long after compaction' }],
    ['overloaded twice, fallback available: retry', err('overloaded', 529), { overloadedInARow: 2, fallbackAvailable: true }, { step: 'retry', delayMs: 100, basis: 'backoff' }],
    ['overloaded three times, fallback available: switch', err('overloaded', 529), { overloadedInARow: 3, fallbackAvailable: true }, { step: 'fallback' }],
    ['overloaded three times, no fallback: retry', err('overloaded', 529), { overloadedInARow: 3 }, { step: 'retry', delayMs: 100, basis: 'backoff' }],
    ['aborted: give up', err('aborted', undefined, { retryable: false }), {}, { step: 'give_up', why: 'not retryable' }],
  ])('%s', (_name, error, state, expected) => {
    expect(decideRecovery(error, { ...fresh, ...state }, policy)).toEqual(expected);
  });
});

describe('exponentialBackoff', () => {
  it('doubles from 500 ms to a 16 s ceiling, with at most 25% jitter on top', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(exponentialBackoff(() => 0))).toEqual([500, 1000, 2000, 4000, 8000, 16000, 16000]);
    expect([1, 6].map(exponentialBackoff(() => 0.999))).toEqual([625, 19996]);
  });
});
