/** Real repositories in temp dirs for the host-git tests, and the snapshot they start from. */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import { snapshotRepository } from '../../src/git/host-git-snapshot.js';
import type { RepositorySnapshot } from '../../src/git/host-git-types.js';
import { tempDir } from '../support/temp-repo.js';

export const HOST_PATH = process.env.PATH ?? '/usr/bin:/bin';

/** git as a test (the "user") runs it: a fixed identity, no global config of the machine. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.invalid', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
    env: { PATH: HOST_PATH, HOME: tempDir('warden-test-home-'), GIT_CONFIG_NOSYSTEM: '1' },
  });
}

export function writeFiles(root: string, files: Record<string, string | Buffer>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

/** A repository with these files in one commit (or none when `commit` is false). */
export function makeRepo(files: Record<string, string | Buffer>, opts: { commit?: boolean; objectFormat?: 'sha1' | 'sha256' } = {}): string {
  const dir = tempDir('warden-hostgit-ws-');
  git(dir, 'init', '-q', ...(opts.objectFormat === 'sha256' ? ['--object-format=sha256'] : []));
  writeFiles(dir, files);
  if (opts.commit !== false) {
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '--allow-empty', '-m', 'initial');
  }
  return dir;
}

export const DEFAULT_FILES = {
  'README.md': '# demo\n',
  'src/app.js': 'export const answer = 42;\n',
  '.github/workflows/ci.yml': 'on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test\n',
  '.gitignore': 'node_modules/\n*.log\n',
};

export async function snap(workspace: string, stateDir = tempDir('warden-hostgit-state-')): Promise<RepositorySnapshot> {
  const r = await snapshotRepository({ workspace, hostPath: HOST_PATH, stateDir });
  if (r.kind !== 'repository') throw new Error(`expected a repository: ${r.kind}: ${r.reason}`);
  return r.snapshot;
}

/** A directory that planted commands write into; it must stay empty. */
export function markerDir(): string {
  return tempDir('warden-hostgit-markers-');
}

/** A shell command that records it ran, as an attacker would plant it. */
export function touchCommand(markers: string, name: string): string {
  return `touch ${join(markers, name)}`;
}

/** An executable script that records it ran (for hooks, fsmonitor, drivers named by path). */
export function markerScript(path: string, markers: string, name: string): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `#!/bin/sh\ntouch ${join(markers, name)}\nexit 0\n`);
  chmodSync(path, 0o755);
  return path;
}

export function expectNoMarkers(markers: string): void {
  expect(readdirSync(markers)).toEqual([]);
}

/** Applies a patch to a fresh clone of `repo` at `commit` (an empty repository for null) and returns the tree id. */
export function applyOnCleanCheckout(repo: string, commit: string | null, patch: Buffer): string {
  const dir = tempDir('warden-hostgit-apply-');
  if (commit === null) git(dir, 'init', '-q');
  else {
    git(dir, 'clone', '-q', '--no-checkout', `file://${repo}`, '.');
    git(dir, 'checkout', '-q', commit);
  }
  const file = join(tempDir(), 'changes.patch');
  writeFileSync(file, patch);
  if (patch.length > 0) git(dir, 'apply', '--index', '--binary', file);
  return git(dir, 'write-tree').trim();
}
