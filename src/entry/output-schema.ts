import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { UsageError } from '../config/index.js';
import type { StructuredOutputSpec } from '../runner/index.js';
import { errorMessage } from '../error-text.js';

/**
 * `--output-schema FILE` compiled once, before anything is spent: a schema that does not compile
 * is an exit 2 naming the file. Draft 2020-12 when the schema says so, else draft-07 (Ajv's default).
 */
export function compileOutputSchema(file: string, schema: unknown): StructuredOutputSpec {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) throw new UsageError(`--output-schema ${file}: a JSON Schema is an object`);
  const declared = (schema as { $schema?: unknown }).$schema;
  const draft2020 = typeof declared === 'string' && declared.includes('2020-12');
  const ajv = draft2020 ? new Ajv2020({ allErrors: true, strict: false }) : new Ajv({ allErrors: true, strict: false });
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(schema);
  } catch (err) {
    throw new UsageError(`--output-schema ${file}: not a usable JSON Schema (${errorMessage(err)})`);
  }
  return {
    schemaText: JSON.stringify(schema, null, 2),
    validate: (value) => (validate(value) ? [] : (validate.errors ?? []).map(describeError)),
  };
}

function describeError(e: ErrorObject): string {
  return `${e.instancePath === '' ? '(the answer)' : e.instancePath} ${e.message ?? 'is invalid'}${e.params !== undefined && Object.keys(e.params).length > 0 ? ` ${JSON.stringify(e.params)}` : ''}`;
}
