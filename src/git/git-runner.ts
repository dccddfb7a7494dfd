/**
 * Host git for the runner's own work before the agent runs (fetch and checkout of a pull request,
 * the base's files, the diff stat), with host-git-env.ts's argv and environment; a token reaches
 * the one fetch that needs it, as config in its environment.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findHostExecutable } from '../sandbox/index.js';
import { buildGitCommand, trustedSearchPath, type GitCommand, type HostGitContext } from './host-git-env.js';
import { runGit } from './host-git-exec.js';
import { makeOwnedTempDir } from '../sandbox/index.js';

export interface GitAuth {
  /** The server the token is for, e.g. `https://github.com` (the header is scoped to it). */
  serverUrl: string;
  token: string;
}

export interface GitRequest {
  cwd: string;
  args: readonly string[];
  /** For a command that talks to the server: its URL allows that one transport, the token authenticates. */
  remote?: { url: string; auth: GitAuth | undefined };
  timeoutMs?: number;
  maxOutputBytes?: number;
}

export interface GitResult {
  exitCode: number;
  stdout: Buffer;
  stderr: string;
}

export interface GitRunner {
  readonly git: string;
  /** The exact command a request becomes (for tests and logs; holds the token when there is one). */
  command(request: GitRequest): GitCommand;
  run(request: GitRequest): Promise<GitResult>;
  /** Removes the private HOME and hooks directory; the runner is not used after this. */
  dispose(): void;
}

export class GitError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly result: GitResult,
  ) {
    super(`git ${args.join(' ')} failed (exit ${result.exitCode}): ${result.stderr.trim().split('\n').slice(-3).join(' / ')}`);
    this.name = 'GitError';
  }
}

/** The transport a remote URL needs, for GIT_ALLOW_PROTOCOL: nothing else is reachable. */
export function transportOf(url: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'https' || scheme === 'http' || scheme === 'file') return scheme;
  throw new Error(`not a transport the runner's git may use: ${url}`);
}

/** The auth header as actions/checkout sends it, for `http.<server>/.extraheader`. Pure. */
export function authConfig(auth: GitAuth): Array<[string, string]> {
  const key = `http.${auth.serverUrl.replace(/\/+$/, '')}/.extraheader`;
  const basic = Buffer.from(`x-access-token:${auth.token}`, 'utf8').toString('base64');
  // The empty value first clears a header a persisted checkout may hold for the same URL.
  return [
    [key, ''],
    [key, `AUTHORIZATION: basic ${basic}`],
  ];
}

/**
 * Finds git on the host PATH (never inside the workspace) and returns a runner for it, with a
 * private empty HOME and hooks directory. Undefined when there is no git.
 */
export async function createGitRunner(opts: { hostPath: string; untrustedRoots: readonly string[] }): Promise<GitRunner | undefined> {
  const path = trustedSearchPath(opts.hostPath, opts.untrustedRoots);
  const git = await findHostExecutable('git', path, opts.untrustedRoots);
  if (git === undefined) return undefined;
  const state = makeOwnedTempDir(tmpdir(), 'warden-git-');
  const ctx: HostGitContext = { git, path, home: mkdtempSync(join(state, 'home-')), hooksDir: mkdtempSync(join(state, 'hooks-')), globalConfig: '/dev/null' };
  const command = (request: GitRequest): GitCommand =>
    buildGitCommand(ctx, {
      args: request.args,
      ...(request.remote === undefined ? {} : { allowProtocol: transportOf(request.remote.url), config: request.remote.auth === undefined ? [] : authConfig(request.remote.auth) }),
    });
  return {
    git,
    command,
    async run(request) {
      const r = await runGit(command(request), { cwd: request.cwd, timeoutMs: request.timeoutMs ?? 120_000, maxStdoutBytes: request.maxOutputBytes ?? 20_000_000 });
      let stderr = r.stderr;
      if (r.timedOut) stderr += '\n(timed out)';
      if (r.overflow) stderr += '\n(output too large)';
      const token = request.remote?.auth?.token;
      if (token !== undefined && token !== '') stderr = stderr.split(token).join('***');
      return { exitCode: r.exitCode ?? 1, stdout: r.stdout, stderr };
    },
    dispose() {
      rmSync(state, { recursive: true, force: true });
    },
  };
}

/** Runs and throws a GitError unless git exits 0; returns stdout as text. */
export async function gitText(runner: GitRunner, request: GitRequest): Promise<string> {
  const result = await runner.run(request);
  if (result.exitCode !== 0) throw new GitError(request.args, result);
  return result.stdout.toString('utf8');
}
