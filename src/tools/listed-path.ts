/**
 * A path as Glob and Grep list it, one to a line. File names come from whoever wrote the tree, and
 * Linux lets a name hold any byte but `/` and NUL: a newline in one would show as two lines, two
 * files to the reader, the second maybe a path forged to look like another file's; a carriage
 * return, a bidirectional override or a zero-width character would disguise it. Such a path is
 * shown as a JSON string literal, its controls and invisible characters as `\n`, `\uXXXX` escapes,
 * so `JSON.parse` of the line gives the exact name back (as `quoteName` in
 * src/github/event/sanitize.ts shows names from users, which tools/ may not import); git quotes
 * such names the same way. Every other path is shown as it is. The two cannot be confused: a
 * listed path is absolute, so it starts with `/`, and a quoted one with `"`.
 */

// Controls (C0 with tab and newline, DEL, C1), format characters (bidi marks, embeddings,
// overrides and isolates, zero-width characters, the BOM, tag characters), the line and
// paragraph separators some readers break lines at, and a surrogate without its other half
// (with the u flag a class matches whole code points, so only a lone one).
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\ud800-\udfff]/u;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'gu');

export function listedPath(path: string): string {
  if (!UNSAFE.test(path)) return path;
  // JSON.stringify escapes the quote, backslash, C0 controls and lone surrogates; the rest here,
  // as UTF-16 escapes so the literal stays JSON.
  return JSON.stringify(path).replace(UNSAFE_ALL, utf16Escape);
}

function utf16Escape(ch: string): string {
  let out = '';
  for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}
