import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolCallRecord } from '../../src/runner/transcript-records.js';
import { readTranscript } from '../../src/runner/transcript-read.js';
import { lastToolResults, ModelServer } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

const env = (server: ModelServer) => ({ ANTHROPIC_API_KEY: 'sk-ant-test-todo-0000', ANTHROPIC_BASE_URL: server.url });
const todo = (content: string, status: string) => ({ content, status, activeForm: `${content}ing` });

describe('the task list (TodoWrite)', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('is allowed without a rule, serial, and the latest list is the one summary.md shows', async () => {
    const repo = makeTempRepo();
    const out = tempDir();
    const policy = join(tempDir(), 'p.yml');
    // dontAsk with no allow rules: only what needs no permission runs.
    writeFileSync(policy, 'version: 1\nmode: dontAsk\n');
    server = await ModelServer.start({
      script: [
        {
          content: [
            { type: 'tool_use', id: 'toolu_t1', name: 'TodoWrite', input: { todos: [todo('Plan', 'in_progress'), todo('Build', 'pending')] } },
            { type: 'tool_use', id: 'toolu_t2', name: 'TodoWrite', input: { todos: [todo('Plan', 'completed'), todo('Build', 'in_progress'), todo('Test <b>@team</b>', 'pending')] } },
            { type: 'tool_use', id: 'toolu_bad', name: 'TodoWrite', input: { todos: [{ content: 'x', status: 'started', activeForm: 'x' }] } },
          ],
        },
        (req) => {
          const results = lastToolResults(req.body);
          expect(results.map((x) => x.is_error ?? false)).toEqual([false, false, true]);
          expect(results[1]?.content).toContain('3 tasks: 1 completed, 1 in progress, 1 pending');
          return { content: [{ type: 'text', text: 'Planned.' }] };
        },
      ],
    });
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'plan', '--policy', policy, '--out', out], env(server));
    expect(r.code, r.stderr).toBe(0);
    const calls = readTranscript(join(out, 'transcript.jsonl')).filter((x): x is ToolCallRecord => x.type === 'tool_call');
    expect(calls.map((c) => [c.status, c.decision?.behavior ?? null])).toEqual([['ok', 'allow'], ['ok', 'allow'], ['error', null]]);
    const summary = readFileSync(join(out, 'summary.md'), 'utf8');
    // The last valid list, the task under way in its active form, the agent's text escaped.
    expect(summary).toContain('### Task list (1 of 3 done)\n\n- [x] Plan\n- [ ] **Building**\n- [ ] Test \\<b\\>\\@\u2060team\\<\\/b\\>\n');
  });
});
