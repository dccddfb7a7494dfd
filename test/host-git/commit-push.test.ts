/** commitChanges and pushCommit against real remotes: a bare repository (file://) and smart HTTP with a token. */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { changedFiles } from '../../src/git/host-git-changes.js';
import { commitChanges } from '../../src/git/host-git-commit.js';
import { HostGitUsageError } from '../../src/git/host-git-env.js';
import { pushCommit } from '../../src/git/host-git-push.js';
import { tempDir } from '../support/temp-repo.js';
import { DEFAULT_FILES, git, makeRepo, snap, writeFiles } from './fixture.js';
import { startHttpRemote } from './http-remote.js';
import type { HttpRemote } from './http-remote.js';

const BOT = { name: 'warden[bot]', email: 'warden[bot]@users.noreply.github.com' };
const DATE = new Date('2025-01-02T03:04:05Z');

/** A bare "origin" with one commit, and a workspace cloned from it (as actions/checkout leaves it). */
function originAndClone(cloneArgs: string[] = []): { origin: string; ws: string } {
  const seed = makeRepo(DEFAULT_FILES);
  git(seed, 'commit', '-q', '--allow-empty', '-m', 'second');
  const root = tempDir('warden-hostgit-remote-');
  const origin = join(root, 'origin.git');
  git(root, 'clone', '-q', '--bare', seed, origin);
  const ws = tempDir('warden-hostgit-ws-');
  git(ws, 'clone', '-q', ...cloneArgs, `file://${origin}`, '.');
  return { origin, ws };
}

/** Every file under dir, recursively, as bytes (to look for a token). */
function allBytes(dir: string): Buffer {
  const parts: Buffer[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const st = statSync(p, { throwIfNoEntry: false });
      if (st === undefined) continue;
      if (st.isDirectory()) walk(p);
      else if (st.isFile()) parts.push(readFileSync(p));
    }
  };
  walk(dir);
  return Buffer.concat(parts);
}

describe('commitChanges', () => {
  test('a commit on the starting commit with the given identity and date, the captured tree, no identity in HOME needed', async () => {
    const ws = makeRepo(DEFAULT_FILES);
    const s = await snap(ws);
    writeFileSync(join(ws, 'src/app.js'), 'export const answer = 0;\n');
    writeFiles(ws, { 'src/new.js': 'n\n' });
    const c = await changedFiles(s);
    const r = await commitChanges(c, { message: 'Fix the answer\n\nMade by Warden.', author: BOT, date: DATE });
    if (r.kind !== 'committed') throw new Error('expected a commit');
    expect(r.parent).toBe(s.startCommit);
    expect(r.tree).toBe(c.tree);
    expect(r.paths).toEqual(['src/app.js', 'src/new.js']);
    // Read it back with git: objects live in the private store only.
    const show = git(ws, `--git-dir=${s.state.gitDir}`, 'cat-file', 'commit', r.commit);
    expect(show).toBe(
      `tree ${c.tree}\nparent ${s.startCommit}\nauthor ${BOT.name} <${BOT.email}> 1735787045 +0000\ncommitter ${BOT.name} <${BOT.email}> 1735787045 +0000\n\nFix the answer\n\nMade by Warden.\n`,
    );
    // The workspace repository is untouched: no new commit, HEAD where it was.
    expect(git(ws, 'rev-parse', 'HEAD').trim()).toBe(s.startCommit);
    expect(() => git(ws, 'cat-file', '-e', r.commit)).toThrow();
  });

  test('files: only those paths change; the rest stay as in the starting commit; unknown paths are refused', async () => {
    const ws = makeRepo(DEFAULT_FILES);
    const s = await snap(ws);
    writeFileSync(join(ws, 'README.md'), 'changed\n');
    writeFileSync(join(ws, 'src/app.js'), 'changed\n');
    const c = await changedFiles(s);
    const r = await commitChanges(c, { message: 'only the readme', author: BOT, files: ['README.md'] });
    if (r.kind !== 'committed') throw new Error('expected a commit');
    expect(git(ws, `--git-dir=${s.state.gitDir}`, 'diff-tree', '-r', '--name-only', s.startCommit ?? '', r.commit).split('\n').filter(Boolean)).toEqual(['README.md']);
    await expect(commitChanges(c, { message: 'm', author: BOT, files: ['README.md', 'not-changed.txt'] })).rejects.toThrow(HostGitUsageError);
    expect(await commitChanges(c, { message: 'm', author: BOT, files: [] })).toEqual({ kind: 'no-changes' });
  });

  test('a first commit in a repository that had none has no parent', async () => {
    const ws = makeRepo({}, { commit: false });
    const s = await snap(ws);
    writeFiles(ws, { 'a.txt': 'a\n' });
    const r = await commitChanges(await changedFiles(s), { message: 'first', author: BOT });
    expect(r.kind === 'committed' && r.parent).toBeNull();
  });
});

describe('pushCommit to a bare remote (file://)', () => {
  test('a new branch, then a fast-forward, then a rejected non-fast-forward, then a forced update', async () => {
    const { origin, ws } = originAndClone();
    const s = await snap(ws);
    writeFileSync(join(ws, 'src/app.js'), 'v1\n');
    const first = await commitChanges(await changedFiles(s), { message: 'v1', author: BOT, date: DATE });
    if (first.kind !== 'committed') throw new Error('expected a commit');
    const url = `file://${origin}`;

    expect(await pushCommit(s, { commit: first.commit, remoteUrl: url, ref: 'refs/heads/warden/fix' })).toEqual({ ok: true, status: 'created', ref: 'refs/heads/warden/fix', commit: first.commit });
    expect(git(origin, 'rev-parse', 'refs/heads/warden/fix').trim()).toBe(first.commit);
    // The pushed commit holds exactly the worktree's change.
    expect(git(origin, 'diff-tree', '-r', '--name-status', s.startCommit ?? '', first.commit)).toBe('M\tsrc/app.js\n');
    expect(git(origin, 'show', `${first.commit}:src/app.js`)).toBe('v1\n');

    expect((await pushCommit(s, { commit: first.commit, remoteUrl: url, ref: 'refs/heads/main' })).ok).toBe(true);
    expect(git(origin, 'rev-parse', 'refs/heads/main').trim()).toBe(first.commit);

    writeFileSync(join(ws, 'src/app.js'), 'v2\n');
    const second = await commitChanges(await changedFiles(s), { message: 'v2', author: BOT, date: DATE });
    if (second.kind !== 'committed') throw new Error('expected a commit');
    const rejected = await pushCommit(s, { commit: second.commit, remoteUrl: url, ref: 'refs/heads/main' });
    expect(rejected).toMatchObject({ ok: false, reason: 'rejected' });
    expect(git(origin, 'rev-parse', 'refs/heads/main').trim()).toBe(first.commit);
    expect(await pushCommit(s, { commit: second.commit, remoteUrl: url, ref: 'refs/heads/main', force: true })).toMatchObject({ ok: true, status: 'forced' });
    expect(git(origin, 'rev-parse', 'refs/heads/main').trim()).toBe(second.commit);
  });

  test('a leased push overwrites the branch only from the tip it names; "" only creates', async () => {
    const { origin, ws } = originAndClone();
    const s = await snap(ws);
    writeFileSync(join(ws, 'src/app.js'), 'v1\n');
    const mine = await commitChanges(await changedFiles(s), { message: 'v1', author: BOT, date: DATE });
    if (mine.kind !== 'committed') throw new Error('expected a commit');
    const url = `file://${origin}`;
    const ref = 'refs/heads/warden/own';
    expect(await pushCommit(s, { commit: mine.commit, remoteUrl: url, ref, lease: '' })).toMatchObject({ ok: true, status: 'created' });
    const main = git(origin, 'rev-parse', 'refs/heads/main').trim();
    // Created already: a lease on "absent" no longer holds.
    expect(await pushCommit(s, { commit: main, remoteUrl: url, ref, lease: '' })).toMatchObject({ ok: false, reason: 'rejected' });
    // The branch is not where the lease says: refused, the branch kept.
    expect(await pushCommit(s, { commit: main, remoteUrl: url, ref, lease: main })).toMatchObject({ ok: false, reason: 'rejected' });
    expect(git(origin, 'rev-parse', ref).trim()).toBe(mine.commit);
    // It is: overwritten although not a fast-forward.
    expect(await pushCommit(s, { commit: main, remoteUrl: url, ref, lease: mine.commit })).toMatchObject({ ok: true, status: 'forced' });
    expect(git(origin, 'rev-parse', ref).trim()).toBe(main);
  });

  test('from a shallow checkout (fetch-depth 1), and after the remote moved on (the starting commit is not advertised)', async () => {
    const { origin, ws } = originAndClone(['--depth', '1']);
    const s = await snap(ws);
    // Someone else pushes to main meanwhile: the remote no longer advertises our starting commit.
    const other = tempDir();
    git(other, 'clone', '-q', `file://${origin}`, '.');
    writeFiles(other, { 'other.txt': 'o\n' });
    git(other, 'add', '-A');
    git(other, 'commit', '-q', '-m', 'other');
    git(other, 'push', '-q', 'origin', 'HEAD:main');
    writeFiles(ws, { 'mine.txt': 'm\n' });
    const r = await commitChanges(await changedFiles(s), { message: 'mine', author: BOT });
    if (r.kind !== 'committed') throw new Error('expected a commit');
    expect(await pushCommit(s, { commit: r.commit, remoteUrl: `file://${origin}`, ref: 'refs/heads/warden/mine' })).toMatchObject({ ok: true, status: 'created' });
    git(origin, 'fsck', '--no-dangling', '--connectivity-only');
    expect(git(origin, 'ls-tree', '-r', '--name-only', r.commit)).toContain('mine.txt');
  });

  test('refused arguments never start git', async () => {
    const { ws } = originAndClone();
    const s = await snap(ws);
    await expect(pushCommit(s, { commit: 'a'.repeat(40), remoteUrl: 'ext::sh -c touch% /tmp/x', ref: 'refs/heads/x' })).rejects.toThrow(HostGitUsageError);
    await expect(pushCommit(s, { commit: 'a'.repeat(40), remoteUrl: 'https://github.com/o/r', ref: 'main' })).rejects.toThrow(HostGitUsageError);
  });
});

describe('pushCommit over smart HTTP with a token', () => {
  let remote: HttpRemote | undefined;
  afterEach(async () => {
    await remote?.close();
    remote = undefined;
  });

  test('the token reaches the server as Basic x-access-token:TOKEN, and is in no file and no message', async () => {
    const { origin, ws } = originAndClone();
    const token = 'ghs_TESTTOKEN0123456789';
    remote = await startHttpRemote(join(origin, '..'), token);
    const s = await snap(ws);
    writeFiles(ws, { 'fix.txt': 'fixed\n' });
    const r = await commitChanges(await changedFiles(s), { message: 'fix', author: BOT });
    if (r.kind !== 'committed') throw new Error('expected a commit');

    const pushed = await pushCommit(s, { commit: r.commit, remoteUrl: remote.url('origin.git'), ref: 'refs/heads/warden/fix', token });
    expect(pushed).toMatchObject({ ok: true, status: 'created' });
    expect(git(origin, 'rev-parse', 'refs/heads/warden/fix').trim()).toBe(r.commit);
    const expected = `Basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;
    expect(remote.authorizations.length).toBeGreaterThan(0);
    expect(new Set(remote.authorizations)).toEqual(new Set([expected]));

    for (const dir of [s.state.stateDir, ws, origin]) {
      const bytes = allBytes(dir);
      expect(bytes.includes(token), dir).toBe(false);
      expect(bytes.includes(expected.slice('Basic '.length)), dir).toBe(false);
    }
  });

  test('a wrong token fails cleanly (no prompt, no hang) and the message holds no token', async () => {
    const { origin, ws } = originAndClone();
    remote = await startHttpRemote(join(origin, '..'), 'right-token');
    const s = await snap(ws);
    writeFiles(ws, { 'fix.txt': 'fixed\n' });
    const r = await commitChanges(await changedFiles(s), { message: 'fix', author: BOT });
    if (r.kind !== 'committed') throw new Error('expected a commit');
    const pushed = await pushCommit(s, { commit: r.commit, remoteUrl: remote.url('origin.git'), ref: 'refs/heads/x', token: 'wrong-token', timeoutMs: 20_000 });
    expect(pushed).toMatchObject({ ok: false, reason: 'failed' });
    expect(JSON.stringify(pushed)).not.toContain('wrong-token');
    expect(() => git(origin, 'rev-parse', '--verify', '-q', 'refs/heads/x')).toThrow();
  });

  test('a server that never answers ends in a timeout, not a hang', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((sock) => sockets.push(sock));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const { ws } = originAndClone();
      const s = await snap(ws);
      writeFiles(ws, { 'fix.txt': 'fixed\n' });
      const r = await commitChanges(await changedFiles(s), { message: 'fix', author: BOT });
      if (r.kind !== 'committed') throw new Error('expected a commit');
      const pushed = await pushCommit(s, { commit: r.commit, remoteUrl: `http://127.0.0.1:${port}/r.git`, ref: 'refs/heads/x', token: 't', timeoutMs: 1500 });
      expect(pushed).toMatchObject({ ok: false, reason: 'timeout' });
    } finally {
      for (const sock of sockets) sock.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
