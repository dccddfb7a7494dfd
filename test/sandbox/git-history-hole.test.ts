/**
 * Issue 31 item 3, the sandbox's side: a denied file committed to git, run straight through the
 * sandbox (real bwrap, the Bash analyser switched off). The work tree copy is hidden; the object
 * store is not, so git in the sandbox still prints the file from history. That is why the
 * analyser refuses those forms under Read denies (test/policy/git-history-attack.test.ts). The
 * `test.fails` cases are the open hole, stated plainly: they start failing (and must then become
 * plain tests) the day the sandbox hides denied blobs itself.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SandboxRunner } from '../../src/sandbox/bwrap-runner.js';
import { BWRAP, cleanupAll, git, makeWorkspace, openRunner, policySandbox, run, SKIP_REASON } from './sandbox-fixture.js';

const SECRET = 'SECRET_committed_0123456789';

describe.skipIf(BWRAP === null)(`git history in the sandbox (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  let ws: string;
  let runner: SandboxRunner;

  beforeAll(async () => {
    ws = makeWorkspace({ 'src/a.ts': 'export const a = 1;\n', 'secrets/key': `${SECRET}\n`, 'secrets/kept': `${SECRET}\n` });
    git(ws, 'init', '-q');
    git(ws, '-c', 'user.name=t', '-c', 'user.email=t@t', 'add', '-A');
    git(ws, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'c1');
    git(ws, 'rm', '-q', 'secrets/key');
    git(ws, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'c2');
    const sandbox = await policySandbox(ws, ['version: 1', 'permissions:', '  allow: ["Read"]', '  deny: ["Read(secrets/**)"]'].join('\n'));
    runner = await openRunner({ workspace: ws, config: sandbox });
  });
  afterAll(async () => {
    await runner.dispose();
    cleanupAll();
  });

  test('the work tree copy of a denied file is hidden (layer: sandbox mounts)', async () => {
    const r = await run(runner, ws, 'cat secrets/kept; echo rc=$?');
    expect(r.output).not.toContain(SECRET);
  });

  test('benign git works in the sandbox', async () => {
    const r = await run(runner, ws, 'git log --oneline && git show --stat HEAD && git diff --stat HEAD~1 -- src');
    expect(r.exitCode, r.output).toBe(0);
    expect(r.output).toContain('c2');
  });

  test.fails.each(['git show HEAD~1:secrets/key', 'git log -p', 'git cat-file -p HEAD:secrets/kept', 'git diff'])(
    'open hole: `%s` still prints the file from the object store (the analyser refuses it)',
    async (command) => {
      const r = await run(runner, ws, `${command} 2>&1`);
      expect(r.output).not.toContain(SECRET);
    },
  );
});
