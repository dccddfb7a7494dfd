import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Anthropic, { AnthropicError, APIError, AuthenticationError, OverloadedError } from '@anthropic-ai/sdk';
import type { Tool } from '@anthropic-ai/sdk/resources/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { lastToolResults, startModelServer, type ModelServer, type ModelServerOptions } from './support/model-server.js';
import { PromptCache } from './support/prompt-cache.js';
import { checkMessagesBody } from './support/request-body.js';
import { turnsFromJsonl, type ReplyTurn } from './support/script.js';

const BASH: Tool = {
  name: 'bash',
  description: 'Run a shell command.',
  input_schema: { type: 'object', properties: { command: { type: 'string' }, timeout: { type: 'number' } }, required: ['command'] },
};
const TOOL_TURN: ReplyTurn = {
  content: [
    { type: 'text', text: 'Running the tests now.' },
    { type: 'tool_use', id: 'toolu_01', name: 'bash', input: { command: 'npm test -- --reporter "dot"\n', timeout: 30 } },
  ],
};
const DONE_TURN: ReplyTurn = { content: [{ type: 'text', text: 'All green.' }] };

let server: ModelServer | undefined;
afterEach(async () => {
  // A test that already closed (and checked) its server leaves nothing here.
  await server?.close();
  server = undefined;
});

async function start(options: ModelServerOptions): Promise<ModelServer> {
  server = await startModelServer(options);
  return server;
}

/** close() in the test itself, for tests whose point is what close() reports. */
async function closeExpectingFailure(s: ModelServer, pattern: RegExp): Promise<void> {
  server = undefined;
  await expect(s.close()).rejects.toThrow(pattern);
}

function client(s: ModelServer, maxRetries = 0): Anthropic {
  return new Anthropic({ baseURL: s.url, apiKey: 'test-key', maxRetries });
}

const ask = { model: 'claude-test-1', max_tokens: 1024, messages: [{ role: 'user' as const, content: 'Fix the failing test.' }] };

describe('model server with the real SDK', () => {
  it('streams text and a tool_use with input cut into several chunks, then the next turn', async () => {
    const s = await start({ script: [TOOL_TURN, DONE_TURN] });
    const partials: string[] = [];
    const stream = client(s).messages.stream({ ...ask, tools: [BASH] });
    stream.on('inputJson', (partial) => partials.push(partial));
    const first = await stream.finalMessage();

    expect(first.stop_reason).toBe('tool_use');
    expect(first.model).toBe('claude-test-1');
    expect(first.id).toMatch(/^msg_/);
    expect(first.content).toMatchObject(TOOL_TURN.content);
    expect(partials.filter((p) => p !== '').length).toBeGreaterThan(2);
    expect(partials.join('')).toBe(JSON.stringify({ command: 'npm test -- --reporter "dot"\n', timeout: 30 }));
    expect(first.usage.input_tokens).toBeGreaterThan(0);
    expect(first.usage.output_tokens).toBeGreaterThan(1);

    const second = await client(s).messages.create({
      ...ask,
      tools: [BASH],
      messages: [
        ...ask.messages,
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: 'ok' }] },
      ],
    });
    expect(second.content).toEqual([{ type: 'text', text: 'All green.' }]);
    expect(second.stop_reason).toBe('end_turn');
    expect(lastToolResults(s.requests[1]?.body ?? ask)).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_01', content: 'ok' }]);

    expect(s.requests.map((r) => [r.stream, r.turn, r.headers['authorization']])).toEqual([
      [true, 0, 'Bearer test-key'],
      [false, 1, 'Bearer test-key'],
    ]);
    expect(s.requests[0]?.events.map((e) => e.type)).toEqual(expect.arrayContaining(['message_start', 'ping', 'message_delta', 'message_stop']));
    s.assertAllTurnsUsed();
  });

  it('writes events with pauses, so a client can be shown to act before message_stop', async () => {
    // A pause before message_stop longer than any hang guard: the client acts inside it, then leaves.
    const s = await start({ script: [{ ...TOOL_TURN, delays: { beforeBlockMs: [0, 50], beforeStopMs: 600_000 } }] });
    let stopSentBeforeTool: boolean | undefined;
    const stream = client(s).messages.stream({ ...ask, tools: [BASH] });
    stream.on('contentBlock', (block) => {
      if (block.type !== 'tool_use') return;
      stopSentBeforeTool = (s.requests[0]?.events ?? []).some((e) => e.type === 'message_stop');
      stream.abort();
    });
    await expect(stream.finalMessage()).rejects.toThrow();
    const events = s.requests[0]?.events ?? [];
    const toolStart = events.find((e) => e.type === 'content_block_start' && e.index === 1)?.at ?? 0;
    const textStop = events.find((e) => e.type === 'content_block_stop' && e.index === 0)?.at ?? 0;
    // A lower bound only: the server waited at least its pause (a busy machine only adds to it).
    expect(toolStart - textStop).toBeGreaterThanOrEqual(45);
    expect(stopSentBeforeTool).toBe(false);
    expect(events.map((e) => e.type)).not.toContain('message_stop');
  });

  it('answers 529 overloaded, and the SDK retries into the next turn', async () => {
    const s = await start({ script: [{ error: { status: 529 } }, DONE_TURN] });
    const message = await client(s, 2).messages.stream(ask).finalMessage();
    expect(message.content).toEqual([{ type: 'text', text: 'All green.' }]);
    expect(s.requests.map((r) => r.status)).toEqual([529, 200]);
  });

  it('sends the real error body and type, which the SDK maps to its error class', async () => {
    const s = await start({ script: [{ error: { status: 529, message: 'Overloaded' } }] });
    const err: unknown = await client(s).messages.create(ask).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OverloadedError);
    expect((err as APIError).error).toMatchObject({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
    expect((err as APIError).requestID).toMatch(/^req_/);
  });

  it('sends retry-after with a 429, and the SDK waits that long', async () => {
    const s = await start({ script: [{ error: { status: 429, retryAfterSeconds: 1 } }, DONE_TURN] });
    await client(s, 2).messages.create(ask);
    const [limited, retried] = s.requests;
    expect(limited?.status).toBe(429);
    // Without the header the SDK's first backoff is at most 500 ms.
    expect((retried?.receivedAt ?? 0) - (limited?.receivedAt ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('drops the connection in the middle of a tool_use, and the stream fails in the client', async () => {
    const s = await start({ script: [{ cut: 'mid_tool_use' }] });
    const partials: string[] = [];
    const stream = client(s, 2).messages.stream({ ...ask, tools: [BASH] });
    stream.on('inputJson', (partial) => partials.push(partial));
    await expect(stream.finalMessage()).rejects.toBeInstanceOf(AnthropicError);
    expect(partials.join('')).not.toBe('');
    expect(s.requests).toHaveLength(1); // a broken stream is not retried
    expect(s.requests[0]?.events.map((e) => e.type)).not.toContain('content_block_stop');
  });

  it('lets a client abort a slow stream without counting it as a failure', async () => {
    // A pause no hang guard waits out: close() returning at all shows it did not wait for it.
    const s = await start({ script: [{ ...DONE_TURN, delays: { beforeStopMs: 600_000 } }] });
    const stream = client(s).messages.stream(ask);
    stream.on('contentBlock', () => stream.abort());
    await expect(stream.finalMessage()).rejects.toThrow();
    await s.close();
    server = undefined;
    expect(s.requests[0]?.events.map((e) => e.type)).not.toContain('message_stop');
  });

  it('fails loudly when the script is exhausted', async () => {
    const s = await start({ script: [DONE_TURN] });
    await client(s).messages.create(ask);
    await expect(client(s, 2).messages.create(ask)).rejects.toThrow(/script exhausted/);
    expect(s.allRequests).toHaveLength(2); // x-should-retry: false stops the SDK retrying
    expect(() => s.assertNoFailures()).toThrow(/script exhausted: no turn 2 .*Fix the failing test/);
    await closeExpectingFailure(s, /1 unexpected request/);
  });

  it('fails loudly on a body the API would reject', async () => {
    const s = await start({ script: [DONE_TURN] });
    const headers = { 'content-type': 'application/json', 'x-api-key': 'k' };
    const noMaxTokens = await fetch(`${s.url}/v1/messages`, { method: 'POST', headers, body: JSON.stringify({ model: 'm', messages: [] }) });
    expect(noMaxTokens.status).toBe(400);
    const unanswered = await client(s).messages
      .create({ ...ask, messages: [...ask.messages, { role: 'assistant', content: TOOL_TURN.content }, { role: 'user', content: 'go on' }] })
      .catch((e: unknown) => e);
    expect(unanswered).toBeInstanceOf(APIError);
    expect(s.failures).toEqual([expect.stringContaining('max_tokens'), expect.stringContaining('without tool_result blocks')]);
    expect(s.remainingTurns).toBe(1);
    await closeExpectingFailure(s, /2 unexpected request/);
  });

  it('takes x-api-key and Bearer, the Claude Code request shape, and 404s probes quietly', async () => {
    const s = await start({ script: [DONE_TURN, DONE_TURN] });
    await client(s).messages.create(ask);
    const body = {
      ...ask,
      stream: true,
      thinking: { type: 'adaptive', display: 'updates' },
      context_management: { edits: [{ type: 'clear_thinking_20251015', keep: 'all' }] },
      output_config: { effort: 'medium' },
      metadata: { user_id: '{"session_id":"s"}' },
      messages: [...ask.messages, { role: 'system', content: 'Environment: linux' }],
    };
    const res = await fetch(`${s.url}/v1/messages?beta=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'x', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify(body),
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await res.text()).toMatch(/^event: message_start\ndata: \{.*\n\n/);
    expect((await fetch(`${s.url}/api/hello`, { method: 'HEAD' })).status).toBe(404);
    expect(s.requests.map((r) => [r.query, r.headers['x-api-key'] ?? r.headers['authorization']])).toEqual([
      ['', 'Bearer test-key'],
      ['?beta=true', 'x'],
    ]);
    s.assertNoFailures();
  });

  it('rejects a request with no credentials as 401 and as a failure', async () => {
    const s = await start({ script: [DONE_TURN] });
    const sdk = new Anthropic({ baseURL: s.url, apiKey: null, authToken: null, maxRetries: 0, defaultHeaders: { authorization: null } });
    await expect(sdk.messages.create(ask)).rejects.toBeInstanceOf(AuthenticationError);
    await closeExpectingFailure(s, /no x-api-key or Authorization/);
  });

  it('lets a function turn look at the request', async () => {
    const s = await start({ script: [(req) => ({ content: [{ type: 'text', text: `you sent ${req.body.messages.length} message(s)` }] })] });
    const message = await client(s).messages.create(ask);
    expect(message.content).toEqual([{ type: 'text', text: 'you sent 1 message(s)' }]);
  });

  it('loads a JSONL fixture with answer, error and cut lines', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'model-server-'));
    const file = join(dir, 'turns.jsonl');
    const lines = [
      '{"error":{"status":500}}',
      JSON.stringify({ content: TOOL_TURN.content }),
      '{"cut":"mid_tool_use"}',
      '{"type":"assistant","seq":7,"content":[{"type":"text","text":"from a transcript"}]}',
    ];
    await writeFile(file, lines.join('\n'));
    const turns = turnsFromJsonl(file);
    expect(turns).toEqual([{ error: { status: 500 } }, { content: TOOL_TURN.content, stopReason: 'tool_use', usage: undefined }, { cut: 'mid_tool_use' }, expect.objectContaining({ stopReason: 'end_turn' })]);
    await writeFile(file, `${lines[0] ?? ''}\n{"content":[]}`);
    expect(() => turnsFromJsonl(file)).toThrow(/turns\.jsonl:2:/);
  });

  it('answers count_tokens with the same estimate as input_tokens', async () => {
    const s = await start({ script: [DONE_TURN] });
    const counted = await client(s).messages.countTokens({ model: ask.model, messages: ask.messages, tools: [BASH] });
    const message = await client(s).messages.create({ ...ask, tools: [BASH] });
    expect(counted.input_tokens).toBe(message.usage.input_tokens);
  });
});

describe('prompt-cache simulation', () => {
  const system = (text: string): Anthropic.TextBlockParam[] => [{ type: 'text', text, cache_control: { type: 'ephemeral' } }];
  const longSystem = 'You are a careful CI agent. '.repeat(200); // ≈ 1400 tokens, over the 1024 floor

  it('reads what an earlier request wrote, and writes again when the system prompt changes', async () => {
    const s = await start({ script: [DONE_TURN, DONE_TURN, DONE_TURN] });
    const sdk = client(s);
    const first = await sdk.messages.stream({ ...ask, tools: [BASH], system: system(longSystem) }).finalMessage();
    const second = await sdk.messages.stream({ ...ask, tools: [BASH], system: system(longSystem) }).finalMessage();
    const changed = await sdk.messages.create({ ...ask, tools: [BASH], system: system(`${longSystem} Be brief.`) });

    expect(first.usage).toMatchObject({ cache_read_input_tokens: 0, cache_creation_input_tokens: expect.any(Number) as number });
    expect(first.usage.cache_creation_input_tokens).toBeGreaterThan(1024);
    expect(second.usage.cache_read_input_tokens).toBe(first.usage.cache_creation_input_tokens);
    expect(second.usage.cache_creation_input_tokens).toBe(0);
    expect(changed.usage.cache_read_input_tokens).toBe(0);
    expect(changed.usage.cache_creation_input_tokens).toBeGreaterThan(1024);
    expect(s.requests.map((r) => r.cache?.cacheReadTokens)).toEqual([0, second.usage.cache_read_input_tokens, 0]);
  });

  it('follows a breakpoint that moves to the newest message, and caches nothing below the floor', () => {
    const cache = new PromptCache({ minCacheableTokens: 10, now: () => 0 });
    const turn = (n: number) => ({
      model: 'm',
      messages: Array.from({ length: n }, (_, i) => ({
        role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
        content: [{ type: 'text', text: `message ${i} `.repeat(10), ...(i === n - 1 ? { cache_control: { type: 'ephemeral' } } : {}) }],
      })),
    });
    const one = cache.apply(turn(1));
    const three = cache.apply(turn(3));
    expect(one).toMatchObject({ cacheReadTokens: 0, inputTokens: 0 });
    expect(three.cacheReadTokens).toBe(one.cacheWriteTokens);
    expect(three.cacheReadTokens + three.cacheWriteTokens).toBe(three.totalTokens);

    const small = new PromptCache({ now: () => 0 });
    small.apply(turn(1));
    expect(small.apply(turn(1))).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 0 });
  });

  it('forgets an entry after its TTL and counts 1h writes apart', () => {
    let now = 0;
    const cache = new PromptCache({ minCacheableTokens: 0, now: () => now });
    const body = (ttl: '5m' | '1h') => ({ model: 'm', system: [{ type: 'text' as const, text: 'x'.repeat(400), cache_control: { type: 'ephemeral', ttl } }], messages: [] });
    expect(cache.apply(body('5m')).cacheWriteTokens).toBe(100);
    now = 4 * 60_000;
    expect(cache.apply(body('5m')).cacheReadTokens).toBe(100); // the hit refreshes the TTL
    now = 10 * 60_000;
    expect(cache.apply(body('1h'))).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 100, cacheWrite1hTokens: 100 });
  });
});

describe('request checks (what the real API would reject)', () => {
  const use = { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'bash', input: {} }] };
  const result = { type: 'tool_result', tool_use_id: 't1', content: 'ok' };
  const body = (messages: unknown[], extra: object = {}) => JSON.stringify({ model: 'm', max_tokens: 5, messages, ...extra });
  const cc = { cache_control: { type: 'ephemeral' } };
  it.each([
    ['a plain question', body([{ role: 'user', content: 'hi' }]), undefined],
    ['a system-role message and unknown fields', body([{ role: 'user', content: 'hi' }, { role: 'system', content: 'env' }], { thinking: { type: 'adaptive' } }), undefined],
    ['a tool_result answer followed by text', body([{ role: 'user', content: 'hi' }, use, { role: 'user', content: [result, { type: 'text', text: 'more' }] }]), undefined],
    ['not JSON', '{', /not JSON/],
    ['no model', JSON.stringify({ max_tokens: 5, messages: [] }), /model/],
    ['an unknown role', body([{ role: 'tool', content: 'x' }]), /messages\.0\.role/],
    ['an unanswered tool_use', body([{ role: 'user', content: 'hi' }, use, { role: 'user', content: 'and?' }]), /without tool_result.*t1/],
    ['text before the tool_result', body([{ role: 'user', content: 'hi' }, use, { role: 'user', content: [{ type: 'text', text: 'x' }, result] }]), /must come first/],
    ['a stray tool_result', body([{ role: 'user', content: [result] }]), /unexpected tool_use_id.*t1/],
    ['five breakpoints', body([{ role: 'user', content: Array.from({ length: 5 }, () => ({ type: 'text', text: 'x', ...cc })) }]), /maximum of 4/],
  ])('%s', (_name, raw, problem) => {
    const check = checkMessagesBody(raw);
    if (problem === undefined) expect(check).toMatchObject({ ok: true });
    else expect(check).toMatchObject({ ok: false, message: expect.stringMatching(problem) as string });
  });

  it('treats a top-level cache_control as a breakpoint on the last block', () => {
    const cache = new PromptCache({ minCacheableTokens: 0, now: () => 0 });
    const auto = { model: 'm', cache_control: { type: 'ephemeral' }, messages: [{ role: 'user' as const, content: 'x'.repeat(40) }] };
    expect(cache.apply(auto)).toMatchObject({ cacheWriteTokens: 10, inputTokens: 0 });
    expect(cache.apply(auto)).toMatchObject({ cacheReadTokens: 10, cacheWriteTokens: 0 });
  });
});
