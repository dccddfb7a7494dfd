/**
 * Escape suite, `.git`: from inside the sandbox (analyser off: commands go straight to the runner),
 * try to make the host's next git command run code or use another repository. After each command
 * the host runs plain git (no hardening of its own: this layer must hold alone) and nothing runs.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { BWRAP, cleanupAll, git, makeHostDir, makeWorkspace, openRunner, run, sleep, SKIP_REASON } from './sandbox-fixture.js';

describe.skipIf(BWRAP === null)(`git dir escapes (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  let ws: string;
  let marker: string;

  beforeEach(() => {
    ws = makeWorkspace({ 'README.md': 'hello\n', '.github/workflows/ci.yml': 'on: push\n' });
    git(ws, 'init', '-q', '-b', 'main');
    git(ws, 'add', '.');
    git(ws, 'commit', '-q', '-m', 'initial');
    marker = join(makeHostDir(), 'PWNED');
  });
  afterAll(() => cleanupAll());

  /** A payload that leaves the marker on the host if it ever runs there. */
  const payload = (): string => `#!/bin/sh\necho ran > ${marker}\n`;

  async function attack(script: string, setup?: (ws: string) => void): Promise<string[]> {
    setup?.(ws);
    writeFileSync(join(ws, 'evil.sh'), payload(), { mode: 0o755 });
    const runner = await openRunner({ workspace: ws });
    let violations: string[];
    try {
      violations = (await run(runner, ws, script)).violations;
    } finally {
      await runner.dispose();
    }
    // The host's own git, as Warden's post-run status and a later CI step would run it. (A command
    // may well have wrecked the repository's history, which is its right; that is not an escape.)
    for (const args of [['status', '--porcelain'], ['diff', 'HEAD'], ['commit', '-q', '--allow-empty', '-m', 'host commit']]) {
      try {
        git(ws, ...args);
      } catch {
        // A broken repository: git refuses, and runs nothing.
      }
    }
    expect(existsSync(marker), 'the payload ran on the host').toBe(false);
    return violations;
  }

  test('the issue\'s attack: .git/commondir pointing at a copied git dir with core.fsmonitor (layer: check after the command)', async () => {
    const v = await attack(`cp -r .git /tmp/g && git config -f /tmp/g/config core.fsmonitor "$PWD/evil.sh" && cp -r /tmp/g ./shadow && echo "$PWD/shadow" > .git/commondir`);
    expect(existsSync(join(ws, '.git/commondir'))).toBe(false);
    expect(v.some((x) => x.includes('.git/commondir appeared'))).toBe(true);
  });

  test('core.hooksPath, core.fsmonitor, an include or a filter driver in .git/config (layer: read-only mount)', async () => {
    const before = readFileSync(join(ws, '.git/config'), 'utf8');
    await attack(`git config core.hooksPath "$PWD"; git config core.fsmonitor "$PWD/evil.sh"; printf '[include]\\n\\tpath = ../evil.cfg\\n' >> .git/config; sed -i s/bare/x/ .git/config; exit 0`);
    expect(readFileSync(join(ws, '.git/config'), 'utf8')).toBe(before);
  });

  test('hooks: an existing hooks dir is read-only; a removed-then-recreated one cannot happen; a missing one is removed (layers: mount, check)', async () => {
    await attack('cp evil.sh .git/hooks/pre-commit; rm -rf .git/hooks; mv .git/hooks .git/h2; exit 0');
    expect(existsSync(join(ws, '.git/hooks/pre-commit'))).toBe(false);
    const v = await attack('mkdir -p .git/hooks && cp evil.sh .git/hooks/pre-commit && cp evil.sh .git/hooks/post-commit', (w) => rmSync(join(w, '.git/hooks'), { recursive: true }));
    expect(existsSync(join(ws, '.git/hooks'))).toBe(false);
    expect(v.some((x) => x.includes('.git/hooks appeared'))).toBe(true);
  });

  test('config.worktree, info/attributes with a filter, alternates, replace refs, modules, worktrees, remotes, shallow and unknown files (layer: check after the command)', async () => {
    const v = await attack([
      `printf '[core]\\n\\tfsmonitor = %s/evil.sh\\n' "$PWD" > .git/config.worktree`,
      'mkdir -p .git/info && echo "* filter=evil" >> .git/info/attributes',
      'mkdir -p .git/objects/info && echo /tmp/objects > .git/objects/info/alternates',
      'mkdir -p .git/refs/replace && git rev-parse HEAD > .git/refs/replace/$(git rev-parse HEAD)',
      `mkdir -p .git/modules/sub/hooks && cp evil.sh .git/modules/sub/hooks/post-checkout && printf '[core]\\n\\tfsmonitor = x\\n' > .git/modules/sub/config`,
      'mkdir -p .git/worktrees/w && echo /tmp > .git/worktrees/w/gitdir',
      'mkdir -p .git/remotes && echo "URL: http://evil.example" > .git/remotes/origin',
      'git rev-parse HEAD > .git/shallow; echo x > .git/evil.cfg; exit 0',
    ].join('\n'), (w) => rmSync(join(w, '.git/info'), { recursive: true }));
    for (const p of ['config.worktree', 'info', 'objects/info/alternates', 'refs/replace', 'modules', 'worktrees', 'remotes', 'shallow', 'evil.cfg']) {
      expect(existsSync(join(ws, '.git', p)), p).toBe(false);
    }
    expect(v.filter((x) => x.includes('appeared')).length).toBeGreaterThanOrEqual(9);
    expect(git(ws, 'log', '--format=%s').split('\n')).toContain('initial'); // the repository still works
  });

  test('existing info/, modules/ and worktrees/ are read-only (layer: read-only mount)', async () => {
    await attack('echo "* filter=evil" >> .git/info/attributes; echo x > .git/modules/sub/config; echo /tmp > .git/worktrees/w/gitdir; exit 0', (w) => {
      for (const d of ['modules/sub', 'worktrees/w']) mkdirSync(join(w, '.git', d), { recursive: true });
    });
    expect(existsSync(join(ws, '.git/info/attributes'))).toBe(false);
    expect(existsSync(join(ws, '.git/modules/sub/config'))).toBe(false);
    expect(existsSync(join(ws, '.git/worktrees/w/gitdir'))).toBe(false);
  });

  test('.git cannot be renamed away and replaced by a repository of the agent\'s (layer: pinned .git)', async () => {
    await attack(`mv .git .git-old; rm -rf .git; git init -q x && git -C x config core.fsmonitor "$PWD/evil.sh" && rm -rf .git/objects/info 2>/dev/null; mv x/.git .git; exit 0`);
    expect(existsSync(join(ws, '.git-old'))).toBe(false);
    expect(existsSync(join(ws, 'x/.git'))).toBe(false); // a nested repository is removed as well
    expect(existsSync(join(ws, '.git/.git'))).toBe(false);
    expect(readFileSync(join(ws, '.git/config'), 'utf8')).not.toContain('fsmonitor');
  });

  test('FIFOs planted where the host reads (.git/commondir, a submodule config, .git itself) cannot hang the runner (layer: non-blocking reads)', async () => {
    const bare = makeWorkspace({ 'a.txt': 'a\n' });
    for (const [where, plant] of [[ws, 'mkfifo .git/commondir; mkdir -p .git/modules/m && mkfifo .git/modules/m/config'], [bare, 'mkfifo .git']] as const) {
      const runner = await openRunner({ workspace: where });
      try {
        const planter = run(runner, where, `${plant}; sleep 2`);
        await sleep(500);
        const alongside = await run(runner, where, 'echo alive'); // planned while the FIFOs exist
        expect(alongside.output).toContain('alive');
        await planter;
        expect(existsSync(join(where, '.git/commondir'))).toBe(false);
      } finally {
        await runner.dispose();
      }
    }
    expect(existsSync(join(bare, '.git'))).toBe(false);
  });

  test('a .git file pointing inside the workspace: the git dir it names is read-only (layer: fail closed)', async () => {
    const inner = makeWorkspace({ 'README.md': 'x\n' });
    git(inner, 'init', '-q', '--separate-git-dir', join(inner, '.repo-git'));
    const runner = await openRunner({ workspace: inner });
    try {
      const r = await run(runner, inner, `git config core.fsmonitor evil; echo evil > .repo-git/hooks/pre-commit; echo "gitdir: /tmp" > .git; ${'git -c user.name=a -c user.email=a@b commit -q --allow-empty -m x'}; exit 0`);
      expect(r.output).toMatch(/Read-only file system/);
      expect(readFileSync(join(inner, '.git'), 'utf8')).toMatch(/\.repo-git/);
      expect(existsSync(join(inner, '.repo-git/hooks/pre-commit'))).toBe(false);
      expect(readFileSync(join(inner, '.repo-git/config'), 'utf8')).not.toContain('fsmonitor');
    } finally {
      await runner.dispose();
    }
  });
});
