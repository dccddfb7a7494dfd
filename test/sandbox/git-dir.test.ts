/** The git dir's plan and the check after commands, as tables; inspection on real `git init` dirs. */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { gitDirIntrusions, inspectGitDir, isOrdinaryGitName, planGitDir, type GitDirState } from '../../src/sandbox/git-dir.js';
import { cleanupAll, git, makeWorkspace } from './sandbox-fixture.js';

afterAll(() => cleanupAll());

describe('isOrdinaryGitName', () => {
  const ordinary = ['HEAD', 'ORIG_HEAD', 'FETCH_HEAD', 'MERGE_HEAD', 'MERGE_MSG', 'CHERRY_PICK_HEAD', 'REBASE_HEAD', 'AUTO_MERGE', 'COMMIT_EDITMSG', 'BISECT_LOG',
    'index', 'index.lock', 'HEAD.lock', 'packed-refs', 'packed-refs.lock', 'objects', 'refs', 'logs', 'rebase-merge', 'rebase-apply', 'sequencer', 'sharedindex.0a1b', 'index.stash.123', 'gc.pid', 'description', 'lfs'];
  const not = ['config', 'config.worktree', 'commondir', 'gitdir', 'info', 'hooks', 'modules', 'worktrees', 'shallow', 'remotes', 'branches', 'evil', 'Config', 'hooks2', 'x.sh'];
  test.each(ordinary)('%s is ordinary', (n) => expect(isOrdinaryGitName(n)).toBe(true));
  test.each(not)('%s is not', (n) => expect(isOrdinaryGitName(n)).toBe(false));
});

describe('planGitDir', () => {
  test('a directory: pinned, present protected entries read-only, their parents pinned', () => {
    const state: GitDirState = { kind: 'dir', path: '/w/.git', names: [], present: [
      { rel: 'config', id: '1', symlink: false }, { rel: 'hooks', id: '2', symlink: false }, { rel: 'objects/info/alternates', id: '3', symlink: false },
    ] };
    expect(planGitDir(state)).toEqual({
      pins: ['/w/.git', '/w/.git/objects', '/w/.git/objects/info'],
      readOnly: ['/w/.git/config', '/w/.git/hooks', '/w/.git/objects/info/alternates'],
      refused: [],
    });
  });
  test('a symlinked entry, or .git itself a symlink, is refused; a gitdir file is read-only with its targets in the workspace', () => {
    expect(planGitDir({ kind: 'dir', path: '/w/.git', names: [], present: [{ rel: 'hooks', id: '2', symlink: true }] }).refused[0]).toMatch(/hooks is a symlink/);
    expect(planGitDir({ kind: 'symlink' }).refused[0]).toMatch(/\.git is a symlink/);
    expect(planGitDir({ kind: 'file', path: '/w/.git', insideTargets: ['/w/.repo-git'] })).toEqual({ pins: [], readOnly: ['/w/.git', '/w/.repo-git'], refused: [] });
    expect(planGitDir({ kind: 'missing' })).toEqual({ pins: [], readOnly: [], refused: [] });
  });
});

describe('gitDirIntrusions', () => {
  const before: GitDirState = { kind: 'dir', path: '/w/.git', names: ['HEAD', 'config', 'objects', 'refs', 'hooks', 'weird-old'], present: [{ rel: 'config', id: '1', symlink: false }, { rel: 'hooks', id: '2', symlink: false }] };
  test('new protected entries and new unknown names are intrusions; ordinary new names and old unknown ones are not', () => {
    const after: GitDirState = {
      kind: 'dir', path: '/w/.git',
      names: ['HEAD', 'config', 'objects', 'refs', 'hooks', 'weird-old', 'ORIG_HEAD', 'index.lock', 'commondir', 'info', 'payload.sh'],
      present: [{ rel: 'config', id: '1', symlink: false }, { rel: 'hooks', id: '2', symlink: false }, { rel: 'commondir', id: '7', symlink: false }, { rel: 'info', id: '8', symlink: false }, { rel: 'objects/info/alternates', id: '9', symlink: false }],
    };
    expect(gitDirIntrusions(before, after).map((i) => i.path)).toEqual(['/w/.git/commondir', '/w/.git/info', '/w/.git/objects/info/alternates', '/w/.git/payload.sh']);
  });
  test('a protected entry replaced by another one (new identity) is an intrusion too', () => {
    const after: GitDirState = { ...before, present: [{ rel: 'config', id: '1', symlink: false }, { rel: 'hooks', id: '99', symlink: false }] };
    expect(gitDirIntrusions(before, after).map((i) => i.path)).toEqual(['/w/.git/hooks']);
  });
});

describe('inspectGitDir (real git)', () => {
  test('a fresh repository: its template entries are seen, with identities', () => {
    const ws = makeWorkspace({ 'a.txt': 'a' });
    git(ws, 'init', '-q');
    const state = inspectGitDir(ws);
    expect(state.kind).toBe('dir');
    if (state.kind !== 'dir') return;
    expect(state.present.map((p) => p.rel)).toEqual(expect.arrayContaining(['config', 'hooks', 'info']));
    expect(state.names).toEqual(expect.arrayContaining(['HEAD', 'objects', 'refs']));
  });
  test('a gitdir file pointing inside the workspace names its target (and commondir); a symlink is a symlink', () => {
    const ws = makeWorkspace({ 'a.txt': 'a' });
    mkdirSync(join(ws, '.repo-git'));
    writeFileSync(join(ws, '.repo-git', 'commondir'), '../.common\n');
    mkdirSync(join(ws, '.common'));
    writeFileSync(join(ws, '.git'), 'gitdir: .repo-git\n');
    expect(inspectGitDir(ws)).toEqual({ kind: 'file', path: join(ws, '.git'), insideTargets: [join(ws, '.repo-git'), join(ws, '.common')] });
    const linked = makeWorkspace({ 'real/HEAD': 'ref: refs/heads/main\n' });
    symlinkSync('real', join(linked, '.git'));
    expect(inspectGitDir(linked).kind).toBe('symlink');
  });
});
