import { relative } from 'node:path';
import { z } from 'zod';
import type { ReviewItem } from '../outbox/index.js';
import { isInside } from '../path-inside.js';
import { buildTool } from './build-tool.js';
import type { Tool, ToolContext, ToolOutput } from './tool.js';
import { toolError } from './tool-result.js';
import { resolveToolPath } from './tool-paths.js';

/**
 * The diff a review is about: for each changed file (repository-relative), the line ranges of its
 * new version that appear in the diff (added and context lines), where GitHub takes inline comments.
 */
export type ReviewTarget = ReadonlyMap<string, readonly { start: number; end: number }[]>;

/** Where proposed items go: the outbox's review.json, written by the entry. Nothing is posted from here. */
export interface ReviewSink {
  add(item: ReviewItem): void;
  count(): number;
}

export interface ReviewCommentOptions {
  target: ReviewTarget;
  sink: ReviewSink;
  /** Items one run may propose. */
  maxItems?: number;
}

const inputSchema = z.strictObject({
  path: z.string().min(1).describe('The file the comment is about, relative to the repository root (or absolute inside it)'),
  line: z.number().int().positive().describe('The line of the file (its current version) the comment is on; for a range, its last line'),
  start_line: z.number().int().positive().optional().describe('For a comment on several lines: the first line'),
  body: z.string().min(1).max(20_000).describe('The comment, in GitHub Markdown: what is wrong and why'),
  suggestion: z
    .string()
    .max(20_000)
    .optional()
    .describe('Replacement text for the lines start_line..line (or line), posted as a suggestion the author can apply with one click'),
});
export type ReviewCommentInput = z.infer<typeof inputSchema>;

const DESCRIPTION = `Proposes one review comment on the pull request under review.

Usage:
- Comments on lines that are part of the pull request's diff appear inline on that line; a comment on any other line is collected into the review's body instead (you are told which).
- \`line\` (and \`start_line\` for a range) are line numbers of the file as it is in the pull request.
- Give \`suggestion\` to propose replacement text for exactly those lines; leave it out for a plain comment.
- Nothing is posted while you work: the comments are delivered as one review after the run.
- Be specific and brief; one comment per problem.`;

const DEFAULT_MAX_ITEMS = 50;

export function createReviewCommentTool(options: ReviewCommentOptions): Tool<ReviewCommentInput> {
  const maxItems = options.maxItems ?? DEFAULT_MAX_ITEMS;
  return buildTool<ReviewCommentInput>({
    name: 'ReviewComment',
    description: DESCRIPTION,
    inputSchema,
    maxResultSizeChars: 2_000,
    // Changes nothing in the workspace; serial so the review keeps the order the model gave.
    isReadOnly: () => true,
    access: () => ({ kind: 'none' }),
    call: (input, ctx) => Promise.resolve(propose(input, ctx, options.target, options.sink, maxItems)),
  });
}

function propose(input: ReviewCommentInput, ctx: ToolContext, target: ReviewTarget, sink: ReviewSink, maxItems: number): ToolOutput {
  const abs = resolveToolPath(ctx.cwd, input.path);
  if (!isInside(ctx.cwd, abs)) return toolError('invalid_input', `${input.path} is outside the repository; review comments are on files of the pull request.`);
  const path = relative(ctx.cwd, abs);
  const startLine = input.start_line;
  if (startLine !== undefined && startLine > input.line) return toolError('invalid_input', `start_line (${startLine}) is after line (${input.line}); give the range first line to last.`);
  if (sink.count() >= maxItems) return toolError('failed', `This run has already proposed ${maxItems} review comments, the most one review takes. Put what is left into your final report.`);

  const first = startLine ?? input.line;
  const inline = (target.get(path) ?? []).some((h) => first >= h.start && input.line <= h.end);
  sink.add({
    path,
    line: input.line,
    ...(startLine !== undefined && startLine !== input.line ? { startLine } : {}),
    body: input.body,
    ...(input.suggestion !== undefined ? { suggestion: input.suggestion } : {}),
    placement: inline ? 'inline' : 'body',
  });
  const where = startLine !== undefined && startLine !== input.line ? `${path}:${startLine}-${input.line}` : `${path}:${input.line}`;
  return inline
    ? { content: `Recorded: a comment on ${where}, to be posted inline in the review.`, summary: `Review comment on ${where}` }
    : {
        content: `Recorded: ${where} is not part of the pull request's diff, so this comment goes into the review's body rather than inline.`,
        summary: `Review comment on ${where} (review body)`,
      };
}

/** A sink keeping items in memory, in the order proposed. */
export function createReviewSink(): ReviewSink & { items(): ReviewItem[] } {
  const items: ReviewItem[] = [];
  return { add: (item) => void items.push(item), count: () => items.length, items: () => [...items] };
}
