/**
 * Delivers the run's changes on GitHub: checked, committed and pushed (src/deliver/), to the pull
 * request's own branch (`push: branch`, same-repository PRs only, never the default branch nor one
 * whose protection cannot be seen: push-target.ts), or to Warden's own branch with a draft pull
 * request against the base (`push: pull-request`, and the fallback of `branch`), which a repeated
 * task updates instead of opening another — when that branch and pull request are Warden's
 * (deliver/own-branch.ts); else a new branch name and a new draft.
 */
import type { Octokit } from '@octokit/rest';
import type { PushMode } from '../../config/index.js';
import { checkCommitPush, claimOwnBranch } from '../../deliver/index.js';
import { createOnce } from '../../net/index.js';
import { defaultBranchFromApi } from '../event/default-branch.js';
import type { DeliveryLimits, LoadedPolicy } from '../../policy/index.js';
import type { Delivery } from '../../report/index.js';
import { readRemoteBranch } from '../../git/index.js';
import type { Changes, GitIdentity, RepositorySnapshot } from '../../git/index.js';
import { branchPushRefusal, pullRequestFrom } from './push-target.js';
import { apiCommitSigner, commitThroughApi } from './api-commit.js';

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
  /** The repository's default branch when the event says (else asked of the API when needed): never pushed to. */
  defaultBranch: string | undefined;
  /** `https://github.com/owner/repo` (tests: the local git server). */
  remoteUrl: string;
  token: string;
  author: GitIdentity;
  message: string;
  pullTitle: string;
  pullBody: string;
  networkEnv?: Readonly<Record<string, string>>;
  /** Make the commit through GitHub's API, which signs it, instead of pushing it (api-commit.ts). */
  commitSigning?: boolean;
}

export interface Delivered {
  delivery: Delivery;
  commitSha?: string;
  branch?: string;
  pullRequestUrl?: string;
}

export async function deliverChanges(req: DeliveryRequest): Promise<Delivered> {
  if (req.mode === 'none') return { delivery: { kind: 'none', why: 'the policy\'s publish.push is none (or the inputs narrowed it)' } };
  const { owner, repo, octokit } = req;
  const defaultBranch = async (): Promise<string> => req.defaultBranch ?? (await defaultBranchFromApi(octokit, owner, repo));
  let mode = req.mode;
  let base: string | undefined;
  const notes: string[] = [];
  // The pull request's branch, unless it is the default branch or its protection cannot be seen:
  // then a draft pull request into it instead, saying why (push-target.ts).
  if (mode === 'branch' && req.headBranch !== undefined) {
    const refusal = await branchPushRefusal(octokit, { owner, repo, branch: req.headBranch, defaultBranch: await defaultBranch() });
    if (refusal !== undefined) {
      mode = 'pull-request';
      base = req.headBranch;
      notes.push(`not pushed to \`${req.headBranch}\`: ${refusal}`);
    }
  }
  // Known before anything is pushed: a draft pull request needs a base that exists.
  if (mode === 'pull-request') base ??= req.baseBranch ?? (await defaultBranch());

  let pull: { number: number; url: string } | undefined;
  const pushed = await checkCommitPush({
    mode,
    changes: req.changes,
    policy: req.policy,
    limits: req.limits,
    secretValues: req.secretValues,
    branch: mode === 'branch' ? req.headBranch : req.ownBranch,
    ...(mode === 'pull-request'
      ? {
          chooseBranch: async (snapshot: RepositorySnapshot) => {
            const claim = await claimOwnBranch(req.ownBranch, req.author, {
              requestFrom: (branch) => pullRequestFrom(octokit, owner, repo, branch),
              readRemote: (branch) => readRemoteBranch(snapshot, { remoteUrl: req.remoteUrl, token: req.token, branch, base: base ?? '', ...(req.networkEnv === undefined ? {} : { networkEnv: req.networkEnv }) }),
            }, req.commitSigning === true ? await apiCommitSigner(octokit) : undefined);
            if (claim.kind === 'none-free') return { refused: `none of Warden's branch names is free: ${claim.passedOver.join('; ')}` };
            if (claim.passedOver.length > 0) notes.push(`a new branch, as ${claim.passedOver.join('; ')}`);
            pull = claim.request;
            return { branch: claim.branch, lease: claim.lease };
          },
        }
      : {}),
    remoteUrl: req.remoteUrl,
    token: req.token,
    author: req.author,
    message: req.message,
    ...(req.networkEnv === undefined ? {} : { networkEnv: req.networkEnv }),
    ...(req.commitSigning === true ? { deliverCommit: commitThroughApi(octokit, owner, repo) } : {}),
  });
  if (pushed.kind === 'not-pushed') return { delivery: pushed.delivery, ...(pushed.commitSha === undefined ? {} : { commitSha: pushed.commitSha }) };
  const { branch, sha } = pushed;
  if (mode === 'branch') return { delivery: { kind: 'pushed', branch, sha }, commitSha: sha, branch };
  const note = notes.length === 0 ? {} : { note: notes.join('; ') };

  const existing = pull as { number: number; url: string } | undefined;
  if (existing !== undefined) {
    await octokit.rest.pulls.update({ owner, repo, pull_number: existing.number, title: req.pullTitle, body: req.pullBody });
    return { delivery: { kind: 'pull_request', url: existing.url, branch, sha, updated: true, ...note }, commitSha: sha, branch, pullRequestUrl: existing.url };
  }
  // A create whose answer was lost may have opened the pull request: look for it before failing.
  const url = await createOnce(
    async () => (await octokit.rest.pulls.create({ owner, repo, head: branch, base: base ?? '', title: req.pullTitle, body: req.pullBody, draft: true })).data.html_url,
    async () => {
      const found = await pullRequestFrom(octokit, owner, repo, branch);
      return found.kind === 'wardens' ? found.ref.url : undefined;
    },
  );
  return { delivery: { kind: 'pull_request', url, branch, sha, updated: false, ...note }, commitSha: sha, branch, pullRequestUrl: url };
}
