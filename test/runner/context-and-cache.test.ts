import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolCallRecord } from '../../src/runner/transcript-records.js';
import { runEngine } from '../support/engine-harness.js';
import { ModelServer } from '../support/model-server.js';
import type { MessagesRequest } from '../support/recorded-request.js';
import type { ScriptTurn } from '../support/script.js';
import { makeTempRepo } from '../support/temp-repo.js';

// 200 lines of 50 characters: a Read result bulky enough to be cleared.
const FILE = Array.from({ length: 200 }, (_, i) => `line ${String(i + 1).padStart(3, '0')} ${'.'.repeat(40)}`).join('\n') + '\n';
const LIMITS = { windowTokens: 20_000, threshold: 0.5, keepRecentTurns: 1 };

function repo(): string {
  const dir = makeTempRepo();
  writeFileSync(join(dir, 'f.txt'), FILE);
  return dir;
}

/** One tool call; `contextTokens` pins the usage the reply reports, which is what the loop measures the context by. */
function call(id: string, name: string, input: unknown, contextTokens?: number): ScriptTurn {
  return {
    content: [{ type: 'tool_use', id, name, input }],
    ...(contextTokens === undefined ? {} : { usage: { input_tokens: contextTokens, output_tokens: 10, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 } }),
  };
}

/** The content of the tool_result for `id` in a request, as the model saw it. */
function resultIn(request: MessagesRequest | undefined, id: string): string {
  for (const m of request?.body.messages ?? []) {
    if (typeof m.content === 'string') continue;
    for (const b of m.content) if (b.type === 'tool_result' && b.tool_use_id === id) return typeof b.content === 'string' ? b.content : JSON.stringify(b.content);
  }
  throw new Error(`no result for ${id}`);
}

describe('re-reads, clearing and compaction', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers a re-read with a note while the first result is there, and shows the file again once clearing took it', async () => {
    server = await ModelServer.start({
      script: [
        call('toolu_1', 'Read', { file_path: 'f.txt' }),
        call('toolu_2', 'Read', { file_path: 'f.txt' }),
        // The context is reported over the threshold: the first Read's result is cleared.
        call('toolu_3', 'Bash', { command: 'echo hi' }, 10_000),
        call('toolu_4', 'Read', { file_path: 'f.txt' }),
        { content: [{ type: 'text', text: 'done' }] },
      ],
    });
    const run = await runEngine(server, { repo: repo(), context: LIMITS });
    expect(run.result.outcome.reason).toBe('completed');
    const last = server.requests[4];
    expect(resultIn(last, 'toolu_1')).toMatch(/^\[Old tool result cleared to save context: Read/);
    expect(resultIn(last, 'toolu_2')).toMatch(/^Unchanged since your earlier Read of lines 1-200,/);
    expect(resultIn(last, 'toolu_4')).toContain('200\tline 200');
  });

  it('shows the file again after compaction, and the summary request reads the whole conversation from the cache', async () => {
    server = await ModelServer.start({
      script: [
        call('toolu_1', 'Read', { file_path: 'f.txt' }),
        // Far over the threshold: clearing cannot help, the conversation is compacted.
        call('toolu_2', 'Bash', { command: 'echo hi' }, 50_000),
        { content: [{ type: 'text', text: 'SUMMARY: read f.txt, ran echo.' }] },
        call('toolu_3', 'Read', { file_path: 'f.txt' }),
        { content: [{ type: 'text', text: 'done' }] },
      ],
    });
    const run = await runEngine(server, { repo: repo(), context: LIMITS });
    expect(run.result.outcome.reason).toBe('completed');
    const [, before, summary, , last] = server.requests;
    expect(JSON.stringify(summary?.body.messages.at(-1))).toContain('about to exceed the context window');
    // Not cleared first: the summary sees every result, and its prompt starts with the previous one whole.
    expect(resultIn(summary, 'toolu_1')).toContain('200\tline 200');
    expect(summary?.cache?.cacheReadTokens).toBe(before?.cache?.totalTokens);
    expect(resultIn(last, 'toolu_3')).toContain('200\tline 200');
  });

  it('keeps the cached prefix through a clearing: later requests read everything before the first cleared result, then the cleared prompt whole', async () => {
    server = await ModelServer.start({
      script: [
        call('toolu_1', 'Bash', { command: 'echo small' }),
        call('toolu_2', 'Read', { file_path: 'f.txt' }),
        call('toolu_3', 'Bash', { command: 'echo hi' }, 10_000),
        call('toolu_4', 'Bash', { command: 'echo again' }),
        { content: [{ type: 'text', text: 'done' }] },
      ],
    });
    await runEngine(server, { repo: repo(), context: LIMITS });
    const [, second, , fourth, fifth] = server.requests;
    // The fourth request is the first without the Read's content: everything before it (the second
    // request's prompt) comes from the cache; the fifth reads the fourth whole (the note is stable).
    expect(resultIn(fourth, 'toolu_2')).toMatch(/^\[Old tool result cleared/);
    expect(fourth?.cache?.cacheReadTokens).toBe(second?.cache?.totalTokens);
    expect(fifth?.cache?.cacheReadTokens).toBe(fourth?.cache?.totalTokens);
  });

  it('strips noise from command output, keeping the full output in the results directory and naming it in the transcript', async () => {
    server = await ModelServer.start({
      script: [call('toolu_1', 'Bash', { command: String.raw`printf '\033[31mred\033[0m\n'; for i in 1 2 3 4; do echo same; done` }), { content: [{ type: 'text', text: 'done' }] }],
    });
    const run = await runEngine(server, { repo: repo() });
    const record = run.records.find((r): r is ToolCallRecord => r.type === 'tool_call');
    expect(record?.fullOutput).toMatch(/results\/toolu_1\.full\.txt$/);
    expect(readFileSync(record?.fullOutput ?? '', 'utf8')).toBe('\x1b[31mred\x1b[0m\nsame\nsame\nsame\nsame\n');
    expect(resultIn(server.requests[1], 'toolu_1')).toBe(`red\nsame\n[the line above repeated 3 more times]\n\n[Noise removed: 2 escape sequences, 3 repeated lines. Full output: ${record?.fullOutput}]`);
  });
});
