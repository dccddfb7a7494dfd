/**
 * The pure core of Edit: find old_string in a file, tolerating the slips models make (straight
 * quotes for curly ones, lost trailing spaces, LF for CRLF), and apply the replacement in the
 * file's own style.
 */

export type MatchResult =
  /** `actual` is the text as it appears in the file; `count` its non-overlapping occurrences. */
  | { kind: 'found'; actual: string; count: number; normalized: boolean }
  /** Only normalised matches exist, and more than one: guessing which is meant is not safe. */
  | { kind: 'ambiguous'; count: number }
  | { kind: 'not_found' };

const CURLY_SINGLE = /[\u2018\u2019\u201A\u201B]/;
const CURLY_DOUBLE = /[\u201C\u201D\u201E\u201F]/;

export function findOldString(content: string, oldString: string): MatchResult {
  const exact = countOccurrences(content, oldString);
  if (exact > 0) return { kind: 'found', actual: oldString, count: exact, normalized: false };

  const file = normalize(content, true);
  const wanted = normalize(oldString, false).text;
  if (wanted === '') return { kind: 'not_found' };
  const first = file.text.indexOf(wanted);
  if (first === -1) return { kind: 'not_found' };
  const count = countOccurrences(file.text, wanted);
  if (count > 1) return { kind: 'ambiguous', count };
  // Map the normalised span back to the original bytes; the end includes anything dropped
  // (trailing blanks, CR) before the last kept character.
  const start = file.map[first] ?? 0;
  const end = (file.map[first + wanted.length - 1] ?? content.length - 1) + 1;
  return { kind: 'found', actual: content.slice(start, end), count: 1, normalized: true };
}

export function countOccurrences(haystack: string, needle: string): number {
  if (needle === '') return 0;
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) count++;
  return count;
}

interface Normalized {
  text: string;
  /** map[i]: index in the original of normalised character i. */
  map: number[];
}

/**
 * Curly quotes become straight, CRLF becomes LF, blanks before a line end are dropped. The end of
 * the text counts as a line end only for the file: a model's old_string ending in spaces must not
 * match a shorter run of text mid-line.
 */
function normalize(text: string, endIsLineEnd: boolean): Normalized {
  let out = '';
  const map: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (ch === '\r' && text[i + 1] === '\n') continue;
    if (ch === ' ' || ch === '\t') {
      let j = i;
      while (text[j] === ' ' || text[j] === '\t') j++;
      const atLineEnd = text[j] === '\n' || (text[j] === '\r' && text[j + 1] === '\n') || (j === text.length && endIsLineEnd);
      if (atLineEnd) {
        i = j - 1;
        continue;
      }
    }
    out += CURLY_SINGLE.test(ch) ? "'" : CURLY_DOUBLE.test(ch) ? '"' : ch;
    map.push(i);
  }
  return { text: out, map };
}

/** True when every line break in the file is CRLF. */
export function usesCrlf(content: string): boolean {
  return content.includes('\r\n') && !/(^|[^\r])\n/.test(content);
}

/**
 * new_string as it should be written into this file: CRLF if the file is CRLF, and curly quotes
 * where the matched text had them and the model typed straight ones.
 */
export function adaptNewString(newString: string, match: { actual: string; normalized: boolean }, crlf: boolean): string {
  let out = newString;
  if (match.normalized) {
    if (CURLY_DOUBLE.test(match.actual)) out = curl(out, '"', '\u201C', '\u201D');
    if (CURLY_SINGLE.test(match.actual)) out = curl(out, "'", '\u2018', '\u2019');
  }
  if (crlf) out = out.replace(/\r?\n/g, '\r\n');
  return out;
}

function curl(text: string, straight: string, open: string, close: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (ch !== straight) {
      out += ch;
      continue;
    }
    const prev = i === 0 ? '' : (text[i - 1] ?? '');
    // After a space or an opening bracket a quote opens; after a letter it closes (or is an apostrophe).
    out += prev === '' || /[\s([{\u2014\u2013]/.test(prev) || prev === open ? open : close;
  }
  return out;
}

/** Replaces the first occurrence, or all; slicing rather than String.replace so `$&` in new text stays literal. */
export function applyReplacement(content: string, actual: string, replacement: string, replaceAll: boolean): { content: string; firstIndex: number } {
  const firstIndex = content.indexOf(actual);
  if (firstIndex === -1) return { content, firstIndex };
  if (replaceAll) return { content: content.split(actual).join(replacement), firstIndex };
  return { content: content.slice(0, firstIndex) + replacement + content.slice(firstIndex + actual.length), firstIndex };
}

/** Lines [first, last] (1-based) around a changed span, with context, for the result snippet. */
export function snippetRange(content: string, index: number, length: number, context: number): { first: number; last: number } {
  const lineOf = (at: number): number => content.slice(0, at).split('\n').length;
  const startLine = lineOf(index);
  const endLine = lineOf(index + Math.max(length - 1, 0));
  return { first: Math.max(1, startLine - context), last: endLine + context };
}
