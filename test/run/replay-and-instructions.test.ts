import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolCallRecord } from '../../src/runner/transcript-records.js';
import { readTranscript } from '../../src/runner/transcript-read.js';
import { ModelServer } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

describe('replaying a recorded run, and project instructions', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('sends CLAUDE.md and AGENTS.md in the system prompt, and a transcript replays with no API key', async () => {
    const repo = makeTempRepo();
    writeFileSync(join(repo, 'CLAUDE.md'), 'Always run `make check` before finishing.\n');
    writeFileSync(join(repo, 'AGENTS.md'), 'Prefer small commits.\n');
    writeFileSync(join(repo, 'notes.txt'), 'alpha\nbeta\n');
    const out = tempDir();
    server = await ModelServer.start({
      script: [
        { content: [{ type: 'tool_use', id: 'toolu_r', name: 'Read', input: { file_path: 'notes.txt' } }] },
        { content: [{ type: 'tool_use', id: 'toolu_g', name: 'Grep', input: { pattern: 'beta', output_mode: 'count' } }] },
        { content: [{ type: 'text', text: 'beta appears once.' }] },
      ],
    });
    const first = await runWarden(['run', '--cwd', repo, '--prompt', 'count beta', '--transcript', join(out, 'ci.jsonl')], {
      ANTHROPIC_API_KEY: 'sk-ant-test-replay-0000',
      ANTHROPIC_BASE_URL: server.url,
    });
    expect(first.code).toBe(0);
    const system = JSON.stringify(server.requests[0]?.body.system);
    expect(system).toContain('Always run `make check` before finishing.');
    expect(system).toContain('Prefer small commits.');
    expect(system).toContain('no human');

    // The CI transcript, replayed locally: same tool calls, same outcome, no API key in the environment.
    const replay = await runWarden(['run', '--cwd', repo, '--prompt', 'count beta', '--model', `replay:${join(out, 'ci.jsonl')}`, '--transcript', join(out, 'local.jsonl')], {});
    expect(replay.code).toBe(0);
    const calls = (file: string) => readTranscript(file).filter((r): r is ToolCallRecord => r.type === 'tool_call').map((c) => [c.tool, c.input, c.status]);
    expect(calls(join(out, 'local.jsonl'))).toEqual(calls(join(out, 'ci.jsonl')));
    expect(readFileSync(join(out, 'local.jsonl'), 'utf8')).toContain('beta appears once.');
  });

  it('fails clearly when a replay file runs out of turns (exit 1) or is not a scenario (exit 2)', async () => {
    const repo = makeTempRepo();
    const dir = tempDir();
    writeFileSync(join(dir, 'short.jsonl'), '{"content":[{"type":"tool_use","id":"t1","name":"Glob","input":{"pattern":"*"}}]}\n');
    const short = await runWarden(['run', '--cwd', repo, '--prompt', 'x', '--model', `replay:${join(dir, 'short.jsonl')}`], {});
    expect(short.code).toBe(1);
    expect(short.stdout).toContain('has no turn 2');
    writeFileSync(join(dir, 'bad.jsonl'), '{"content":"nope"}\n');
    const bad = await runWarden(['run', '--cwd', repo, '--prompt', 'x', '--model', `replay:${join(dir, 'bad.jsonl')}`], {});
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('bad.jsonl:1');
  });
});
