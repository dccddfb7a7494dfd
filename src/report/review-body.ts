/**
 * The agent's review items as one GitHub review: inline comments on diff lines (suggestions as
 * ```suggestion blocks), items outside the diff gathered in the review body, and items Warden
 * already posted on this PR (same path, line and body) left out. Pure.
 */
import type { ReviewItem } from '../outbox/index.js';
import { defuse } from './sticky-comment.js';

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
}

/** A comment Warden posted before, as the API lists it. */
export interface PostedComment {
  path: string;
  line: number | null;
  body: string;
}

export function renderReview(items: readonly ReviewItem[], posted: readonly PostedComment[], intro: string): RenderedReview {
  const seen = new Set(posted.map((p) => key(p.path, p.line ?? 0, p.body)));
  const comments: ReviewCommentOut[] = [];
  const outside: string[] = [];
  let skipped = 0;
  for (const item of items) {
    const body = commentBody(item);
    if (seen.has(key(item.path, item.line, body))) {
      skipped += 1;
      continue;
    }
    seen.add(key(item.path, item.line, body));
    if (item.placement === 'inline') {
      comments.push({
        path: item.path,
        line: item.line,
        side: 'RIGHT',
        ...(item.startLine !== undefined && item.startLine < item.line ? { start_line: item.startLine, start_side: 'RIGHT' as const } : {}),
        body,
      });
    } else {
      const where = item.startLine !== undefined ? `${item.path}:${item.startLine}-${item.line}` : `${item.path}:${item.line}`;
      outside.push(`- \`${where.replace(/`/g, "'")}\`: ${body.replace(/\n/g, '\n  ')}`);
    }
  }
  const parts = [REVIEW_MARKER, intro];
  if (outside.length > 0) parts.push('', '**On lines outside the diff:**', '', ...outside);
  return { body: parts.join('\n'), comments, skipped };
}

function commentBody(item: ReviewItem): string {
  const text = defuse(item.body.trim());
  if (item.suggestion === undefined) return text;
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(item.suggestion) + 1));
  const suggestion = item.suggestion.endsWith('\n') ? item.suggestion : `${item.suggestion}\n`;
  return `${text}\n\n${fence}suggestion\n${suggestion}${fence}`;
}

function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

function key(path: string, line: number, body: string): string {
  return `${path}\u0000${line}\u0000${body.trim()}`;
}
