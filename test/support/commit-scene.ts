/**
 * One repository on both sides of delivery, for comparing the git path with the API path
 * (`commit_signing`): a real bare remote served over smart HTTP, the OpenAPI-checked GitHub
 * stand-in whose Git Data routes write into that same bare repository, a workspace checked out
 * from it and snapshotted as a run does, and the real Octokit. `deliver` runs the publisher's
 * delivery (src/github/publish/deliver.ts) on the workspace's changes, either way.
 */
import { chmodSync, lstatSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Octokit } from '@octokit/rest';
import { changedFiles, type Changes, type RepositorySnapshot } from '../../src/git/index.js';
import { deliverChanges, type Delivered, type DeliveryRequest } from '../../src/github/publish/deliver.js';
import { snap, writeFiles } from '../host-git/fixture.js';
import { GitHttpServer } from './git-http-server.js';
import { checkoutWorkspace, git, makeRemote, type Files, type Remote } from './github-repo.js';
import { GithubServer } from './github-server.js';
import { tempDir } from './temp-repo.js';

export const OWNER = 'Codertocat';
export const NAME = 'Hello-World';
export const TOKEN = 'ghs_commitSigningToken_0123456789abcdef';
const BOT = { name: 'warden[bot]', email: 'warden[bot]@users.noreply.github.com' };
const quiet = (): void => {};

/** The base: a file to keep, one to modify, one to delete, a script to make executable. */
export const BASE: Files = {
  'README.md': '# demo\n',
  'src/app.js': 'export const answer = 42;\n',
  'old/obsolete.txt': 'going away\n',
  'tools/build.sh': '#!/bin/sh\necho build\n',
};

/** Bytes no text decoding survives: NUL, 0xff, an invalid UTF-8 sequence, a CR LF pair. */
export const BINARY = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0xc3, 0x28]), Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 37) % 256))]);

/** The five-file patch: added, modified, deleted, executable (new, 0755) and binary. */
export function fiveFilePatch(ws: string): void {
  writeFiles(ws, { 'docs/added.md': 'a new page\n', 'src/app.js': 'export const answer = 43;\n', 'bin/run.sh': '#!/bin/sh\nexec node src/app.js\n', 'assets/logo.png': BINARY });
  chmodSync(join(ws, 'bin/run.sh'), 0o755);
  rmSync(join(ws, 'old/obsolete.txt'));
}

/** A mode change alone: no new blob to send (a symlink is never delivered: delivery-check.ts). */
export function modeOnlyPatch(ws: string): void {
  chmodSync(join(ws, 'tools/build.sh'), 0o755);
}

export class CommitScene {
  private constructor(
    readonly remote: Remote,
    readonly git: GitHttpServer,
    readonly github: GithubServer,
    readonly octokit: Octokit,
  ) {}

  static async start(branches: readonly string[] = []): Promise<CommitScene> {
    const remote = makeRemote(OWNER, NAME, BASE);
    for (const b of branches) git(remote.bare, 'update-ref', `refs/heads/${b}`, remote.main);
    const server = await GitHttpServer.start(remote.root, TOKEN);
    const github = await GithubServer.start({ token: TOKEN, repos: [{ owner: OWNER, name: NAME }] });
    github.state.gitDir = () => remote.bare;
    github.state.resolveBranch = (_repo, branch) => CommitScene.tip(remote, branch);
    const octokit = new Octokit({ auth: TOKEN, baseUrl: github.url, log: { debug: quiet, info: quiet, warn: quiet, error: quiet } });
    return new CommitScene(remote, server, github, octokit);
  }

  static tip(remote: Remote, branch: string): string | undefined {
    try {
      return git(remote.bare, 'rev-parse', '--verify', '-q', `refs/heads/${branch}`);
    } catch {
      return undefined;
    }
  }

  tip(branch: string): string | undefined {
    return CommitScene.tip(this.remote, branch);
  }

  /** A checkout of main, snapshotted, then changed by `patch`: the changes a run would deliver. */
  async changes(patch: (ws: string) => void): Promise<Changes> {
    const ws = checkoutWorkspace(this.remote, `${this.git.url}/${OWNER}/${NAME}`);
    const snapshot: RepositorySnapshot = await snap(ws);
    patch(ws);
    return changedFiles(snapshot);
  }

  /** The publisher's delivery to `branch` (a pull request's own branch), by git push or through the API. */
  deliver(changes: Changes, branch: string, commitSigning: boolean, extra: Partial<DeliveryRequest> = {}): Promise<Delivered> {
    return deliverChanges({
      octokit: this.octokit,
      owner: OWNER,
      repo: NAME,
      mode: 'branch',
      changes,
      policy: undefined,
      limits: { maxFiles: 50, maxBytes: 1_000_000 },
      secretValues: [],
      headBranch: branch,
      ownBranch: 'warden/test',
      baseBranch: undefined,
      defaultBranch: 'main',
      remoteUrl: `${this.git.url}/${OWNER}/${NAME}`,
      token: TOKEN,
      author: BOT,
      message: 'warden: the five-file patch\n\nWarden-Run: test',
      pullTitle: 't',
      pullBody: 'b',
      commitSigning,
      ...extra,
    });
  }

  /** Every file of a branch as a fresh clone checks it out: path → mode and bytes (a symlink: its target). */
  checkout(branch: string): Map<string, { mode: string; bytes: Buffer }> {
    const dir = join(tempDir('warden-commit-checkout-'), 'c');
    git(tempDir(), 'clone', '-q', '--branch', branch, this.remote.bare, dir);
    const files = new Map<string, { mode: string; bytes: Buffer }>();
    const walk = (rel: string): void => {
      for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
        const path = rel === '' ? e.name : `${rel}/${e.name}`;
        if (path === '.git') continue;
        const full = join(dir, path);
        if (e.isDirectory()) walk(path);
        else if (e.isSymbolicLink()) files.set(path, { mode: 'link', bytes: Buffer.from(readlinkSync(full)) });
        else files.set(path, { mode: (lstatSync(full).mode & 0o111) !== 0 ? 'exec' : 'file', bytes: readFileSync(full) });
      }
    };
    walk('');
    return files;
  }

  /** `git push` requests the git server received (the API path must make none). */
  pushes(): number {
    return this.git.requests.filter((r) => r.path.endsWith('/git-receive-pack')).length;
  }

  async close(): Promise<void> {
    await this.git.close();
    await this.github.close();
  }
}
