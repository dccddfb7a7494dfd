import { secretForms } from './secret-forms.js';

/**
 * Replaces secret values wherever they would leave the runner process: transcript lines,
 * summaries, log lines, comments, and every tool result before the model sees it. Each value is
 * matched in all the forms of secret-forms.ts (raw, JSON-escaped, URL-encoded, hex, base64);
 * values shorter than MIN_SECRET_LENGTH are not redacted.
 */
export type Redactor = (text: string) => string;

const MASK = '***';

export function createRedactor(secretValues: Iterable<string | undefined>): Redactor {
  const forms = secretForms(secretValues);
  if (forms.length === 0) return (text) => text;
  const pattern = new RegExp(forms.map(escapeRegExp).join('|'), 'g');
  return (text) => text.replace(pattern, MASK);
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
