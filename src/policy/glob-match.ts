/**
 * Could a shell glob (`*\/prod.json`, `s?crets/key`, `**` with globstar) match a path a rule
 * pattern matches? Both are read as sequences of path components, each a sequence of tokens
 * (a character, `?`, `*`, a class), and intersected; a component the reader does not understand
 * is read as "any name", so the answer errs towards yes. Bash's rules are followed: a wildcard
 * matches a leading dot only with dotglob, never `.` or `..`; `**` spans directories only with
 * globstar; a component without wildcards is matched exactly.
 */
import { componentTokens, someReachable, tokensMeet, type Token } from '../glob/index.js';
import type { PathPattern } from './path-rule-match.js';
/**
 * A path component: its tokens, or `deep` for one that matches any number of components (spanning
 * hidden directories only with dotglob, or when `hidden`: everything beneath a recursive read).
 */
export type Component = { deep: true; hidden?: boolean } | { deep: false; tokens: Token[]; literal: boolean };

export interface GlobOptions {
  /** `shopt -s dotglob`: wildcards match a leading dot. */
  dot: boolean;
  /** `shopt -s nocaseglob`. */
  nocase: boolean;
  /** `shopt -s globstar`: `**` matches any number of directories. */
  globstar: boolean;
  /** `shopt -s extglob`: `@(…)`, `!(…)` … are patterns (read here as "any name"). */
  extglob: boolean;
}

const ANY_NAME: Token[] = [{ kind: 'any' }];

/** A component without wildcards, matched exactly. */
export const literalComponent = (name: string): Component => ({ deep: false, literal: true, tokens: [...name].map((c) => ({ kind: 'char', c })) });

/** Tokens of one shell-glob component; null when it holds no wildcard. */
function shellTokens(part: string, opts: GlobOptions): Token[] | null {
  if (opts.extglob && /[@!+*?]\(/.test(part)) return ANY_NAME;
  const read = componentTokens(part, 'shell');
  return 'error' in read || !read.wild ? null : read.tokens;
}

/** Does one glob component match an existing name (never `.` or `..`)? Null when it holds no wildcard. */
export function componentMatcher(part: string, opts: GlobOptions): ((name: string) => boolean) | null {
  const tokens = shellTokens(part, opts);
  if (tokens === null) return null;
  // An extglob is read as any name, hidden ones too.
  return (name) => name !== '.' && name !== '..' && (tokens === ANY_NAME || tokensMeet(tokens, [...name].map((c) => ({ kind: 'char', c })), opts));
}

/** Components of an absolute shell glob. */
export function globComponents(absolute: string, opts: GlobOptions): Component[] {
  return absolute.split('/').filter((p) => p !== '').map((part): Component => {
    if (part === '**' && opts.globstar) return { deep: true };
    const tokens = shellTokens(part, opts);
    return tokens === null ? literalComponent(part) : { deep: false, literal: false, tokens };
  });
}

/** Components of a rule pattern as an absolute path pattern, beneath `base`; it also matches everything below. */
export function ruleComponents(pattern: PathPattern, base: string): Component[] {
  const segs: Component[] = pattern.segments.map((s) => {
    if (s.kind === 'globstar') return { deep: true };
    if (s.kind === 'literal') return literalComponent(s.value);
    return { deep: false, literal: false, tokens: s.tokens };
  });
  const head: Component[] = pattern.anyDepth ? [{ deep: true }] : base.split('/').filter((p) => p !== '').map(literalComponent);
  return [...head, ...segs, { deep: true }];
}

/** Can a glob component name a hidden entry (a deep `**` spans hidden directories only with dotglob)? */
const dotOk = (r: Component, opts: GlobOptions): boolean => opts.dot || r.deep || r.tokens[0]?.kind !== 'char' || r.tokens[0].c !== '.';

/** Is there a path both component lists match? */
export function globMeetsRule(glob: Component[], rule: Component[], opts: GlobOptions): boolean {
  const width = rule.length + 1;
  return someReachable((glob.length + 1) * width, (k, next) => {
    const i = Math.floor(k / width);
    const j = k % width;
    const push = (i2: number, j2: number): void => next(i2 * width + j2);
    const g = glob[i];
    const r = rule[j];
    if (g === undefined && (r === undefined || (r.deep && j === rule.length - 1))) return true;
    if (r?.deep === true) {
      push(i, j + 1); // matches no component
      if (g !== undefined) push(i + 1, j); // takes one more component of the glob
    }
    if (g?.deep === true) {
      push(i + 1, j);
      if (r !== undefined && !r.deep && (g.hidden === true || dotOk(r, opts))) push(i, j + 1);
    }
    if (g !== undefined && r !== undefined && !g.deep && !r.deep) {
      // A component without wildcards is looked up as written: exactly, dot or not.
      const meet = g.literal ? tokensMeet(g.tokens, r.tokens, { nocase: false, dot: true }) : tokensMeet(g.tokens, r.tokens, opts);
      if (meet) push(i + 1, j + 1);
    }
    return false;
  });
}
