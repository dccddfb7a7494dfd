/**
 * Escape suite, filesystem: against real bubblewrap. Every case tries to write where it must not
 * and checks, on the host, that nothing changed, and that the violation was recorded.
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SandboxRunner } from '../../src/sandbox/bwrap-runner.js';
import { writeWorkspaceFile, WorkspaceWriteError } from '../../src/sandbox/workspace-write.js';
import { BWRAP, cleanupAll, git, makeHostDir, makeWorkspace, openRunner, run, SKIP_REASON } from './sandbox-fixture.js';

describe.skipIf(BWRAP === null)(`filesystem escapes (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  let ws: string;
  let outside: string;
  let runner: SandboxRunner;

  beforeAll(async () => {
    ws = makeWorkspace({ 'README.md': 'hello\n', '.github/workflows/ci.yml': 'on: push\n', 'src/a.txt': 'a\n' });
    git(ws, 'init', '-q');
    mkdirSync(join(ws, '.git/hooks'), { recursive: true });
    writeFileSync(join(ws, '.git/hooks/pre-commit.sample'), '#!/bin/sh\n');
    outside = makeHostDir();
    writeFileSync(join(outside, 'target.txt'), 'original\n');
    runner = await openRunner({ workspace: ws });
  });
  afterAll(async () => {
    await runner.dispose();
    cleanupAll();
  });

  test('writing outside the workspace fails (host paths, /etc, and /tmp is private)', async () => {
    const r = await run(runner, ws, `echo pwned > ${outside}/target.txt; echo pwned > ${outside}/new.txt; touch /etc/warden-escape; echo x > /tmp/warden-escape-probe; exit 1`);
    expect(readFileSync(join(outside, 'target.txt'), 'utf8')).toBe('original\n');
    expect(existsSync(join(outside, 'new.txt'))).toBe(false);
    expect(existsSync('/etc/warden-escape')).toBe(false);
    expect(existsSync('/tmp/warden-escape-probe')).toBe(false); // went to the private /tmp
    expect(r.violations.some((v) => v.includes(`${outside}/target.txt`) && v.includes('outside the sandbox'))).toBe(true);
    expect(r.violations.some((v) => v.includes('/etc/warden-escape'))).toBe(true);
  });

  test('existing protected paths stay read-only: hooks, .git/config, workflows', async () => {
    const before = readFileSync(join(ws, '.git/config'), 'utf8');
    const hooksBefore = readdirSync(join(ws, '.git/hooks'));
    const r = await run(
      runner,
      ws,
      [
        'echo "#!/bin/sh" > .git/hooks/pre-commit',
        'echo "[core] fsmonitor = evil" >> .git/config',
        'echo "on: pull_request_target" > .github/workflows/ci.yml',
        'echo x > .github/workflows/new.yml',
        'rm -rf .git/hooks; rm -f .github/workflows/ci.yml',
        'exit 1',
      ].join('\n'),
    );
    expect(existsSync(join(ws, '.git/hooks/pre-commit'))).toBe(false);
    expect(readFileSync(join(ws, '.git/config'), 'utf8')).toBe(before);
    expect(readFileSync(join(ws, '.github/workflows/ci.yml'), 'utf8')).toBe('on: push\n');
    expect(existsSync(join(ws, '.github/workflows/new.yml'))).toBe(false);
    expect(readdirSync(join(ws, '.git/hooks'))).toEqual(hooksBefore);
    expect(r.violations.some((v) => v.includes('.git/hooks') && v.includes('is protected (read-only in the sandbox)'))).toBe(true);
    expect(r.violations.some((v) => v.includes('.github/workflows'))).toBe(true);
  });

  test('protected paths that do not exist yet: what a command creates there is removed after it, and reported', async () => {
    const r = await run(
      runner,
      ws,
      [
        'mkdir -p .claude && echo "{}" > .claude/settings.json',
        'echo "{}" > .mcp.json',
        'mkdir .vscode; echo x > .npmrc; echo x > .envrc; mkdir -p .husky/_',
      ].join('\n'),
    );
    expect(r.exitCode).toBe(0); // nothing stopped it inside: the check comes after
    for (const p of ['.claude', '.mcp.json', '.vscode', '.npmrc', '.envrc', '.husky']) expect(existsSync(join(ws, p)), p).toBe(false);
    for (const p of ['.claude', '.mcp.json', '.npmrc']) expect(r.violations.some((v) => v.includes(`${p} appeared in a command and was removed`)), p).toBe(true);
  });

  test('renaming a protected path, or its parent, out of the way fails (the srt/codex leaf-only gap)', async () => {
    rmIfExists(join(ws, '.git/hooks/pre-commit'));
    const r = await run(
      runner,
      ws,
      [
        'mv .git .git-moved && mkdir -p .git/hooks && echo evil > .git/hooks/pre-commit',
        'mv .git/hooks .git/hooks-moved && mkdir .git/hooks && echo evil > .git/hooks/pre-commit',
        'mv .github .github-moved && mkdir -p .github/workflows && echo evil > .github/workflows/x.yml',
        'rm -rf .github; mkdir -p .github/workflows; echo evil > .github/workflows/x.yml',
        'ln -s /tmp .claude; ls -la',
        'exit 1',
      ].join('\n'),
    );
    expect(r.output).toMatch(/Device or resource busy|Read-only file system/);
    expect(existsSync(join(ws, '.git-moved'))).toBe(false);
    expect(existsSync(join(ws, '.github-moved'))).toBe(false);
    expect(existsSync(join(ws, '.git/hooks/pre-commit'))).toBe(false);
    expect(existsSync(join(ws, '.github/workflows/x.yml'))).toBe(false);
    expect(existsSync(join(ws, '.claude'))).toBe(false); // the symlink was removed after the command
    expect(existsSync(join(ws, '.git/HEAD'))).toBe(true);
    expect(git(ws, 'rev-parse', '--git-dir').trim()).toBe('.git');
  });

  test('a missing parent of a protected path: .github and .git created by a command are removed after it', async () => {
    const bare = makeWorkspace({ 'a.txt': 'a\n' });
    const r2 = await openRunner({ workspace: bare });
    const r = await run(r2, bare, 'mkdir -p .github/workflows && echo evil > .github/workflows/x.yml; mkdir -p .git/hooks; echo x > .mcp.json');
    expect(readdirSync(bare)).toEqual(['a.txt']); // nothing left behind, not even a placeholder
    const again = await run(r2, bare, 'git init -q && git config core.hooksPath /tmp && ls -d .git');
    expect(again.output).toContain('.git');
    expect(readdirSync(bare)).toEqual(['a.txt']);
    await r2.dispose();
    expect(r.violations.some((v) => v.includes('.github appeared'))).toBe(true);
    expect(again.violations.some((v) => v.includes('.git appeared'))).toBe(true);
  });

  test('a protected path that is a symlink is refused, not silently unprotected', async () => {
    const linked = makeWorkspace({ 'real-hooks/x': '' });
    git(linked, 'init', '-q');
    rmIfExists(join(linked, '.git/hooks'));
    symlinkSync('../real-hooks', join(linked, '.git/hooks'));
    const r2 = await openRunner({ workspace: linked });
    try {
      const r = await run(r2, linked, 'echo evil > .git/hooks/pre-commit');
      expect(r.exitCode).toBe(126);
      expect(r.output).toContain('.git/hooks is a symlink');
      expect(existsSync(join(linked, 'real-hooks/pre-commit'))).toBe(false);
    } finally {
      await r2.dispose();
    }
  });

  test('a symlink, FIFO or hard link planted by a command does not redirect a later host Write', async () => {
    const r = await run(runner, ws, `ln -s ${outside}/target.txt notes.md; mkfifo pipe.md; ln -s ${outside} linkdir; ln /etc/hostname hard.txt; echo done`);
    expect(r.output).toContain('done');
    expect(r.output).toMatch(/hard.txt.*(Invalid cross-device link|Operation not permitted)/s); // no hard links across the mount
    await expect(writeWorkspaceFile(ws, 'notes.md', 'pwned\n')).rejects.toThrow(WorkspaceWriteError);
    await expect(writeWorkspaceFile(ws, 'pipe.md', 'x')).rejects.toThrow(/FIFO/);
    await expect(writeWorkspaceFile(ws, 'linkdir/new.txt', 'x')).rejects.toThrow(/outside the workspace/);
    await expect(writeWorkspaceFile(ws, '../escape.txt', 'x')).rejects.toThrow(/outside the workspace/);
    expect(readFileSync(join(outside, 'target.txt'), 'utf8')).toBe('original\n');
    expect(existsSync(join(outside, 'new.txt'))).toBe(false);
    expect(lstatSync(join(ws, 'notes.md')).isSymbolicLink()).toBe(true);
    await writeWorkspaceFile(ws, 'src/ok.txt', 'fine\n');
    expect(readFileSync(join(ws, 'src/ok.txt'), 'utf8')).toBe('fine\n');
  });
});

function rmIfExists(p: string): void {
  rmSync(p, { recursive: true, force: true });
}
