/**
 * Delivers the run's changes: checked first (no workflow, no policy file, nothing protected, within
 * the size limits — src/policy/delivery-check.ts), committed on the host through the private git
 * state with a configured identity, then pushed with the token handed to that one git process:
 * to the pull request's own branch (`push: branch`, same-repository PRs only), or to Warden's own
 * branch with a draft pull request against the base (`push: pull-request`), which a repeated task
 * updates instead of opening another.
 */
import type { Octokit } from '@octokit/rest';
import type { PushMode } from '../../config/index.js';
import { checkDelivery, type DeliveryLimits, type LoadedPolicy } from '../../policy/index.js';
import type { Delivery } from '../../report/index.js';
import { changedModes, commitChanges, pushCommit } from '../../sandbox/index.js';
import type { Changes, GitIdentity } from '../../sandbox/index.js';

export interface DeliveryRequest {
  octokit: Octokit;
  owner: string;
  repo: string;
  /** What to do, already narrowed (fork PRs and policy): none, branch or pull-request. */
  mode: PushMode;
  changes: Changes | undefined;
  patchBytes: number;
  policy: LoadedPolicy | undefined;
  limits: DeliveryLimits;
  /** For `branch`: the pull request's head branch (same repository). */
  headBranch: string | undefined;
  /** For `pull-request`: Warden's branch and the branch to merge into. */
  ownBranch: string;
  baseBranch: string;
  /** `https://github.com/owner/repo.git` (tests: the local git server). */
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
  const changes = req.changes;
  if (changes === undefined) return { delivery: { kind: 'none', why: 'the changes could not be read from git' } };
  if (changes.files.length === 0) return { delivery: { kind: 'none', why: 'nothing changed' } };

  const oldPaths = new Map(changes.files.filter((f) => f.oldPath !== undefined).map((f) => [f.path, f.oldPath]));
  const files = changedModes(changes).map((f) => ({ ...f, oldPath: oldPaths.get(f.path) }));
  const reasons = checkDelivery(files, req.patchBytes, req.policy, changes.snapshot.topLevel, req.limits);
  if (reasons.length > 0) return { delivery: { kind: 'refused', reasons } };

  const target = req.mode === 'branch' ? req.headBranch : req.ownBranch;
  if (target === undefined) return { delivery: { kind: 'none', why: 'push: branch needs a pull request from this repository; there is none for this event' } };
  const commit = await commitChanges(changes, { message: req.message, author: req.author });
  if (commit.kind === 'no-changes') return { delivery: { kind: 'none', why: 'nothing changed' } };

  const ref = `refs/heads/${target}`;
  // Warden's own branch holds only its latest attempt: a re-run replaces it (force). A PR's branch is
  // the author's: never forced, so a push that raced ours is kept and ours is reported as rejected.
  const pushed = await pushCommit(changes.snapshot, {
    commit: commit.commit,
    remoteUrl: req.remoteUrl,
    ref,
    token: req.token,
    force: req.mode === 'pull-request',
    ...(req.networkEnv === undefined ? {} : { networkEnv: req.networkEnv }),
  });
  if (!pushed.ok) return { delivery: { kind: 'failed', call: `git push ${ref}`, message: pushed.message }, commitSha: commit.commit };
  if (req.mode === 'branch') return { delivery: { kind: 'pushed', branch: target, sha: commit.commit }, commitSha: commit.commit, branch: target };

  const { owner, repo, octokit } = req;
  const open = await octokit.rest.pulls.list({ owner, repo, state: 'open', head: `${owner}:${target}`, per_page: 10 });
  const existing = open.data[0];
  if (existing !== undefined) {
    await octokit.rest.pulls.update({ owner, repo, pull_number: existing.number, title: req.pullTitle, body: req.pullBody });
    return { delivery: { kind: 'pull_request', url: existing.html_url, branch: target, sha: commit.commit, updated: true }, commitSha: commit.commit, branch: target, pullRequestUrl: existing.html_url };
  }
  const { data } = await octokit.rest.pulls.create({ owner, repo, head: target, base: req.baseBranch, title: req.pullTitle, body: req.pullBody, draft: true });
  return { delivery: { kind: 'pull_request', url: data.html_url, branch: target, sha: commit.commit, updated: false }, commitSha: commit.commit, branch: target, pullRequestUrl: data.html_url };
}
