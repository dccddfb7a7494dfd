/**
 * What the publisher may deliver, from the policy's `publish:` section, narrowed (never widened)
 * by the action's inputs. The agent never delivers anything itself: it proposes (the outbox), and a
 * host-side publisher holding the token disposes.
 */
export type PushMode = 'none' | 'branch' | 'pull-request';
export type ReviewEvent = 'COMMENT' | 'APPROVE' | 'REQUEST_CHANGES';

export const PUSH_MODES: readonly PushMode[] = ['none', 'branch', 'pull-request'];

export interface PublishConfig {
  /** A sticky comment on the PR or issue: working note, progress, final report. */
  comment: boolean;
  /** The agent's review items as one PR review (only on PR events). */
  review: boolean;
  /** How changes are delivered: not at all, pushed to the PR's branch, or as a new pull request. */
  push: PushMode;
  /** The changes are refused when they touch more files than this… */
  maxFiles: number;
  /** …or commit a file, or files together, storing more bytes than this (content, not patch size). */
  maxBytes: number;
  /** The event of the review: COMMENT unless the policy says otherwise. */
  reviewEvent: ReviewEvent;
  /** Commits are made through GitHub's API, which signs them, instead of pushed (GitHub only). */
  commitSigning: boolean;
}

export const DEFAULT_PUBLISH_CONFIG: PublishConfig = {
  comment: true,
  review: true,
  push: 'none',
  maxFiles: 50,
  maxBytes: 1_000_000,
  reviewEvent: 'COMMENT',
  commitSigning: false,
};

/** What the action's inputs ask for; each may only narrow the policy's value. */
export interface PublishNarrowing {
  comment?: boolean | undefined;
  review?: boolean | undefined;
  push?: PushMode | undefined;
  /** May turn signing on, never off: signed commits are what a branch rule may demand. */
  commitSigning?: boolean | undefined;
}

const PUSH_RANK: Record<PushMode, number> = { none: 0, branch: 1, 'pull-request': 1 };

/**
 * The policy's settings narrowed by the inputs. An input that would widen them is ignored and
 * reported; `branch` and `pull-request` are different deliveries of the same power, so an input
 * may switch between them only where the policy allows pushing at all.
 */
export function narrowPublish(policy: PublishConfig, inputs: PublishNarrowing): { config: PublishConfig; ignored: string[] } {
  const ignored: string[] = [];
  const config = { ...policy };
  if (inputs.comment !== undefined) {
    if (inputs.comment && !policy.comment) ignored.push('comment: true (the policy turns comments off)');
    else config.comment = inputs.comment;
  }
  if (inputs.review !== undefined) {
    if (inputs.review && !policy.review) ignored.push('review: true (the policy turns reviews off)');
    else config.review = inputs.review;
  }
  if (inputs.push !== undefined) {
    if (PUSH_RANK[inputs.push] > PUSH_RANK[policy.push]) ignored.push(`push: ${inputs.push} (the policy says push: ${policy.push})`);
    else config.push = inputs.push;
  }
  if (inputs.commitSigning === true) config.commitSigning = true;
  return { config, ignored };
}
