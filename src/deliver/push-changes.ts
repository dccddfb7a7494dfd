/**
 * The forge-neutral half of delivering changes: what would be committed is checked (no workflow, no
 * policy file, nothing protected, no local action a workflow runs — src/policy/delivery-check.ts; its
 * content within the size limit and free of the run's secrets — delivery-content.ts), committed on
 * the host through the private git state with a configured identity, then pushed with the token
 * handed to that one git process. GitHub and GitLab add their own pull or merge request.
 */
import type { PushMode } from '../config/index.js';
import { checkDelivery, secretReasons, type DeliveryLimits, type LoadedPolicy, type SecretFinding } from '../policy/index.js';
import type { Delivery } from '../report/index.js';
import { secretForms } from '../log/index.js';
import { commitChanges, committedEntries, diffPatch, pushCommit, secretFindings } from '../git/index.js';
import type { Changes, CommittedEntry, GitIdentity, RepositorySnapshot } from '../git/index.js';
import { localActionsOf } from './ci-paths.js';
import { errorMessage } from '../error-text.js';

export interface PushRequest {
  mode: Exclude<PushMode, 'none'>;
  changes: Changes | undefined;
  policy: LoadedPolicy | undefined;
  limits: DeliveryLimits;
  /** Values that must not leave in a commit. */
  secretValues: readonly string[];
  /** The branch to push to: the PR's own (`branch`) or Warden's (`pull-request`). */
  branch: string | undefined;
  /**
   * For Warden's own branch: which one, asked after the checks and before the commit (the remote is
   * read through the run's git state, own-branch.ts). `lease`: the tip it was judged at, '' for a
   * new branch; the push overwrites only that. Without it a `pull-request` push is forced.
   */
  chooseBranch?: (snapshot: RepositorySnapshot) => Promise<{ branch: string; lease: string } | { refused: string }>;
  remoteUrl: string;
  token: string;
  /** The user the token is sent as (GitHub: x-access-token; GitLab: oauth2 or gitlab-ci-token). */
  username?: string;
  author: GitIdentity;
  message: string;
  networkEnv?: Readonly<Record<string, string>>;
  /**
   * Delivers the checked commit some other way than `git push` (GitHub's commit signing: the same
   * commit made through its API). Its failure fails the delivery: there is no fallback to a push.
   */
  deliverCommit?: DeliverCommit;
}

/** The commit made and checked, and where it goes, with the push's lease and force. */
export interface CommitToDeliver {
  snapshot: RepositorySnapshot;
  commit: string;
  tree: string;
  message: string;
  ref: string;
  lease?: string;
  force: boolean;
}

export type DeliverCommit = (c: CommitToDeliver) => Promise<{ ok: true; sha: string } | { ok: false; call: string; message: string }>;

export type PushOutcome = { kind: 'pushed'; branch: string; sha: string } | { kind: 'not-pushed'; delivery: Delivery; commitSha?: string };

export async function checkCommitPush(req: PushRequest): Promise<PushOutcome> {
  const changes = req.changes;
  if (changes === undefined) return { kind: 'not-pushed', delivery: { kind: 'none', why: 'the changes could not be read from git' } };
  if (changes.files.length === 0) return { kind: 'not-pushed', delivery: { kind: 'none', why: 'nothing changed' } };
  // Size and secrets are judged on what would be committed (the captured tree against the start:
  // each file's full content and its size), not on a patch file handed in or on a patch's
  // encoding: that is what leaves the runner.
  let committed: Buffer;
  let entries: CommittedEntry[];
  let secrets: SecretFinding[];
  try {
    committed = await diffPatch(changes);
    entries = await committedEntries(changes);
    secrets = await secretFindings(changes, committed, secretForms(req.secretValues));
  } catch (err) {
    return { kind: 'not-pushed', delivery: { kind: 'refused', reasons: [`the changes cannot be read back from git (${errorMessage(err)})`] } };
  }
  const oldPaths = new Map(changes.files.filter((f) => f.oldPath !== undefined).map((f) => [f.path, f.oldPath]));
  const files = entries.map((f) => ({ ...f, oldPath: oldPaths.get(f.path) }));
  // The local actions the starting commit's workflows run are CI configuration like the fixed list.
  const reasons = [...secretReasons(secrets), ...checkDelivery(files, req.policy, changes.snapshot.topLevel, req.limits, localActionsOf(changes.snapshot, changes.snapshot.topLevel).entries)];
  if (reasons.length > 0) return { kind: 'not-pushed', delivery: { kind: 'refused', reasons } };
  if (req.branch === undefined) return { kind: 'not-pushed', delivery: { kind: 'none', why: 'push: branch needs a pull request from this repository; there is none for this event' } };
  let branch = req.branch;
  let lease: string | undefined;
  if (req.chooseBranch !== undefined) {
    const chosen = await req.chooseBranch(changes.snapshot);
    if ('refused' in chosen) return { kind: 'not-pushed', delivery: { kind: 'refused', reasons: [chosen.refused] } };
    ({ branch, lease } = chosen);
  }

  const commit = await commitChanges(changes, { message: req.message, author: req.author });
  if (commit.kind === 'no-changes') return { kind: 'not-pushed', delivery: { kind: 'none', why: 'nothing changed' } };
  const ref = `refs/heads/${branch}`;
  // Warden's own branch holds only its latest attempt: a re-run replaces it, from the tip it was
  // judged Warden's at (lease). A PR's branch is the author's: never forced, so a push that raced
  // ours is kept and ours is reported as rejected.
  const target = lease !== undefined ? { lease, force: false } : { force: req.mode === 'pull-request' };
  if (req.deliverCommit !== undefined) {
    const made = await req.deliverCommit({ snapshot: changes.snapshot, commit: commit.commit, tree: commit.tree, message: req.message, ref, ...target });
    if (!made.ok) return { kind: 'not-pushed', delivery: { kind: 'failed', call: made.call, message: made.message }, commitSha: commit.commit };
    return { kind: 'pushed', branch, sha: made.sha };
  }
  const pushed = await pushCommit(changes.snapshot, {
    commit: commit.commit,
    remoteUrl: req.remoteUrl,
    ref,
    token: req.token,
    ...(req.username === undefined ? {} : { username: req.username }),
    ...(lease !== undefined ? { lease } : { force: req.mode === 'pull-request' }),
    ...(req.networkEnv === undefined ? {} : { networkEnv: req.networkEnv }),
  });
  if (!pushed.ok) return { kind: 'not-pushed', delivery: { kind: 'failed', call: `git push ${ref}`, message: pushed.message }, commitSha: commit.commit };
  return { kind: 'pushed', branch, sha: commit.commit };
}
