/**
 * Gitignore-style globs, read in one place: the rules' path patterns (path-rule-match.ts), the
 * shell globs met against them (glob-match.ts), the Bash rules' `*` (bash-rule-match.ts) and the
 * shape of Glob's and Grep's `--glob` (tools/glob-filter.ts). A component is a sequence of tokens:
 * a character, `?` (one), `*` (any run), a class `[abc]` / `[!abc]`; `**` as a whole component
 * spans components. `/` is never matched by a token. Checked against picomatch by
 * test/glob/gitignore-glob-properties.test.ts.
 */

export type Token = { kind: 'char'; c: string } | { kind: 'one' } | { kind: 'any' } | { kind: 'class'; set: string; negated: boolean };

/** One component of a pattern: `**`, a name without wildcards, or a glob with its tokens. */
export type Segment = { kind: 'globstar' } | { kind: 'literal'; value: string } | { kind: 'glob'; tokens: Token[]; re: RegExp; text: string };

/** Where a pattern cannot be read, and why: a caller fails closed on it (no rule, no allow). */
export interface GlobError {
  error: string;
  /** The offset in the component. */
  at: number;
}

/**
 * Where a gitignore pattern applies: a leading `/` or a `/` inside anchors it at its base; else it
 * matches a name at any depth. A trailing `/` is dropped (gitignore's "directories only": a reader
 * that cannot tell matches both, the stricter reading for a deny).
 */
export function gitignoreShape(pattern: string): { body: string; anchored: boolean } {
  let body = pattern.startsWith('/') ? pattern.slice(1) : pattern;
  if (body.endsWith('/')) body = body.slice(0, -1);
  return { body, anchored: pattern.startsWith('/') || body.includes('/') };
}

/** The index of the `]` closing a class opened at `open` (a leading `!`/`^` and `]` are part of it), or -1. */
export function findClassEnd(part: string, open: number): number {
  let i = open + 1;
  if (part[i] === '!' || part[i] === '^') i++;
  if (part[i] === ']') i++;
  for (; i < part.length; i++) if (part[i] === ']') return i;
  return -1;
}

/**
 * Tokens of one component. `rule`: Claude Code's rule syntax, where a dangling `\`, an unclosed
 * `[` and a `**` inside a name are errors. `shell`: bash, where they are taken literally.
 */
export function componentTokens(part: string, dialect: 'rule' | 'shell'): { tokens: Token[]; wild: boolean } | GlobError {
  if (dialect === 'rule' && part !== '**' && part.includes('**')) return { error: '"**" must be a whole path component (a/**/b), not part of one', at: part.indexOf('**') };
  const tokens: Token[] = [];
  let wild = false;
  for (let i = 0; i < part.length; i++) {
    const c = part[i] as string;
    if (c === '\\') {
      const next = part[i + 1];
      if (next !== undefined) tokens.push({ kind: 'char', c: next });
      else if (dialect === 'rule') return { error: 'dangling "\\" at the end of a path component', at: i };
      else tokens.push({ kind: 'char', c });
      i++;
    } else if (c === '*' || c === '?') {
      tokens.push({ kind: c === '*' ? 'any' : 'one' });
      wild = true;
    } else if (c === '[') {
      const close = findClassEnd(part, i);
      if (close === -1) {
        if (dialect === 'rule') return { error: 'unterminated "[" character class (escape a literal bracket as \\[)', at: i };
        tokens.push({ kind: 'char', c });
        continue;
      }
      const body = part.slice(i + 1, close);
      const negated = body.startsWith('!') || body.startsWith('^');
      tokens.push({ kind: 'class', set: negated ? body.slice(1) : body, negated });
      wild = true;
      i = close;
    } else tokens.push({ kind: 'char', c });
  }
  return { tokens, wild };
}

const escapeRe = (ch: string): string => ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A rule component as a segment (the rule dialect). */
export function compileSegment(part: string): Segment | GlobError {
  if (part === '**') return { kind: 'globstar' };
  const read = componentTokens(part, 'rule');
  if ('error' in read) return read;
  if (!read.wild) return { kind: 'literal', value: read.tokens.map((t) => (t.kind === 'char' ? t.c : '')).join('') };
  const source = read.tokens
    .map((t) => {
      if (t.kind === 'char') return escapeRe(t.c);
      if (t.kind === 'one') return '[^/]';
      if (t.kind === 'any') return '[^/]*';
      return `[${t.negated ? '^/' : ''}${t.set.replace(/\\/g, '\\\\').replace(/\]/g, '\\]')}]`;
    })
    .join('');
  try {
    return { kind: 'glob', tokens: read.tokens, re: new RegExp(`^${source}$`, 's'), text: part };
  } catch {
    return { error: `invalid character class in "${part}"`, at: 0 };
  }
}

/** Does one segment match one path component? (`**` matches any one; it may match none, which callers handle.) */
export function segmentMatches(seg: Segment, comp: string): boolean {
  if (seg.kind === 'globstar') return true;
  return seg.kind === 'literal' ? seg.value === comp : seg.re.test(comp);
}

/**
 * Do the segments match the components, gitignore-style: from the first component (or, with
 * `anyDepth`, from any), the path itself or one of its ancestor directories (a pattern matching a
 * directory matches everything below it)?
 */
export function matchComponents(segs: readonly Segment[], comps: readonly string[], anyDepth: boolean): boolean {
  if (!anyDepth) return matchPrefixes(segs, comps, 0);
  for (let start = 0; start < comps.length; start++) if (matchPrefixes(segs, comps, start)) return true;
  return segs.length === 0;
}

function matchPrefixes(segs: readonly Segment[], comps: readonly string[], start: number): boolean {
  if (segs.length === 0) return true;
  for (let end = start + 1; end <= comps.length; end++) if (matchSegments(segs, 0, comps, start, end)) return true;
  return false;
}

/** Do the segments from `si` match exactly the components from `ci` up to (not including) `end`? */
function matchSegments(segs: readonly Segment[], si: number, comps: readonly string[], ci: number, end: number): boolean {
  if (si === segs.length) return ci === end;
  const seg = segs[si];
  if (seg === undefined) return false;
  if (seg.kind === 'globstar') {
    for (let k = ci; k <= end; k++) if (matchSegments(segs, si + 1, comps, k, end)) return true;
    return false;
  }
  if (ci >= end) return false;
  return segmentMatches(seg, comps[ci] ?? '') && matchSegments(segs, si + 1, comps, ci + 1, end);
}

const same = (a: string, b: string, nocase: boolean): boolean => a === b || (nocase && a.toLowerCase() === b.toLowerCase());

function inClass(t: Extract<Token, { kind: 'class' }>, c: string): boolean {
  // Ranges and named classes are not expanded: a class is read as able to match any character but
  // those a negated class lists plainly (the answer errs towards "they meet").
  if (t.negated) return !t.set.includes(c) || /[-[:]/.test(t.set);
  return t.set.includes(c) || /[-[:]/.test(t.set);
}

/** Can two tokens stand for the same character? */
function charsMeet(g: Token, r: Token, nocase: boolean): boolean {
  if (g.kind === 'char' && r.kind === 'char') return same(g.c, r.c, nocase);
  if (g.kind === 'class' && r.kind === 'char') return inClass(g, r.c);
  if (r.kind === 'class' && g.kind === 'char') return inClass(r, g.c);
  return true;
}

/** The character a pair of tokens certainly produces, if one of them is a plain character. */
const known = (g: Token | undefined, r: Token | undefined): string | null => (g?.kind === 'char' ? g.c : r?.kind === 'char' ? r.c : null);

export interface MeetOptions {
  /** A wildcard of `g` may produce a leading dot (bash's dotglob); else only a literal dot does. */
  dot: boolean;
  nocase: boolean;
}

/**
 * Is there a string both token sequences match? A search over pairs of positions (and whether a
 * character has been produced yet, for the leading-dot rule); `any` may take any run.
 */
export function tokensMeet(g: readonly Token[], r: readonly Token[], opts: MeetOptions): boolean {
  const explicitDot = g[0]?.kind === 'char' && g[0].c === '.';
  const guardDot = !opts.dot && !explicitDot;
  const width = r.length + 1;
  const size = (g.length + 1) * width;
  /** May this step produce the name's next character? Not a leading dot `g` does not spell. */
  const mayProduce = (c: string | null, produced: number): boolean => !(guardDot && produced === 0 && c === '.');
  return someReachable(size * 2, (state, next) => {
    const produced = state >= size ? 1 : 0;
    const k = state % size;
    const i = Math.floor(k / width);
    const j = k % width;
    const push = (i2: number, j2: number, p: number): void => next(p * size + i2 * width + j2);
    if (i === g.length && j === r.length) return true;
    const gt = g[i];
    const rt = r[j];
    if (gt?.kind === 'any') {
      push(i + 1, j, produced);
      // g's `*` takes one character r's token stands for.
      if (rt !== undefined && (rt.kind === 'any' || charsMeet(gt, rt, opts.nocase)) && mayProduce(known(undefined, rt), produced)) push(i, rt.kind === 'any' ? j : j + 1, 1);
    }
    if (rt?.kind === 'any') {
      push(i, j + 1, produced);
      if (gt !== undefined && gt.kind !== 'any' && charsMeet(gt, rt, opts.nocase) && mayProduce(known(gt, undefined), produced)) push(i + 1, j, 1);
    }
    if (gt !== undefined && rt !== undefined && gt.kind !== 'any' && rt.kind !== 'any' && charsMeet(gt, rt, opts.nocase) && mayProduce(known(gt, rt), produced)) push(i + 1, j + 1, 1);
    return false;
  });
}

/**
 * Whether some state reachable from state 0 (of `size`, numbered from 0) is a goal: `visit` says
 * whether its state is one and calls `next` for each state one step on. Each state is visited once,
 * so a search over pairs of positions in two patterns stays polynomial however they are written.
 */
export function someReachable(size: number, visit: (state: number, next: (state: number) => void) => boolean): boolean {
  const seen = new Uint8Array(size);
  const stack = [0];
  seen[0] = 1;
  const next = (k: number): void => {
    if (seen[k] === 0) {
      seen[k] = 1;
      stack.push(k);
    }
  };
  while (stack.length > 0) if (visit(stack.pop() as number, next)) return true;
  return false;
}
