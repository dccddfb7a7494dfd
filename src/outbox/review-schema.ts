/**
 * `review.json` of the outbox: the review comments the agent proposed (through the ReviewComment
 * tool). The agent never posts anything; the publisher turns these into one PR review.
 */
import { z } from 'zod';

export const REVIEW_VERSION = 1;

/** Generous bounds: a comment body GitHub would take, and no more. */
const MAX_BODY = 60_000;

export const ReviewItemSchema = z.strictObject({
  path: z.string().min(1).max(4096).describe('Repository-relative path of the file commented on.'),
  line: z.number().int().positive().describe('The line (of the new version) the comment is on; the last line of a range.'),
  startLine: z.number().int().positive().optional().describe('First line of a multi-line comment.'),
  body: z.string().min(1).max(MAX_BODY),
  suggestion: z.string().max(MAX_BODY).optional().describe('Replacement text for the lines startLine..line, posted as a suggestion block.'),
  placement: z.enum(['inline', 'body']).describe('inline: on a line of the diff; body: outside the diff, so it goes into the review body.'),
});
export type ReviewItem = z.infer<typeof ReviewItemSchema>;

export const ReviewFileSchema = z.strictObject({
  version: z.literal(REVIEW_VERSION),
  items: z.array(ReviewItemSchema).max(200),
});
