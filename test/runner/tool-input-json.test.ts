import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseToolInput } from '../../src/runner/stream-assembler.js';
import type { ToolCallRecord } from '../../src/runner/transcript-records.js';
import { runEngine } from '../support/engine-harness.js';
import { lastToolResults, ModelServer, type ReplyTurn } from '../support/model-server.js';
import { makeTempRepo } from '../support/temp-repo.js';

// Issue 9, smaller defect: a tool input whose JSON never closes was "repaired" by the SDK's
// partial-JSON parser and executed. It must be answered with an error instead, never run.

const DONE: ReplyTurn = { content: [{ type: 'text', text: 'done' }] };

describe('tool input that does not arrive as complete JSON', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('is answered with an is_error result and not run when the closing brace is missing', async () => {
    let results: ReturnType<typeof lastToolResults> = [];
    server = await ModelServer.start({
      script: [
        { content: [{ type: 'tool_use', id: 'toolu_open', name: 'Bash', input: {} }], rawInputJson: { 0: '{"command": "echo appended >> marker.txt"' } },
        (req) => {
          results = lastToolResults(req.body);
          return DONE;
        },
      ],
    });
    const run = await runEngine(server);
    expect(run.result.outcome.reason).toBe('completed');
    expect(existsSync(join(run.repo, 'marker.txt'))).toBe(false);
    expect(results).toHaveLength(1);
    expect(results[0]?.is_error).toBe(true);
    expect(JSON.stringify(results[0]?.content)).toMatch(/did not arrive as complete JSON.*did not run/);
    const call = run.records.find((r): r is ToolCallRecord => r.type === 'tool_call');
    expect(call).toMatchObject({ toolUseId: 'toolu_open', status: 'error', category: 'invalid_input', startedAt: null });
  });

  it('never runs a call cut off by max_tokens inside a later string (the repair drops that key and runs the rest)', async () => {
    const repo = makeTempRepo();
    writeFileSync(join(repo, 'notes'), 'keep me\n');
    writeFileSync(join(repo, 'notes.bak'), 'old\n');
    server = await ModelServer.start({
      script: [
        // The SDK's repair keeps `command` and drops the unfinished `description`, and the command runs.
        { content: [{ type: 'tool_use', id: 'toolu_rm', name: 'Bash', input: {} }], rawInputJson: { 0: '{"command": "rm -f notes", "description": "first check that notes.bak is the same (it' }, stopReason: 'max_tokens' },
        DONE,
      ],
    });
    const run = await runEngine(server, { repo });
    expect(run.result.outcome.reason).toBe('completed');
    expect(readFileSync(join(repo, 'notes'), 'utf8')).toBe('keep me\n');
    expect(run.records.find((r): r is ToolCallRecord => r.type === 'tool_call')?.category).toBe('invalid_input');
  });

  it.each([
    ['', { input: {} }],
    ['{"a": 1}', { input: { a: 1 } }],
    ['  {"a": [1, 2]}  ', { input: { a: [1, 2] } }],
  ])('accepts %j', (json, expected) => {
    expect(parseToolInput(json)).toEqual(expected);
  });

  it.each(['{"a": 1', '{"a": "b', '{"a":', '[1, 2]', '"text"', '42', 'null', '{"a": 1}}', '{"a": 1} {"b": 2}'])('rejects %j', (json) => {
    expect(parseToolInput(json)).toHaveProperty('error');
  });
});
