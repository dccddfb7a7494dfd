import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readTranscript } from '../../src/runner/index.js';
import { distEntry } from '../support/action-runner.js';
import { ModelServer } from '../support/model-server.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

function runDist(args: string[], env: Record<string, string>): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [distEntry(), ...args], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tempDir(), ...env }, stdio: 'ignore' });
    child.on('close', resolve);
  });
}

describe('the startup record: where start-up time went', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('names every step from node to the set-up, in the order a run takes them, just before run_end', async () => {
    const repo = makeTempRepo();
    const out = tempDir();
    server = await ModelServer.start({ script: [{ content: [{ type: 'text', text: 'Hello.' }] }], minCacheableTokens: 0 });
    const code = await runDist(['run', '--cwd', repo, '--prompt', 'Say hello.', '--out', out], { ANTHROPIC_API_KEY: 'sk-ant-test-startup-0000', ANTHROPIC_BASE_URL: server.url });
    expect(code).toBe(0);
    const records = readTranscript(join(out, 'transcript.jsonl'));
    expect(records.at(-2)?.type).toBe('startup');
    const startup = records.at(-2);
    if (startup?.type !== 'startup') throw new Error('no startup record');
    const m = startup.marks;
    expect(Object.keys(m).sort()).toEqual(['config', 'entry', 'git_snapshot', 'modules', 'node', 'parser', 'policy', 'request_sent', 'sandbox', 'setup'].sort());
    // The path to the first request, in order.
    const path = [m.node, m.entry, m.modules, m.config, m.policy, m.request_sent];
    expect(path).toEqual([...path].sort((a, b) => (a ?? 0) - (b ?? 0)));
    // What a tool call waits for ends with the set-up, which starts after the policy is known.
    for (const step of [m.parser, m.sandbox, m.git_snapshot]) {
      expect(step).toBeGreaterThan(m.policy ?? Infinity);
      expect(step).toBeLessThanOrEqual(m.setup ?? -Infinity);
    }
  });
});
