/** changedFiles / diffPatch / diffStat against the starting commit, with a real git and real files. */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { changedFiles, changedPaths, diffPatch, diffStat } from '../../src/git/host-git-changes.js';
import { commitChanges } from '../../src/git/host-git-commit.js';
import { tempDir } from '../support/temp-repo.js';
import { applyOnCleanCheckout, DEFAULT_FILES, makeRepo, snap, writeFiles } from './fixture.js';

/** Waits until the clock has just entered a new second. */
async function startOfASecond(): Promise<void> {
  const now = Date.now();
  await new Promise((r) => setTimeout(r, 1000 - (now % 1000) + 5));
}

/** The ctime second of each entry of an index file. */
function startIndexCtimes(ws: string, indexFile: string): number[] {
  const out = execFileSync('git', ['ls-files', '--debug'], { cwd: ws, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', GIT_INDEX_FILE: indexFile, GIT_CONFIG_NOSYSTEM: '1' } });
  return [...out.matchAll(/^ {2}ctime: (\d+):/gm)].map((m) => Number(m[1]));
}

describe('changedFiles', () => {
  test('modified, added (untracked), deleted, renamed; sorted; nothing else', async () => {
    const ws = makeRepo({ ...DEFAULT_FILES, 'docs/guide.md': `${'a long enough line for rename detection\n'.repeat(20)}`, 'old.txt': 'gone\n' });
    const s = await snap(ws);
    writeFileSync(join(ws, 'src/app.js'), 'export const answer = 43;\n');
    writeFiles(ws, { 'src/new.js': 'new\n', 'z-last.txt': 'z\n' });
    unlinkSync(join(ws, 'old.txt'));
    mkdirSync(join(ws, 'manual'));
    renameSync(join(ws, 'docs/guide.md'), join(ws, 'manual/guide.md'));
    const c = await changedFiles(s);
    expect(c.files).toEqual([
      { path: 'manual/guide.md', status: 'renamed', oldPath: 'docs/guide.md' },
      { path: 'old.txt', status: 'deleted' },
      { path: 'src/app.js', status: 'modified' },
      { path: 'src/new.js', status: 'added' },
      { path: 'z-last.txt', status: 'added' },
    ]);
    expect(changedPaths(c)).toEqual(['docs/guide.md', 'manual/guide.md', 'old.txt', 'src/app.js', 'src/new.js', 'z-last.txt']);
    expect(c.skipped).toEqual([]);
  });

  test('no changes: an empty list, an empty patch, the starting tree', async () => {
    const ws = makeRepo(DEFAULT_FILES);
    const s = await snap(ws);
    // Touching a file changes its stat data, not its content.
    writeFileSync(join(ws, 'README.md'), readFileSync(join(ws, 'README.md')));
    const c = await changedFiles(s);
    expect(c.files).toEqual([]);
    expect(c.tree).toBe(s.startTree);
    expect((await diffPatch(c)).length).toBe(0);
    expect(await commitChanges(c, { message: 'x', author: { name: 'a', email: 'a@b.c' } })).toEqual({ kind: 'no-changes' });
  });

  test('a file rewritten in the second it was checked out (same size, mtime put back) and captured a second later is still modified', async () => {
    // Git compares whole seconds: a rewrite in the second its entry was recorded matches it in
    // stat. The case needs checkout, snapshot and rewrite inside one second, which a busy machine
    // may not give: up to five tries; the invariant below is checked on every one.
    let sameSecond = 0;
    for (let attempt = 0; attempt < 5 && sameSecond === 0; attempt++) {
      await startOfASecond();
      const ws = makeRepo(DEFAULT_FILES);
      const s = await snap(ws);
      const done = Date.now();
      // Every entry the capture may trust by stat was recorded in an earlier second than any
      // write the agent can make from now on (stat data dropped shows as ctime 0).
      for (const ctime of startIndexCtimes(ws, s.state.startIndex)) expect(ctime === 0 || ctime < Math.floor((done - 50) / 1000)).toBe(true);
      const file = join(ws, 'src/app.js');
      const { mtime } = statSync(file);
      writeFileSync(file, 'export const answer = 41;\n');
      utimesSync(file, mtime, mtime);
      if (Math.floor(statSync(file).ctimeMs / 1000) !== Math.floor(mtime.getTime() / 1000)) continue;
      sameSecond++;
      // A later second: the capture's index is newer than the entry, so git no longer calls it racy.
      await startOfASecond();
      expect((await changedFiles(s)).files).toEqual([{ path: 'src/app.js', status: 'modified' }]);
    }
  });

  test('type changes and odd files: symlink, file → directory, executable bit, FIFO in place of a file', async () => {
    const ws = makeRepo({ 'a.txt': 'a\n', 'b.txt': 'b\n', 'run.sh': 'echo hi\n', 'fifo-was-here': 'x\n' });
    const s = await snap(ws);
    unlinkSync(join(ws, 'a.txt'));
    symlinkSync('b.txt', join(ws, 'a.txt'));
    unlinkSync(join(ws, 'b.txt'));
    writeFiles(ws, { 'b.txt/inside': 'now a directory\n' });
    chmodSync(join(ws, 'run.sh'), 0o755);
    unlinkSync(join(ws, 'fifo-was-here'));
    execFileSync('mkfifo', [join(ws, 'fifo-was-here')]);
    execFileSync('mkfifo', [join(ws, 'new-fifo')]);
    const c = await changedFiles(s, { timeoutMs: 20_000 });
    expect(c.files).toEqual([
      { path: 'a.txt', status: 'type-changed' },
      { path: 'b.txt', status: 'deleted' },
      { path: 'b.txt/inside', status: 'added' },
      { path: 'fifo-was-here', status: 'deleted' },
      { path: 'run.sh', status: 'modified' },
    ]);
    expect(c.skipped).toEqual([{ path: 'fifo-was-here', reason: 'not a regular file or symlink (recorded as deleted)' }]);
    const patch = await diffPatch(c);
    expect(applyOnCleanCheckout(ws, s.startCommit, patch)).toBe(c.tree);
  });

  test('a path below a directory that became a symlink is deleted, not read through the link', async () => {
    const outside = tempDir();
    writeFiles(outside, { 'secret.txt': 'host secret\n' });
    const ws = makeRepo({ 'conf/secret.txt': 'repo content\n' });
    const s = await snap(ws);
    rmSync(join(ws, 'conf'), { recursive: true });
    symlinkSync(outside, join(ws, 'conf'));
    const c = await changedFiles(s);
    expect(c.files).toEqual([
      { path: 'conf', status: 'added' },
      { path: 'conf/secret.txt', status: 'deleted' },
    ]);
    expect((await diffPatch(c)).toString()).not.toContain('host secret');
  });

  test('exclude: paths Warden writes inside the workspace are not changes', async () => {
    const ws = makeRepo(DEFAULT_FILES);
    const s = await snap(ws);
    writeFiles(ws, { '.warden/outbox/result.json': '{}', '.warden/transcript.jsonl': '{}\n', 'transcript.jsonl': 'x', 'real.txt': 'r\n' });
    const c = await changedFiles(s, { exclude: [join(ws, '.warden'), join(ws, 'transcript.jsonl'), '/elsewhere/outside'] });
    expect(c.files.map((f) => f.path)).toEqual(['real.txt']);
  });

  test('uncommitted changes present before the run are reported by the snapshot and count as changes', async () => {
    const ws = makeRepo(DEFAULT_FILES);
    writeFileSync(join(ws, 'README.md'), '# edited before the run\n');
    const s = await snap(ws);
    expect(s.modifiedAtStart).toEqual(['README.md']);
    expect((await changedFiles(s)).files).toEqual([{ path: 'README.md', status: 'modified' }]);
  });

  test('file names that are not UTF-8, or hold newlines and tabs, survive the round trip', async () => {
    const ws = makeRepo({ 'plain.txt': 'p\n' });
    const s = await snap(ws);
    const latin1 = Buffer.from('caf\xe9.txt', 'latin1');
    writeFileSync(Buffer.concat([Buffer.from(`${ws}/`), latin1]), 'bytes\n');
    writeFiles(ws, { 'new\nline\tand tab.txt': 'n\n', 'ünïcödé.txt': 'u\n' });
    const c = await changedFiles(s);
    expect(c.files.map((f) => f.status)).toEqual(['added', 'added', 'added']);
    expect(c.files.map((f) => f.path)).toContain('new\nline\tand tab.txt');
    expect(c.files.map((f) => f.path)).toContain('ünïcödé.txt');
    expect(applyOnCleanCheckout(ws, s.startCommit, await diffPatch(c))).toBe(c.tree);
  });

  test('a repository with no commit yet: everything is added; the patch applies to an empty repository', async () => {
    const ws = makeRepo({}, { commit: false });
    const s = await snap(ws);
    expect(s.startCommit).toBeNull();
    writeFiles(ws, { 'first.txt': 'one\n', 'dir/second.txt': 'two\n' });
    const c = await changedFiles(s);
    expect(c.files).toEqual([
      { path: 'dir/second.txt', status: 'added' },
      { path: 'first.txt', status: 'added' },
    ]);
    expect(applyOnCleanCheckout(ws, null, await diffPatch(c))).toBe(c.tree);
  });
});

describe('diffPatch', () => {
  test('git apply on a clean checkout of the starting commit reproduces the worktree: text, binary, new, deleted, renamed, mode', async () => {
    const binary = Buffer.from([0, 1, 2, 3, 255, 254, 0, 10, 13, 0]);
    const ws = makeRepo({ ...DEFAULT_FILES, 'img.bin': binary, 'notes.txt': `${'rename me please, I am long\n'.repeat(10)}`, 'tool.sh': '#!/bin/sh\n' });
    const s = await snap(ws);
    writeFileSync(join(ws, 'img.bin'), Buffer.concat([binary, binary]));
    writeFileSync(join(ws, 'new.bin'), Buffer.from([0, 0, 0, 7]));
    writeFileSync(join(ws, 'src/app.js'), 'export const answer = 7;\nexport const more = 1;\n');
    renameSync(join(ws, 'notes.txt'), join(ws, 'notes-renamed.txt'));
    unlinkSync(join(ws, 'README.md'));
    chmodSync(join(ws, 'tool.sh'), 0o755);
    writeFileSync(join(ws, 'no-newline.txt'), 'end');
    const c = await changedFiles(s);
    const patch = await diffPatch(c);
    expect(patch.toString('latin1')).toContain('GIT binary patch');
    expect(patch.toString('latin1')).toContain('rename from notes.txt');
    expect(applyOnCleanCheckout(ws, s.startCommit, patch)).toBe(c.tree);
    // And the commit made from the same capture has exactly that tree.
    const commit = await commitChanges(c, { message: 'm', author: { name: 'a', email: 'a@b.c' } });
    expect(commit.kind === 'committed' && commit.tree).toBe(c.tree);
  });

  test('a sha256 repository works the same way', async () => {
    const ws = makeRepo(DEFAULT_FILES, { objectFormat: 'sha256' });
    const s = await snap(ws);
    expect(s.objectFormat).toBe('sha256');
    writeFileSync(join(ws, 'src/app.js'), 'changed\n');
    writeFiles(ws, { 'added.txt': 'a\n' });
    const c = await changedFiles(s);
    expect(c.files).toEqual([
      { path: 'added.txt', status: 'added' },
      { path: 'src/app.js', status: 'modified' },
    ]);
    expect((await diffPatch(c)).toString()).toContain('+changed');
  });
});

describe('worktree .gitattributes', () => {
  test('content conversions apply when the worktree is captured, as in git add (CRLF → LF with eol=crlf)', async () => {
    const ws = makeRepo({ '.gitattributes': '*.txt text eol=crlf\n', 'a.txt': 'one\n' });
    const s = await snap(ws);
    writeFileSync(join(ws, 'a.txt'), 'one\r\ntwo\r\n');
    const c = await changedFiles(s);
    const r = await commitChanges(c, { message: 'm', author: { name: 'a', email: 'a@b.c' } });
    if (r.kind !== 'committed') throw new Error('expected a commit');
    expect(execFileSync('git', [`--git-dir=${s.state.gitDir}`, 'cat-file', 'blob', `${r.commit}:a.txt`], { encoding: 'utf8' })).toBe('one\ntwo\n');
  });

  test('they do not shape the patch: "-diff" or "binary" on a file still gives a readable text patch', async () => {
    const ws = makeRepo(DEFAULT_FILES);
    const s = await snap(ws);
    writeFiles(ws, { '.gitattributes': '*.yml -diff\n*.js binary\n' });
    writeFileSync(join(ws, '.github/workflows/ci.yml'), 'on: pull_request_target\n');
    writeFileSync(join(ws, 'src/app.js'), 'export const answer = 1;\n');
    const patch = (await diffPatch(await changedFiles(s))).toString();
    expect(patch).toContain('+on: pull_request_target');
    expect(patch).toContain('+export const answer = 1;');
    expect(patch).not.toContain('GIT binary patch');
  });
});

describe('diffStat', () => {
  test('per-file insertions and deletions, binary as null, totals', async () => {
    const ws = makeRepo({ 'a.txt': 'one\ntwo\nthree\n', 'b.bin': Buffer.from([0, 1, 2]) });
    const s = await snap(ws);
    writeFileSync(join(ws, 'a.txt'), 'one\nTWO\nthree\nfour\n');
    writeFileSync(join(ws, 'b.bin'), Buffer.from([0, 1, 2, 3]));
    writeFiles(ws, { 'c.txt': 'x\ny\n' });
    const stat = await diffStat(await changedFiles(s));
    expect(stat).toEqual({
      files: [
        { path: 'a.txt', insertions: 2, deletions: 1 },
        { path: 'b.bin', insertions: null, deletions: null },
        { path: 'c.txt', insertions: 2, deletions: 0 },
      ],
      insertions: 4,
      deletions: 1,
    });
  });
});
