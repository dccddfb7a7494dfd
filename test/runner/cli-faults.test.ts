import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readTranscript } from '../../src/runner/transcript-read.js';
import type { AssistantRecord, RunEndRecord } from '../../src/runner/transcript-records.js';
import { ModelServer } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

// Issue 9 defects seen through the real CLI (config, entry, sandbox, runner), as a CI job runs it.

const API_KEY = 'sk-ant-test-cli-faults-0123456789';

function replayFile(dir: string, turns: object[]): string {
  const file = join(dir, 'replay.jsonl');
  writeFileSync(file, turns.map((t) => JSON.stringify(t)).join('\n'));
  return file;
}

async function replayRun(turns: object[], extra: string[] = []) {
  const repo = makeTempRepo();
  const out = tempDir();
  const transcript = join(out, 't.jsonl');
  const summary = join(out, 'summary.md');
  const r = await runWarden(['run', '--cwd', repo, '--prompt', 'go', '--model', `replay:${replayFile(out, turns)}`, '--transcript', transcript, '--summary', summary, ...extra], {});
  return { ...r, transcript, summary, records: readTranscript(transcript) };
}

describe('the CLI under faults', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('--timeout of 2,147,484 s or more does not end the run at once (timer overflow)', async () => {
    const r = await replayRun(
      [{ content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'sleep 0.2' } }] }, { content: [{ type: 'text', text: 'slept' }] }],
      ['--timeout', '2147484', '--dangerously-allow-all'],
    );
    const end = r.records.at(-1) as RunEndRecord;
    expect(end.outcome).toEqual({ reason: 'completed' });
    expect(r.code).toBe(0);
  });

  it('stores a 5 MB model answer once in the transcript, and the summary still shows it', async () => {
    const answer = `BEGIN ${'x'.repeat(5 * 1024 * 1024)} END`;
    const r = await replayRun([{ content: [{ type: 'text', text: answer }] }]);
    expect(r.code).toBe(0);
    expect(statSync(r.transcript).size).toBeLessThan(answer.length * 1.2);
    const last = r.records.findLast((x): x is AssistantRecord => x.type === 'assistant');
    expect(last?.content).toEqual([{ type: 'text', text: answer }]);
    expect(readFileSync(r.summary, 'utf8')).toContain('### Agent report\n\nBEGIN xxx');
  });

  it('records each HTTP attempt and each wait (the SDK no longer retries out of sight)', async () => {
    server = await ModelServer.start({ script: [{ error: { status: 500, retryAfterSeconds: 0 } }, { error: { status: 529, retryAfterMs: 0 } }, { content: [{ type: 'text', text: 'ok' }] }] });
    const out = tempDir();
    const transcript = join(out, 't.jsonl');
    const summary = join(out, 's.md');
    const r = await runWarden(['run', '--cwd', makeTempRepo(), '--prompt', 'go', '--transcript', transcript, '--summary', summary], { ANTHROPIC_API_KEY: API_KEY, ANTHROPIC_BASE_URL: server.url });
    expect(r.code).toBe(0);
    const records = readTranscript(transcript);
    expect(server.allRequests.filter((x) => x.path === '/v1/messages')).toHaveLength(3);
    expect(records.filter((x) => x.type === 'model_request')).toHaveLength(3);
    expect(records.filter((x) => x.type === 'model_retry')).toHaveLength(2);
    expect(readFileSync(summary, 'utf8')).toContain('**model API:** 2 retries (HTTP 500 ×1, HTTP 529 ×1), 0.0 s waiting');
  });
});
