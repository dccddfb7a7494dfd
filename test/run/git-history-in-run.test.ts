/**
 * Issue 31 item 3 (follow-up), end to end: a review run under the read-only review preset (which
 * denies `Read(.env)`) asks for `git diff HEAD~1`. The host lists the object store before the run;
 * with no .env ever committed the reviewer sees the hunks, with a .env committed then deleted the
 * strict rule refuses the command and the secret reaches no model request. Real runner, real
 * Messages API client against the scripted server, real git, real bubblewrap.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bwrapState } from '../support/bwrap-state.js';
import { lastToolResults, ModelServer } from '../support/model-server.js';
import { runWarden } from '../support/run-cli.js';
import { makeTempRepo, tempDir } from '../support/temp-repo.js';

const API_KEY = 'sk-ant-test-git-history-0123456789';
const SECRET = 'TOKEN=SECRET_committed_env_0123456789';
const BWRAP = bwrapState();

function repo(commitEnv: boolean): string {
  const seed = tempDir();
  mkdirSync(join(seed, '.github'));
  mkdirSync(join(seed, 'src'));
  writeFileSync(join(seed, '.github', 'warden.yml'), 'version: 1\nextends: ["read-only-review"]\n');
  writeFileSync(join(seed, 'src', 'a.ts'), 'export const a = 1;\n');
  if (commitEnv) writeFileSync(join(seed, '.env'), `${SECRET}\n`);
  const dir = makeTempRepo(seed);
  const git = (...args: string[]): string => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, encoding: 'utf8' });
  if (commitEnv) git('rm', '-q', '.env');
  writeFileSync(join(dir, 'src', 'a.ts'), 'export const a = 2;\n');
  git('commit', '-qam', 'change a');
  return dir;
}

describe.skipIf(BWRAP.path === null)(`git diff in a review run ${BWRAP.problem ?? ''}`, () => {
  let server: ModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function review(dir: string): Promise<{ result: string; isError: boolean; bodies: string }> {
    let result = '';
    let isError = false;
    server = await ModelServer.start({
      minCacheableTokens: 0,
      script: [
        { content: [{ type: 'tool_use', id: 'toolu_diff', name: 'Bash', input: { command: 'git diff HEAD~1' } }] },
        (req) => {
          const r = lastToolResults(req.body)[0];
          result = JSON.stringify(r?.content);
          isError = r?.is_error === true;
          return { content: [{ type: 'text', text: 'reviewed' }] };
        },
      ],
    });
    const out = tempDir();
    const run = await runWarden(['run', '--cwd', dir, '--prompt', 'review the last commit', '--out', out], { ANTHROPIC_API_KEY: API_KEY, ANTHROPIC_BASE_URL: server.url });
    expect(run.code, run.stderr).toBe(0);
    return { result, isError, bodies: JSON.stringify(server.requests.map((r) => r.body)) };
  }

  it('shows the hunks when no denied file was ever committed', async () => {
    const r = await review(repo(false));
    expect(r.isError, r.result).toBe(false);
    expect(r.result).toContain('+export const a = 2;');
  });

  it('refuses it when .env was committed and deleted, and the secret reaches no model request', async () => {
    const dir = repo(true);
    // Control: git itself would print it.
    expect(execFileSync('git', ['diff', 'HEAD~1'], { cwd: dir, encoding: 'utf8' })).toContain(SECRET);
    const r = await review(dir);
    expect(r.isError).toBe(true);
    expect(r.result).toMatch(/history/);
    expect(r.bodies).not.toContain('SECRET_committed_env');
  });
});
