import { rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import type { Redactor } from '../log/index.js';
import { OUTBOX_FILES, OUTBOX_POLICY_FILE, POLICY_HEADER, REVIEW_VERSION, ReviewFileSchema, RunResultSchema, type ReviewItem, type Trigger } from '../outbox/index.js';
import { renderConfigErrorResult, renderConfigErrorSummary, renderJunit, renderResult, type ConfigErrorContext } from '../report/index.js';
import type { TranscriptRecord } from '../runner/index.js';
import { prepareOutputs } from './output-paths.js';
import { copyOwnFile, writeOwnFile } from './own-file.js';

export interface OutboxContents {
  records: readonly TranscriptRecord[];
  summary: string;
  transcriptPath: string;
  startingCommit: string | null;
  trigger: Trigger;
  /** `git diff --binary` against the starting commit; empty when nothing changed or it is unknown. */
  patch: string | Buffer;
  /** Why the patch was withheld (it is empty then), for result.json. */
  patchWithheld?: string | undefined;
  /** Files already changed when the run started and left alone by it, for result.json. */
  changedBeforeRun?: readonly string[];
  review: readonly ReviewItem[];
  /** With --output-schema: the valid final answer. */
  structuredOutput?: unknown;
  /** The policy that governed the run (its text, and the path it stands for), for a later publish job. */
  policy?: { file: string; text: string } | undefined;
  /** ISO time the run ended, for junit.xml. */
  finishedAt: string;
}

/**
 * Writes the outbox: everything a later step needs to deliver the run, and enough to tell what
 * happened when it did not finish. result.json goes last: a reader that finds it finds the rest.
 * Every file is written whatever the outcome; what the agent wrote is redacted on the way out.
 */
export function writeOutbox(dir: string, contents: OutboxContents, redact: Redactor): void {
  const at = (name: string): string => join(dir, name);
  if (resolve(contents.transcriptPath) !== resolve(at(OUTBOX_FILES.transcript))) copyOwnFile(contents.transcriptPath, at(OUTBOX_FILES.transcript));
  writeOwnFile(at(OUTBOX_FILES.summary), contents.summary);
  writeOwnFile(at(OUTBOX_FILES.patch), contents.patch);
  const review = ReviewFileSchema.parse({ version: REVIEW_VERSION, items: contents.review.map((item) => redactItem(item, redact)) });
  writeOwnFile(at(OUTBOX_FILES.review), `${JSON.stringify(review, null, 2)}\n`);
  // Parsed before writing: a result.json that does not match its published schema is our bug, found here.
  const rendered = renderResult(contents.records, { startingCommit: contents.startingCommit, trigger: contents.trigger, patchWithheld: contents.patchWithheld, changedBeforeRun: contents.changedBeforeRun ?? [] });
  const result = RunResultSchema.parse(contents.structuredOutput === undefined ? rendered : { ...rendered, structuredOutput: contents.structuredOutput });
  writeOwnFile(at(OUTBOX_FILES.junit), renderJunit(result, contents.finishedAt, hostname()));
  if (contents.policy !== undefined) writeOwnFile(at(OUTBOX_POLICY_FILE), `${POLICY_HEADER}${JSON.stringify(contents.policy.file)}\n${contents.policy.text}`);
  writeOwnFile(at(OUTBOX_FILES.result), `${JSON.stringify(result, null, 2)}\n`);
}

function redactItem(item: ReviewItem, redact: Redactor): ReviewItem {
  return { ...item, body: redact(item.body), ...(item.suggestion === undefined ? {} : { suggestion: redact(item.suggestion) }) };
}

/**
 * The outbox of a run refused before it started (exit 2): complete, like any other, so what a CI
 * runs after Warden (the gating line, the JUnit report) works. What an earlier run left in the
 * directory goes: its result.json first, so a reader never finds a stale or half-written one, and
 * its policy copy. The transcript is empty: the run has no records. Throws when the directory
 * cannot be written (the caller then leaves no outbox).
 */
export function writeConfigErrorOutbox(dir: string, message: string, ctx: ConfigErrorContext & { finishedAt: string }, redact: Redactor): void {
  const at = (name: string): string => join(dir, name);
  rmSync(at(OUTBOX_FILES.result), { force: true });
  rmSync(at(OUTBOX_POLICY_FILE), { force: true });
  prepareOutputs(Object.values(OUTBOX_FILES).filter((name) => name !== OUTBOX_FILES.result).map((name) => ({ path: at(name), flag: '--out' })));
  const text = redact(message);
  writeOwnFile(at(OUTBOX_FILES.transcript), '');
  writeOwnFile(at(OUTBOX_FILES.summary), renderConfigErrorSummary(text));
  writeOwnFile(at(OUTBOX_FILES.patch), '');
  writeOwnFile(at(OUTBOX_FILES.review), `${JSON.stringify(ReviewFileSchema.parse({ version: REVIEW_VERSION, items: [] }), null, 2)}\n`);
  const result = RunResultSchema.parse(renderConfigErrorResult(text, ctx));
  writeOwnFile(at(OUTBOX_FILES.junit), renderJunit(result, ctx.finishedAt, hostname()));
  writeOwnFile(at(OUTBOX_FILES.result), `${JSON.stringify(result, null, 2)}\n`);
}
