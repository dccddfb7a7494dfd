/**
 * The policy file's JSON Schema, generated from the zod schema so editors can validate and complete
 * `.github/warden.yml` (`# yaml-language-server: $schema=…`). The committed copy lives at
 * `schema/warden-policy.schema.json`; the build calls `writePolicyJsonSchema` and a test fails when
 * the committed file and the generated one differ.
 */
import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { PolicySchema } from './policy-schema.js';

export const POLICY_SCHEMA_PATH = 'schema/warden-policy.schema.json';

export function policyJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(PolicySchema, { target: 'draft-2020-12', io: 'input' }) as Record<string, unknown>;
  const { $schema, ...rest } = generated;
  return { $schema, title: 'Warden policy', ...rest };
}

/** The exact bytes of the committed schema file. */
export function renderPolicyJsonSchema(): string {
  return `${JSON.stringify(policyJsonSchema(), null, 2)}\n`;
}

export async function writePolicyJsonSchema(target: string = POLICY_SCHEMA_PATH): Promise<void> {
  await writeFile(target, renderPolicyJsonSchema(), 'utf8');
}
