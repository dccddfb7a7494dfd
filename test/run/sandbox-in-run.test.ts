import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lastToolResults, ModelServer } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

const API_KEY = 'sk-ant-test-sandbox-run-0123456789';

describe('commands of a run go through the sandbox', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  // The policy lets `node` run; what the script does is bounded by the sandbox, not the policy.
  it('keeps secrets out, blocks writes outside the workspace, and the summary lists what was blocked', async () => {
    const repo = makeTempRepo();
    mkdirSync(join(repo, '.github'));
    writeFileSync(join(repo, '.github', 'warden.yml'), 'version: 1\npermissions:\n  allow: ["Bash(env)", "Bash(node *)"]\n');
    // Outside both the workspace and /tmp (which is private inside the sandbox).
    const outside = join(homedir(), `warden-escape-test-${process.pid}.txt`);
    const out = tempDir();
    server = await ModelServer.start({
      script: [
        { content: [{ type: 'tool_use', id: 'toolu_env', name: 'Bash', input: { command: 'env' } }] },
        (req) => {
          const text = JSON.stringify(lastToolResults(req.body)[0]?.content);
          expect(text).toContain('PATH=');
          expect(text).not.toContain(API_KEY);
          expect(text).not.toContain('ANTHROPIC_API_KEY');
          expect(text).not.toContain('GITHUB_TOKEN');
          return { content: [{ type: 'tool_use', id: 'toolu_touch', name: 'Bash', input: { command: `node -e "require('fs').writeFileSync('${outside}', 'x')"` } }] };
        },
        (req) => {
          const result = lastToolResults(req.body)[0];
          expect(JSON.stringify(result?.content)).toMatch(/Read-only file system|sandbox/i);
          return { content: [{ type: 'text', text: 'could not write there' }] };
        },
      ],
    });
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'x', '--summary', join(out, 's.md'), '--transcript', join(out, 't.jsonl')], {
      ANTHROPIC_API_KEY: API_KEY,
      ANTHROPIC_BASE_URL: server.url,
      GITHUB_TOKEN: 'ghs_test_token_0123456789abcdef',
    });
    expect(r.code).toBe(0);
    expect(existsSync(outside)).toBe(false);
    const summary = readFileSync(join(out, 's.md'), 'utf8');
    expect(summary).toContain('commands run: bwrap');
    expect(summary).toContain('Blocked by the sandbox');
    expect(readFileSync(join(out, 't.jsonl'), 'utf8')).toContain('"type":"sandbox_violation"');
  });
});
