/**
 * From the event that started the step to a run, or to no run: read the event, decide whether it
 * concerns Warden, check who caused it, get the pull request's code and the base's configuration,
 * and write the task. Everything before the trust gate is pure and makes no request at all.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import type { Octokit } from '@octokit/rest';
import { DEFAULT_POLICY_FILE, UsageError, type ActionInputs, type GithubEnvironment } from '../config/index.js';
import type { GitRunner } from '../git/index.js';
import type { RunMemory } from '../report/index.js';
import { fetchThread } from './api/comment-thread.js';
import { PullRequestSchema, type PullRequestPayload } from './event/event-schema.js';
import { ciPull, concernsPullRequest, parseEvent, payloadPull, type GithubEvent } from './event/github-event.js';
import { prepareCiFailure } from './ci-failure/prepare-ci.js';
import { buildTask, type DiffStat, type PullInfo, type Thread } from './event/task.js';
import { taskInputFor, triggerOf } from './event/task-input.js';
import { decideRelevance } from './event/trigger.js';
import { readBaseConfig, type TrustedConfig } from './trust/base-config.js';
import { FORK_CEILING, isForkPull } from './trust/fork.js';
import { checkTrust, fetchPermission, type VerifiedActor } from './trust/gate.js';
import { diffStat, unifiedDiff } from './workspace/diff-stat.js';
import { checkoutCommit, fetchPull, hasCommit, PullFetchError, repositoryRoot } from './workspace/pull-fetch.js';
import { errorMessage, errorReason } from '../error-text.js';

export interface PrepareRequest {
  env: GithubEnvironment;
  inputs: ActionInputs;
  /** The payload file's text (GITHUB_EVENT_PATH). */
  payloadText: string;
  /** Made on first use: an event that does not concern Warden makes no API request at all. */
  octokit: () => Octokit;
  git: GitRunner;
  /** For a follow-up request on a PR or issue: the memory of Warden's previous run there, if any (off: undefined). */
  earlierRun?: ((number: number) => Promise<RunMemory | undefined>) | undefined;
  /** Where a failed CI run's logs are written (outside the workspace); default the OS temp dir. */
  scratchRoot?: string;
}

export type PreparedRun =
  /** `comment`: also said on the pull request (a stopped fix loop). */
  | { kind: 'skip'; notice: string; comment?: { number: number; body: string } }
  | {
      kind: 'run';
      event: GithubEvent;
      /** The task text for the model. */
      prompt: string;
      /** Configuration from the pull request's base; undefined for events about no pull request. */
      trusted: TrustedConfig | undefined;
      /** Set for a fork pull request: the policy is narrowed to this preset. */
      ceiling: typeof FORK_CEILING | undefined;
      /** False for a fork pull request: no push, whatever the policy says (the publisher honours it). */
      writeDelivery: boolean;
      actor: VerifiedActor | null;
      pull: PullInfo | undefined;
      /** The pull request's unified diff (merge base to head), for the review tool's line checks. */
      reviewDiff: string | undefined;
      /** For result.json's trigger: the pull request or issue number and the verified actor. */
      trigger: { number?: number; actor?: string };
      /** For the run's transcript and summary. */
      notices: string[];
      /** The text of the comment or review that started the run, kept for a follow-up. */
      request: string | undefined;
      /** Directories the host filled for the agent (a failed CI run's logs): read-only, removed after the run. */
      readOnlyDirs: string[];
    };

export async function prepareRun(req: PrepareRequest): Promise<PreparedRun> {
  const { env, inputs } = req;
  const repository = `${env.owner}/${env.repo}`;
  const parsed = parseEvent(env.eventName, req.payloadText, repository);
  if (parsed.kind === 'ignored') return { kind: 'skip', notice: `${parsed.reason}; nothing to do.` };
  if (parsed.kind === 'invalid') throw new UsageError(parsed.message);
  const event = parsed.event;

  const hasPrompt = inputs.prompt !== '' || inputs.promptFile !== '';
  const relevance = decideRelevance(event, { triggerPhrase: inputs.triggerPhrase, labelTrigger: inputs.labelTrigger, hasPrompt });
  if (!relevance.concerns) return { kind: 'skip', notice: `${relevance.reason}; nothing to do.` };
  if (!hasPrompt && relevance.taskFrom === null) {
    throw new UsageError(`the \`${event.name}\` event needs a \`prompt\` or \`prompt_file\` input: only a comment or an issue can be the task by itself`);
  }

  const trust = await checkTrust(event, {
    owner: env.owner,
    repo: env.repo,
    allowedBots: inputs.allowedBots,
    permissionOf: (username) => fetchPermission(req.octokit(), env.owner, env.repo, username),
  });
  if (!trust.trusted) return { kind: 'skip', notice: trust.notice };

  const notices: string[] = [];
  let trusted: TrustedConfig | undefined;
  let pullPieces: Parameters<typeof taskInputFor>[1]['pull'];
  let reviewDiff: string | undefined;
  if (concernsPullRequest(event)) {
    const prepared = await preparePull(req, event, notices);
    trusted = prepared.trusted;
    pullPieces = prepared.pieces;
    reviewDiff = prepared.reviewDiff;
  }

  let ciFailure: Parameters<typeof taskInputFor>[1]['ciFailure'];
  if (event.kind === 'ci_failure' && pullPieces !== undefined) {
    const ci = await prepareCiFailure(
      { octokit: req.octokit(), git: req.git, workspace: realpathSync(env.workspace), owner: env.owner, repo: env.repo, apiUrl: env.apiUrl, scratchRoot: req.scratchRoot ?? tmpdir(), maxFixAttempts: inputs.maxFixAttempts, identity: inputs.commitAuthor },
      event,
      pullPieces.payload.head.sha,
    );
    if (ci.kind === 'stop') return { kind: 'skip', notice: ci.notice, ...(ci.comment ? { comment: { number: pullPieces.payload.number, body: ci.notice } } : {}) };
    ciFailure = ci.info;
  }

  const prompt = inputs.promptFile !== '' ? (trusted?.promptText ?? readPromptFile(env.workspace, inputs.promptFile)) : inputs.prompt;
  const thread = await threadFor(req, event);
  const pieces: Parameters<typeof taskInputFor>[1] = { prompt, actor: trust.actor === null ? null : { login: trust.actor.login, standing: trust.actor.standing } };
  if (pullPieces !== undefined) pieces.pull = pullPieces;
  if (thread !== undefined) pieces.thread = thread;
  if (ciFailure !== undefined) pieces.ciFailure = ciFailure;
  const taskInput = taskInputFor(event, pieces);
  const about = taskInput.pull?.number ?? taskInput.issue?.number;
  if (taskInput.request !== undefined && about !== undefined && req.earlierRun !== undefined) {
    const earlier = await req.earlierRun(about);
    if (earlier !== undefined) taskInput.earlier = earlier;
  }
  const fork = pullPieces?.fork === true;
  if (fork) {
    notices.push(`This pull request comes from a fork (${pullPieces?.payload.head.repo?.full_name ?? 'a deleted repository'}): the run is narrowed to the ${FORK_CEILING} preset and gets no write delivery.`);
  }
  const number = taskInput.pull?.number ?? taskInput.issue?.number;
  return {
    kind: 'run',
    event,
    prompt: buildTask(taskInput),
    trusted,
    ceiling: fork ? FORK_CEILING : undefined,
    writeDelivery: !fork,
    actor: trust.actor,
    pull: taskInput.pull,
    reviewDiff,
    trigger: { ...(number === undefined ? {} : { number }), ...(trust.actor === null ? {} : { actor: trust.actor.login }) },
    notices: [...(trusted?.notices ?? []), ...notices],
    request: taskInput.request?.body,
    readOnlyDirs: ciFailure === undefined ? [] : [ciFailure.logs.dir],
  };
}

interface PreparedPull {
  trusted: TrustedConfig;
  reviewDiff: string | undefined;
  pieces: NonNullable<Parameters<typeof taskInputFor>[1]['pull']>;
}

async function preparePull(req: PrepareRequest, event: GithubEvent, notices: string[]): Promise<PreparedPull> {
  const { env, git, inputs } = req;
  const payload = payloadPull(event) ?? (await fetchPullRequest(req, event));
  const workspace = realpathSync(env.workspace);
  const root = await repositoryRoot(git, workspace);
  if (realpathSync(root) !== workspace) throw new PullFetchError(`the workspace ${workspace} is not the root of the checkout (${root}); check the repository out at GITHUB_WORKSPACE`);
  const fetched = await fetchPull(git, {
    cwd: workspace,
    remoteUrl: `${env.serverUrl}/${env.owner}/${env.repo}`,
    auth: inputs.githubToken === '' ? undefined : { serverUrl: env.serverUrl, token: inputs.githubToken },
    number: payload.number,
    baseRef: payload.base.ref,
  });
  // The commit the event was about, when we have it; refs/pull/N/head may have moved on since.
  let headSha = fetched.head;
  if (payload.head.sha !== fetched.head) {
    if (await hasCommit(git, workspace, payload.head.sha)) headSha = payload.head.sha;
    notices.push(`The pull request's head moved after the event (${payload.head.sha.slice(0, 12)} then, ${fetched.head.slice(0, 12)} now); the run uses ${headSha.slice(0, 12)}.`);
  }
  // A comment on a pull request starts on the default branch (issue_comment), pull_request_target
  // on the base branch (actions/checkout's default there, and the safe one for the workflow's own
  // steps), pull_request on GitHub's merge commit — a commit on which no change can be pushed to the
  // pull request's branch (`push: branch`). Every run works on the head. The policy and
  // instructions still come from the base commit, and a fork's code runs only in the sandbox under
  // the fork-safe ceiling.
  await checkoutCommit(git, workspace, headSha);
  let diff: DiffStat | { error: string };
  let reviewDiff: string | undefined;
  try {
    diff = await diffStat(git, workspace, fetched.baseTip, headSha);
    reviewDiff = await unifiedDiff(git, workspace, diff.from, headSha);
  } catch (err) {
    diff = { error: errorMessage(err) };
  }
  const changed = new Set('files' in diff ? diff.files.map((f) => f.path) : []);
  const trusted = await readBaseConfig({
    git,
    workspace,
    commit: fetched.baseTip,
    policyPath: inputs.policy === '' ? DEFAULT_POLICY_FILE : inputs.policy,
    promptFile: inputs.promptFile === '' ? undefined : inputs.promptFile,
    changed,
  });
  return { trusted, reviewDiff, pieces: { payload, fork: isForkPull(payload), headSha, baseSha: fetched.baseTip, diff } };
}

/** issue_comment carries the issue, not the pull request: ask the API for its head and base. */
async function fetchPullRequest(req: PrepareRequest, event: GithubEvent): Promise<PullRequestPayload> {
  // A failed CI run lists its pull request's number and refs only.
  const number = event.kind === 'issue_comment' ? event.issue.number : event.kind === 'ci_failure' ? ciPull(event)?.number : undefined;
  if (number === undefined) throw new Error(`no pull request in a ${event.kind} event`);
  const { data } = await req.octokit().rest.pulls.get({ owner: req.env.owner, repo: req.env.repo, pull_number: number });
  const parsed = PullRequestSchema.safeParse(data);
  if (!parsed.success) throw new Error(`GET pulls/${number}: unexpected response (${parsed.error.issues[0]?.message ?? 'invalid'})`);
  return parsed.data;
}

async function threadFor(req: PrepareRequest, event: GithubEvent): Promise<Thread | undefined> {
  const target =
    event.kind === 'issue_comment' || event.kind === 'issues'
      ? { number: event.issue.number, count: event.issue.comments }
      : event.kind === 'pull_request' || event.kind === 'review' || event.kind === 'review_comment'
        ? { number: event.pull.number, count: event.pull.comments }
        : undefined;
  if (target === undefined) return undefined;
  const trigger = triggerOf(event);
  return fetchThread(req.octokit(), { owner: req.env.owner, repo: req.env.repo, number: target.number, count: target.count, ...(trigger === undefined ? {} : { trigger }) });
}

function readPromptFile(workspace: string, file: string): string {
  try {
    return readFileSync(resolve(workspace, file), 'utf8');
  } catch (err) {
    throw new UsageError(`prompt_file ${file}: cannot read (${errorReason(err)})`);
  }
}
