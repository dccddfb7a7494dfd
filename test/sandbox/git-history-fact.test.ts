/**
 * Issue 31 item 3 (follow-up): the host's "no denied path in the object store" is taken before the
 * run and not taken again. That holds because no command can put a denied file's contents into the
 * store during the run: the sandbox hides it (real bwrap, the analyser switched off, every git
 * command that would stage, stash or commit it run on purpose). What git stores at `.env` is what
 * the command could see — nothing of the secret.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SandboxRunner } from '../../src/sandbox/bwrap-runner.js';
import { BWRAP, cleanupAll, git, makeWorkspace, openRunner, policySandbox, run, SKIP_REASON } from './sandbox-fixture.js';

const SECRET = 'SECRET_untracked_env_0123456789';

describe.skipIf(BWRAP === null)(`a denied file cannot be brought into git's store from the sandbox (real bwrap) ${SKIP_REASON}`, () => {
  let ws: string;
  let runner: SandboxRunner;

  beforeAll(async () => {
    ws = makeWorkspace({ 'src/a.ts': 'export const a = 1;\n', '.env': `${SECRET}\n`, 'config/.env': `${SECRET}\n` });
    git(ws, 'init', '-q');
    git(ws, 'add', 'src');
    git(ws, 'commit', '-qm', 'c1');
    const sandbox = await policySandbox(ws, ['version: 1', 'permissions:', '  allow: ["Read", "Edit"]', '  deny: ["Read(.env)"]'].join('\n'));
    runner = await openRunner({ workspace: ws, config: sandbox });
  });
  afterAll(async () => {
    await runner.dispose();
    cleanupAll();
  });

  test('staging, stashing and committing the hidden files stores none of their contents', async () => {
    const commands = [
      'git add -A; git diff --cached',
      'git -c user.name=a -c user.email=a@a commit -qm all; git log -p',
      'git stash -u; git stash show -p --include-untracked; git stash pop',
      'git add -f .env config/.env; git -c user.name=a -c user.email=a@a commit -qam again; git show HEAD',
    ];
    for (const c of commands) {
      const r = await run(runner, ws, `${c} 2>&1`);
      expect(r.output, c).not.toContain(SECRET);
    }
    // Every object in the store, read on the host.
    const store = execFileSync('git', ['cat-file', '--batch-all-objects', '--batch'], { cwd: ws, encoding: 'latin1', maxBuffer: 64 * 1024 * 1024 });
    expect(store).toContain('export const a = 1;');
    // The commands did run: the hidden paths were committed, with what the sandbox showed.
    expect(execFileSync('git', ['log', '--name-only', '--format='], { cwd: ws, encoding: 'utf8' })).toContain('.env');
    expect(store).not.toContain(SECRET);
  });
});
