import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunEndRecord } from '../../src/runner/transcript-records.js';
import { readTranscript } from '../../src/runner/transcript-read.js';
import type { ScriptTurn } from '../support/model-server.js';
import { ModelServer } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

const READ_ONLY_POLICY = 'version: 1\npermissions:\n  allow: ["Read", "Grep"]\n';
const EDIT_POLICY = 'version: 1\npermissions:\n  allow: ["Read", "Edit(**)", "Bash(printf *)"]\n';

describe('every run gets an honest verdict: in run_end, the summary\'s first line and the exit code stays the outcome\'s', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function run(policyText: string, script: ScriptTurn[]) {
    const seed = tempDir();
    writeFileSync(join(seed, 'a.txt'), 'alpha\n');
    const repo = makeTempRepo(seed);
    const dir = tempDir();
    writeFileSync(join(dir, 'policy.yml'), policyText);
    server = await ModelServer.start({ script, minCacheableTokens: 0 });
    const result = await runWarden(['run', '--cwd', repo, '--policy', join(dir, 'policy.yml'), '--prompt', 'go', '--transcript', join(dir, 't.jsonl'), '--summary', join(dir, 's.md')], {
      ANTHROPIC_API_KEY: 'sk-ant-test-verdict-0000',
      ANTHROPIC_BASE_URL: server.url,
    });
    const end = readTranscript(join(dir, 't.jsonl')).find((r): r is RunEndRecord => r.type === 'run_end');
    return { ...result, end, summary: readFileSync(join(dir, 's.md'), 'utf8') };
  }

  it('blocked: every write and command was denied — completed, exit 0, but told apart', async () => {
    const r = await run(READ_ONLY_POLICY, [
      { content: [{ type: 'tool_use', id: 'toolu_w', name: 'Write', input: { file_path: 'b.txt', content: 'x' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_b', name: 'Bash', input: { command: 'npm test' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_r', name: 'Read', input: { file_path: 'a.txt' } }] },
      { content: [{ type: 'text', text: 'I could not change anything.' }] },
    ]);
    expect(r.code).toBe(0);
    expect(r.end?.outcome.reason).toBe('completed');
    expect(r.end?.verdict).toBe('blocked');
    expect(r.summary.split('\n')[0]).toBe('## Warden run: completed · verdict: blocked (every attempt to change something or run a command was denied)');
  });

  it('no_changes: the agent only looked', async () => {
    const r = await run(READ_ONLY_POLICY, [
      { content: [{ type: 'tool_use', id: 'toolu_r', name: 'Read', input: { file_path: 'a.txt' } }] },
      { content: [{ type: 'text', text: 'Nothing to do.' }] },
    ]);
    expect(r.code).toBe(0);
    expect(r.end?.verdict).toBe('no_changes');
    expect(r.summary.split('\n')[0]).toBe('## Warden run: completed · verdict: no changes');
  });

  it('changes: a file changed (even by a command), and a denied attempt beside it does not make it blocked', async () => {
    const r = await run(EDIT_POLICY, [
      { content: [{ type: 'tool_use', id: 'toolu_b', name: 'Bash', input: { command: 'rm a.txt' } }] },
      { content: [{ type: 'tool_use', id: 'toolu_p', name: 'Bash', input: { command: "printf 'beta\\n' > b.txt" } }] },
      { content: [{ type: 'text', text: 'Wrote b.txt.' }] },
    ]);
    expect(r.code).toBe(0);
    expect(r.end?.verdict).toBe('changes');
    expect(r.end?.filesChanged).toEqual(['b.txt']);
    expect(r.summary.split('\n')[0]).toBe('## Warden run: completed · verdict: changes (1 file)');
  });
});
