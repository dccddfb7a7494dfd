/**
 * Fetching a pull request's head and its base branch into private refs, and checking the head
 * out when the workflow's checkout left another commit (an `issue_comment` run starts on the
 * default branch). The token goes to the fetch process only (git-runner.ts): it works with
 * `persist-credentials: false` and leaves nothing in `.git/config`.
 */
import { GitError, gitText, type GitAuth, type GitRunner } from '../../git/index.js';
import { isSafeBranchName } from './ref-names.js';

export interface FetchPullRequest {
  cwd: string;
  /** `${GITHUB_SERVER_URL}/${owner}/${repo}`: where actions/checkout cloned from. */
  remoteUrl: string;
  auth: GitAuth | undefined;
  number: number;
  baseRef: string;
}

export interface FetchedPull {
  /** The base branch's tip now: the trusted commit configuration is read from. */
  baseTip: string;
  /** What `refs/pull/N/head` points at now. */
  head: string;
}

export class PullFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PullFetchError';
  }
}

export function pullRefs(number: number): { head: string; base: string } {
  return { head: `refs/warden/pull/${number}/head`, base: `refs/warden/pull/${number}/base` };
}

export async function fetchPull(git: GitRunner, req: FetchPullRequest): Promise<FetchedPull> {
  if (!isSafeBranchName(req.baseRef)) throw new PullFetchError(`the base branch name ${JSON.stringify(req.baseRef)} is not one git accepts`);
  const refs = pullRefs(req.number);
  const shallow = (await gitText(git, { cwd: req.cwd, args: ['rev-parse', '--is-shallow-repository'] })).trim() === 'true';
  // refs/pull/N/head lives in the base repository for same-repository and fork pull requests alike.
  const args = ['fetch', '--no-tags', '--no-recurse-submodules', '--no-write-fetch-head', '--quiet'];
  // A shallow checkout (the default fetch-depth 1) gets enough history to find the merge base.
  if (shallow) args.push('--depth=200');
  args.push(req.remoteUrl, `+refs/pull/${req.number}/head:${refs.head}`, `+refs/heads/${req.baseRef}:${refs.base}`);
  const result = await git.run({ cwd: req.cwd, args, remote: { url: req.remoteUrl, auth: req.auth }, timeoutMs: 300_000 });
  if (result.exitCode !== 0) throw new PullFetchError(`could not fetch pull request #${req.number} and its base ${JSON.stringify(req.baseRef)}: ${lastLines(result.stderr)}`);
  return {
    baseTip: await commitOf(git, req.cwd, refs.base),
    head: await commitOf(git, req.cwd, refs.head),
  };
}

export async function commitOf(git: GitRunner, cwd: string, ref: string): Promise<string> {
  const sha = (await gitText(git, { cwd, args: ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`] })).trim();
  if (!/^[0-9a-f]{40}$/.test(sha)) throw new PullFetchError(`${ref} is not a commit`);
  return sha;
}

/** True when the commit is in the local repository. */
export async function hasCommit(git: GitRunner, cwd: string, sha: string): Promise<boolean> {
  if (!/^[0-9a-f]{40}$/.test(sha)) return false;
  const r = await git.run({ cwd, args: ['cat-file', '-e', `${sha}^{commit}`] });
  return r.exitCode === 0;
}

/** Checks out `sha` detached; the working tree must be clean of tracked changes (nothing is forced). */
export async function checkoutCommit(git: GitRunner, cwd: string, sha: string): Promise<void> {
  const current = await git.run({ cwd, args: ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'] });
  if (current.exitCode === 0 && current.stdout.toString('utf8').trim() === sha) return;
  const r = await git.run({ cwd, args: ['checkout', '--quiet', '--detach', sha, '--'] });
  if (r.exitCode !== 0) throw new PullFetchError(`could not check out ${sha}: ${lastLines(r.stderr)}`);
}

export async function repositoryRoot(git: GitRunner, cwd: string): Promise<string> {
  try {
    return (await gitText(git, { cwd, args: ['rev-parse', '--show-toplevel'] })).trim();
  } catch (err) {
    if (err instanceof GitError) throw new PullFetchError(`the workspace ${cwd} is not a git checkout (use actions/checkout before Warden)`);
    throw err;
  }
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-3).join(' / ') || 'no message';
}
