/** snapshotRepository: what it reports for each kind of workspace, and that it writes nothing there. */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { changedFiles } from '../../src/git/host-git-changes.js';
import { snapshotRepository } from '../../src/git/host-git-snapshot.js';
import { tempDir } from '../support/temp-repo.js';
import { DEFAULT_FILES, expectNoMarkers, git, HOST_PATH, makeRepo, markerDir, markerScript, snap, writeFiles } from './fixture.js';

/** Every path under dir with its size and mtime: to show a directory was not written. */
function fingerprint(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const st = statSync(p);
      out.push(`${p} ${st.size} ${st.mtimeMs}`);
      if (st.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out;
}

describe('snapshotRepository', () => {
  test('a repository: the starting commit and tree, HEAD’s branch, the object format', async () => {
    const ws = makeRepo(DEFAULT_FILES);
    const s = await snap(ws);
    expect(s.startCommit).toBe(git(ws, 'rev-parse', 'HEAD').trim());
    expect(s.startTree).toBe(git(ws, 'rev-parse', 'HEAD^{tree}').trim());
    expect(s.headRef).toBe('refs/heads/main');
    expect(s.objectFormat).toBe('sha1');
    expect(s.topLevel).toBe(ws);
    expect(s.modifiedAtStart).toEqual([]);
  });

  test('a directory that is not a repository is reported as such', async () => {
    const dir = tempDir();
    const r = await snapshotRepository({ workspace: dir, hostPath: HOST_PATH, stateDir: tempDir() });
    expect(r.kind).toBe('not-a-repository');
    expect(r.kind === 'not-a-repository' && r.reason).toMatch(/not a git repository/);
  });

  test('a repository with no commit yet; a detached HEAD', async () => {
    const empty = await snap(makeRepo({}, { commit: false }));
    expect(empty.startCommit).toBeNull();
    expect(empty.headRef).toBe('refs/heads/main');
    expect(empty.startTree).toBe('4b825dc642cb6eb9a060e54bf8d69288fbee4904');
    const ws = makeRepo(DEFAULT_FILES);
    git(ws, 'checkout', '-q', '--detach');
    expect((await snap(ws)).headRef).toBeNull();
  });

  test('the state directory must be outside the workspace', async () => {
    const ws = makeRepo(DEFAULT_FILES);
    const r = await snapshotRepository({ workspace: ws, hostPath: HOST_PATH, stateDir: join(ws, 'state') });
    expect(r).toMatchObject({ kind: 'unavailable' });
    const sub = join(ws, 'pkg');
    mkdirSync(sub);
    // Inside the repository (above the workspace) is refused too.
    const r2 = await snapshotRepository({ workspace: sub, hostPath: HOST_PATH, stateDir: join(ws, 'state2') });
    expect(r2).toMatchObject({ kind: 'unavailable' });
  });

  test('no git on the PATH outside the workspace: unavailable, and a git planted in the workspace is never run', async () => {
    const ws = makeRepo(DEFAULT_FILES);
    const markers = markerDir();
    markerScript(join(ws, 'bin', 'git'), markers, 'planted-git');
    const r = await snapshotRepository({ workspace: ws, hostPath: join(ws, 'bin'), stateDir: tempDir() });
    expect(r).toMatchObject({ kind: 'unavailable' });
    const withPlanted = await snapshotRepository({ workspace: ws, hostPath: `${join(ws, 'bin')}:${HOST_PATH}`, stateDir: tempDir() });
    if (withPlanted.kind !== 'repository') throw new Error(withPlanted.reason);
    expect(withPlanted.snapshot.state.ctx.git).not.toContain(ws);
    expect(withPlanted.snapshot.state.ctx.path).not.toContain(ws);
    // A PATH entry outside the workspace that is a symlink into it counts as the workspace.
    const linkDir = join(tempDir(), 'linked-bin');
    symlinkSync(join(ws, 'bin'), linkDir);
    const viaLink = await snapshotRepository({ workspace: ws, hostPath: `${linkDir}:${HOST_PATH}`, stateDir: tempDir() });
    if (viaLink.kind !== 'repository') throw new Error(viaLink.reason);
    expect(viaLink.snapshot.state.ctx.git).not.toContain(ws);
    expect(viaLink.snapshot.state.ctx.path.split(':')).not.toContain(linkDir);
    await changedFiles(withPlanted.snapshot);
    await changedFiles(viaLink.snapshot);
    expectNoMarkers(markers);
  });

  test('a workspace below the repository top: paths are relative to the top', async () => {
    const ws = makeRepo({ 'pkg/a.txt': 'a\n', 'other/b.txt': 'b\n' });
    const s = await snap(join(ws, 'pkg'));
    expect(s.topLevel).toBe(ws);
    writeFiles(ws, { 'pkg/new.txt': 'n\n' });
    expect((await changedFiles(s)).files).toEqual([{ path: 'pkg/new.txt', status: 'added' }]);
  });

  test('a linked worktree (.git is a file) and a bare repository', async () => {
    const main = makeRepo(DEFAULT_FILES);
    const linked = join(tempDir(), 'linked');
    git(main, 'worktree', 'add', '-q', '-b', 'side', linked);
    const s = await snap(linked);
    expect(s.headRef).toBe('refs/heads/side');
    writeFileSync(join(linked, 'README.md'), 'changed\n');
    expect((await changedFiles(s)).files).toEqual([{ path: 'README.md', status: 'modified' }]);
    const bare = tempDir();
    git(bare, 'init', '-q', '--bare');
    expect((await snapshotRepository({ workspace: bare, hostPath: HOST_PATH, stateDir: tempDir() })).kind).toBe('unavailable');
  });

  test('the snapshot writes nothing into the workspace or its .git', async () => {
    const ws = makeRepo(DEFAULT_FILES);
    writeFileSync(join(ws, 'README.md'), 'dirty\n');
    const before = fingerprint(ws);
    const index = readFileSync(join(ws, '.git/index'));
    await snap(ws);
    expect(fingerprint(ws)).toEqual(before);
    expect(readFileSync(join(ws, '.git/index')).equals(index)).toBe(true);
  });

  test('a sparse checkout is refused: files outside the cone would all count as deleted', async () => {
    const ws = makeRepo({ 'in/a.txt': 'a\n', 'out/b.txt': 'b\n' });
    git(ws, 'sparse-checkout', 'set', 'in');
    const r = await snapshotRepository({ workspace: ws, hostPath: HOST_PATH, stateDir: tempDir() });
    expect(r).toMatchObject({ kind: 'unavailable', reason: expect.stringMatching(/sparse/) as unknown });
  });

  // The checkout's index is reused for its stat data only when it is plain; these take the slow path
  // (or survive the fast one) and must give the same answers.
  const unusual: Array<[string, (ws: string) => void]> = [
    ['assume-unchanged set by the user before the run', (ws) => git(ws, 'update-index', '--assume-unchanged', 'src/app.js')],
    ['a split index', (ws) => git(ws, 'update-index', '--split-index')],
    ['index version 4', (ws) => git(ws, 'update-index', '--index-version', '4')],
    ['an untracked cache in the index', (ws) => git(ws, '-c', 'core.untrackedCache=true', 'update-index', '--untracked-cache')],
    ['a conflicted merge in progress', (ws) => {
      git(ws, 'checkout', '-q', '-b', 'other');
      writeFileSync(join(ws, 'src/app.js'), 'other\n');
      git(ws, 'commit', '-qam', 'other');
      git(ws, 'checkout', '-q', 'main');
      writeFileSync(join(ws, 'src/app.js'), 'main\n');
      git(ws, 'commit', '-qam', 'main');
      try {
        git(ws, 'merge', '-q', 'other');
      } catch {
        // The conflict is the point.
      }
    }],
  ];
  test.each(unusual)('the checkout index has %s', async (_name, prepare) => {
    const ws = makeRepo(DEFAULT_FILES);
    prepare(ws);
    const s = await snap(ws);
    const head = git(ws, 'rev-parse', 'HEAD').trim();
    expect(s.startCommit).toBe(head);
    writeFileSync(join(ws, 'src/app.js'), 'changed by the agent\n');
    writeFiles(ws, { 'new.txt': 'n\n' });
    const c = await changedFiles(s);
    expect(c.files).toEqual([
      { path: 'new.txt', status: 'added' },
      { path: 'src/app.js', status: 'modified' },
    ]);
  });

  test.runIf(process.getuid?.() === 0)('a checkout owned by another user (a container) is still snapshotted', async () => {
    const ws = makeRepo(DEFAULT_FILES);
    execFileSync('chown', ['-R', '65534:65534', ws]);
    chownSync(ws, 65534, 65534);
    const s = await snap(ws);
    expect(s.startCommit).not.toBeNull();
  });
});
