/**
 * Which branches on GitHub Warden may push to, asked before anything is pushed.
 *
 * A pull request's own branch (`push: branch`) is pushed to only when it is not the repository's
 * default branch (a pull request from `master` into `release` must not put a commit on `master`)
 * and Warden can see whether it is protected: `GET …/branches/{branch}` says `protected` with
 * read access; for a protected branch `GET …/protection` must answer (the workflow token lacks
 * the administration permission it needs — then Warden cannot see the rules and does not push).
 * Otherwise the changes go to Warden's own branch as a draft pull request, saying why.
 *
 * Warden's own branch (`push: pull-request`) is the one whose open pull request, if any, Warden
 * opened: its author is the login Warden posts as (api/identity.ts).
 */
import type { Octokit } from '@octokit/rest';
import type { RequestFrom } from '../../deliver/index.js';
import { posterIdentity, sameLogin } from '../api/identity.js';
import { errorMessage, httpStatus } from '../../error-text.js';

/** Why the changes may not be pushed to this branch of the pull request, or undefined when they may. */
export async function branchPushRefusal(octokit: Octokit, target: { owner: string; repo: string; branch: string; defaultBranch: string }): Promise<string | undefined> {
  const { owner, repo, branch } = target;
  if (branch === target.defaultBranch) return `\`${branch}\` is the repository's default branch; Warden never pushes to it`;
  let protectedBranch: boolean;
  try {
    protectedBranch = (await octokit.rest.repos.getBranch({ owner, repo, branch })).data.protected;
  } catch (err) {
    return `whether \`${branch}\` is protected cannot be seen (GET branches/${branch}: ${httpStatus(err) ?? errorMessage(err)})`;
  }
  if (!protectedBranch) return undefined;
  try {
    await octokit.rest.repos.getBranchProtection({ owner, repo, branch });
    return undefined;
  } catch (err) {
    return `\`${branch}\` is protected and its rules cannot be seen with this token (GET branches/${branch}/protection: ${httpStatus(err) ?? errorMessage(err)})`;
  }
}

/** The open pull request from `branch` in this repository: none, Warden's (its number), or someone else's. */
export async function pullRequestFrom(octokit: Octokit, owner: string, repo: string, branch: string): Promise<RequestFrom<{ number: number; url: string }>> {
  const open = await octokit.rest.pulls.list({ owner, repo, state: 'open', head: `${owner}:${branch}`, per_page: 10 });
  const pull = open.data[0];
  if (pull === undefined) return { kind: 'none' };
  const author = pull.user?.login;
  // Unknown who Warden is: nothing counts as its own (the safe side; a fresh branch is opened).
  if (sameLogin(author, await posterIdentity(octokit).login())) return { kind: 'wardens', ref: { number: pull.number, url: pull.html_url } };
  return { kind: 'foreign', author: author ?? 'a deleted user' };
}
