import { describe, expect, it } from 'vitest';
import type { ReviewItem } from '../../src/outbox/index.js';
import { renderReview, REVIEW_MARKER } from '../../src/report/review-body.js';

const items: ReviewItem[] = [
  { path: 'src/a.ts', line: 12, startLine: 11, body: 'Off by one.', suggestion: 'for (let i = 0; i < n; i++) {', placement: 'inline' },
  { path: 'src/a.ts', line: 30, body: 'Use ```const``` here, @someone.', placement: 'inline' },
  { path: 'src/b.ts', line: 99, body: 'Not in the diff.', suggestion: 'x', placement: 'body' },
];

describe('renderReview', () => {
  it('inline items become comments (suggestion blocks, ranges on the right side); others go to the body', () => {
    const review = renderReview(items, [], 'Review by Warden.');
    expect(review.comments).toEqual([
      { path: 'src/a.ts', line: 12, side: 'RIGHT', start_line: 11, start_side: 'RIGHT', body: 'Off by one.\n\n```suggestion\nfor (let i = 0; i < n; i++) {\n```' },
      { path: 'src/a.ts', line: 30, side: 'RIGHT', body: 'Use ```const``` here, @\u2060someone.' },
    ]);
    expect(review.body.startsWith(REVIEW_MARKER)).toBe(true);
    expect(review.body).toContain('**On lines outside the diff:**');
    expect(review.body).toContain('- `src/b.ts:99`: Not in the diff.');
    expect(review.skipped).toBe(0);
  });

  it('a suggestion holding a fence gets a longer one', () => {
    const review = renderReview([{ path: 'a.md', line: 1, body: 'b', suggestion: 'text\n```\ncode\n```', placement: 'inline' }], [], '');
    expect(review.comments[0]?.body).toBe('b\n\n````suggestion\ntext\n```\ncode\n```\n````');
  });

  it('items already posted (same path, line, body) are not repeated, nor twice in one review', () => {
    const first = renderReview(items, [], '');
    const posted = first.comments.map((c) => ({ path: c.path, line: c.line, body: c.body }));
    const again = renderReview([...items, items[0] as ReviewItem], posted, '');
    expect(again.comments).toEqual([]);
    expect(again.skipped).toBe(3);
    expect(again.body).toContain('src/b.ts:99'); // body items are not comments: they come with each new review
  });
});
