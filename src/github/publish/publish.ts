/**
 * Publishing one finished run from its outbox, host side, with the write token: the review, the
 * changes, then the sticky comment's final report — which is written whatever went wrong before
 * it, so a run is never silent. Each failed call is collected with its name; the caller fails the
 * step with them. The agent is long gone: it proposed, this disposes.
 */
import type { Octokit } from '@octokit/rest';
import type { PublishConfig } from '../../config/index.js';
import { createRedactor, type Logger } from '../../log/index.js';
import type { ReviewItem, RunResultJson } from '../../outbox/index.js';
import type { LoadedPolicy } from '../../policy/index.js';
import { memoryOf, renderFinal, type Delivery, type Task } from '../../report/index.js';
import type { Changes, GitIdentity } from '../../git/index.js';
import { deliverChanges } from './deliver.js';
import { baseBranchFor, commitMessageFor, ownBranchFor, pullBodyFor, pullTitleFor, pushModeFor, stickyKeyFor, suggestionRefusals, undeliverable, withoutRefusedSuggestions, type EventFacts } from '../../deliver/index.js';
import { postReview, type ReviewPosted } from './review.js';
import { StickyComment } from './sticky.js';
import { errorMessage } from '../../error-text.js';

export interface PublishRequest {
  octokit: Octokit;
  owner: string;
  repo: string;
  facts: EventFacts;
  config: PublishConfig;
  policy: LoadedPolicy | undefined;
  outbox: { dir: string; result: RunResultJson; summary: string; review: readonly ReviewItem[]; patch: Buffer };
  changes: Changes | undefined;
  /** Values that must not leave in a commit (the run's secrets). */
  secretValues: readonly string[];
  token: string;
  remoteUrl: string;
  author: GitIdentity;
  runUrl: string | undefined;
  logger: Logger;
  /** The comment posted at the start, when there was one; else one is found or created here. */
  sticky: StickyComment | undefined;
  /** Set to keep the run's memory in the sticky comment for a follow-up request (report/run-memory.ts). */
  memory?: { request: string; tasks: readonly Task[] | undefined } | undefined;
  networkEnv?: Readonly<Record<string, string>>;
}

export interface PublishOutcome {
  commentUrl?: string;
  commitSha?: string;
  branch?: string;
  pullRequestUrl?: string;
  review?: ReviewPosted;
  delivery: Delivery;
  /** Calls that failed for good, named: the step fails with these. */
  failures: { call: string; message: string }[];
}

export async function publishRun(req: PublishRequest): Promise<PublishOutcome> {
  const { octokit, owner, repo, facts, config, outbox } = req;
  const failures: PublishOutcome['failures'] = [];
  const out: Omit<PublishOutcome, 'delivery' | 'failures'> = {};
  const attempt = async <T>(call: string, work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await work();
    } catch (err) {
      const message = errorMessage(err);
      failures.push({ call, message });
      req.logger.error(`publishing: ${call} failed: ${message}`);
      return undefined;
    }
  };

  // 1. The review: PR events, allowed by the policy, and something to say.
  if (config.review && facts.pull !== undefined && facts.number !== undefined && outbox.review.length > 0) {
    const number = facts.number;
    const headSha = facts.pull.headSha;
    // No suggestion on a file the publisher would refuse to commit (one click would commit it).
    const items = withoutRefusedSuggestions(outbox.review, suggestionRefusals(req.policy, req.changes, process.cwd()));
    const review = await attempt('POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews', () =>
      postReview(octokit, { owner, repo, pullNumber: number, commitId: headSha }, items, config.reviewEvent, `Review by Warden (${outbox.result.model}).`),
    );
    if (review !== undefined) out.review = review;
  }

  // 2. The changes.
  let delivery: Delivery;
  const { mode, why } = pushModeFor(config, facts);
  const refused = undeliverable(outbox.result);
  if (refused !== undefined) delivery = refused;
  else if (mode === 'none') delivery = { kind: 'none', why: why ?? 'no push' };
  else {
    const delivered = await attempt('deliver changes', () =>
      deliverChanges({
        octokit,
        owner,
        repo,
        mode,
        changes: req.changes,
        policy: req.policy,
        secretValues: req.secretValues,
        limits: { maxFiles: config.maxFiles, maxBytes: config.maxBytes },
        headBranch: facts.pull?.headRef,
        ownBranch: ownBranchFor(facts),
        baseBranch: baseBranchFor(facts),
        defaultBranch: facts.defaultBranch,
        remoteUrl: req.remoteUrl,
        token: req.token,
        author: req.author,
        message: commitMessageFor(outbox.result, facts, req.runUrl),
        pullTitle: pullTitleFor(outbox.result, facts),
        pullBody: pullBodyFor(outbox.result, facts, req.runUrl),
        ...(req.networkEnv === undefined ? {} : { networkEnv: req.networkEnv }),
        commitSigning: config.commitSigning,
      }),
    );
    if (delivered === undefined) delivery = { kind: 'failed', call: failures.at(-1)?.call ?? 'deliver changes', message: failures.at(-1)?.message ?? '' };
    else {
      delivery = delivered.delivery;
      if (delivered.commitSha !== undefined) out.commitSha = delivered.commitSha;
      if (delivered.branch !== undefined) out.branch = delivered.branch;
      if (delivered.pullRequestUrl !== undefined) out.pullRequestUrl = delivered.pullRequestUrl;
      if (delivery.kind === 'failed') failures.push({ call: delivery.call, message: delivery.message });
    }
  }

  // 3. The last word, whatever happened above.
  const key = stickyKeyFor(facts);
  if (config.comment && key !== undefined && facts.number !== undefined) {
    const sticky = req.sticky ?? StickyComment.onGithub(octokit, { owner, repo, number: facts.number, key }, req.logger, { throttleMs: 0 });
    const memory = req.memory === undefined ? undefined : memoryOf({ ...req.memory, result: outbox.result, delivery }, createRedactor(req.secretValues));
    const body = renderFinal(key, { runUrl: req.runUrl, result: outbox.result, summary: outbox.summary, outbox: outbox.dir, delivery, review: out.review === undefined ? undefined : { posted: out.review.posted, skipped: out.review.skipped }, memory });
    await attempt('the sticky comment (POST or PATCH /repos/{owner}/{repo}/issues/…/comments)', () => sticky.finish(body));
    if (sticky.htmlUrl !== undefined) out.commentUrl = sticky.htmlUrl;
  }
  return { ...out, delivery, failures };
}
