/**
 * What publishing needs to know of the event, when it is not the job that ran the agent (the
 * two-job workflow): the PR or issue, the pull request's branches and head, and whether it comes
 * from a fork — read from the payload, or for a comment on a PR from the API.
 */
import type { Octokit } from '@octokit/rest';
import { PullRequestSchema, type PullRequestPayload } from '../event/event-schema.js';
import { knownDefaultBranch } from '../event/default-branch.js';
import { concernsPullRequest, payloadPull, type GithubEvent } from '../event/github-event.js';
import { isForkPull } from '../trust/fork.js';
import type { EventFacts } from '../../deliver/index.js';

/** `ref`: GITHUB_REF, the ref the run was started on (the default branch, for some events). */
export async function eventFactsFor(event: GithubEvent, octokit: Octokit, owner: string, repo: string, workflow: string, ref: string | undefined): Promise<EventFacts> {
  let pull: PullRequestPayload | undefined = payloadPull(event);
  if (pull === undefined && event.kind === 'issue_comment' && concernsPullRequest(event)) {
    const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: event.issue.number });
    const parsed = PullRequestSchema.safeParse(data);
    if (!parsed.success) throw new Error(`GET pulls/${event.issue.number}: unexpected response`);
    pull = parsed.data;
  }
  const number = pull?.number ?? (event.kind === 'issue_comment' || event.kind === 'issues' ? event.issue.number : undefined);
  const fork = pull !== undefined && isForkPull(pull);
  return {
    eventName: event.name,
    workflow,
    number,
    pull: pull === undefined ? undefined : { headRef: pull.head.ref, headSha: pull.head.sha, baseRef: pull.base.ref, sameRepository: !fork },
    writeDelivery: !fork,
    defaultBranch: knownDefaultBranch(event, ref),
  };
}
