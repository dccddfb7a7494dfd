/**
 * The agent's review items as one pull-request review: COMMENT unless the policy says otherwise,
 * suggestions as suggestion blocks, items outside the diff in the body, and items Warden already
 * posted on this PR (same path, line and body) left out — so a re-run does not repeat itself.
 * "Warden" means the account it posts as: a comment or review by anyone else, marker or not, holds
 * nothing back (else anyone could silence an item by posting it first). While that account is
 * unknown, nothing is held back: a repeat is the safe side.
 */
import type { Octokit } from '@octokit/rest';
import type { ReviewEvent } from '../../config/index.js';
import type { ReviewItem } from '../../outbox/index.js';
import { REVIEW_MARKER, renderReview } from '../../report/index.js';
import { posterIdentity, sameLogin } from '../api/identity.js';

export interface ReviewTarget {
  owner: string;
  repo: string;
  pullNumber: number;
  /** The commit the line numbers refer to: the PR head the run reviewed. */
  commitId: string;
}

export type ReviewPosted = { posted: number; skipped: number; url: string | undefined };

export async function postReview(octokit: Octokit, target: ReviewTarget, items: readonly ReviewItem[], event: ReviewEvent, intro: string): Promise<ReviewPosted> {
  const { owner, repo, pullNumber } = target;
  const me = await posterIdentity(octokit).login();
  const mine = (user: { login: string } | null | undefined): boolean => sameLogin(user?.login, me);
  const existing = await octokit.paginate(octokit.rest.pulls.listReviewComments, { owner, repo, pull_number: pullNumber, per_page: 100 });
  const posted = existing.filter((c) => mine(c.user)).map((c) => ({ path: c.path, line: c.line ?? c.original_line ?? null, body: c.body }));
  // Warden's earlier reviews, found by their marker: the body items they carry are not repeated.
  const earlier = await octokit.paginate(octokit.rest.pulls.listReviews, { owner, repo, pull_number: pullNumber, per_page: 100 });
  const review = renderReview(items, posted, intro, earlier.filter((r) => mine(r.user)).map((r) => r.body ?? '').filter((b) => b.startsWith(REVIEW_MARKER)));
  // Nothing new to say: no review at all, rather than an empty one.
  if (review.comments.length === 0 && review.bodyItems === 0) return { posted: 0, skipped: review.skipped, url: undefined };
  try {
    const { data } = await octokit.rest.pulls.createReview({ owner, repo, pull_number: pullNumber, commit_id: target.commitId, event, body: review.body, comments: review.comments });
    return { posted: review.comments.length, skipped: review.skipped, url: data.html_url };
  } catch (err) {
    // The review may have been created before the connection dropped: find it rather than post twice.
    const reviews = await octokit.paginate(octokit.rest.pulls.listReviews, { owner, repo, pull_number: pullNumber, per_page: 100 });
    const found = reviews.find((r) => mine(r.user) && r.body === review.body && r.commit_id === target.commitId && (r.body ?? '').startsWith(REVIEW_MARKER));
    if (found === undefined) throw err;
    return { posted: review.comments.length, skipped: review.skipped, url: found.html_url };
  }
}
