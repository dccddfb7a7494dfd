/**
 * Ordinary git work still succeeds inside the sandbox (real git, real bwrap), although everything
 * in `.git` that changes what git runs is held read-only; and nothing the sandbox does shows up in
 * `git status` inside or outside it (there are no placeholders).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { BWRAP, cleanupAll, git, makeHostDir, makeWorkspace, openRunner, run, SKIP_REASON } from './sandbox-fixture.js';

const ID = '-c user.name=Agent -c user.email=agent@example.com';

describe.skipIf(BWRAP === null)(`ordinary git work in the sandbox (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  afterAll(() => cleanupAll());

  function repo(): string {
    const ws = makeWorkspace({ 'README.md': 'hello\n', 'src/a.txt': 'a\n' });
    git(ws, 'init', '-q', '-b', 'main');
    git(ws, 'add', '.');
    git(ws, 'commit', '-q', '-m', 'initial');
    return ws;
  }

  test('add, commit, branch, stash, rebase, merge, cherry-pick, revert, tag, reset, gc all work (index and refs are replaced by rename of their .lock)', async () => {
    const ws = repo();
    const runner = await openRunner({ workspace: ws });
    try {
      const r = await run(runner, ws, [
        'set -e',
        `echo b > src/b.txt && git add -A && git ${ID} commit -q -m "add b"`,
        `git checkout -q -b feature && echo c > src/c.txt && git add src/c.txt && git ${ID} commit -q -m "add c"`,
        `echo wip >> README.md && git ${ID} stash -q && git stash list | grep -q stash@ && git ${ID} stash pop -q && git checkout -q -- README.md`,
        `git checkout -q main && echo d > src/d.txt && git add -A && git ${ID} commit -q -m "add d"`,
        `git checkout -q feature && git ${ID} rebase -q main && git log --format=%s | head -1`,
        `git checkout -q main && git ${ID} merge -q --no-edit feature`,
        `git checkout -q -b pick HEAD~2 && git ${ID} cherry-pick feature >/dev/null && git checkout -q main`,
        `git ${ID} revert --no-edit HEAD >/dev/null && git ${ID} tag -a v1 -m v1 && git reset -q --soft HEAD~1 && git ${ID} commit -q -m "again"`,
        'git branch -D -q pick && git gc -q && git fsck --no-progress 2>&1 | head -3',
        'git status --porcelain',
      ].join('\n'));
      expect(r.exitCode, r.output).toBe(0);
      expect(r.violations).toEqual([]);
      expect(git(ws, 'log', '--format=%s', 'main').split('\n').slice(0, 3)).toEqual(['again', 'add c', 'add d']);
      expect(git(ws, 'tag').trim()).toBe('v1');
      expect(git(ws, 'status', '--porcelain').trim()).toBe('');
    } finally {
      await runner.dispose();
    }
  });

  test('a shallow clone (as actions/checkout leaves it) commits too, with .git/shallow held read-only', async () => {
    const upstream = repo();
    git(upstream, 'commit', '-q', '--allow-empty', '-m', 'second');
    const parent = makeHostDir();
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${upstream}`, join(parent, 'clone')], { env: { PATH: process.env.PATH ?? '', HOME: parent } });
    const ws = join(parent, 'clone');
    const runner = await openRunner({ workspace: ws });
    try {
      const r = await run(runner, ws, `echo x >> README.md && git ${ID} commit -qam change && git log --oneline | wc -l; echo y > .git/shallow`);
      expect(r.output).toMatch(/^2$/m);
      expect(r.output).toMatch(/shallow: Read-only file system/);
      expect(git(ws, 'log', '--format=%s', '-1').trim()).toBe('change');
    } finally {
      await runner.dispose();
    }
  });

  test('nothing the sandbox mounts shows up in git: status is clean and add -A stages nothing, inside and on the host', async () => {
    const ws = repo();
    const runner = await openRunner({ workspace: ws });
    try {
      const r = await run(runner, ws, 'git status --porcelain --untracked-files=all --ignored; git add -A; git diff --cached --name-only; echo END');
      expect(r.output.trim()).toBe('END');
      expect(git(ws, 'status', '--porcelain', '--untracked-files=all', '--ignored').trim()).toBe('');
      expect(readdirSync(ws).sort()).toEqual(['.git', 'README.md', 'src']);
    } finally {
      await runner.dispose();
    }
  });
});
