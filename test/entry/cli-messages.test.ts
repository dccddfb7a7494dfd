/**
 * What the CLI says when a user got something wrong, as the installed binary says it (node
 * dist/index.js): the flag or variable the user wrote, what failed, and what to do instead.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ModelServer } from '../support/model-server.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

const DIST = join(import.meta.dirname, '..', '..', 'dist', 'index.js');
const KEY = 'sk-ant-test-cli-messages-0123456789';
const BASE_ENV = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root' };

function warden(args: string[], env: Record<string, string> = {}, cwd = process.cwd()) {
  return spawnSync(process.execPath, [DIST, ...args], { encoding: 'utf8', env: { ...BASE_ENV, ...env }, cwd });
}

/** Asynchronous: a model server in this process keeps answering while the binary runs. */
async function wardenAsync(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [DIST, ...args], { env: { ...BASE_ENV, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}

describe('the CLI\'s messages', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('warden publish outside GitHub Actions: says where it works and what to do elsewhere', () => {
    // An outbox to publish: a run refused at once still writes a complete one.
    const outbox = join(tempDir(), 'outbox');
    expect(warden(['run', '--prompt', 'x', '--out', outbox, '--model', 'replay:/no/such/file']).status).toBe(2);
    const r = warden(['publish', outbox]);
    expect(r.stderr).toBe(
      'warden: GITHUB_EVENT_NAME is not set: `warden publish OUTBOX` posts to GitHub from a GitHub Actions job (the second job of a workflow, with `GITHUB_TOKEN`); ' +
        'in a GitLab pipeline use `warden publish --gitlab OUTBOX`; elsewhere the outbox is the result (summary.md, changes.patch: `git apply OUTBOX/changes.patch`)\n',
    );
    expect(r.status).toBe(2);
  });

  it('no API key: names the variable, the model that needs it, and the way to run without one', () => {
    const r = warden(['run', '--cwd', makeTempRepo(), '--prompt', 'x'], { WARDEN_MODEL: 'claude-opus-4-1' });
    expect(r.stderr).toBe(
      'warden: ANTHROPIC_API_KEY is not set, and the model claude-opus-4-1 needs an Anthropic API key: export it (in CI, from a masked secret variable), give --provider bedrock, vertex or foundry to reach Claude through a cloud, or give --model replay:FILE to replay a recorded run without one\n',
    );
    expect(r.status).toBe(2);
  });

  it('a key the API refuses (401): what failed and what to check, once; no raw response, no key', async () => {
    server = await ModelServer.start({ script: [{ error: { status: 401, message: 'invalid x-api-key\u001b[31m' } }] });
    const r = await wardenAsync(['run', '--cwd', makeTempRepo(), '--prompt', 'x', '--out', join(tempDir(), 'out')], { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server.url });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'outcome: model error: the Anthropic API refused the API key (HTTP 401 authentication_error: "invalid x-api-key\\u001b[31m"); check that ANTHROPIC_API_KEY (in the action: the `anthropic_api_key` input) holds a current key (not retryable)\n',
    );
    expect(r.stdout + r.stderr).not.toContain('{"type":"error"');
    expect(r.stdout + r.stderr).not.toContain('\u001b');
    expect(r.stdout + r.stderr).not.toContain(KEY);
  });
});
