import { errorMessage } from '../error-text.js';
/**
 * A final answer in a shape a machine can use (`--output-schema FILE`): the model is told to end
 * with one JSON value valid against the schema; the answer is checked, the model gets one chance
 * to repair it with the validation errors, and a second failure ends the run `invalid_output`.
 * The answer is taken from the final text rather than from a tool, so any model and a replayed
 * transcript give it the same way.
 */
export interface StructuredOutputSpec {
  /** The schema as shown to the model (pretty JSON). */
  schemaText: string;
  /** Validation errors of a value (empty: valid). */
  validate(value: unknown): string[];
}

export type ParsedAnswer = { ok: true; value: unknown } | { ok: false; errors: string[] };

/** The final text as one JSON value: bare, or inside a single ```json fence (models add one). */
export function parseFinalAnswer(text: string): ParsedAnswer {
  const trimmed = text.trim();
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n```$/.exec(trimmed);
  const body = fenced?.[1] ?? trimmed;
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch (err) {
    return { ok: false, errors: [`the final message is not one JSON value (${errorMessage(err)})`] };
  }
}

export function checkAnswer(text: string, spec: StructuredOutputSpec): ParsedAnswer {
  const parsed = parseFinalAnswer(text);
  if (!parsed.ok) return parsed;
  const errors = spec.validate(parsed.value);
  return errors.length === 0 ? parsed : { ok: false, errors };
}

export function outputInstructions(spec: StructuredOutputSpec): string {
  return `Your final message is read by a program, not a person. When the work is done, end with a message that is exactly one JSON value valid against this JSON Schema, and nothing else (no prose before or after; a single \`\`\`json fence is tolerated):\n<output-schema>\n${spec.schemaText}\n</output-schema>`;
}

export function repairRequest(errors: readonly string[]): string {
  return `Your final message is not valid against the output schema:\n${errors.slice(0, 20).map((e) => `- ${e}`).join('\n')}\nReply with only the corrected JSON value, valid against the schema. Do not use tools.`;
}
