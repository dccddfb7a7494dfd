import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModelRequestRecord, RunEndRecord, ToolCallRecord } from '../../src/runner/transcript-records.js';
import { readTranscript } from '../../src/runner/transcript-read.js';
import { ModelServer } from '../support/model-server.js';
import type { ScriptTurn } from '../support/script.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

const API_KEY = 'sk-ant-test-failures-0123456789';

describe('runs that go wrong', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function run(script: ScriptTurn[], extra: string[] = []) {
    const repo = makeTempRepo();
    writeFileSync(join(repo, 'notes.txt'), 'hello\n');
    const out = tempDir();
    server = await ModelServer.start({ script });
    const transcript = join(out, 't.jsonl');
    const result = await runWarden(['run', '--cwd', repo, '--prompt', 'do the thing', '--transcript', transcript, ...extra], {
      ANTHROPIC_API_KEY: API_KEY,
      ANTHROPIC_BASE_URL: server.url,
    });
    return { ...result, repo, records: readTranscript(transcript), transcriptText: readFileSync(transcript, 'utf8') };
  }

  it('answers malformed tool input with an is_error result and the run continues', async () => {
    const r = await run([
      { content: [{ type: 'tool_use', id: 'toolu_bad', name: 'Read', input: { file_path: 42 } }] },
      { content: [{ type: 'text', text: 'done' }] },
    ]);
    expect(r.code).toBe(0);
    const last = server?.requests[1]?.body.messages.at(-1);
    expect(JSON.stringify(last)).toContain('"is_error":true');
    expect(JSON.stringify(last)).toContain('InputValidationError');
    expect(JSON.stringify(last)).toContain('file_path');
    const call = r.records.find((x): x is ToolCallRecord => x.type === 'tool_call');
    expect(call?.category).toBe('invalid_input');
  });

  it('answers an unknown tool with an error result naming the available tools', async () => {
    const r = await run([
      { content: [{ type: 'tool_use', id: 'toolu_x', name: 'Teleport', input: {} }] },
      { content: [{ type: 'text', text: 'ok' }] },
    ]);
    expect(r.code).toBe(0);
    const result = JSON.stringify(server?.requests[1]?.body.messages.at(-1));
    expect(result).toContain('No tool named \\"Teleport\\"');
    expect(result).toContain('Read');
    expect(r.records.find((x): x is ToolCallRecord => x.type === 'tool_call')?.category).toBe('not_found');
  });

  it('answers every tool_use of a response in block order, including a denied one', async () => {
    const r = await run([
      {
        content: [
          { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: 'notes.txt' } },
          { type: 'tool_use', id: 'toolu_2', name: 'Bash', input: { command: 'rm -rf /' } },
          { type: 'tool_use', id: 'toolu_3', name: 'Read', input: { file_path: 'missing.txt' } },
        ],
      },
      { content: [{ type: 'text', text: 'ok' }] },
    ]);
    expect(r.code).toBe(0);
    const results = server?.requests[1]?.body.messages.at(-1)?.content as unknown as { tool_use_id: string; is_error?: boolean; content: string }[];
    expect(results.map((x) => x.tool_use_id)).toEqual(['toolu_1', 'toolu_2', 'toolu_3']);
    expect(results[0]?.is_error).toBeUndefined();
    expect(results[0]?.content).toContain('hello');
    expect(results[1]?.is_error).toBe(true);
    expect(results[1]?.content).toContain('Permission denied');
    expect(results[2]?.is_error).toBe(true);
  });

  it('retries after a 529 and succeeds', async () => {
    const r = await run([
      { error: { status: 529, retryAfterSeconds: 0 } },
      { content: [{ type: 'text', text: 'finished after a retry' }] },
    ]);
    expect(r.code).toBe(0);
    expect(server?.allRequests.filter((x) => x.path === '/v1/messages')).toHaveLength(2);
    const end = r.records.at(-1) as RunEndRecord;
    // The final text is recorded once, in the last assistant record.
    expect(end.outcome).toEqual({ reason: 'completed' });
    expect(r.records.findLast((x) => x.type === 'assistant')).toMatchObject({ content: [{ type: 'text', text: 'finished after a retry' }] });
  });

  it('ends with model_error and exit 1 when the API fails for good, with a complete transcript', async () => {
    const failing: ScriptTurn[] = Array.from({ length: 5 }, () => ({ error: { status: 500, retryAfterSeconds: 0 } }));
    const r = await run(failing);
    expect(r.code).toBe(1);
    expect(server?.remainingTurns).toBe(0);
    const end = r.records.at(-1) as RunEndRecord;
    expect(end.type).toBe('run_end');
    expect(end.outcome.reason).toBe('model_error');
    const req = r.records.find((x): x is ModelRequestRecord => x.type === 'model_request');
    expect(req?.error).toMatch(/500/);
    expect(r.records[0]?.type).toBe('run_start');
    expect(r.transcriptText).not.toContain(API_KEY);
  });

  it('stops at max turns with exit 1', async () => {
    const loop = (id: string): ScriptTurn => ({ content: [{ type: 'tool_use', id, name: 'Read', input: { file_path: 'notes.txt' } }] });
    const r = await run([loop('toolu_a'), loop('toolu_b')], ['--max-turns', '2']);
    expect(r.code).toBe(1);
    expect((r.records.at(-1) as RunEndRecord).outcome).toEqual({ reason: 'max_turns', limit: 2 });
  });

  it('rejects bad usage with exit 2 and a message naming the flag', async () => {
    const missing = await runWarden(['run', '--prompt', 'x', '--cwd', '/nonexistent/dir'], { ANTHROPIC_API_KEY: API_KEY });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--cwd');
    const noKey = await runWarden(['run', '--prompt', 'x'], {});
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('ANTHROPIC_API_KEY');
    const bad = await runWarden(['run', '--prompt', 'x', '--max-turns', 'many'], { ANTHROPIC_API_KEY: API_KEY });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--max-turns');
    const unknown = await runWarden(['run', '--promt', 'x'], { ANTHROPIC_API_KEY: API_KEY });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--promt');
  });
});
