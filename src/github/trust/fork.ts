/** Fork pull requests: code from outside the repository. Pure. */

export interface PullRepos {
  head: { repo: { full_name: string } | null };
  base: { repo: { full_name: string } };
}

/**
 * A pull request whose head lives in another repository, or whose head repository is gone
 * (a deleted fork: nobody can say whose code it is). Such a run never gets write delivery and
 * runs under at most the `fork-safe-review` preset.
 */
export function isForkPull(pull: PullRepos): boolean {
  const head = pull.head.repo?.full_name;
  return head === undefined || head.toLowerCase() !== pull.base.repo.full_name.toLowerCase();
}

/** The preset a fork pull request's run is narrowed to. */
export const FORK_CEILING = 'fork-safe-review' as const;
