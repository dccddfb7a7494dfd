/**
 * Real git for GitHub tests: a bare "origin" laid out as the git server sees it (ROOT/owner/name,
 * with `refs/pull/N/head` and `refs/pull/N/merge` as GitHub keeps them), and a workspace checked
 * out from it the way actions/checkout does with `persist-credentials: false`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tempDir } from './temp-repo.js';

const IDENTITY = ['-c', 'user.name=Test Author', '-c', 'user.email=author@example.invalid', '-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false'];
const CLEAN_ENV = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: '/nonexistent', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', [...IDENTITY, ...args], { cwd, encoding: 'utf8', env: CLEAN_ENV, stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

export type Files = Record<string, string | null>;

function writeFiles(dir: string, files: Files): void {
  for (const [path, text] of Object.entries(files)) {
    const file = join(dir, path);
    if (text === null) rmSync(file, { force: true });
    else {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
  }
}

export interface Remote {
  /** Served as GIT_PROJECT_ROOT by the git HTTP server; `file://ROOT` works as a server URL too. */
  root: string;
  owner: string;
  name: string;
  bare: string;
  /** The tip of the default branch. */
  main: string;
}

/** A bare repository at ROOT/owner/name whose `main` holds `files`. */
export function makeRemote(owner: string, name: string, files: Files): Remote {
  const root = tempDir('warden-git-root-');
  const bare = join(root, owner, name);
  mkdirSync(bare, { recursive: true });
  git(bare, 'init', '-q', '--bare');
  const work = tempDir('warden-git-seed-');
  git(work, 'init', '-q');
  writeFiles(work, files);
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '--allow-empty', '-m', 'initial');
  git(work, 'push', '-q', bare, 'HEAD:refs/heads/main');
  return { root, owner, name, bare, main: git(work, 'rev-parse', 'HEAD') };
}

export interface PushedPull {
  head: string;
  merge: string;
  base: string;
}

/**
 * A pull request: a commit on top of `main` changing `files`, at `refs/pull/N/head` (and at
 * `refs/heads/BRANCH` when it comes from the same repository), plus GitHub's merge commit at
 * `refs/pull/N/merge`.
 */
export function pushPull(remote: Remote, number: number, files: Files, opts: { branch?: string; message?: string } = {}): PushedPull {
  const work = tempDir('warden-git-pr-');
  git(work, 'init', '-q');
  git(work, 'fetch', '-q', remote.bare, 'refs/heads/main');
  git(work, 'checkout', '-q', '--detach', 'FETCH_HEAD');
  const base = git(work, 'rev-parse', 'HEAD');
  writeFiles(work, files);
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '--allow-empty', '-m', opts.message ?? `pull request #${number}`);
  const head = git(work, 'rev-parse', 'HEAD');
  git(work, 'checkout', '-q', '--detach', base);
  git(work, 'merge', '-q', '--no-ff', '--no-edit', head);
  const merge = git(work, 'rev-parse', 'HEAD');
  const refs = [`${head}:refs/pull/${number}/head`, `${merge}:refs/pull/${number}/merge`];
  if (opts.branch !== undefined) refs.push(`${head}:refs/heads/${opts.branch}`);
  git(work, 'push', '-q', remote.bare, ...refs);
  return { head, merge, base };
}

/** A new commit on `main` of the remote (the base moving on after a pull request was opened). */
export function pushMain(remote: Remote, files: Files): string {
  const work = tempDir('warden-git-main-');
  git(work, 'init', '-q');
  git(work, 'fetch', '-q', remote.bare, 'refs/heads/main');
  git(work, 'checkout', '-q', '--detach', 'FETCH_HEAD');
  writeFiles(work, files);
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '-m', 'main moves on');
  git(work, 'push', '-q', remote.bare, 'HEAD:refs/heads/main');
  remote.main = git(work, 'rev-parse', 'HEAD');
  return remote.main;
}

/**
 * The workspace actions/checkout leaves: a clone checked out at `ref` (default `main`; a pull
 * request event checks out `refs/pull/N/merge`), detached, with `origin` pointing at `url` and no
 * credentials anywhere (persist-credentials: false).
 */
export function checkoutWorkspace(remote: Remote, url: string, ref = 'refs/heads/main'): string {
  const ws = tempDir('warden-workspace-');
  git(ws, 'init', '-q');
  git(ws, 'remote', 'add', 'origin', url);
  git(ws, 'fetch', '-q', '--no-tags', remote.bare, `+${ref}:refs/remotes/origin/checkout`);
  git(ws, 'checkout', '-q', '--detach', 'refs/remotes/origin/checkout');
  return ws;
}
