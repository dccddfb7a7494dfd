import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicClient } from '../../src/runner/anthropic-client.js';
import type { ModelStreamEvent } from '../../src/runner/model-client.js';
import { ModelServer } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo } from '../support/temp-repo.js';

// Issue 31 item 6: `--request-timeout 2592000` (30 days) was accepted, Node's timer overflowed
// (over 2^31-1 ms) and every request "timed out" at once, blamed on the API.

describe('a number past what its timer can hold', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('--request-timeout 2592000 is refused before any request, naming the flag (exit 2)', async () => {
    const repo = makeTempRepo();
    server = await ModelServer.start({ script: [{ content: [{ type: 'text', text: 'done' }] }] });
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'say done', '--request-timeout', '2592000'], {
      ANTHROPIC_API_KEY: 'sk-ant-test-overflow-0123456789',
      ANTHROPIC_BASE_URL: server.url,
    });
    expect(r.stderr).toContain('warden: --request-timeout "2592000": expected a number of seconds from 0.001 to 86400');
    expect(r.code).toBe(2);
    expect(server.requests).toHaveLength(0);
  });

  it('defence in depth: the API client alone, given 30 days (the range check switched off), does not time out at once', async () => {
    server = await ModelServer.start({ script: [{ content: [{ type: 'text', text: 'done' }] }] });
    const month = 2_592_000_000;
    const client = createAnthropicClient({ apiKey: 'sk-ant-test-overflow-0123456789', model: 'claude-sonnet-4-6', baseURL: server.url, requestTimeoutMs: month, requestIdleTimeoutMs: month });
    const events: ModelStreamEvent[] = [];
    for await (const event of client.stream({ system: 's', messages: [{ role: 'user', content: [{ type: 'text', text: 'go' }] }], tools: [], maxTokens: 100, signal: new AbortController().signal })) events.push(event);
    expect(events.at(-1)?.type).toBe('done');
  });

  it('a long but possible request timeout works and does not time out at once', async () => {
    const repo = makeTempRepo();
    server = await ModelServer.start({ script: [{ content: [{ type: 'text', text: 'done' }] }] });
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'say done', '--request-timeout', '86400', '--request-idle-timeout', '86400', '--timeout', '3024000'], {
      ANTHROPIC_API_KEY: 'sk-ant-test-overflow-0123456789',
      ANTHROPIC_BASE_URL: server.url,
    });
    expect(r.stderr).not.toContain('timeout');
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(1);
  });
});
