/**
 * Whose branch it is. Warden's own branch (`warden/pr-7`, `warden/<workflow>-<event>`) is replaced
 * by each run of its task, and its pull request retitled — but anyone can make a branch of that
 * name. So a branch is overwritten only when everything it holds of its own (every commit not on
 * the base) is Warden's, and the push is leased from the tip that was judged; a pull request is
 * updated only when Warden opened it. Anything else keeps its name, and Warden takes the next free
 * one (`warden/pr-7-2`, …) with a new draft pull request.
 *
 * Warden's commit, checkably: author and committer are both the identity Warden commits with
 * (`commit_author`) — or, for a commit the forge signed, its bot and the forge (CommitSigner) —
 * and the message ends with Warden's `Warden-Run:` trailer (plan.ts). A person
 * can forge both on their own branch, but then the only commits lost are ones they dressed as
 * Warden's; an honest commit on `warden/…` is never overwritten.
 */
import type { BranchCommit, GitIdentity, RemoteBranch } from '../git/index.js';

/** The open pull or merge request from a branch: none, one Warden opened (`ref` to update it), or someone else's. */
export type RequestFrom<T> = { kind: 'none' } | { kind: 'wardens'; ref: T } | { kind: 'foreign'; author: string };

export interface ClaimDeps<T> {
  requestFrom(branch: string): Promise<RequestFrom<T>>;
  readRemote(branch: string): Promise<RemoteBranch>;
}

export type OwnBranchClaim<T> =
  /** `lease`: the tip the branch was judged at ('' : it does not exist); `request`: Warden's to update. */
  | { kind: 'claimed'; branch: string; lease: string; request: T | undefined; passedOver: string[] }
  | { kind: 'none-free'; passedOver: string[] };

/** How many names are tried: a task whose branch name is taken this often is a sign, not a case. */
export const OWN_BRANCH_TRIES = 5;

/** `warden/pr-7`, then `warden/pr-7-2` … : the same sequence every run, so a repeat finds its own again. */
export function ownBranchNames(own: string, tries = OWN_BRANCH_TRIES): string[] {
  return Array.from({ length: tries }, (_, i) => (i === 0 ? own : `${own}-${i + 1}`));
}

const sameIdentity = (a: { name: string; email: string }, b: GitIdentity): boolean => a.name === b.name && a.email.toLowerCase() === b.email.toLowerCase();

/**
 * Who makes Warden's commits when the forge makes and signs them (GitHub's commit_signing): the
 * token's bot as author, known by name (its email carries an id the forge chooses), the forge
 * itself as committer. A person's edit through the forge's web editor has the person as author.
 */
export interface CommitSigner {
  authorName: string;
  committer: GitIdentity;
}

const signedBy = (commit: BranchCommit, signer: CommitSigner | undefined): boolean =>
  signer !== undefined && commit.author.name === signer.authorName && sameIdentity(commit.committer, signer.committer);

/** Why a commit is not Warden's, or undefined when it is. Pure. */
export function notWardens(commit: BranchCommit, identity: GitIdentity, signer?: CommitSigner): string | undefined {
  const short = commit.sha.slice(0, 12);
  if (signedBy(commit, signer)) return commit.wardenRun.length === 0 ? `commit ${short} has no Warden-Run trailer` : undefined;
  if (!sameIdentity(commit.author, identity)) return `commit ${short} is authored by ${commit.author.name} <${commit.author.email}>`;
  if (!sameIdentity(commit.committer, identity)) return `commit ${short} is committed by ${commit.committer.name} <${commit.committer.email}>`;
  if (commit.wardenRun.length === 0) return `commit ${short} has no Warden-Run trailer`;
  return undefined;
}

/** Whether a remote branch may be overwritten by Warden: why not, or undefined (with the lease). Pure. */
export function judgeBranch(remote: RemoteBranch, identity: GitIdentity, signer?: CommitSigner): { lease: string } | { why: string } {
  switch (remote.kind) {
    case 'absent':
      return { lease: '' };
    case 'unknown':
      return { why: `what it holds cannot be read (${remote.message})` };
    case 'present': {
      if (!remote.complete) return { why: 'it holds more commits of its own than a branch of Warden\'s ever does' };
      // A branch at a commit of the base holds nothing of its own, but nothing says Warden made it.
      if (remote.commits.length === 0) return { why: 'it holds no commit of Warden\'s' };
      for (const c of remote.commits) {
        const why = notWardens(c, identity, signer);
        if (why !== undefined) return { why };
      }
      return { lease: remote.tip };
    }
  }
}

/** The first of Warden's names whose branch and request are Warden's or free. */
export async function claimOwnBranch<T>(own: string, identity: GitIdentity, deps: ClaimDeps<T>, signer?: CommitSigner): Promise<OwnBranchClaim<T>> {
  const passedOver: string[] = [];
  for (const branch of ownBranchNames(own)) {
    const request = await deps.requestFrom(branch);
    if (request.kind === 'foreign') {
      passedOver.push(`\`${branch}\` has an open pull request by ${request.author}`);
      continue;
    }
    const judged = judgeBranch(await deps.readRemote(branch), identity, signer);
    if ('why' in judged) {
      passedOver.push(`\`${branch}\` is not Warden's: ${judged.why}`);
      continue;
    }
    return { kind: 'claimed', branch, lease: judged.lease, request: request.kind === 'wardens' ? request.ref : undefined, passedOver };
  }
  return { kind: 'none-free', passedOver };
}
