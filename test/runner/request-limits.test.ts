import { afterEach, describe, expect, it } from 'vitest';
import type { ModelRequestRecord, ModelRetryRecord, TranscriptRecord } from '../../src/runner/transcript-records.js';
import { runEngine } from '../support/engine-harness.js';
import { ModelServer, type ReplyTurn } from '../support/model-server.js';

// Defect 2 of issue 9: every wait is bounded, and every HTTP attempt and every retry is recorded.
// Limits are shortened here; bench/stalled-api.mjs measures the defaults.

const DONE: ReplyTurn = { content: [{ type: 'text', text: 'done' }] };
// Short enough to wait out, long enough that a healthy reply on a loaded machine is not taken for
// a stall (250 ms was: a full run under load ended the retry too). The harness loads the Bash
// parser before the first request, so no module load blocks the event loop mid-request.
const SHORT = { requestIdleTimeoutMs: 1_500, requestTimeoutMs: 20_000 };

const attempts = (records: readonly TranscriptRecord[]) => records.filter((r): r is ModelRequestRecord => r.type === 'model_request');
const retries = (records: readonly TranscriptRecord[]) => records.filter((r): r is ModelRetryRecord => r.type === 'model_retry');

describe('bounded waits', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('abandons a stream that stalls after message_start once the idle timeout passes, and retries', async () => {
    server = await ModelServer.start({ script: [{ ...DONE, fault: { kind: 'stall', at: { after: 'message_start' } } }, DONE] });
    const run = await runEngine(server, { client: SHORT });
    expect(run.result.outcome).toEqual({ reason: 'completed', finalText: 'done' });
    expect(attempts(run.records).map((r) => [r.attempt, r.errorKind, r.willRetry])).toEqual([
      [1, 'idle_timeout', true],
      [2, undefined, undefined],
    ]);
    expect(attempts(run.records)[0]?.error).toBe('no data from the API for 1.5 s (request idle timeout)');
    expect(retries(run.records)).toMatchObject([{ turn: 1, attempt: 2, basis: 'backoff', after: 'idle_timeout' }]);
  });

  it('treats a server that never sends headers the same way', async () => {
    server = await ModelServer.start({ script: [{ drop: 'no_headers' }, DONE] });
    const run = await runEngine(server, { client: SHORT });
    expect(run.result.outcome.reason).toBe('completed');
    expect(attempts(run.records).map((r) => r.errorKind)).toEqual(['idle_timeout', undefined]);
  });

  it('ends the run with model_error after two timed-out attempts when the API stays stalled', async () => {
    server = await ModelServer.start({ script: [{ drop: 'no_headers' }, { ...DONE, fault: { kind: 'stall', at: { after: 'content_block_start', index: 0 } } }, DONE] });
    const run = await runEngine(server, { client: SHORT });
    expect(run.result.outcome).toMatchObject({ reason: 'model_error', message: expect.stringMatching(/request idle timeout.*gave up after 2 timed-out attempts/) as unknown });
    expect(server.requests).toHaveLength(2);
    expect(server.remainingTurns).toBe(1);
  });

  it('caps the whole attempt: a response that trickles in forever is cut at the request timeout', async () => {
    const trickle: ReplyTurn = { content: Array.from({ length: 8 }, (_, i) => ({ type: 'text' as const, text: `part ${i}` })), delays: { beforeBlockMs: 100 } };
    server = await ModelServer.start({ script: [trickle, DONE] });
    const run = await runEngine(server, { client: { requestIdleTimeoutMs: 2_000, requestTimeoutMs: 300 } });
    expect(run.result.outcome.reason).toBe('completed');
    expect(attempts(run.records)[0]).toMatchObject({ errorKind: 'request_timeout', willRetry: true });
  });

  it('records every HTTP attempt and every wait, honouring retry-after-ms and retry-after', async () => {
    server = await ModelServer.start({
      script: [{ error: { status: 529, retryAfterMs: 40 } }, { error: { status: 500, retryAfterSeconds: 0 } }, { error: { status: 429 } }, { drop: 'reset' }, DONE],
    });
    const run = await runEngine(server, { recovery: { maxRetries: 4, backoffMs: (n) => 10 * n, maxContinuations: 0 } });
    expect(run.result.outcome.reason).toBe('completed');
    expect(server.allRequests.filter((r) => r.path === '/v1/messages')).toHaveLength(5);
    expect(attempts(run.records).map((r) => [r.attempt, r.status, r.errorKind])).toEqual([
      [1, 529, 'overloaded'],
      [2, 500, 'http'],
      [3, 429, 'http'],
      [4, undefined, 'connection'],
      [5, undefined, undefined],
    ]);
    expect(retries(run.records).map((r) => [r.attempt, r.delayMs, r.basis, r.after])).toEqual([
      [2, 40, 'retry-after', 'HTTP 529'],
      [3, 0, 'retry-after', 'HTTP 500'],
      [4, 30, 'backoff', 'HTTP 429'],
      [5, 40, 'backoff', 'connection'],
    ]);
  });

  it('does not retry what the API says not to, nor a wait longer than it will honour', async () => {
    server = await ModelServer.start({ script: [{ error: { status: 429, retryAfterSeconds: 3600 } }] });
    const run = await runEngine(server);
    expect(run.result.outcome).toMatchObject({ reason: 'model_error', status: 429, message: expect.stringMatching(/asked to wait 3600 s/) as unknown });
    expect(retries(run.records)).toEqual([]);
  });

  it('retries a stream broken by garbage, by an error event and by a TCP reset, each recorded by kind', async () => {
    server = await ModelServer.start({
      script: [
        { ...DONE, fault: { kind: 'garbage', at: { after: 'message_start' }, text: 'event: content_block_start\ndata: {"type": "content_bl\n\n' } },
        { ...DONE, fault: { kind: 'sse_error', at: { after: 'content_block_start', index: 0 }, errorType: 'overloaded_error' } },
        { ...DONE, fault: { kind: 'reset', at: { after: 'content_block_delta', index: 0 } } },
        DONE,
      ],
    });
    const run = await runEngine(server, { recovery: { maxRetries: 4, backoffMs: () => 5, maxContinuations: 0 } });
    expect(run.result.outcome.reason).toBe('completed');
    expect(attempts(run.records).map((r) => r.errorKind)).toEqual(['invalid_stream', 'overloaded', 'connection', undefined]);
  });
});
