import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunEndRecord, ToolCallRecord } from '../../src/runner/transcript-records.js';
import { readTranscript } from '../../src/runner/transcript-read.js';
import { runEngine } from '../support/engine-harness.js';
import { fifoGate, FIFO_TEXT } from '../support/fifo-gate.js';
import { lastToolResults, ModelServer } from '../support/model-server.js';
import type { ScriptTurn } from '../support/script.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

// Each call asks for other lines (its id's number is the offset): the same lines of an unchanged
// file would be answered with a note pointing at the earlier result.
const read = (id: string, input_tokens = 100): ScriptTurn => ({
  content: [{ type: 'tool_use', id, name: 'Read', input: { file_path: 'big.txt', offset: Number(id.replace(/\D/g, '')) } }],
  usage: { input_tokens, output_tokens: 10, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
});

function repoWithBigFile(): string {
  const repo = makeTempRepo();
  writeFileSync(join(repo, 'big.txt'), 'some line of text\n'.repeat(300));
  return repo;
}

describe('budgets', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('stops with budget_exhausted once max-cost-usd is spent, after answering the last tool calls', async () => {
    server = await ModelServer.start({
      script: [{ content: [{ type: 'tool_use', id: 'toolu_1', name: 'Glob', input: { pattern: '*' } }], usage: { input_tokens: 1_000_000, output_tokens: 0 } }],
    });
    const run = await runEngine(server, { maxCostUsd: 2 });
    expect(run.result.outcome).toMatchObject({ reason: 'budget_exhausted', budget: 'max_cost_usd', limit: 2 });
    expect(run.result.outcome.reason === 'budget_exhausted' && run.result.outcome.spent).toBeGreaterThanOrEqual(3);
    expect(run.records.filter((r) => r.type === 'tool_call')).toHaveLength(1);
    expect(server.requests).toHaveLength(1);
  });

  it('stops at the wall-clock timeout: the running command is killed, outcome timeout, transcript complete', async () => {
    server = await ModelServer.start({
      script: [{ content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'sleep 600; echo never > late.txt' } }] }],
    });
    // A command no hang guard waits out: the run ends at all only because its timeout killed it.
    const repo = makeTempRepo();
    const out = tempDir();
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'x', '--timeout', '1', '--dangerously-allow-all', '--transcript', join(out, 't.jsonl')], {
      ANTHROPIC_API_KEY: 'sk-ant-test-timeout-0000',
      ANTHROPIC_BASE_URL: server.url,
    });
    expect(r.code).toBe(1);
    const records = readTranscript(join(out, 't.jsonl'));
    const end = records.at(-1) as RunEndRecord;
    expect(end.outcome).toEqual({ reason: 'timeout', budget: 'run_timeout', limitMs: 1000 });
    const call = records.find((x): x is ToolCallRecord => x.type === 'tool_call');
    expect(call?.status).toBe('cancelled');
    expect(r.stdout).toContain('run timeout');
  });

  it('answers every tool_use with a synthetic result when the run is aborted mid-turn', async () => {
    server = await ModelServer.start({
      script: [
        {
          content: [
            { type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'sleep 20' } },
            { type: 'tool_use', id: 'toolu_2', name: 'Bash', input: { command: 'echo second > second.txt' } },
          ],
        },
      ],
    });
    const run = await runEngine(server, { onEngine: (engine) => void setTimeout(() => engine.abort('stop requested'), 500) });
    expect(run.result.outcome).toEqual({ reason: 'aborted', why: 'stop requested' });
    const calls = run.records.filter((r): r is ToolCallRecord => r.type === 'tool_call');
    expect(calls.map((c) => [c.toolUseId, c.status])).toEqual([
      ['toolu_1', 'cancelled'],
      ['toolu_2', 'cancelled'],
    ]);
    expect(calls[1]?.error).toMatch(/^Cancelled: the run was (stopped|aborted)/);
  });
});

describe('context management', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('clears old bulky tool results first when the context nears the limit, keeping the recent ones', async () => {
    server = await ModelServer.start({ script: [read('toolu_1'), read('toolu_2'), read('toolu_3'), read('toolu_4', 9_000), { content: [{ type: 'text', text: 'done' }] }] });
    const run = await runEngine(server, { repo: repoWithBigFile(), context: { windowTokens: 20_000, threshold: 0.5, keepRecentTurns: 1 } });
    expect(run.result.outcome.reason).toBe('completed');
    const last = JSON.stringify(server.requests[4]?.body.messages);
    expect(last.match(/Old tool result cleared/g)).toHaveLength(3);
    const lastResult = JSON.stringify(server.requests[4]?.body.messages.at(-1));
    expect(lastResult).toContain('some line of text');
    expect(server.requests).toHaveLength(5); // no compaction request was needed
  });

  it('compacts the conversation into a model-written summary when clearing is not enough, and the run continues', async () => {
    server = await ModelServer.start({
      script: [
        read('toolu_1'),
        read('toolu_2', 50_000),
        (req) => {
          // Same tools as every turn, so the prefix comes from the prompt cache.
          expect(req.body.tools?.length).toBeGreaterThan(0);
          expect(JSON.stringify(req.body.messages.at(-1))).toContain('about to exceed the context window');
          return { content: [{ type: 'text', text: 'SUMMARY: read big.txt twice.' }] };
        },
        (req) => {
          expect(req.body.messages).toHaveLength(1);
          return { content: [{ type: 'text', text: 'continued and finished' }] };
        },
      ],
    });
    const run = await runEngine(server, { repo: repoWithBigFile(), context: { windowTokens: 20_000, threshold: 0.5, keepRecentTurns: 1 } });
    expect(run.result.outcome).toEqual({ reason: 'completed', finalText: 'continued and finished' });
    expect(run.engine.messages[0]?.content).toContain('SUMMARY: read big.txt twice.');
    expect(run.events.some((e) => e.type === 'context' && e.action === 'compacted')).toBe(true);
  });

  it('starts a tool as soon as its block has streamed, before message_stop', async () => {
    const repo = repoWithBigFile();
    const gate = fifoGate(repo);
    server = await ModelServer.start({
      script: [
        // message_stop waits until the (read-only) command has opened the pipe: never, if tools waited for it.
        { content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: gate.command } }, { type: 'text', text: 'reading…' }], holdStop: gate.opened },
        { content: [{ type: 'text', text: 'done' }] },
      ],
    });
    const run = await runEngine(server, { repo });
    expect(run.result.outcome.reason).toBe('completed');
    const call = run.records.find((r): r is ToolCallRecord => r.type === 'tool_call');
    expect(call?.status).toBe('ok');
    expect(JSON.stringify(lastToolResults(server.requests[1]?.body ?? { model: '', max_tokens: 0, messages: [] }))).toContain(FIFO_TEXT);
  });
});
