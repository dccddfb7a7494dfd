/**
 * Delivers the run's changes on GitHub: checked, committed and pushed (src/deliver/), to the pull
 * request's own branch (`push: branch`, same-repository PRs only), or to Warden's own branch with
 * a draft pull request against the base (`push: pull-request`), which a repeated task updates
 * instead of opening another.
 */
import type { Octokit } from '@octokit/rest';
import type { PushMode } from '../../config/index.js';
import { checkCommitPush } from '../../deliver/index.js';
import { createOnce } from '../../net/index.js';
import { defaultBranchFromApi } from '../event/default-branch.js';
import type { DeliveryLimits, LoadedPolicy } from '../../policy/index.js';
import type { Delivery } from '../../report/index.js';
import type { Changes, GitIdentity } from '../../sandbox/index.js';

export interface DeliveryRequest {
  octokit: Octokit;
  owner: string;
  repo: string;
  /** What to do, already narrowed (fork PRs and policy): none, branch or pull-request. */
  mode: PushMode;
  changes: Changes | undefined;
  policy: LoadedPolicy | undefined;
  limits: DeliveryLimits;
  secretValues: readonly string[];
  /** For `branch`: the pull request's head branch (same repository). */
  headBranch: string | undefined;
  /** For `pull-request`: Warden's branch and the branch to merge into (undefined: the default branch, asked of the API). */
  ownBranch: string;
  baseBranch: string | undefined;
  /** `https://github.com/owner/repo` (tests: the local git server). */
  remoteUrl: string;
  token: string;
  author: GitIdentity;
  message: string;
  pullTitle: string;
  pullBody: string;
  networkEnv?: Readonly<Record<string, string>>;
}

export interface Delivered {
  delivery: Delivery;
  commitSha?: string;
  branch?: string;
  pullRequestUrl?: string;
}

export async function deliverChanges(req: DeliveryRequest): Promise<Delivered> {
  if (req.mode === 'none') return { delivery: { kind: 'none', why: 'the policy\'s publish.push is none (or the inputs narrowed it)' } };
  // Known before anything is pushed: a draft pull request needs a base that exists.
  const base = req.mode === 'pull-request' ? (req.baseBranch ?? (await defaultBranchFromApi(req.octokit, req.owner, req.repo))) : undefined;
  const pushed = await checkCommitPush({
    mode: req.mode,
    changes: req.changes,
    policy: req.policy,
    limits: req.limits,
    secretValues: req.secretValues,
    branch: req.mode === 'branch' ? req.headBranch : req.ownBranch,
    remoteUrl: req.remoteUrl,
    token: req.token,
    author: req.author,
    message: req.message,
    ...(req.networkEnv === undefined ? {} : { networkEnv: req.networkEnv }),
  });
  if (pushed.kind === 'not-pushed') return { delivery: pushed.delivery, ...(pushed.commitSha === undefined ? {} : { commitSha: pushed.commitSha }) };
  const { branch, sha } = pushed;
  if (req.mode === 'branch') return { delivery: { kind: 'pushed', branch, sha }, commitSha: sha, branch };

  const { owner, repo, octokit } = req;
  const open = await octokit.rest.pulls.list({ owner, repo, state: 'open', head: `${owner}:${branch}`, per_page: 10 });
  const existing = open.data[0];
  if (existing !== undefined) {
    await octokit.rest.pulls.update({ owner, repo, pull_number: existing.number, title: req.pullTitle, body: req.pullBody });
    return { delivery: { kind: 'pull_request', url: existing.html_url, branch, sha, updated: true }, commitSha: sha, branch, pullRequestUrl: existing.html_url };
  }
  // A create whose answer was lost may have opened the pull request: look for it before failing.
  const url = await createOnce(
    async () => (await octokit.rest.pulls.create({ owner, repo, head: branch, base: base ?? '', title: req.pullTitle, body: req.pullBody, draft: true })).data.html_url,
    async () => (await octokit.rest.pulls.list({ owner, repo, state: 'open', head: `${owner}:${branch}`, per_page: 10 })).data[0]?.html_url,
  );
  return { delivery: { kind: 'pull_request', url, branch, sha, updated: false }, commitSha: sha, branch, pullRequestUrl: url };
}
