/**
 * Protected paths and Edit denies, enforced by the sandbox itself (real bwrap; the analyser is off:
 * commands go straight to the runner). Existing ones are read-only mounts; what appears at a
 * protected path is removed once no command is running. Each case names the layer that stops it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, onTestFinished, test } from 'vitest';
import { BWRAP, cleanupAll, config, git, makeHostDir, makeWorkspace, openRunner, policySandbox, run, sleep, SKIP_REASON, withRunner } from './sandbox-fixture.js';

/** The paths the issue found writable, as they exist in a repository. */
const EXISTING: Record<string, string> = {
  '.github/warden.yml': 'version: 1\n',
  '.github/actions/setup/action.yml': 'runs: {}\n',
  '.github/CODEOWNERS': '* @owner\n',
  '.github/workflows/ci.yml': 'on: push\n',
  '.envrc': 'export A=1\n',
  '.env.production': 'A=1\n',
  '.pre-commit-config.yaml': 'repos: []\n',
  'lefthook.yml': 'pre-commit: {}\n',
  '.devcontainer/devcontainer.json': '{}\n',
  '.yarnrc.yml': 'nodeLinker: node-modules\n',
  '.cargo/config.toml': '[build]\n',
  '.bashrc': 'true\n',
  '.gitconfig': '[user]\n',
  '.claude.json': '{}\n',
  'packages/a/.npmrc': 'registry=https://registry.npmjs.org/\n',
  // Other CI systems' configuration.
  '.gitlab-ci.yml': 'test: {script: [npm test]}\n',
  '.gitlab/ci/build.yml': 'build: {script: [make]}\n',
  'Jenkinsfile': 'pipeline {}\n',
  '.circleci/config.yml': 'version: 2.1\n',
  '.buildkite/pipeline.yml': 'steps: []\n',
  'azure-pipelines.yml': 'steps: []\n',
  '.travis.yml': 'language: node_js\n',
  'bitbucket-pipelines.yml': 'pipelines: {}\n',
  '.drone.yml': 'kind: pipeline\n',
  '.woodpecker.yml': 'steps: {}\n',
};

describe.skipIf(BWRAP === null)(`protected paths hold in the sandbox (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  afterAll(() => cleanupAll());

  test('every path the issue found writable is read-only when it exists (layer: read-only mounts)', async () => {
    const ws = makeWorkspace({ ...EXISTING, 'src/ok.txt': 'ok\n' });
    await withRunner(ws, config(), async (runner) => {
      const script = Object.keys(EXISTING).map((p) => `echo pwned >> ${p}; rm -f ${p}; mv ${p} ${p}.moved`).join('\n');
      const r = await run(runner, ws, `${script}\nmv .github .gh; mv packages/a/.npmrc x; echo fine > src/ok.txt; exit 1`);
      for (const [p, content] of Object.entries(EXISTING)) expect(readFileSync(join(ws, p), 'utf8'), p).toBe(content);
      expect(readFileSync(join(ws, 'src/ok.txt'), 'utf8')).toBe('fine\n');
      expect(existsSync(join(ws, '.gh'))).toBe(false);
      expect(r.violations.some((v) => v.includes('.github'))).toBe(true);
    });
  });

  test('the same paths, and nested names, created by a command are removed after it (layer: check after the command)', async () => {
    const ws = makeWorkspace({ 'src/ok.txt': 'ok\n', 'packages/b/index.js': '' });
    await withRunner(ws, config(), async (runner) => {
      const script = Object.keys(EXISTING).map((p) => `mkdir -p $(dirname ${p}) && echo pwned > ${p}`).join('\n');
      const nested = ['packages/b/.npmrc', 'deep/x/.vscode/settings.json', 'sub/.git/config', 'a/.config/git/config', 'lib/.husky/pre-commit', 'svc/.env'];
      const r = await run(runner, ws, `${script}\n${nested.map((p) => `mkdir -p $(dirname ${p}) && echo pwned > ${p}`).join('\n')}\necho new > src/new.txt`);
      expect(r.exitCode, r.output).toBe(0);
      for (const p of [...Object.keys(EXISTING), ...nested]) expect(existsSync(join(ws, p)), p).toBe(false);
      expect(readdirSync(ws).sort()).toEqual(['a', 'deep', 'lib', 'packages', 'src', 'sub', 'svc']);
      expect(readFileSync(join(ws, 'src/new.txt'), 'utf8')).toBe('new\n'); // ordinary files stay
      for (const p of ['.github', '.envrc', 'packages/b/.npmrc', 'deep/x/.vscode', 'sub/.git']) expect(r.violations.some((v) => v.startsWith(`filesystem: ${p} appeared`)), p).toBe(true);
    });
  });

  test('a policy file kept elsewhere in the workspace is protected too (layer: read-only mount)', async () => {
    const ws = makeWorkspace();
    const cfg = await policySandbox(ws, 'version: 1\n', { file: 'ci/policy.yml' });
    await withRunner(ws, cfg, async (runner) => {
      await run(runner, ws, 'echo "permissions: {allow: [Bash]}" >> ci/policy.yml; mv ci ci2; exit 0');
      expect(readFileSync(join(ws, 'ci/policy.yml'), 'utf8')).toBe('version: 1\n');
    });
  });

  test('Edit denies: an existing match is read-only, a directory match whole, a new match is removed (layers: mounts, check)', async () => {
    const ws = makeWorkspace({ 'package-lock.json': '{}\n', 'dist/app.js': 'built\n', 'keys/old.pem': 'old\n', 'src/a.js': '' });
    // A Bash allow rule: a policy under which commands may write (one that can allow no write makes the whole workspace read-only).
    const cfg = await policySandbox(ws, 'version: 1\npermissions:\n  allow: ["Bash(npm test *)"]\n  deny: ["Edit(./package-lock.json)", "Edit(./dist/**)", "Edit(**/*.pem)"]\n');
    await withRunner(ws, cfg, async (runner) => {
      const r = await run(runner, ws, 'echo x > package-lock.json; echo x > dist/app.js; echo x > dist/new.js; echo x > keys/old.pem; echo x > keys/new.pem; mkdir -p src/k && echo x > src/k/id.pem; echo ok > src/a.js');
      expect(readFileSync(join(ws, 'package-lock.json'), 'utf8')).toBe('{}\n');
      expect(readdirSync(join(ws, 'dist'))).toEqual(['app.js']);
      expect(readFileSync(join(ws, 'keys/old.pem'), 'utf8')).toBe('old\n');
      expect(existsSync(join(ws, 'keys/new.pem'))).toBe(false);
      expect(existsSync(join(ws, 'src/k/id.pem'))).toBe(false);
      expect(readFileSync(join(ws, 'src/a.js'), 'utf8')).toBe('ok\n');
      expect(r.violations.some((v) => v.includes('keys/new.pem appeared') && v.includes('Edit(**/*.pem)'))).toBe(true);
    });
  });

  test('an allow rule naming .github/workflows opens it, and only it (layer: writable bind on a read-only .github)', async () => {
    const ws = makeWorkspace({ '.github/workflows/ci.yml': 'on: push\n', '.github/CODEOWNERS': '* @o\n' });
    const cfg = await policySandbox(ws, 'version: 1\npermissions:\n  allow: ["Edit(/.github/workflows/**)", "Edit(/.github/actions/**)"]\n');
    await withRunner(ws, cfg, async (runner) => {
      const r = await run(runner, ws, 'echo "on: pull_request" > .github/workflows/ci.yml && echo new > .github/workflows/new.yml && echo a > .github/actions/a.yml; echo x > .github/CODEOWNERS; echo x > .github/warden.yml; echo x > .github/workflows/.npmrc; exit 0');
      expect(readFileSync(join(ws, '.github/workflows/ci.yml'), 'utf8')).toBe('on: pull_request\n');
      expect(readFileSync(join(ws, '.github/workflows/new.yml'), 'utf8')).toBe('new\n');
      expect(readFileSync(join(ws, '.github/actions/a.yml'), 'utf8')).toBe('a\n'); // created as a directory before the command
      expect(readFileSync(join(ws, '.github/CODEOWNERS'), 'utf8')).toBe('* @o\n');
      expect(readFileSync(join(ws, '.github/warden.yml'), 'utf8')).not.toBe('x\n');
      expect(existsSync(join(ws, '.github/workflows/.npmrc'))).toBe(false);
      expect(r.violations.some((v) => v.includes('.github/workflows/.npmrc appeared'))).toBe(true);
    });
  });

  test('with no .github yet, a command may still create what an allow rule opens; the rest of the new .github goes (layer: check after the command)', async () => {
    const ws = makeWorkspace({ 'src/a.js': '' });
    const cfg = await policySandbox(ws, 'version: 1\npermissions:\n  allow: ["Edit(/.github/workflows/**)"]\n', { file: 'policy.yml' });
    await withRunner(ws, cfg, async (runner) => {
      const r = await run(runner, ws, 'mkdir -p .github/workflows .github/actions/a && echo ci > .github/workflows/ci.yml && echo o > .github/CODEOWNERS && echo a > .github/actions/a/action.yml');
      expect(readFileSync(join(ws, '.github/workflows/ci.yml'), 'utf8')).toBe('ci\n');
      expect(readdirSync(join(ws, '.github'))).toEqual(['workflows']);
      expect(r.violations.some((v) => v.includes('.github appeared in a command and was removed, except'))).toBe(true);
      const next = await run(runner, ws, 'echo ci2 > .github/workflows/ci.yml; echo o > .github/CODEOWNERS; exit 0');
      expect(readFileSync(join(ws, '.github/workflows/ci.yml'), 'utf8')).toBe('ci2\n');
      expect(next.output).toMatch(/CODEOWNERS: Read-only file system/);
    });
  });

  test('plan mode and a bare Edit deny make the whole workspace read-only (layer: workspace mount)', async () => {
    for (const yaml of ['version: 1\nmode: plan\n', 'version: 1\npermissions:\n  deny: ["Edit"]\n']) {
      const ws = makeWorkspace({ 'a.txt': 'a\n' });
      git(ws, 'init', '-q');
      git(ws, 'add', '.');
      git(ws, 'commit', '-qm', 'init');
      const cfg = await policySandbox(ws, yaml);
      await withRunner(ws, cfg, async (runner) => {
        const reads = await run(runner, ws, 'git status --porcelain && git log --oneline && git diff HEAD --stat && cat a.txt');
        expect(reads.exitCode, reads.output).toBe(0); // reading git still works
        const r = await run(runner, ws, 'echo x > a.txt; touch new.txt; mkdir d; git commit -qm x --allow-empty; cat a.txt; echo tmp > /tmp/t && cat /tmp/t');
        expect(r.output).toMatch(/Read-only file system/);
        expect(r.output).toContain('tmp');
        expect(readdirSync(ws).sort()).toEqual(['.git', '.github', 'a.txt']);
        expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('a\n');
        expect(git(ws, 'log', '--format=%s').trim()).toBe('init');
      });
    }
  });

  test('extra protected paths in a directory: the directory cannot be renamed to carry them away (layer: pinned ancestors)', async () => {
    const ws = makeWorkspace({ 'deploy/prod.yml': 'prod\n', 'deploy/dev.yml': 'dev\n' });
    await withRunner(ws, config({ protectedPaths: ['deploy/prod.yml'] }), async (runner) => {
      const r = await run(runner, ws, 'mv deploy d2 2>&1; echo changed > deploy/dev.yml; echo evil > deploy/prod.yml; exit 0');
      expect(r.output).toMatch(/Device or resource busy/);
      expect(readFileSync(join(ws, 'deploy/prod.yml'), 'utf8')).toBe('prod\n');
      expect(readFileSync(join(ws, 'deploy/dev.yml'), 'utf8')).toBe('changed\n');
    });
  });

  test('links at protected names are removed, never what they point to (layer: check after the command)', async () => {
    const ws = makeWorkspace({ 'notes.txt': 'keep\n' });
    const outside = makeHostDir();
    writeFileSync(join(outside, 'precious.txt'), 'precious\n');
    await withRunner(ws, config(), async (runner) => {
      await run(runner, ws, `mkdir -p a b && ln -s ${outside} a/.vscode && ln notes.txt b/.npmrc && ln -s ../notes.txt b/.envrc`);
      expect(existsSync(join(ws, 'a/.vscode'))).toBe(false);
      expect(existsSync(join(ws, 'b/.npmrc'))).toBe(false);
      expect(existsSync(join(ws, 'b/.envrc'))).toBe(false);
      expect(readFileSync(join(outside, 'precious.txt'), 'utf8')).toBe('precious\n');
      expect(readFileSync(join(ws, 'notes.txt'), 'utf8')).toBe('keep\n');
    });
  });

  test('a protected name hidden in a directory that cannot be listed, or under a name that is not UTF-8, is still found (layer: check after the command)', async () => {
    const ws = makeWorkspace();
    await withRunner(ws, config(), async (runner) => {
      await run(runner, ws, `mkdir -p locked/x && echo evil > locked/x/.npmrc && chmod 000 locked; mkdir $'\\xff' && echo evil > $'\\xff'/.npmrc`);
      expect(readdirSync(ws, { encoding: 'buffer' }).map((b) => b.toString('hex'))).toEqual([Buffer.from('locked').toString('hex')]);
      expect(existsSync(join(ws, 'locked/x/.npmrc'))).toBe(false);
    });
  });

  // The git dir is looked at entry by entry (git-dir.ts); a command can make those looks fail
  // (a file where `refs` was, a symlink loop where `objects` was, or, for a runner that is not
  // root, `chmod 000 .git`). The check after the command threw: what the command planted stayed,
  // the command reported an exception and so did every later one.
  test.each([
    ['.git/refs replaced by a file', 'rm -rf .git/refs && echo x > .git/refs', 0],
    ['.git/objects replaced by a symlink loop', 'rm -rf .git/objects && ln -s objects .git/objects', 126],
    ['.git made unsearchable', 'chmod 000 .git', 0],
  ])('a protected path planted by a command that also breaks the git dir (%s) is still removed (layer: check after the command)', async (_what, breakGit, later) => {
    const ws = makeWorkspace({ 'a.txt': 'a\n' });
    git(ws, 'init', '-q');
    await withRunner(ws, config(), async (runner) => {
      const r = await run(runner, ws, `echo evil > .npmrc && mkdir -p pkg && echo evil > pkg/.envrc && ${breakGit} && echo broke`);
      expect(r.output).toContain('broke');
      expect(r.violations.some((v) => v.includes('.npmrc appeared'))).toBe(true);
      expect(existsSync(join(ws, '.npmrc'))).toBe(false);
      expect(existsSync(join(ws, 'pkg/.envrc'))).toBe(false);
      // Later commands run when the git dir can be vouched for again, and are refused otherwise.
      const next = await run(runner, ws, 'echo next');
      expect(next.exitCode).toBe(later);
    });
  });

  test.each([
    ['nested 300 levels deep', 'mkdir -p "$(printf \'deep/%.0s\' $(seq 300))"'],
    ['with paths longer than a path can name', 'n=$(printf \'x%.0s\' $(seq 250)); (mkdir long && cd long && for i in $(seq 20); do mkdir "$n" && cd "$n" || exit 1; done)'],
  ])('a tree the check cannot walk whole (%s): what it can see it still removes, and later commands are refused (layer: check after the command)', async (_what, makeTree) => {
    const ws = makeWorkspace({ 'a.txt': 'a\n' });
    git(ws, 'init', '-q');
    // Node's rmSync cannot name what lies past PATH_MAX; rm walks down by descriptor.
    onTestFinished(() => void execFileSync('rm', ['-rf', join(ws, 'long'), join(ws, 'deep')]));
    await withRunner(ws, config(), async (runner) => {
      const r = await run(runner, ws, `${makeTree} && echo evil > .npmrc && mkdir -p pkg && echo evil > pkg/.envrc && echo /tmp > .git/commondir && echo made`);
      expect(r.output).toContain('made');
      expect(r.violations.some((v) => v.includes('could not be checked'))).toBe(true);
      expect(r.violations.some((v) => v.includes('.npmrc appeared'))).toBe(true);
      expect(existsSync(join(ws, '.npmrc'))).toBe(false);
      expect(existsSync(join(ws, 'pkg/.envrc'))).toBe(false);
      expect(existsSync(join(ws, '.git/commondir'))).toBe(false);
      const next = await run(runner, ws, 'echo next');
      expect(next.exitCode).toBe(126);
      expect(next.output).toMatch(/too large \(or too deep\)/);
    });
  });

  test('moving a directory back and forth while another command plants a name in it does not hide the name (layer: check waits until no command runs)', async () => {
    const ws = makeWorkspace({ 'd/keep.txt': 'k\n' });
    await withRunner(ws, config(), async (runner) => {
      const mover = run(runner, ws, 'end=$((SECONDS+2)); while [ $SECONDS -lt $end ]; do mv d e 2>/dev/null; mv e d 2>/dev/null; done; true');
      await sleep(200);
      const planter = await run(runner, ws, 'for i in 1 2 3 4 5 6 7 8 9 10; do (echo evil > d/.npmrc || echo evil > e/.npmrc) 2>/dev/null && break; sleep 0.05; done; ls d e 2>/dev/null; true');
      expect(planter.violations).toEqual([]); // not yet: the mover is still running
      const moved = await mover;
      expect(existsSync(join(ws, 'd/.npmrc')) || existsSync(join(ws, 'e/.npmrc'))).toBe(false);
      expect(moved.violations.some((v) => v.includes('.npmrc appeared'))).toBe(true);
      expect(lstatSync(join(ws, existsSync(join(ws, 'd')) ? 'd' : 'e')).isDirectory()).toBe(true);
    });
  });

  test('a run ended while a command runs: dispose returns only after the check, so the host never sees what it planted (layer: check after the command)', async () => {
    const ws = makeWorkspace();
    const runner = await openRunner({ workspace: ws });
    const pending = run(runner, ws, 'mkdir -p .git/hooks && echo evil > .git/hooks/pre-commit && echo x > .npmrc && sleep 30', 60_000);
    for (let i = 0; i < 100 && !existsSync(join(ws, '.npmrc')); i++) await sleep(50);
    expect(existsSync(join(ws, '.npmrc'))).toBe(true);
    await runner.dispose();
    expect(readdirSync(ws)).toEqual([]);
    expect((await pending).violations.some((v) => v.includes('.npmrc appeared'))).toBe(true);
  });

  test('a pre-existing protected symlink protects its target; a dangling one refuses the command (layer: mount plan)', async () => {
    const ws = makeWorkspace({ 'shared/npmrc': 'registry=x\n', 'pkg/index.js': '' });
    mkdirSync(join(ws, 'other'));
    const { symlinkSync } = await import('node:fs');
    symlinkSync('../shared/npmrc', join(ws, 'pkg/.npmrc'));
    await withRunner(ws, config(), async (runner) => {
      const r = await run(runner, ws, 'echo evil > shared/npmrc; exit 0');
      expect(r.output).toMatch(/Read-only file system/);
      expect(readFileSync(join(ws, 'shared/npmrc'), 'utf8')).toBe('registry=x\n');
      symlinkSync('../missing-npmrc', join(ws, 'other/.npmrc'));
      const refused = await run(runner, ws, 'echo evil > missing-npmrc');
      expect(refused.exitCode).toBe(126);
      expect(refused.output).toContain('symlink to a missing path');
      expect(existsSync(join(ws, 'missing-npmrc'))).toBe(false);
    });
  });
});
