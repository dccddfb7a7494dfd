/**
 * The agent's review items as one GitHub review: inline comments on diff lines (suggestions as
 * ```suggestion blocks), items outside the diff gathered in the review body, and items Warden
 * already posted on this PR (same path, line and body) left out — inline ones as the API lists
 * them, body ones by the hidden id each carries in the body of Warden's earlier reviews. Pure.
 */
import { createHash } from 'node:crypto';
import type { ReviewItem } from '../outbox/index.js';
import { mdCode, mdFence, mdProse } from './posted-text.js';
import { listedName } from '../quoted-text.js';

export const REVIEW_MARKER = '<!-- warden:review -->';

export interface ReviewCommentOut {
  path: string;
  line: number;
  side: 'RIGHT';
  start_line?: number;
  start_side?: 'RIGHT';
  body: string;
}

export interface RenderedReview {
  body: string;
  comments: ReviewCommentOut[];
  /** Items identical to ones already on the PR. */
  skipped: number;
  /** Items in the body that were not posted before: with no comments either, there is nothing to post. */
  bodyItems: number;
}

/** A comment Warden posted before, as the API lists it. */
export interface PostedComment {
  path: string;
  line: number | null;
  body: string;
}

/**
 * `earlierBodies`: the bodies of Warden's earlier reviews (or review notes) on this PR; the body
 * items they carry are not repeated.
 */
export function renderReview(items: readonly ReviewItem[], posted: readonly PostedComment[], intro: string, earlierBodies: readonly string[] = []): RenderedReview {
  const seen = new Set([...posted.map((p) => itemId(p.path, p.line ?? 0, p.body)), ...earlierBodies.flatMap(bodyItemIds)]);
  const comments: ReviewCommentOut[] = [];
  const outside: string[] = [];
  let skipped = 0;
  for (const item of items) {
    const body = commentBody(item);
    const id = itemId(item.path, item.line, body);
    if (seen.has(id)) {
      skipped += 1;
      continue;
    }
    seen.add(id);
    if (item.placement === 'inline') {
      comments.push({
        path: item.path,
        line: item.line,
        side: 'RIGHT',
        ...(item.startLine !== undefined && item.startLine < item.line ? { start_line: item.startLine, start_side: 'RIGHT' as const } : {}),
        body,
      });
    } else {
      const where = `${listedName(item.path)}:${item.startLine !== undefined ? `${item.startLine}-` : ''}${item.line}`;
      // The id, hidden, lets a later run see this item was posted. It is read only where Warden
      // writes it — at the start of a line, after the item's location — and the agent's text is
      // indented below it, so no text of the agent's is ever read as an id. Before the body,
      // which may end in a code fence.
      outside.push(`- ${mdCode(where)}${ITEM_MARK_OPEN}${id} -->:\n\n  ${body.replace(/\n/g, '\n  ')}`);
    }
  }
  const parts = [REVIEW_MARKER, intro];
  if (outside.length > 0) parts.push('', '**On lines outside the diff:**', '', ...outside);
  return { body: parts.join('\n'), comments, skipped, bodyItems: outside.length };
}

const ITEM_MARK_OPEN = '<!-- warden:item ';

/** The ids of the body items in one of Warden's earlier review bodies (none unless it opens with the marker). */
function bodyItemIds(body: string): string[] {
  if (!body.startsWith(REVIEW_MARKER)) return [];
  return [...body.matchAll(/^- (`+) [^\n]* \1<!-- warden:item ([0-9a-f]{24}) -->:$/gm)].map((m) => m[2] ?? '');
}

function commentBody(item: ReviewItem): string {
  const text = mdProse(item.body.trim());
  if (item.suggestion === undefined) return text;
  return `${text}\n\n${mdFence(item.suggestion, 'suggestion')}`;
}

/** Same path, line and body: the same item. */
function itemId(path: string, line: number, body: string): string {
  return createHash('sha256').update(`${path}\u0000${line}\u0000${body.trim()}`).digest('hex').slice(0, 24);
}
