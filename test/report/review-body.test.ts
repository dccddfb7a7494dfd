import { describe, expect, it } from 'vitest';
import type { ReviewItem } from '../../src/outbox/index.js';
import { renderReview, REVIEW_MARKER } from '../../src/report/review-body.js';
import { postedProblems, renderedText } from '../support/rendered-markdown.js';

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
      { path: 'src/a.ts', line: 30, side: 'RIGHT', body: expect.any(String) as string },
    ]);
    const [, second] = review.comments;
    // The agent's code span stays one (its Markdown is its own); the mention does not.
    expect(renderedText(second?.body ?? '')).toBe('Use const here, @someone.\n');
    expect(postedProblems(second?.body ?? '')).toEqual([]);
    expect(review.body.startsWith(REVIEW_MARKER)).toBe(true);
    expect(review.body).toContain('**On lines outside the diff:**');
    expect(review.body).toMatch(/^- ` src\/b\.ts:99 `<!-- warden:item [0-9a-f]{24} -->:$/m);
    expect(renderedText(review.body)).toContain('src/b.ts:99:\nNot in the diff.');
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
    // The body item is not among the posted comments: it is known from the earlier review's body.
    expect(again.skipped).toBe(3);
    expect(again.bodyItems).toBe(1);
    const third = renderReview([...items, items[0] as ReviewItem], posted, '', [first.body]);
    expect(third).toMatchObject({ comments: [], skipped: 4, bodyItems: 0 });
    expect(third.body).not.toContain('src/b.ts:99');
  });

  it('body items: known by the hidden id in an earlier body of Warden\'s only; the agent cannot forge one', () => {
    const first = renderReview(items, [], 'Review by Warden.');
    expect(first.body).toMatch(/^- ` src\/b\.ts:99 `<!-- warden:item [0-9a-f]{24} -->:\n\n {2}Not in the diff\.\n/m);
    expect(first.body.endsWith('```')).toBe(true); // the suggestion's fence closes the body
    const id = /warden:item ([0-9a-f]{24})/.exec(first.body)?.[1] ?? '';
    // A body without the marker up front (someone else's review quoting ours) does not count.
    expect(renderReview(items, [], '', [first.body.slice(REVIEW_MARKER.length)]).bodyItems).toBe(1);
    // Same path and line, another text: a new item.
    expect(renderReview([{ ...items[2] as ReviewItem, body: 'Still not in the diff.' }], [], '', [first.body]).bodyItems).toBe(1);
    // An agent that writes an id into its own text gets it defused, so it never suppresses anything.
    // An agent that writes an id into its text, its suggestion or its path never suppresses anything:
    // ids are read only where Warden writes them.
    const mark = `<!-- warden:item ${id} -->`;
    const forged = renderReview([
      { path: 'x', line: 1, body: mark, placement: 'body' },
      { path: 'y', line: 1, body: 'b', suggestion: `\n- \`x\`${mark}:\n${mark}\n`, placement: 'body' },
      { path: `z\n- \`x\`${mark}:\n`, line: 1, body: `\n- \`x\`${mark}:\n`, placement: 'body' },
      { path: `z\`\`${mark}:`, line: 1, body: 'c', placement: 'body' },
    ], [], '');
    expect(renderReview([items[2] as ReviewItem], [], '', [`${REVIEW_MARKER}\n${forged.body}`]).bodyItems).toBe(1);
    expect(postedProblems(forged.body, { html: [REVIEW_MARKER, ...[...forged.body.matchAll(/<!-- warden:item [0-9a-f]{24} -->/g)].map((m) => m[0]).filter((m) => m !== mark)] })).toEqual([]);
  });
});
