import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POLICY_SCHEMA_PATH, policyJsonSchema, renderPolicyJsonSchema } from '../../src/policy/index.js';

const committed = path.join(import.meta.dirname, '..', '..', POLICY_SCHEMA_PATH);

describe('published JSON Schema', () => {
  it('the committed schema/warden-policy.schema.json equals the generated one (regenerate with writePolicyJsonSchema)', () => {
    expect(readFileSync(committed, 'utf8')).toBe(renderPolicyJsonSchema());
  });

  it('is draft 2020-12, strict, and requires version 1', () => {
    const schema = policyJsonSchema();
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(['version']);
    expect(schema.properties).toMatchObject({ version: { const: 1 }, mode: { enum: ['default', 'acceptEdits', 'plan', 'dontAsk', 'bypassPermissions'] } });
  });
});
