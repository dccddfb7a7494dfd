/**
 * From an event (and what was fetched for it) to the pieces of the task text. Pure.
 * Titles and bodies come from the payload, i.e. as they were when the event happened, not as
 * they are when the run starts: an edit made after a maintainer asked is not what they asked about.
 */
import type { GithubEvent } from './github-event.js';
import type { PullRequestPayload } from './event-schema.js';
import type { DiffStat, PullInfo, TaskInput, TaskRequest, Thread } from './task.js';
import type { CiFailureInfo } from './ci-task.js';

export interface TaskPieces {
  prompt: string;
  actor: { login: string; standing: string } | null;
  /** For pull request events: the pull request (from the payload, or the API for issue_comment). */
  pull?: { payload: PullRequestPayload; fork: boolean; headSha: string; baseSha: string; diff: DiffStat | { error: string } };
  thread?: Thread;
  /** For a failed CI run: what failed and the logs the host fetched. */
  ciFailure?: CiFailureInfo;
}

export function taskInputFor(event: GithubEvent, pieces: TaskPieces): TaskInput {
  const input: TaskInput = {
    prompt: pieces.prompt,
    eventName: event.name,
    action: 'action' in event ? event.action : event.kind === 'issue_comment' || event.kind === 'review_comment' ? 'created' : event.kind === 'review' ? 'submitted' : '',
    repository: event.repository,
    actor: pieces.actor,
  };
  if (pieces.thread !== undefined) input.thread = pieces.thread;
  if (pieces.ciFailure !== undefined) input.ciFailure = pieces.ciFailure;
  if (pieces.pull !== undefined) {
    // issue_comment: the title and body the comment's author saw, from the payload's issue.
    const text = event.kind === 'issue_comment' ? { title: event.issue.title, body: event.issue.body } : { title: pieces.pull.payload.title, body: pieces.pull.payload.body };
    input.pull = pullInfo(pieces.pull.payload, text, pieces.pull);
  } else if (event.kind === 'issue_comment' || event.kind === 'issues') {
    input.issue = { number: event.issue.number, title: event.issue.title, body: event.issue.body, author: event.issue.user.login };
  }
  const request = requestOf(event);
  if (request !== undefined) input.request = request;
  switch (event.kind) {
    case 'issues':
      if (pieces.prompt.trim() === '') {
        const by = pieces.actor === null ? '' : ` by @${pieces.actor.login}`;
        input.issueIsTask = { how: event.action === 'labeled' ? `labelled ${JSON.stringify(event.label ?? '')}${by}` : `${event.action}${by}` };
      }
      break;
    case 'workflow_dispatch':
      if (event.ref !== '') input.note = `Ref: ${JSON.stringify(event.ref)}.`;
      if (Object.keys(event.inputs).length > 0) input.extras = [{ label: 'Workflow inputs', value: event.inputs }];
      break;
    case 'repository_dispatch':
      input.note = `Event type: ${JSON.stringify(event.eventType)}${event.branch === '' ? '' : `, branch ${JSON.stringify(event.branch)}`}.`;
      if (event.clientPayload !== undefined) input.extras = [{ label: 'Client payload', value: event.clientPayload }];
      break;
    case 'schedule':
      if (event.cron !== '') input.note = `Schedule: \`${event.cron.replace(/`/g, '')}\`.`;
      break;
    default:
      break;
  }
  return input;
}

function pullInfo(pr: PullRequestPayload, text: { title: string; body: string }, fetched: NonNullable<TaskPieces['pull']>): PullInfo {
  return {
    number: pr.number,
    title: text.title,
    body: text.body,
    author: pr.user.login,
    baseRef: pr.base.ref,
    baseSha: fetched.baseSha,
    headRef: pr.head.ref,
    headSha: fetched.headSha,
    headRepo: pr.head.repo?.full_name ?? null,
    fork: fetched.fork,
    diff: fetched.diff,
  };
}

function requestOf(event: GithubEvent): TaskRequest | undefined {
  switch (event.kind) {
    case 'issue_comment':
      return { source: 'comment', author: event.comment.user.login, body: event.comment.body };
    case 'review_comment':
      return { source: 'review comment', author: event.comment.user.login, body: event.comment.body, path: event.comment.path, line: event.comment.line ?? null, diffHunk: event.comment.diff_hunk };
    case 'review':
      return { source: 'review', author: event.review.user.login, body: event.review.body };
    default:
      return undefined;
  }
}

/** The comment that started the run, for leaving it out of the thread and as the cut-off time. */
export function triggerOf(event: GithubEvent): { id: number; at: string } | undefined {
  if (event.kind === 'issue_comment' || event.kind === 'review_comment') return { id: event.comment.id, at: event.comment.created_at };
  if (event.kind === 'review' && event.review.submitted_at != null) return { id: -1, at: event.review.submitted_at };
  return undefined;
}
