/**
 * Claude Code's `Bash(specifier)` syntax: `*` matches any run of characters; a trailing ` *` (or
 * legacy `:*`) also matches nothing, at a word boundary (`ls *` matches `ls`, not `lsof`). Allow
 * rules must match for every value of the command's dynamic words (NULs only a `*` absorbs); deny
 * and ask rules for some value (the two patterns intersected: `rm -rf $X` meets `Bash(rm -rf /*)`).
 */
import { tokensMeet, type Token } from '../../glob/index.js';
import type { PermissionRule } from '../rule.js';

/** Stands for "any string" in both patterns and command texts (NUL never occurs in a command). */
export const WILD = '\0';

export interface BashPattern {
  /** The specifier's alternatives, with `*` as WILD; matching is on the whole string. */
  alternatives: string[];
  regex: RegExp;
}

/** Compiles a specifier; `null` (the bare `Bash` rule) matches everything. */
export function compileBashPattern(specifier: string | null): BashPattern {
  const spec = (specifier ?? '*').replaceAll(WILD, '');
  let alternatives: string[];
  if (spec === '*' || spec === '') alternatives = spec === '' ? [''] : [WILD];
  else if (spec.endsWith(':*')) alternatives = boundary(spec.slice(0, -2));
  else if (spec.endsWith(' *')) alternatives = boundary(spec.slice(0, -2));
  else alternatives = [spec.replaceAll('*', WILD)];
  // A `*` absorbs dynamic words too (NULs in the text); a literal never matches one.
  const source = alternatives
    .map((alt) => alt.split(WILD).map((lit) => lit.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*'))
    .join('|');
  return { alternatives, regex: new RegExp(`^(?:${source})$`) };
}

/** `prefix *`: the prefix alone, or the prefix, a space and anything. */
function boundary(prefix: string): string[] {
  const p = prefix.replaceAll('*', WILD);
  return [p, `${p} ${WILD}`];
}

/** Allow: does the pattern match `text` for every value of its dynamic parts (NULs)? */
export function patternMatchesText(pattern: BashPattern, text: string): boolean {
  return pattern.regex.test(text);
}

/** Deny and ask: is there a value of the text's wildcards (NULs) for which the pattern matches? */
export function patternMayMatch(pattern: BashPattern, text: string): boolean {
  if (!text.includes(WILD)) return pattern.regex.test(text);
  return pattern.alternatives.some((alt) => intersects(alt, text));
}

const asTokens = (text: string): Token[] => [...text].map((c) => (c === WILD ? { kind: 'any' } : { kind: 'char', c }));

/** Do two patterns over the same alphabet, WILD meaning any string, share a string? */
export function intersects(a: string, b: string): boolean {
  return tokensMeet(asTokens(a), asTokens(b), { dot: true, nocase: false });
}

/** How a rule reads in messages, with its reason when it has one. */
export function describeBashRule(rule: PermissionRule): string {
  return rule.reason === undefined || rule.reason === '' ? rule.text : `${rule.text} (${rule.reason})`;
}
