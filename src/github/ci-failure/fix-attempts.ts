/**
 * No fix loop: Warden's fix commit can fail CI too, and that failure would start another run. A run
 * starts from a failure of Warden's own commit only while Warden has pushed fewer than
 * `max_fix_attempts` fix commits in a row at the branch's tip. Warden's commit is told by its
 * identity and `Warden-Run:` trailer, as own-branch.ts tells it (deliver/).
 */
import { BRANCH_COMMIT_FORMAT, parseBranchCommits, type BranchCommit, type GitIdentity, type GitRunner } from '../../git/index.js';
import { notWardens, type CommitSigner } from '../../deliver/index.js';

/** How many of the newest commits (newest first) are Warden's, in a row. Pure. */
export function wardenStreak(commits: readonly BranchCommit[], identity: GitIdentity, signer?: CommitSigner): number {
  let n = 0;
  for (const c of commits) {
    if (notWardens(c, identity, signer) !== undefined) break;
    n++;
  }
  return n;
}

/** Why no run may start (the notice and comment), or undefined. Pure. */
export function fixLoopStop(streak: number, max: number, sha: string): string | undefined {
  if (streak === 0 || streak < max) return undefined;
  return `CI failed on ${sha.slice(0, 12)}, a commit Warden pushed, and Warden has already pushed ${streak} fix commit${streak === 1 ? '' : 's'} in a row on this branch (\`max_fix_attempts\`: ${max}). Warden starts no further fix run, so that fixes cannot loop; a person should look at the failure.`;
}

/** The newest `count` commits reachable from `sha`, as fix-attempt counting needs them. */
export async function recentCommits(git: GitRunner, cwd: string, sha: string, count: number): Promise<BranchCommit[]> {
  const r = await git.run({ cwd, args: ['log', '--no-show-signature', `--max-count=${count}`, `--format=${BRANCH_COMMIT_FORMAT}`, sha, '--'] });
  if (r.exitCode !== 0) throw new Error(`git log ${sha.slice(0, 12)} failed: ${r.stderr.trim().split('\n').slice(-1).join('')}`);
  return parseBranchCommits(r.stdout.toString('utf8'));
}
