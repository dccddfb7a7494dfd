/**
 * The webhook payload fields Warden reads, checked with zod. Only what is used is declared (the
 * payloads carry far more); a supported event whose payload lacks a needed field is refused.
 */
import { z } from 'zod';

export const UserSchema = z.object({
  login: z.string().min(1),
  type: z.string().default('User'),
});
export type GithubUser = z.infer<typeof UserSchema>;

export const RepoSchema = z.object({
  full_name: z.string().min(1),
  name: z.string().min(1),
  owner: z.object({ login: z.string().min(1) }),
  default_branch: z.string().optional(),
});

const text = z.string().nullable().optional().transform((v) => v ?? '');

export const PullRequestSchema = z.object({
  number: z.number().int().positive(),
  title: z.string(),
  body: text,
  user: UserSchema,
  html_url: z.string().optional(),
  draft: z.boolean().optional(),
  /** Issue comments at event time; absent from the short form in review payloads. */
  comments: z.number().int().nonnegative().optional(),
  head: z.object({ ref: z.string().min(1), sha: z.string().regex(/^[0-9a-f]{40}$/), repo: RepoSchema.nullable() }),
  base: z.object({ ref: z.string().min(1), sha: z.string().regex(/^[0-9a-f]{40}$/), repo: RepoSchema }),
});
export type PullRequestPayload = z.infer<typeof PullRequestSchema>;

export const IssueSchema = z.object({
  number: z.number().int().positive(),
  title: z.string(),
  body: text,
  user: UserSchema,
  html_url: z.string().optional(),
  comments: z.number().int().nonnegative().optional(),
  /** Present (an object) when the issue is a pull request. */
  pull_request: z.object({ url: z.string().optional() }).nullable().optional(),
  labels: z.array(z.object({ name: z.string() })).default([]),
});
export type IssuePayload = z.infer<typeof IssueSchema>;

export const CommentSchema = z.object({
  id: z.number().int(),
  body: text,
  user: UserSchema,
  created_at: z.string(),
  updated_at: z.string().optional(),
  author_association: z.string().optional(),
  html_url: z.string().optional(),
});
export type CommentPayload = z.infer<typeof CommentSchema>;

export const ReviewCommentSchema = CommentSchema.extend({
  path: z.string(),
  diff_hunk: z.string().default(''),
  line: z.number().int().nullable().optional(),
});
export type ReviewCommentPayload = z.infer<typeof ReviewCommentSchema>;

export const ReviewSchema = z.object({
  id: z.number().int(),
  body: text,
  user: UserSchema,
  state: z.string(),
  submitted_at: z.string().nullable().optional(),
});
export type ReviewPayload = z.infer<typeof ReviewSchema>;

const base = { repository: RepoSchema, sender: UserSchema };

/** A pull request as a CI payload lists it: numbers and refs only; GitHub lists none for a fork's. */
const CiPullSchema = z.object({
  number: z.number().int().positive(),
  head: z.object({ ref: z.string().min(1), sha: z.string().regex(/^[0-9a-f]{40}$/), repo: z.object({ url: z.string() }).nullable().optional() }),
  base: z.object({ ref: z.string().min(1), sha: z.string().regex(/^[0-9a-f]{40}$/), repo: z.object({ url: z.string() }).nullable().optional() }),
});
export type CiPullPayload = z.infer<typeof CiPullSchema>;
const ciBase = { head_sha: z.string().regex(/^[0-9a-f]{40}$/), conclusion: z.string().nullable().optional(), pull_requests: z.array(CiPullSchema).default([]) };

export const PAYLOAD_SCHEMAS = {
  pull_request: z.object({ ...base, action: z.enum(['opened', 'synchronize', 'reopened', 'ready_for_review']), pull_request: PullRequestSchema }),
  issue_comment: z.object({ ...base, action: z.literal('created'), issue: IssueSchema, comment: CommentSchema }),
  pull_request_review_comment: z.object({ ...base, action: z.literal('created'), pull_request: PullRequestSchema, comment: ReviewCommentSchema }),
  pull_request_review: z.object({ ...base, action: z.literal('submitted'), pull_request: PullRequestSchema, review: ReviewSchema }),
  issues: z.object({
    ...base,
    action: z.enum(['opened', 'assigned', 'labeled']),
    issue: IssueSchema,
    label: z.object({ name: z.string() }).optional(),
    assignee: UserSchema.nullable().optional(),
  }),
  workflow_dispatch: z.object({ ...base, ref: z.string().default(''), inputs: z.record(z.string(), z.unknown()).nullable().default(null) }),
  repository_dispatch: z.object({ ...base, action: z.string().min(1), branch: z.string().default(''), client_payload: z.unknown().optional() }),
  // GitHub's schedule payload carries the cron line; the repository comes from GITHUB_REPOSITORY.
  schedule: z.object({ schedule: z.string().default(''), repository: RepoSchema.optional() }),
  workflow_run: z.object({
    ...base,
    action: z.literal('completed'),
    workflow_run: z.object({ ...ciBase, id: z.number().int(), name: z.string().nullable().optional(), html_url: z.string().optional(), actor: UserSchema.nullable().optional(), triggering_actor: UserSchema.nullable().optional() }),
  }),
  check_suite: z.object({ ...base, action: z.literal('completed'), check_suite: z.object({ ...ciBase, id: z.number().int() }) }),
  check_run: z.object({ ...base, action: z.literal('completed'), check_run: z.object({ ...ciBase, id: z.number().int(), name: z.string(), html_url: z.string().nullable().optional() }) }),
} as const;

/** Which actions of each event Warden acts on; any other action does not concern it. */
export const SUPPORTED_ACTIONS: Readonly<Record<keyof typeof PAYLOAD_SCHEMAS, readonly string[] | null>> = {
  pull_request: ['opened', 'synchronize', 'reopened', 'ready_for_review'],
  issue_comment: ['created'],
  pull_request_review_comment: ['created'],
  pull_request_review: ['submitted'],
  issues: ['opened', 'assigned', 'labeled'],
  workflow_dispatch: null,
  repository_dispatch: null,
  schedule: null,
  workflow_run: ['completed'],
  check_suite: ['completed'],
  check_run: ['completed'],
};
