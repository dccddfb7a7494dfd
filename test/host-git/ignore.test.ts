/**
 * Ignore rules: the starting commit's `.gitignore` files decide which untracked files are changes.
 * The translation into one exclude file is checked against git itself on the same rules.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { changedFiles, diffPatch } from '../../src/git/host-git-changes.js';
import { translateIgnoreRules } from '../../src/git/host-git-ignore.js';
import { git, makeRepo, snap, writeFiles } from './fixture.js';

describe('translateIgnoreRules (pure)', () => {
  const cases: Array<[string, string, string, string]> = [
    ['top-level lines are kept', '', 'node_modules/\n*.log\n', 'node_modules/\n*.log\n'],
    ['comments, blanks, CR and unescaped trailing spaces go', '', '# c\n\nfoo  \r\nbar\\ \n', 'foo\nbar\\ \n'],
    ['a slash-less pattern matches at any depth below its directory', 'sub', '*.tmp\n', '/sub/**/*.tmp\n'],
    ['a pattern with a slash is relative to its directory', 'sub', 'build/out\n/root-only\n', '/sub/build/out\n/sub/root-only\n'],
    ['trailing slash keeps directory-only and stays unanchored', 'a/b', 'cache/\n', '/a/b/**/cache/\n'],
    ['negation keeps its !', 'sub', '!keep.log\n', '!/sub/**/keep.log\n'],
    ['escaped ! and # are patterns', 'sub', '\\!bang\n\\#hash\n', '/sub/**/\\!bang\n/sub/**/\\#hash\n'],
    ['glob characters in the directory name are escaped', 'we[ird]/st*r?', 'x\n', '/we\\[ird]/st\\*r\\?/**/x\n'],
    ['a BOM at the start is dropped', '', '\u00ef\u00bb\u00bfa\n', 'a\n'],
    ['"!" alone and "/" are nothing', 'sub', '!\n/\n', ''],
  ];
  test.each(cases)('%s', (_name, dir, content, expected) => {
    expect(translateIgnoreRules([{ dir, content }])).toBe(expected);
  });

  test('parents come before children, info/exclude first; a directory name with a newline drops its rules', () => {
    const out = translateIgnoreRules(
      [
        { dir: 'a/b', content: 'deep\n' },
        { dir: '', content: 'top\n' },
        { dir: 'a', content: 'mid\n' },
        { dir: 'x\ny', content: 'never\n' },
      ],
      'local\n',
    );
    expect(out).toBe('local\ntop\n/a/**/mid\n/a/b/**/deep\n');
  });
});

describe('the translation agrees with git', () => {
  const ignoreFiles: Record<string, string> = {
    '.gitignore': '*.log\n!important.log\n/only-top.txt\nbuild/\ndocs/*.pdf\n**/gen/**\n\\#literal\ntrailing   \n',
    'sub/.gitignore': '*.tmp\n!keep.tmp\n/anchored.txt\nnested/deeper.txt\ncache/\n!*.log\n**/logs\ndeep/**/z\n?.q\n[ab].r\n',
    'sub/inner/.gitignore': 'keep.tmp\n*.txt\n!wanted.txt\n',
    'we[ird]/.gitignore': 'x*\r\n',
    'other/.gitignore': '*\n!.gitignore\n!allowed/\n!allowed/**\n',
  };
  const untracked = [
    'a.log', 'important.log', 'sub/important.log', 'sub/x.log', 'only-top.txt', 'sub/only-top.txt', 'build/o.js', 'sub/build/o.js',
    'docs/a.pdf', 'docs/deep/a.pdf', 'x/gen/y/z.c', 'gen/top.c', '#literal', 'trailing', 'sub/a.tmp', 'sub/keep.tmp',
    'sub/deep/b.tmp', 'sub/deep/keep.tmp', 'sub/anchored.txt', 'sub/deep/anchored.txt', 'sub/nested/deeper.txt',
    'sub/x/nested/deeper.txt', 'sub/cache/c', 'sub/deep/cache/c', 'sub/inner/keep.tmp', 'sub/inner/a.txt', 'sub/inner/wanted.txt',
    'sub/inner/deep/b.txt', 'we[ird]/xyz', 'we[ird]/sub/xa', 'we[ird]/ok', 'wexird/x1', 'other/anything', 'other/allowed/f',
    'other/d/e', 'plain.txt', 'sub/logs', 'sub/a/b/logs/f', 'logs/top', 'sub/deep/z', 'sub/deep/1/2/z', 'sub/z', 'sub/x.q',
    'sub/xx.q', 'sub/a.r', 'sub/c.r', 'sub/d/b.r',
  ];

  test('ls-files with the translated rules lists what git lists with the .gitignore files', async () => {
    const ws = makeRepo(ignoreFiles);
    const s = await snap(ws);
    writeFiles(ws, Object.fromEntries(untracked.map((p) => [p, `${p}\n`])));
    const expected = git(ws, '-c', 'core.excludesFile=/dev/null', 'ls-files', '-o', '--exclude-standard').split('\n').filter(Boolean).sort();
    const translated = git(ws, 'ls-files', '-o', `--exclude-from=${s.state.excludesFile}`).split('\n').filter(Boolean).sort();
    expect(translated).toEqual(expected);
    // A sanity check that the rules did something in both.
    expect(expected).toContain('plain.txt');
    expect(expected).not.toContain('a.log');
    expect((await changedFiles(s)).files.map((f) => f.path).sort()).toEqual(expected);
  });
});

describe('the agent cannot hide a new file with a .gitignore', () => {
  test('a new self-ignoring directory and an edited .gitignore are changes; so is what they would hide', async () => {
    const ws = makeRepo({ '.gitignore': 'node_modules/\n', 'src/a.js': 'a\n' });
    const s = await snap(ws);
    writeFiles(ws, {
      '.github/workflows/.gitignore': '*\n',
      '.github/workflows/evil.yml': 'on: push\n',
      'hidden.txt': 'h\n',
      'node_modules/pkg/index.js': 'dependency\n',
    });
    writeFileSync(join(ws, '.gitignore'), 'node_modules/\nhidden.txt\n');
    const c = await changedFiles(s);
    expect(c.files).toEqual([
      { path: '.github/workflows/.gitignore', status: 'added' },
      { path: '.github/workflows/evil.yml', status: 'added' },
      { path: '.gitignore', status: 'modified' },
      { path: 'hidden.txt', status: 'added' },
    ]);
    expect((await diffPatch(c)).toString()).toContain('+on: push');
  });

  test('removing a rule does not un-ignore for this run: what the starting commit ignores stays out', async () => {
    const ws = makeRepo({ '.gitignore': 'node_modules/\n*.log\n' });
    const s = await snap(ws);
    writeFiles(ws, { 'node_modules/big/index.js': 'x\n', 'debug.log': 'log\n' });
    writeFileSync(join(ws, '.gitignore'), '');
    expect((await changedFiles(s)).files).toEqual([{ path: '.gitignore', status: 'modified' }]);
  });

  test('the repository info/exclude counts as it was before the run; the agent’s edits to it do not', async () => {
    const ws = makeRepo({ 'a.txt': 'a\n' });
    writeFileSync(join(ws, '.git/info/exclude'), 'local-scratch/\n');
    const s = await snap(ws);
    writeFileSync(join(ws, '.git/info/exclude'), 'new.txt\n');
    writeFiles(ws, { 'local-scratch/notes': 'n\n', 'new.txt': 'n\n' });
    expect((await changedFiles(s)).files).toEqual([{ path: 'new.txt', status: 'added' }]);
  });
});
