/**
 * The outbox's machine-readable files, published as JSON Schema for whoever reads an outbox in
 * another language or job. Generated from the zod schemas; the build writes them to `schema/`
 * and a test fails when the committed files differ.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { RunResultSchema } from './result-schema.js';
import { ReviewFileSchema } from './review-schema.js';

export const OUTBOX_SCHEMAS = {
  'schema/warden-result.schema.json': { title: 'Warden run result (outbox result.json)', schema: RunResultSchema },
  'schema/warden-review.schema.json': { title: 'Warden review items (outbox review.json)', schema: ReviewFileSchema },
} as const;

export function renderOutboxSchema(file: keyof typeof OUTBOX_SCHEMAS): string {
  const { title, schema } = OUTBOX_SCHEMAS[file];
  const { $schema, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' }) as Record<string, unknown>;
  return `${JSON.stringify({ $schema, title, ...rest }, null, 2)}\n`;
}

export function writeOutboxSchemas(root: string): void {
  for (const file of Object.keys(OUTBOX_SCHEMAS) as (keyof typeof OUTBOX_SCHEMAS)[]) writeFileSync(join(root, file), renderOutboxSchema(file));
}
