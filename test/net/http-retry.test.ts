/** The forges' retry policy as a table: which failures are retried, after how long, and when it stops. */
import { describe, expect, it } from 'vitest';
import { createOnce, retryDecision, type FailedAttempt } from '../../src/net/index.js';

const NOW = 1_700_000_000_000;
const limits = { maxRetries: 4, maxWaitMs: 60_000, baseDelayMs: 1_000 };
const failure = (over: Partial<FailedAttempt>): FailedAttempt => ({ method: 'GET', status: 500, headers: {}, attempt: 0, now: NOW, ...over });

describe('retryDecision', () => {
  it.each<[string, Partial<FailedAttempt>, ReturnType<typeof retryDecision>]>([
    ['a 5xx: backoff', { status: 502, attempt: 2 }, { retry: true, delayMs: 4_000, why: 'server error 502' }],
    ['a dropped GET: backoff', { status: undefined }, { retry: true, delayMs: 1_000, why: 'the connection dropped' }],
    ['a dropped PATCH (idempotent): backoff', { method: 'PATCH', status: undefined }, { retry: true, delayMs: 1_000, why: 'the connection dropped' }],
    ['a dropped POST: never repeated (the caller looks for what it created)', { method: 'POST', status: undefined }, { retry: false, why: 'the connection dropped during a request that may have taken effect' }],
    ['429 with retry-after', { status: 429, headers: { 'retry-after': '7' } }, { retry: true, delayMs: 7_000, why: 'too many requests' }],
    ['secondary rate limit: 403 with retry-after', { status: 403, headers: { 'retry-after': '2' } }, { retry: true, delayMs: 2_000, why: 'secondary rate limit' }],
    ['primary rate limit: until x-ratelimit-reset', { status: 403, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + 12.5) } }, { retry: true, delayMs: 12_500, why: 'rate limit reached' }],
    ['a reset already past: at once', { status: 429, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 - 5) } }, { retry: true, delayMs: 0, why: 'too many requests' }],
    ['a reset further than the cap: stop', { status: 403, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + 3_600) } }, { retry: false, why: 'rate limited for 3600 s, longer than the 60 s Warden waits' }],
    ['a 403 that is not a rate limit: stop', { status: 403 }, { retry: false, why: 'HTTP 403' }],
    ['a 404: stop', { status: 404 }, { retry: false, why: 'HTTP 404' }],
    ['out of retries: stop', { status: 503, attempt: 4 }, { retry: false, why: 'gave up after 5 attempts' }],
  ])('%s', (_name, over, expected) => {
    expect(retryDecision(failure(over), limits)).toEqual(expected);
  });
});

describe('createOnce: a create whose answer was lost', () => {
  const lost = new Error('socket hang up');
  it('returns what the lookup finds instead of failing', async () => {
    await expect(createOnce(() => Promise.reject(lost), () => Promise.resolve('found'))).resolves.toBe('found');
  });
  it('keeps the original failure when nothing was created, or the lookup fails too', async () => {
    await expect(createOnce(() => Promise.reject(lost), () => Promise.resolve(undefined))).rejects.toBe(lost);
    await expect(createOnce(() => Promise.reject(lost), () => Promise.reject(new Error('lookup down')))).rejects.toBe(lost);
  });
  it('never looks when the create answered', async () => {
    let looked = false;
    await expect(createOnce(() => Promise.resolve('made'), () => ((looked = true), Promise.resolve('other')))).resolves.toBe('made');
    expect(looked).toBe(false);
  });
});
