/**
 * Replaces secret values wherever they would leave the runner process: transcript lines,
 * summaries, log lines, comments. Values shorter than 8 characters are not redacted, since
 * replacing every "true" or "1" would destroy the text without protecting anything.
 */
export type Redactor = (text: string) => string;

const MIN_SECRET_LENGTH = 8;
const MASK = '***';

export function createRedactor(secretValues: Iterable<string | undefined>): Redactor {
  const raw = [...secretValues].filter((v): v is string => v !== undefined && v.length >= MIN_SECRET_LENGTH);
  // Transcript lines are JSON: a secret with a quote, backslash or control character appears escaped there.
  const values = [...new Set([...raw, ...raw.map((v) => JSON.stringify(v).slice(1, -1))])]
    // Longest first, so a secret containing another is masked whole.
    .sort((a, b) => b.length - a.length);
  if (values.length === 0) return (text) => text;
  const pattern = new RegExp(values.map(escapeRegExp).join('|'), 'g');
  return (text) => text.replace(pattern, MASK);
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
