import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OUTBOX_FILES, OUTBOX_POLICY_FILE, POLICY_HEADER, RunResultSchema, type RunResultJson } from './result-schema.js';
import { ReviewFileSchema, type ReviewItem } from './review-schema.js';
import { errorMessage, errorReason } from '../error-text.js';

export interface OutboxContentsRead {
  dir: string;
  result: RunResultJson;
  summary: string;
  review: ReviewItem[];
  patch: Buffer;
  /** The policy that governed the run, when it had one. */
  policy: { file: string; text: string } | undefined;
}

/** Why an outbox cannot be used, naming the file. */
export class OutboxError extends Error {
  override readonly name = 'OutboxError';
}

/**
 * An outbox read back and checked against its schemas: the publisher takes nothing on trust, not
 * even from its own agent job (an artifact passes through storage between jobs).
 */
export function readOutbox(dir: string): OutboxContentsRead {
  const file = (name: string): Buffer => {
    try {
      return readFileSync(join(dir, name));
    } catch (err) {
      throw new OutboxError(`${join(dir, name)}: cannot read (${errorReason(err)})`);
    }
  };
  const json = (name: string): unknown => {
    try {
      return JSON.parse(file(name).toString('utf8')) as unknown;
    } catch (err) {
      if (err instanceof OutboxError) throw err;
      throw new OutboxError(`${join(dir, name)}: not JSON (${errorMessage(err)})`);
    }
  };
  const result = RunResultSchema.safeParse(json(OUTBOX_FILES.result));
  if (!result.success) throw new OutboxError(`${join(dir, OUTBOX_FILES.result)}: not a Warden result (${result.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')})`);
  const review = ReviewFileSchema.safeParse(json(OUTBOX_FILES.review));
  if (!review.success) throw new OutboxError(`${join(dir, OUTBOX_FILES.review)}: not a Warden review file (${review.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')})`);
  return { dir, result: result.data, summary: file(OUTBOX_FILES.summary).toString('utf8'), review: review.data.items, patch: file(OUTBOX_FILES.patch), policy: readPolicy(dir) };
}

function readPolicy(dir: string): { file: string; text: string } | undefined {
  let text: string;
  try {
    text = readFileSync(join(dir, OUTBOX_POLICY_FILE), 'utf8');
  } catch {
    return undefined;
  }
  const newline = text.indexOf('\n');
  const head = newline < 0 ? '' : text.slice(0, newline);
  if (!head.startsWith(POLICY_HEADER)) throw new OutboxError(`${join(dir, OUTBOX_POLICY_FILE)}: does not start with "${POLICY_HEADER}…"`);
  let file: unknown;
  try {
    file = JSON.parse(head.slice(POLICY_HEADER.length));
  } catch {
    file = undefined;
  }
  if (typeof file !== 'string') throw new OutboxError(`${join(dir, OUTBOX_POLICY_FILE)}: the first line does not name the policy's path`);
  return { file, text: text.slice(newline + 1) };
}
