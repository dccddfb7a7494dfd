import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { createAllowAllDecider } from '../../src/policy/builtin-deciders.js';
import { DEFAULT_CONTEXT_LIMITS } from '../../src/runner/context-manager.js';
import type { Message } from '../../src/runner/messages.js';
import { query } from '../../src/runner/query.js';
import { createReplayClient } from '../../src/runner/replay-client.js';
import { createDirectRunner } from '../../src/sandbox/direct-runner.js';
import { buildTool } from '../../src/tools/build-tool.js';
import { FileStateCache } from '../../src/tools/file-state.js';
import type { AnyTool } from '../../src/tools/tool.js';
import { DEFAULT_RECOVERY } from '../../src/runner/query-engine.js';

// Fixture tools: one sets the default tool timeout after a delay, one reports the timeout it sees.
const setTimeoutTool = buildTool({
  name: 'SetTimeout',
  description: 'sets the default timeout',
  inputSchema: z.strictObject({ ms: z.number(), delay: z.number() }),
  maxResultSizeChars: 100,
  isConcurrencySafe: () => true,
  access: () => ({ kind: 'none' }),
  async call(input) {
    await sleep(input.delay);
    return { content: `set ${input.ms}`, contextModifier: (ctx) => ({ ...ctx, defaultTimeoutMs: input.ms }) };
  },
}) as unknown as AnyTool;
const showTimeoutTool = buildTool({
  name: 'ShowTimeout',
  description: 'reports the default timeout',
  inputSchema: z.strictObject({}),
  maxResultSizeChars: 100,
  access: () => ({ kind: 'none' }),
  call: (_input, ctx) => Promise.resolve({ content: `timeout ${ctx.defaultTimeoutMs}` }),
}) as unknown as AnyTool;

it('applies context modifiers in block order after the batch, whatever order the calls finish in', async () => {
  const tools = [setTimeoutTool, showTimeoutTool];
  const turns = [
    {
      content: [
        { type: 'tool_use' as const, id: 'a', name: 'SetTimeout', input: { ms: 111, delay: 40 } },
        { type: 'tool_use' as const, id: 'b', name: 'SetTimeout', input: { ms: 222, delay: 1 } },
      ],
      stopReason: 'tool_use' as const,
      usage: undefined,
    },
    { content: [{ type: 'tool_use' as const, id: 'c', name: 'ShowTimeout', input: {} }], stopReason: 'tool_use' as const, usage: undefined },
    { content: [{ type: 'text' as const, text: 'done' }], stopReason: 'end_turn' as const, usage: undefined },
  ];
  const messages: Message[] = [{ role: 'user', content: 'go' }];
  const signal = new AbortController().signal;
  const loop = query({
    model: createReplayClient(turns, 'test'),
    system: 's',
    tools: [],
    messages,
    task: 'go',
    maxTurns: 10,
    maxTokens: 100,
    maxCostUsd: undefined,
    spentUsd: 0,
    maxToolConcurrency: 10,
    maxTurnResultChars: 100_000,
    context: DEFAULT_CONTEXT_LIMITS,
    recovery: { ...DEFAULT_RECOVERY, maxRetries: 0, backoffMs: () => 0, sleep: () => Promise.resolve(), maxContinuations: 0 },
    signal,
    now: () => Date.now(),
    turnsTaken: 0,
    pipeline: {
      findTool: (n) => tools.find((t) => t.name === n),
      toolNames: () => tools.map((t) => t.name),
      decider: createAllowAllDecider(),
      context: { cwd: '/tmp', signal, fileState: new FileStateCache(), processRunner: createDirectRunner({}), defaultTimeoutMs: 5 },
      resultsDir: '/tmp/warden-modifier-test',
      mask: (text) => text,
      now: () => Date.now(),
    },
  });
  const order: string[] = [];
  let step = await loop.next();
  while (step.done !== true) {
    if (step.value.type === 'tool_result') order.push(`${step.value.outcome.result.tool_use_id}:${step.value.outcome.result.content}`);
    step = await loop.next();
  }
  expect(step.value.outcome.reason).toBe('completed');
  // b finished first, but a's modifier is applied first and b's last: 222 wins.
  expect(order).toEqual(['a:set 111', 'b:set 222', 'c:timeout 222']);
});
