/**
 * A name from whoever wrote it (a file name in the tree, a branch, a label, a title) shown so it
 * cannot pass for something else. Linux lets a file name hold any byte but `/` and NUL, and a
 * branch or a title holds what its author typed: a newline would show one name as two lines, a
 * carriage return, a bidirectional override or a zero-width character would disguise it. Such a
 * name is shown as a JSON string literal with those characters as `\uXXXX` escapes (UTF-16, so
 * the literal stays JSON): `JSON.parse` gives the exact name back. Shared by the file tools'
 * listings (src/tools/listed-path.ts) and the names the publishers quote from users
 * (src/github/event/sanitize.ts), which may not import each other.
 */

/**
 * Characters outside the format (Cf) category that render as nothing: the Hangul fillers, the
 * Khmer inherent vowels, the Mongolian free variation selectors and vowel separator, and the
 * variation selectors (which can carry data after an emoji). A regular-expression class body, for
 * the `u` flag; sanitize.ts strips them from untrusted text, and names here escape them.
 */
export const BLANK_RENDERING = '\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u3164\\uFFA0\\uFE00-\\uFE0F\\u{E0100}-\\u{E01EF}';

// Controls (C0 with tab and newline, DEL, C1), format characters (bidi marks, embeddings,
// overrides and isolates, zero-width characters, the BOM, tag characters), the line and paragraph
// separators some readers break lines at, the fillers and variation selectors that render as
// nothing, and a surrogate without its other half (with the u flag a class matches whole code
// points, so only a lone one).
// eslint-disable-next-line no-misleading-character-class -- each of these characters, one by one, is what is escaped
const UNSAFE = new RegExp(`[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}${BLANK_RENDERING}\\ud800-\\udfff]`, 'u');
// eslint-disable-next-line no-misleading-character-class -- the same class
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'gu');

/** Whether `text` holds a character that could disguise it or break its line. */
export function hasUnsafeCharacter(text: string): boolean {
  return UNSAFE.test(text);
}

/** `text` as a JSON string literal, every unsafe character in it escaped. */
export function jsonQuoted(text: string): string {
  // JSON.stringify escapes the quote, backslash, C0 controls and lone surrogates; the rest here.
  return JSON.stringify(text).replace(UNSAFE_ALL, utf16Escape);
}

function utf16Escape(ch: string): string {
  let out = '';
  for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/**
 * A name as one line of a list that a program or a person reads line by line (the
 * `files_changed` output, the Changed list): as it is, or, when it holds an unsafe character or
 * starts with a quote, as a JSON string literal — so one name is always one line, and a quoted
 * line cannot be mistaken for a name that is shown as it is.
 */
export function listedName(name: string): string {
  return hasUnsafeCharacter(name) || name.startsWith('"') ? jsonQuoted(name) : name;
}
