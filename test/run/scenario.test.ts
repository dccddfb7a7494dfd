import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/runner/scenario.js';
import type { ToolCallRecord } from '../../src/runner/transcript-records.js';
import { readTranscript } from '../../src/runner/transcript-read.js';
import { ModelServer } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { EXAMPLE_DIR, makeTempRepo, tempDir } from '../support/temp-repo.js';
import { renderedText } from '../support/rendered-markdown.js';

const API_KEY = 'sk-ant-test-0123456789abcdef';

describe('a whole run on a real repository', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('reads, greps, edits, runs the tests through Bash and finishes with the bug fixed', async () => {
    const repo = makeTempRepo(join(EXAMPLE_DIR, 'repo'));
    const out = tempDir();
    const scenarioFile = join(EXAMPLE_DIR, 'scenario.jsonl');
    server = await ModelServer.start({ script: parseScenario(readFileSync(scenarioFile, 'utf8'), scenarioFile) });

    const run = await runWarden(
      ['run', '--cwd', repo, '--prompt-file', join(EXAMPLE_DIR, 'task.md'), '--policy', join(EXAMPLE_DIR, 'policy.yml'), '--transcript', join(out, 't.jsonl'), '--summary', join(out, 's.md')],
      { ANTHROPIC_API_KEY: API_KEY, ANTHROPIC_BASE_URL: server.url },
    );

    expect(run.stderr).not.toContain('error:');
    expect(run.code).toBe(0);
    expect(readFileSync(join(repo, 'src', 'slug.js'), 'utf8')).toContain("replace(/\\s+/g, '-')");
    server.assertAllTurnsUsed();

    // The transcript parses line by line, in order, with the records a run must leave.
    const lines = readFileSync(join(out, 't.jsonl'), 'utf8').trim().split('\n');
    const records = lines.map((line) => JSON.parse(line) as { type: string; seq: number });
    expect(records.map((r) => r.seq)).toEqual(records.map((_, i) => i + 1));
    expect(records[0]?.type).toBe('run_start');
    expect(records.at(-1)?.type).toBe('run_end');
    const calls = readTranscript(join(out, 't.jsonl')).filter((r): r is ToolCallRecord => r.type === 'tool_call');
    expect(calls.map((c) => [c.tool, c.status])).toEqual([
      ['Bash', 'ok'],
      ['Grep', 'ok'],
      ['Read', 'ok'],
      ['Edit', 'ok'],
      ['Bash', 'ok'],
    ]);
    expect(calls.every((c) => c.decision?.behavior === 'allow')).toBe(true);
    expect(records.filter((r) => r.type === 'model_request')).toHaveLength(6);
    const end = records.at(-1) as unknown as { outcome: { reason: string }; filesChanged: string[] };
    expect(end.outcome.reason).toBe('completed');
    expect(end.filesChanged).toEqual(['src/slug.js']);

    // The test run before the fix failed and the one after passed, as the model was told.
    const toolResults = server.requests.map((r) => JSON.stringify(r.body.messages.at(-1)));
    expect(toolResults[1]).toMatch(/fail 1/);
    expect(toolResults[5]).toMatch(/pass 3/);
    expect(toolResults[5]).toMatch(/fail 0/);

    // The summary names the outcome and the change; the API key is nowhere.
    const summary = readFileSync(join(out, 's.md'), 'utf8');
    expect(summary).toContain('completed');
    expect(renderedText(summary)).toContain('Files changed\nsrc/slug.js\n');
    expect(renderedText(run.stdout)).toContain('Files changed\nsrc/slug.js\n');
    expect(readFileSync(join(out, 't.jsonl'), 'utf8')).not.toContain(API_KEY);
    // The key went to the API and only there.
    expect(server.requests[0]?.headers.authorization ?? server.requests[0]?.headers['x-api-key']).toContain(API_KEY);
  });
});
