/**
 * Whose permission decides whether an event may start a run. Pure.
 *
 * - pull_request / pull_request_target: the pull request's author, and the sender when another
 *   account caused the event (on `synchronize` the sender pushed the code that will run).
 * - issue_comment, pull_request_review_comment: the comment's author (and the sender, if different).
 * - pull_request_review: the review's author (and the sender, if different).
 * - issues, workflow_dispatch, repository_dispatch: the sender (who opened, assigned or labelled
 *   the issue; who dispatched the workflow; whose token sent the dispatch).
 * - workflow_run, check_suite, check_run (a failed CI run): who started the upstream run
 *   (workflow_run's triggering_actor and actor) and the sender — for a check suite, who pushed.
 * - schedule: nobody. A scheduled run is started by the workflow file on the default branch, which
 *   only writers can change; there is no account to check (GITHUB_ACTOR is whoever last edited
 *   the cron line, which says nothing about this run).
 */
import type { GithubUser } from '../event/event-schema.js';
import type { GithubEvent } from '../event/github-event.js';

export interface ActorSpec {
  user: GithubUser;
  /** How they relate to the event, for the notice: "comment author", "sender" … */
  role: string;
}

export function actorsToCheck(event: GithubEvent): ActorSpec[] {
  const specs: ActorSpec[] = [];
  const add = (user: GithubUser | null, role: string): void => {
    if (user === null) return;
    if (specs.some((s) => s.user.login.toLowerCase() === user.login.toLowerCase())) return;
    specs.push({ user, role });
  };
  switch (event.kind) {
    case 'pull_request':
      add(event.pull.user, 'pull request author');
      break;
    case 'issue_comment':
    case 'review_comment':
      add(event.comment.user, 'comment author');
      break;
    case 'review':
      add(event.review.user, 'review author');
      break;
    case 'ci_failure':
      for (const user of event.actors) add(user, 'upstream run actor');
      break;
    case 'issues':
    case 'workflow_dispatch':
    case 'repository_dispatch':
    case 'schedule':
      break;
  }
  add(event.sender, 'sender');
  return specs;
}

/** A GitHub App's account (`type: Bot`, login ending in `[bot]`). */
export function isBot(user: GithubUser): boolean {
  return user.type === 'Bot' || user.login.toLowerCase().endsWith('[bot]');
}

export function botName(login: string): string {
  return login.toLowerCase().replace(/\[bot\]$/, '');
}
