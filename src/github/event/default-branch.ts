/**
 * The repository's default branch, never guessed: a draft pull request into a branch that does
 * not exist (`main` on a repository whose default is `master`) is refused by GitHub after the work
 * is done. From the event payload; else from the ref the run was started on, for the events
 * GitHub always starts on the default branch (a scheduled run's payload once carried only its cron
 * line); else the caller asks the API (`defaultBranchFromApi`); else delivery fails, saying so.
 */
import type { Octokit } from '@octokit/rest';
import type { GithubEvent } from './github-event.js';
import { errorMessage } from '../../error-text.js';

/** Events whose GITHUB_REF is the default branch (GitHub's "Events that trigger workflows"). */
const STARTED_ON_DEFAULT_BRANCH: ReadonlySet<string> = new Set(['schedule', 'issues', 'issue_comment', 'repository_dispatch']);

/** What the payload or the run's ref says; undefined when neither does. */
export function knownDefaultBranch(event: Pick<GithubEvent, 'name' | 'defaultBranch'>, ref: string | undefined): string | undefined {
  if (event.defaultBranch !== undefined && event.defaultBranch !== '') return event.defaultBranch;
  if (!STARTED_ON_DEFAULT_BRANCH.has(event.name)) return undefined;
  const branch = /^refs\/heads\/(.+)$/.exec(ref ?? '')?.[1];
  return branch === undefined || branch === '' ? undefined : branch;
}

/** `GET /repos/{owner}/{repo}`'s default_branch; throws a message saying what could not be learned. */
export async function defaultBranchFromApi(octokit: Octokit, owner: string, repo: string): Promise<string> {
  let answer: unknown;
  try {
    answer = (await octokit.rest.repos.get({ owner, repo })).data.default_branch;
  } catch (err) {
    throw new Error(`the default branch is unknown: the event payload does not say, the run's ref is not it, and GET /repos/${owner}/${repo} failed (${errorMessage(err)}); no draft pull request is opened against a guess`, { cause: err });
  }
  if (typeof answer !== 'string' || answer === '') throw new Error(`the default branch is unknown: GET /repos/${owner}/${repo} did not say it; no draft pull request is opened against a guess`);
  return answer;
}
