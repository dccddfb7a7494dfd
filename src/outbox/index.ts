/**
 * The outbox: what a run leaves for whoever delivers it (a publisher in the same job or a later
 * one, a CI gate, an archive) — its file names and the schemas of its machine-readable files.
 * A leaf: every folder may use it, it uses none.
 */
export { OUTBOX_AGENTS_DIR, OUTBOX_FILES, OUTBOX_POLICY_FILE, POLICY_HEADER, RESULT_VERSION, RunResultSchema, TriggerSchema, type ConfigErrorOutcome, type RunResultJson, type Trigger } from './result-schema.js';
export { REVIEW_VERSION, ReviewFileSchema, ReviewItemSchema, type ReviewItem } from './review-schema.js';
export { OUTBOX_SCHEMAS, renderOutboxSchema, writeOutboxSchemas } from './json-schemas.js';
export { OutboxError, readOutbox, type OutboxContentsRead } from './outbox-read.js';
