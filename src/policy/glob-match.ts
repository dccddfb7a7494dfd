/**
 * Could a shell glob (`*\/prod.json`, `s?crets/key`, `**` with globstar) match a path a rule
 * pattern matches? Both are read as sequences of path components, each a sequence of tokens
 * (a character, `?`, `*`, a class), and intersected; a component the reader does not understand
 * is read as "any name", so the answer errs towards yes. Bash's rules are followed: a wildcard
 * matches a leading dot only with dotglob, never `.` or `..`; `**` spans directories only with
 * globstar; a component without wildcards is matched exactly.
 */
import type { PathPattern } from './path-rule-match.js';

type Token = { kind: 'char'; c: string } | { kind: 'one' } | { kind: 'any' } | { kind: 'class'; set: string; negated: boolean };
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

/** Tokens of one shell-glob component; null when it holds no wildcard. */
function shellTokens(part: string, opts: GlobOptions): Token[] | null {
  if (opts.extglob && /[@!+*?]\(/.test(part)) return ANY_NAME;
  const tokens: Token[] = [];
  let wild = false;
  for (let i = 0; i < part.length; i++) {
    const c = part[i] as string;
    if (c === '\\' && i + 1 < part.length) tokens.push({ kind: 'char', c: part[++i] as string });
    else if (c === '*' || c === '?') {
      tokens.push({ kind: c === '*' ? 'any' : 'one' });
      wild = true;
    } else if (c === '[') {
      let end = i + 1;
      if (part[end] === '!' || part[end] === '^') end++;
      if (part[end] === ']') end++;
      while (end < part.length && part[end] !== ']') end++;
      if (end >= part.length) tokens.push({ kind: 'char', c });
      else {
        const body = part.slice(i + 1, end);
        const negated = body.startsWith('!') || body.startsWith('^');
        tokens.push({ kind: 'class', set: negated ? body.slice(1) : body, negated });
        wild = true;
        i = end;
      }
    } else tokens.push({ kind: 'char', c });
  }
  return wild ? tokens : null;
}

/** Components of an absolute shell glob. */
export function globComponents(absolute: string, opts: GlobOptions): Component[] {
  return absolute.split('/').filter((p) => p !== '').map((part): Component => {
    if (part === '**' && opts.globstar) return { deep: true };
    const tokens = shellTokens(part, opts);
    return tokens === null ? { deep: false, literal: true, tokens: [...part].map((c) => ({ kind: 'char', c })) } : { deep: false, literal: false, tokens };
  });
}

/**
 * Tokens of a rule segment, read back from the regex path-rule-match.ts compiles (`[^/]*` for
 * `*`, `[^/]` for `?`, classes, escaped characters). Anything else reads as "any name".
 */
function regexTokens(source: string): Token[] {
  const body = source.replace(/^\^/, '').replace(/\$$/, '');
  const tokens: Token[] = [];
  for (let i = 0; i < body.length; i++) {
    const rest = body.slice(i);
    if (rest.startsWith('[^/]*')) {
      tokens.push({ kind: 'any' });
      i += 4;
    } else if (rest.startsWith('[^/]')) {
      tokens.push({ kind: 'one' });
      i += 3;
    } else if (body[i] === '\\' && i + 1 < body.length) tokens.push({ kind: 'char', c: body[++i] as string });
    else if (body[i] === '[') {
      const end = body.indexOf(']', i + 2);
      if (end === -1) return ANY_NAME;
      const inner = body.slice(i + 1, end);
      tokens.push(inner.startsWith('^/') ? { kind: 'class', set: inner.slice(2), negated: true } : { kind: 'class', set: inner, negated: false });
      i = end;
    } else if (/[.*+?^${}()|]/.test(body[i] as string)) return ANY_NAME;
    else tokens.push({ kind: 'char', c: body[i] as string });
  }
  return tokens;
}

/** Components of a rule pattern as an absolute path pattern, beneath `base`; it also matches everything below. */
export function ruleComponents(pattern: PathPattern, base: string): Component[] {
  const segs: Component[] = pattern.segments.map((s) => {
    if (s.kind === 'globstar') return { deep: true };
    if (s.kind === 'literal') return { deep: false, literal: true, tokens: [...s.value].map((c) => ({ kind: 'char', c })) };
    return { deep: false, literal: false, tokens: regexTokens(s.re.source) };
  });
  const head: Component[] = pattern.anyDepth ? [{ deep: true }] : base.split('/').filter((p) => p !== '').map((p) => ({ deep: false, literal: true, tokens: [...p].map((c) => ({ kind: 'char', c })) }));
  return [...head, ...segs, { deep: true }];
}

const same = (a: string, b: string, nocase: boolean): boolean => a === b || (nocase && a.toLowerCase() === b.toLowerCase());

function inClass(t: Extract<Token, { kind: 'class' }>, c: string): boolean {
  // Ranges and named classes are not expanded: a class is read as able to match any character but
  // those a negated class lists plainly.
  if (t.negated) return !t.set.includes(c) || /[-[:]/.test(t.set);
  return t.set.includes(c) || /[-[:]/.test(t.set);
}

/** Can a glob token and a rule token stand for the same character? */
function charsMeet(g: Token, r: Token, nocase: boolean): boolean {
  if (g.kind === 'char' && r.kind === 'char') return same(g.c, r.c, nocase);
  if (g.kind === 'class' && r.kind === 'char') return inClass(g, r.c);
  if (r.kind === 'class' && g.kind === 'char') return inClass(r, g.c);
  return true;
}

/** The character a pair of tokens certainly produces, if one of them is a plain character. */
const known = (g: Token | undefined, r: Token | undefined): string | null => (g?.kind === 'char' ? g.c : r?.kind === 'char' ? r.c : null);

/**
 * Do a glob component and a rule component share a name? Without dotglob, a name starting with a
 * dot is matched only by a glob that starts with a literal dot; the search tracks whether a
 * character has been produced yet to apply that rule.
 */
function componentsMeet(g: Token[], r: Token[], opts: GlobOptions): boolean {
  const explicitDot = g[0]?.kind === 'char' && g[0].c === '.';
  const guardDot = !opts.dot && !explicitDot;
  const width = r.length + 1;
  const size = (g.length + 1) * width;
  const seen = new Uint8Array(size * 2);
  const stack = [0];
  seen[0] = 1;
  const push = (i: number, j: number, produced: number): void => {
    const k = produced * size + i * width + j;
    if (seen[k] === 0) {
      seen[k] = 1;
      stack.push(k);
    }
  };
  /** May this step produce the name's next character? Not a leading dot the glob does not spell. */
  const mayProduce = (c: string | null, produced: number): boolean => !(guardDot && produced === 0 && c === '.');
  while (stack.length > 0) {
    const state = stack.pop() as number;
    const produced = state >= size ? 1 : 0;
    const k = state % size;
    const i = Math.floor(k / width);
    const j = k % width;
    if (i === g.length && j === r.length) return true;
    const gt = g[i];
    const rt = r[j];
    if (gt?.kind === 'any') {
      push(i + 1, j, produced);
      // The glob's `*` takes one character the rule's token stands for.
      if (rt !== undefined && (rt.kind === 'any' || charsMeet(gt, rt, opts.nocase)) && mayProduce(known(undefined, rt), produced)) push(i, rt.kind === 'any' ? j : j + 1, 1);
    }
    if (rt?.kind === 'any') {
      push(i, j + 1, produced);
      if (gt !== undefined && gt.kind !== 'any' && charsMeet(gt, rt, opts.nocase) && mayProduce(known(gt, undefined), produced)) push(i + 1, j, 1);
    }
    if (gt !== undefined && rt !== undefined && gt.kind !== 'any' && rt.kind !== 'any' && charsMeet(gt, rt, opts.nocase) && mayProduce(known(gt, rt), produced)) push(i + 1, j + 1, 1);
  }
  return false;
}

/** Can a glob component name a hidden entry (a deep `**` spans hidden directories only with dotglob)? */
const dotOk = (r: Component, opts: GlobOptions): boolean => opts.dot || r.deep || r.tokens[0]?.kind !== 'char' || r.tokens[0].c !== '.';

/** Is there a path both component lists match? */
export function globMeetsRule(glob: Component[], rule: Component[], opts: GlobOptions): boolean {
  const width = rule.length + 1;
  const seen = new Uint8Array((glob.length + 1) * width);
  const stack = [0];
  seen[0] = 1;
  const push = (i: number, j: number): void => {
    const k = i * width + j;
    if (seen[k] === 0) {
      seen[k] = 1;
      stack.push(k);
    }
  };
  while (stack.length > 0) {
    const k = stack.pop() as number;
    const i = Math.floor(k / width);
    const j = k % width;
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
      const meet = g.literal ? componentsMeet(g.tokens, r.tokens, { ...opts, nocase: false, dot: true }) : componentsMeet(g.tokens, r.tokens, opts);
      if (meet) push(i + 1, j + 1);
    }
  }
  return false;
}
