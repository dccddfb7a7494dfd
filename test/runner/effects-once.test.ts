import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssistantRecord, ToolCallRecord, TranscriptRecord } from '../../src/runner/transcript-records.js';
import { runEngine } from '../support/engine-harness.js';
import { fifoGate } from '../support/fifo-gate.js';
import { lastToolResults, ModelServer, type ReplyTurn } from '../support/model-server.js';
import { makeTempRepo } from '../support/temp-repo.js';

// Defect 1 of issue 9: a side effect must happen once, and whatever ran must be in the
// conversation (the model sees it) and in the transcript (no orphan tool_call).

const APPEND = 'echo appended >> marker.txt';
const append = (id: string): ReplyTurn['content'][number] => ({ type: 'tool_use', id, name: 'Bash', input: { command: APPEND } });
const DONE: ReplyTurn = { content: [{ type: 'text', text: 'done' }] };

function markerLines(repo: string): string[] {
  return readFileSync(join(repo, 'marker.txt'), 'utf8').split('\n').filter((l) => l !== '');
}

/** Every tool_call record answers a tool_use of an assistant record, and every tool_use is answered once. */
function expectNoOrphans(records: readonly TranscriptRecord[]): void {
  const uses = records.filter((r): r is AssistantRecord => r.type === 'assistant').flatMap((r) => r.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : [])));
  const calls = records.filter((r): r is ToolCallRecord => r.type === 'tool_call').map((r) => r.toolUseId);
  expect([...calls].sort()).toEqual([...uses].sort());
}

describe('effects happen once and are always reported', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('a stream cut after a side-effecting tool_use block, then asked again: the command runs once', async () => {
    server = await ModelServer.start({
      script: [
        { content: [{ type: 'text', text: 'Appending.' }, append('toolu_first')], fault: { kind: 'cut', at: { after: 'content_block_stop', index: 1 } } },
        { content: [{ type: 'text', text: 'Appending.' }, append('toolu_again')] },
        DONE,
      ],
    });
    const run = await runEngine(server);
    expect(run.result.outcome).toEqual({ reason: 'completed', finalText: 'done' });
    expect(markerLines(run.repo)).toEqual(['appended']);
    expectNoOrphans(run.records);
  });

  it('a stream cut after a read-only call ran: the model is shown what ran, and the held command did not run', async () => {
    let seenByModel: ReturnType<typeof lastToolResults> = [];
    server = await ModelServer.start({
      script: [
        {
          content: [{ type: 'tool_use', id: 'toolu_read', name: 'Read', input: { file_path: 'README.md' } }, append('toolu_write'), { type: 'text', text: 'and then' }],
          fault: { kind: 'cut', at: { after: 'content_block_stop', index: 1 } },
        },
        (req) => {
          seenByModel = lastToolResults(req.body);
          return { content: [append('toolu_write_again')] };
        },
        DONE,
      ],
    });
    const repo = (await import('../support/temp-repo.js')).makeTempRepo();
    writeFileSync(join(repo, 'README.md'), 'hello from the readme\n');
    const run = await runEngine(server, { repo });
    expect(run.result.outcome.reason).toBe('completed');
    expect(markerLines(run.repo)).toEqual(['appended']);
    const byId = new Map(seenByModel.map((r) => [r.tool_use_id, r]));
    expect(JSON.stringify(byId.get('toolu_read')?.content)).toContain('hello from the readme');
    expect(byId.get('toolu_write')?.is_error).toBe(true);
    expect(JSON.stringify(byId.get('toolu_write')?.content)).toMatch(/did not run/);
    expectNoOrphans(run.records);
    const cut = run.records.find((r): r is AssistantRecord => r.type === 'assistant' && r.cut !== undefined);
    expect(cut?.content.map((b) => (b.type === 'tool_use' ? b.id : b.type))).toEqual(['toolu_read', 'toolu_write']);
  });

  it('a stream that ends cleanly before message_stop is not taken for a whole response', async () => {
    server = await ModelServer.start({
      script: [
        { content: [append('toolu_first'), { type: 'text', text: 'more to come' }], fault: { kind: 'end', at: { after: 'content_block_stop', index: 0 } } },
        { content: [append('toolu_again')] },
        DONE,
      ],
    });
    const run = await runEngine(server);
    expect(run.result.outcome.reason).toBe('completed');
    expect(markerLines(run.repo)).toEqual(['appended']);
    expect(run.records.some((r) => r.type === 'model_request' && r.error !== undefined)).toBe(true);
    expectNoOrphans(run.records);
  });

  it('a side-effecting call waits for message_stop; a read-only one starts before it', async () => {
    const repo = makeTempRepo();
    const gate = fifoGate(repo);
    let writtenBeforeStop: boolean | undefined;
    server = await ModelServer.start({
      script: [
        {
          content: [{ type: 'tool_use', id: 'toolu_read', name: 'Bash', input: { command: gate.command } }, append('toolu_write')],
          // Ordering by cause, not by clock: message_stop goes only once the read-only command has
          // opened the pipe (it never would, if it waited for message_stop), and the side effect is
          // looked for at that moment, before message_stop is sent.
          holdStop: async () => {
            await gate.opened();
            writtenBeforeStop = existsSync(join(repo, 'marker.txt'));
          },
        },
        DONE,
      ],
    });
    const run = await runEngine(server, { repo });
    expect(run.result.outcome.reason).toBe('completed');
    expect(writtenBeforeStop).toBe(false);
    expect(markerLines(run.repo)).toEqual(['appended']);
  });
});
