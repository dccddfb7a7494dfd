import { hasUnsafeCharacter, jsonQuoted } from '../quoted-text.js';

/**
 * A path as Glob and Grep list it, one to a line. A path whose name could break the line or
 * disguise itself is shown as a JSON string literal (src/quoted-text.ts), as git quotes such
 * names; every other path is shown as it is. The two cannot be confused: a listed path is
 * absolute, so it starts with `/`, and a quoted one with `"`.
 */
export function listedPath(path: string): string {
  return hasUnsafeCharacter(path) ? jsonQuoted(path) : path;
}
