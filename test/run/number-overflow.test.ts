import { afterEach, describe, expect, it } from 'vitest';
import { ModelServer } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo } from '../support/temp-repo.js';

// Issue 31 item 6: `--request-timeout 2592000` (30 days) was accepted, Node's timer overflowed
// (over 2^31-1 ms) and every request "timed out" at once, blamed on the API.

describe('a number past what its timer can hold', () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('--request-timeout 2592000 is refused before any request, naming the flag (exit 2)', async () => {
    const repo = makeTempRepo();
    server = await ModelServer.start({ script: [{ content: [{ type: 'text', text: 'done' }] }] });
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'say done', '--request-timeout', '2592000'], {
      ANTHROPIC_API_KEY: 'sk-ant-test-overflow-0123456789',
      ANTHROPIC_BASE_URL: server.url,
    });
    expect(r.stderr).toContain('warden: --request-timeout "2592000": expected a number of seconds from 0.001 to 86400');
    expect(r.code).toBe(2);
    expect(server.requests).toHaveLength(0);
  });

  it('a long but possible request timeout works and does not time out at once', async () => {
    const repo = makeTempRepo();
    server = await ModelServer.start({ script: [{ content: [{ type: 'text', text: 'done' }] }] });
    const r = await runWarden(['run', '--cwd', repo, '--prompt', 'say done', '--request-timeout', '86400', '--request-idle-timeout', '86400', '--timeout', '3024000'], {
      ANTHROPIC_API_KEY: 'sk-ant-test-overflow-0123456789',
      ANTHROPIC_BASE_URL: server.url,
    });
    expect(r.stderr).not.toContain('timeout');
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(1);
  });
});
