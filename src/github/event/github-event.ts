/**
 * The event that started the step, as one typed value: GITHUB_EVENT_NAME plus the payload at
 * GITHUB_EVENT_PATH, checked against the schemas in event-schema.ts. Pure (the caller reads the file).
 */
import { ZodError, type z } from 'zod';
import {
  PAYLOAD_SCHEMAS,
  type CiPullPayload,
  SUPPORTED_ACTIONS,
  type CommentPayload,
  type GithubUser,
  type IssuePayload,
  type PullRequestPayload,
  type ReviewCommentPayload,
  type ReviewPayload,
} from './event-schema.js';
import { errorMessage } from '../../error-text.js';

interface Common {
  /** GITHUB_EVENT_NAME. */
  name: string;
  /** owner/name, checked against GITHUB_REPOSITORY. */
  repository: string;
  /** Who caused the event; null for schedule, which has none. */
  sender: GithubUser | null;
  /** The repository's default branch, when the payload says (a draft PR for a scheduled task goes there). */
  defaultBranch?: string | undefined;
}

export type GithubEvent = Common &
  (
    | { kind: 'pull_request'; action: string; pull: PullRequestPayload }
    | { kind: 'issue_comment'; issue: IssuePayload; comment: CommentPayload }
    | { kind: 'review_comment'; pull: PullRequestPayload; comment: ReviewCommentPayload }
    | { kind: 'review'; pull: PullRequestPayload; review: ReviewPayload }
    | { kind: 'issues'; action: 'opened' | 'assigned' | 'labeled'; issue: IssuePayload; label: string | undefined }
    | { kind: 'workflow_dispatch'; ref: string; inputs: Record<string, unknown> }
    | { kind: 'repository_dispatch'; eventType: string; branch: string; clientPayload: unknown }
    | { kind: 'schedule'; cron: string }
    | ({ kind: 'ci_failure' } & CiFailure)
  );

/** A finished CI run (workflow_run, check_suite, check_run): a task when it failed on a pull request of this repository. */
export interface CiFailure {
  source: 'workflow_run' | 'check_suite' | 'check_run';
  /** failure, success, cancelled … ('' when the payload has none). */
  conclusion: string;
  /** The commit the run tested. */
  headSha: string;
  /** The pull requests GitHub lists for it: none for a fork's. */
  pulls: CiPullPayload[];
  /** What failed: a workflow run, a check suite or one check run (the Actions job of that id). */
  upstream: { runId?: number; checkSuiteId?: number; jobId?: number; name: string; url?: string };
  /** Who started the upstream run (workflow_run's actor and triggering_actor); the sender is checked too. */
  actors: GithubUser[];
}

export type EventParse =
  | { kind: 'event'; event: GithubEvent }
  /** Not an event Warden acts on: end the step with a notice, exit 0. */
  | { kind: 'ignored'; reason: string }
  /** A supported event whose payload is not what GitHub sends: refuse (fail closed). */
  | { kind: 'invalid'; message: string };

type SchemaName = keyof typeof PAYLOAD_SCHEMAS;

function schemaNameFor(eventName: string): SchemaName | undefined {
  if (eventName === 'pull_request_target') return 'pull_request';
  return Object.hasOwn(PAYLOAD_SCHEMAS, eventName) ? (eventName as SchemaName) : undefined;
}

export function parseEvent(eventName: string, payloadText: string, expectedRepository: string): EventParse {
  const schemaName = schemaNameFor(eventName);
  if (schemaName === undefined) return { kind: 'ignored', reason: `the \`${eventName}\` event is not one Warden acts on` };
  let raw: unknown;
  try {
    raw = JSON.parse(payloadText);
  } catch (err) {
    return { kind: 'invalid', message: `the event payload is not JSON (${errorMessage(err)})` };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { kind: 'invalid', message: 'the event payload is not a JSON object' };
  const supported = SUPPORTED_ACTIONS[schemaName];
  const action = (raw as Record<string, unknown>).action;
  if (supported !== null && (typeof action !== 'string' || !supported.includes(action))) {
    return { kind: 'ignored', reason: `\`${eventName}\` with action \`${String(action)}\` is not one Warden acts on (only ${supported.join(', ')})` };
  }
  const body = BUILDERS[schemaName](raw, expectedRepository);
  if (body instanceof ZodError) return { kind: 'invalid', message: `the \`${eventName}\` payload is not what GitHub sends: ${describeIssues(body)}` };
  const built: GithubEvent = { name: eventName, ...body };
  if (built.repository.toLowerCase() !== expectedRepository.toLowerCase()) {
    return { kind: 'invalid', message: `the payload is for ${built.repository}, but GITHUB_REPOSITORY is ${expectedRepository}` };
  }
  const repo = (raw as { repository?: { default_branch?: unknown } }).repository;
  return { kind: 'event', event: typeof repo?.default_branch === 'string' ? { ...built, defaultBranch: repo.default_branch } : built };
}

/** An event before it is given its GITHUB_EVENT_NAME (each kind on its own). */
type EventBody = GithubEvent extends infer E ? (E extends GithubEvent ? Omit<E, 'name'> : never) : never;

function parsed<T>(schema: z.ZodType<T>, build: (d: T, expectedRepository: string) => EventBody): (raw: unknown, expectedRepository: string) => EventBody | ZodError {
  return (raw, expectedRepository) => {
    const r = schema.safeParse(raw);
    return r.success ? build(r.data, expectedRepository) : r.error;
  };
}

/** Each payload as the event it describes (schedule's repository, absent, is GITHUB_REPOSITORY's). */
const BUILDERS: Record<SchemaName, (raw: unknown, expectedRepository: string) => EventBody | ZodError> = {
  pull_request: parsed(PAYLOAD_SCHEMAS.pull_request, (d) => ({ kind: 'pull_request', action: d.action, repository: d.repository.full_name, sender: d.sender, pull: d.pull_request })),
  issue_comment: parsed(PAYLOAD_SCHEMAS.issue_comment, (d) => ({ kind: 'issue_comment', repository: d.repository.full_name, sender: d.sender, issue: d.issue, comment: d.comment })),
  pull_request_review_comment: parsed(PAYLOAD_SCHEMAS.pull_request_review_comment, (d) => ({ kind: 'review_comment', repository: d.repository.full_name, sender: d.sender, pull: d.pull_request, comment: d.comment })),
  pull_request_review: parsed(PAYLOAD_SCHEMAS.pull_request_review, (d) => ({ kind: 'review', repository: d.repository.full_name, sender: d.sender, pull: d.pull_request, review: d.review })),
  issues: parsed(PAYLOAD_SCHEMAS.issues, (d) => ({ kind: 'issues', action: d.action, repository: d.repository.full_name, sender: d.sender, issue: d.issue, label: d.label?.name })),
  workflow_dispatch: parsed(PAYLOAD_SCHEMAS.workflow_dispatch, (d) => ({ kind: 'workflow_dispatch', repository: d.repository.full_name, sender: d.sender, ref: d.ref, inputs: d.inputs ?? {} })),
  repository_dispatch: parsed(PAYLOAD_SCHEMAS.repository_dispatch, (d) => ({ kind: 'repository_dispatch', repository: d.repository.full_name, sender: d.sender, eventType: d.action, branch: d.branch, clientPayload: d.client_payload })),
  schedule: parsed(PAYLOAD_SCHEMAS.schedule, (d, expected) => ({ kind: 'schedule', repository: d.repository?.full_name ?? expected, sender: null, cron: d.schedule })),
  workflow_run: parsed(PAYLOAD_SCHEMAS.workflow_run, (d) => {
    const r = d.workflow_run;
    const actors = [r.triggering_actor, r.actor].filter((u): u is GithubUser => u != null);
    const upstream = { runId: r.id, name: r.name ?? `workflow run ${r.id}`, ...(r.html_url === undefined ? {} : { url: r.html_url }) };
    return { kind: 'ci_failure', source: 'workflow_run', repository: d.repository.full_name, sender: d.sender, conclusion: r.conclusion ?? '', headSha: r.head_sha, pulls: r.pull_requests, upstream, actors };
  }),
  check_suite: parsed(PAYLOAD_SCHEMAS.check_suite, (d) => {
    const s = d.check_suite;
    return { kind: 'ci_failure', source: 'check_suite', repository: d.repository.full_name, sender: d.sender, conclusion: s.conclusion ?? '', headSha: s.head_sha, pulls: s.pull_requests, upstream: { checkSuiteId: s.id, name: `check suite ${s.id}` }, actors: [] };
  }),
  check_run: parsed(PAYLOAD_SCHEMAS.check_run, (d) => {
    const c = d.check_run;
    const upstream = { jobId: c.id, name: c.name, ...(c.html_url == null ? {} : { url: c.html_url }) };
    return { kind: 'ci_failure', source: 'check_run', repository: d.repository.full_name, sender: d.sender, conclusion: c.conclusion ?? '', headSha: c.head_sha, pulls: c.pull_requests, upstream, actors: [] };
  }),
};

function describeIssues(error: ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

/** The pull request an event is about, when the payload carries it. */
export function payloadPull(event: GithubEvent): PullRequestPayload | undefined {
  return event.kind === 'pull_request' || event.kind === 'review_comment' || event.kind === 'review' ? event.pull : undefined;
}

/** Events about a pull request (the comment kinds on an issue only when the issue is one). */
export function concernsPullRequest(event: GithubEvent): boolean {
  return payloadPull(event) !== undefined || (event.kind === 'issue_comment' && event.issue.pull_request != null) || event.kind === 'ci_failure';
}

/** The pull request of this repository a CI failure is on (GitHub lists a fork's nowhere; a cross-repository entry is skipped too). */
export function ciPull(event: CiFailure): CiPullPayload | undefined {
  return event.pulls.find((p) => p.head.repo != null && p.base.repo != null && p.head.repo.url === p.base.repo.url);
}
