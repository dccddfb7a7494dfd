import { afterEach, describe, expect, it } from 'vitest';
import type { ModelRequestRecord, NoticeRecord } from '../../src/runner/transcript-records.js';
import { runEngine } from '../support/engine-harness.js';
import { ModelServer } from '../support/model-server.js';

describe('recovery', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('retries a stream cut mid tool_use and finishes', async () => {
    server = await ModelServer.start({ script: [{ cut: 'mid_tool_use' }, { content: [{ type: 'text', text: 'done' }] }] });
    const run = await runEngine(server);
    expect(run.result.outcome).toEqual({ reason: 'completed', finalText: 'done' });
    const requests = run.records.filter((r): r is ModelRequestRecord => r.type === 'model_request');
    expect(requests[0]?.error).toBeDefined();
    expect(requests[0]?.willRetry).toBe(true);
    expect(requests[1]?.stopReason).toBe('end_turn');
    // The broken response never entered the conversation: the retry sent the same messages.
    expect(server.requests[1]?.body.messages).toEqual(server.requests[0]?.body.messages);
  });

  it('gives up after the bounded number of stream retries with outcome model_error', async () => {
    server = await ModelServer.start({ script: [{ cut: 'mid_tool_use' }, { cut: 'mid_tool_use' }, { cut: 'mid_tool_use' }] });
    const run = await runEngine(server);
    expect(run.result.outcome.reason).toBe('model_error');
    expect(server.requests).toHaveLength(3);
  });

  it('continues a response cut off by max_tokens', async () => {
    server = await ModelServer.start({
      script: [
        { content: [{ type: 'text', text: 'The first half' }], stopReason: 'max_tokens' },
        { content: [{ type: 'text', text: ' and the rest.' }] },
      ],
    });
    const run = await runEngine(server);
    expect(run.result.outcome).toEqual({ reason: 'completed', finalText: ' and the rest.' });
    const last = server.requests[1]?.body.messages.at(-1);
    expect(JSON.stringify(last)).toContain('cut off by the output token limit');
  });

  it('switches to the fallback model when the API stays overloaded (three 529s in a row)', async () => {
    server = await ModelServer.start({ script: [{ error: { status: 529 } }, { error: { status: 529 } }, { error: { status: 529 } }, { content: [{ type: 'text', text: 'from the fallback' }] }] });
    const { createAnthropicClient } = await import('../../src/runner/anthropic-client.js');
    const fallbackModel = createAnthropicClient({ apiKey: 'k-fallback-000', model: 'claude-haiku-4-5', baseURL: server.url });
    const run = await runEngine(server, { fallbackModel, recovery: { maxRetries: 4, backoffMs: () => 10, maxContinuations: 2 } });
    expect(run.result.outcome.reason).toBe('completed');
    expect(server.requests.map((r) => r.body.model)).toEqual(['claude-sonnet-4-6', 'claude-sonnet-4-6', 'claude-sonnet-4-6', 'claude-haiku-4-5']);
    expect(run.records.some((r) => r.type === 'notice' && r.message.startsWith('fallback_model'))).toBe(true);
  });

  it('recovers from prompt_too_long by compacting once, then retrying', async () => {
    server = await ModelServer.start({
      script: [
        { content: [{ type: 'tool_use', id: 'toolu_1', name: 'Glob', input: { pattern: '**/*' } }] },
        { error: { status: 400, type: 'invalid_request_error', message: 'prompt is too long: 210000 tokens > 200000 maximum' } },
        (req) => {
          expect(JSON.stringify(req.body.messages.at(-1))).toContain('about to exceed the context window');
          return { content: [{ type: 'text', text: 'SUMMARY: listed the files.' }] };
        },
        (req) => {
          expect(req.body.messages).toHaveLength(1);
          expect(JSON.stringify(req.body.messages[0])).toContain('SUMMARY: listed the files.');
          expect(JSON.stringify(req.body.messages[0])).toContain('do the task');
          return { content: [{ type: 'text', text: 'finished after compaction' }] };
        },
      ],
    });
    const run = await runEngine(server);
    expect(run.result.outcome).toEqual({ reason: 'completed', finalText: 'finished after compaction' });
    expect(run.records.some((r): r is NoticeRecord => r.type === 'notice' && r.message.startsWith('compacted'))).toBe(true);
  });
});
