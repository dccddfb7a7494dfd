/**
 * Fencing untrusted text for the model: a Markdown code fence longer than any run of backticks in
 * the text, so nothing inside can close it, with a label saying what it is and who wrote it. Pure.
 */

export type BlockKind = 'untrusted-data' | 'request' | 'earlier-run';

export function fenced(kind: BlockKind, label: string, body: string): string {
  let longest = 0;
  for (const run of body.matchAll(/`+/g)) longest = Math.max(longest, run[0].length);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  // The label is ours (fixed words, logins, numbers), one line, no backticks.
  const info = `${kind} ${label}`.replace(/[`\n\r]/g, ' ');
  return `${fence}${info}\n${body}\n${fence}`;
}

/** Cuts text to `max` characters, saying how much was cut (never splitting a surrogate pair). */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}\n[truncated: ${text.length - end} more characters]`;
}
