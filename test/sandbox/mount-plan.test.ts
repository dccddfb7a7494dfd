/** The workspace mount plan, as a table: what the scan found in, mounts (in order) or a refusal out. */
import { describe, expect, test } from 'vitest';
import type { GitDirPlan } from '../../src/sandbox/git-dir.js';
import { planWorkspaceMounts, type PathKind, type PlanInput } from '../../src/sandbox/mount-plan.js';
import type { Found } from '../../src/sandbox/tree-scan.js';

const W = '/w';
const noGit: GitDirPlan = { pins: [], readOnly: [], refused: [] };
const found = (rel: string, over: Partial<Found>): Found => ({ rel, kind: 'file', hide: null, protect: null, id: `id-${rel}`, nlink: 1, target: null, ...over });
const hidden = (rel: string, over: Partial<Found> = {}): Found => found(rel, { hide: 'Read(x)', ...over });
const locked = (rel: string, over: Partial<Found> = {}): Found => found(rel, { protect: 'protected', ...over });

function plan(over: Partial<PlanInput>, disk: Record<string, PathKind> = {}) {
  return planWorkspaceMounts({
    workspace: W, found: [], unreadable: [], badNames: [], git: noGit, gitConfig: [], writable: [],
    kindOf: (abs) => disk[abs] ?? 'missing', emptyFile: '/state/empty', ...over,
  });
}
const ops = (p: ReturnType<typeof plan>): string[] => p.mounts.map((m) => (m.op === 'ro-bind' ? `ro ${m.source === m.target ? m.target : `${m.source}->${m.target}`}` : `${m.op} ${m.path}`));

describe('planWorkspaceMounts: hidden paths', () => {
  const cases: Array<[string, Found[], string[]]> = [
    ['a file reads as an empty file; a directory is an empty tmpfs', [hidden('.env'), hidden('secrets', { kind: 'dir' })], ['hide-file /w/.env', 'hide-dir /w/secrets']],
    ['a match pins its ancestors (they cannot be renamed out of the rule, or away from the next scan)', [hidden('config/prod/db.json')], ['bind /w/config', 'bind /w/config/prod', 'hide-file /w/config/prod/db.json']],
    ['a hidden symlink hides what it points to', [hidden('link.env', { kind: 'symlink', target: { path: '/w/real/.secret', kind: 'file' } })], ['hide-file /w/real/.secret']],
    ['a dangling hidden symlink needs nothing', [hidden('gone.env', { kind: 'symlink', target: null })], []],
    ['a hidden path inside a read-only one still gets its mount, after it', [locked('.github', { kind: 'dir' }), hidden('.github/deploy.env')], ['ro /w/.github', 'hide-file /w/.github/deploy.env']],
    ['hidden wins over protected at the same path', [found('.env', { hide: 'Read(.env)', protect: 'protected' })], ['hide-file /w/.env']],
  ];
  test.each(cases)('%s', (_name, f, expected) => {
    const p = plan({ found: f });
    expect(p.refused).toEqual([]);
    expect(ops(p)).toEqual(expected);
  });

  const refusals: Array<[string, Found, RegExp]> = [
    ['a hidden file with another hard link', hidden('.env', { nlink: 2 }), /2 hard links/],
    ['a hidden symlink to a system directory', hidden('.env', { kind: 'symlink', target: { path: '/usr', kind: 'dir' } }), /symlink to \/usr/],
    ['a hidden symlink to an ancestor of the workspace', hidden('x.env', { kind: 'symlink', target: { path: '/', kind: 'dir' } }), /cannot hide/],
    ['a protected symlink that dangles (creating its target would bring it to life)', locked('pkg/.npmrc', { kind: 'symlink', target: null }), /symlink to a missing path/],
    ['a protected file with another hard link (writing that name would change it)', locked('.npmrc', { nlink: 3 }), /3 hard links/],
  ];
  test.each(refusals)('refused: %s', (_name, f, message) => {
    expect(plan({ found: [f] }).refused.join('\n')).toMatch(message);
  });
});

describe('planWorkspaceMounts: protected paths, git and writable holes', () => {
  test('existing protected paths are read-only; a protected symlink protects its target in the workspace, not outside', () => {
    const p = plan({ found: [locked('.vscode', { kind: 'dir' }), locked('pkg/.npmrc', { kind: 'symlink', target: { path: '/w/shared/npmrc', kind: 'file' } }), locked('b/.npmrc', { kind: 'symlink', target: { path: '/etc/npmrc', kind: 'file' } })] });
    expect(ops(p)).toEqual(['ro /w/.vscode', 'bind /w/b', 'bind /w/pkg', 'ro /w/shared/npmrc']);
    expect(p.readOnlyPaths).toEqual(['/w/.vscode', '/w/shared/npmrc']);
  });

  test('the git dir: pinned, its protected entries read-only, config from the scrubbed copy', () => {
    const git: GitDirPlan = { pins: ['/w/.git', '/w/.git/objects', '/w/.git/objects/info'], readOnly: ['/w/.git/config', '/w/.git/hooks', '/w/.git/objects/info/alternates'], refused: [] };
    const p = plan({ git, gitConfig: [{ source: '/state/gitconfig-1', target: '/w/.git/config' }] });
    expect(ops(p)).toEqual([
      'bind /w/.git',
      'ro /state/gitconfig-1->/w/.git/config', 'ro /w/.git/hooks', 'bind /w/.git/objects',
      'bind /w/.git/objects/info',
      'ro /w/.git/objects/info/alternates',
    ]);
  });

  test('a writable protected path inside a read-only one is bound writable on top; a missing directory is created first', () => {
    const p = plan({ found: [locked('.github', { kind: 'dir' })], writable: [{ comps: ['.github', 'workflows'], dir: true }, { comps: ['.github', 'actions'], dir: true }, { comps: ['.github', 'warden.yml'], dir: false }, { comps: ['.npmrc'], dir: false }] }, { '/w/.github/workflows': 'dir' });
    expect(ops(p)).toEqual(['ro /w/.github', 'bind /w/.github/actions', 'bind /w/.github/workflows']);
    expect(p.createDirs).toEqual(['/w/.github/actions']);
  });

  test('no hole inside a hidden directory, no pin inside a read-only one, no read-only bind inside another', () => {
    const p = plan({
      found: [hidden('secrets', { kind: 'dir' }), locked('deploy', { kind: 'dir' }), locked('deploy/prod/app.yml')],
      writable: [{ comps: ['secrets', 'public'], dir: true }],
    }, { '/w/secrets/public': 'dir' });
    expect(ops(p)).toEqual(['ro /w/deploy', 'hide-dir /w/secrets']);
  });

  test('directories the runner cannot list are hidden; an unlistable root, bad names and git refusals refuse the command', () => {
    expect(ops(plan({ unreadable: ['a/vault'] }))).toEqual(['bind /w/a', 'hide-dir /w/a/vault']);
    expect(plan({ unreadable: [''] }).refused).toEqual(['the workspace root cannot be listed']);
    expect(plan({ badNames: ['dir/\uFFFD'] }).refused[0]).toMatch(/not valid UTF-8/);
    expect(plan({ git: { pins: [], readOnly: [], refused: ['.git/hooks is a symlink'] } }).refused).toEqual(['.git/hooks is a symlink']);
  });
});
