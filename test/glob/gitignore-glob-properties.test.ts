/**
 * Each glob dialect checked against picomatch on seeded random patterns and paths (bounded by a
 * count of cases, with counters so no property passes vacuously):
 *  1. the rules' path patterns (`Read(src/*.ts)`, `Read(/a/**)`): src/glob/ via path-rule-match.ts;
 *  2. a shell glob met against a rule (glob-match.ts): never "they cannot meet" for a path both match;
 *  3. the Glob/Grep `--glob` filter (tools/glob-filter.ts);
 *  4. the Bash rules' `*` (bash-rule-match.ts `intersects`).
 * Where Claude Code's (or bash's, or ripgrep's) reading differs from picomatch on purpose, the
 * difference is stated where the case is left out or emulated; nothing else is left out.
 */
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { compileSegment, tokensMeet, type Token } from '../../src/glob/index.js';
import { matchPathPattern, parsePathPattern, type PathBases } from '../../src/policy/index.js';
import { globComponents, globMeetsRule, ruleComponents } from '../../src/policy/glob-match.js';
import { intersects, WILD } from '../../src/policy/bash/bash-rule-match.js';
import { compileGlobFilter } from '../../src/tools/glob-filter.js';
import { rng } from '../support/seeded-random.js';

const CASES = 4000;
const random = rng(0x5eed33);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
const upTo = (n: number): number => 1 + Math.floor(random() * n);

// Braces, extglobs (`+(a|b)`), `|` and POSIX classes are left out of every generator: the rule
// syntax and bash (without extglob) take them literally where picomatch gives them meaning.
const TOKENS = ['a', 'b', '.', '*', '?', '[ab]', '[!a]'];

/** A name: no `.`/`..` (never a component of a normalised path). */
function name(): string {
  for (;;) {
    const n = Array.from({ length: upTo(3) }, () => pick(['a', 'b', '.'])).join('');
    if (n !== '.' && n !== '..') return n;
  }
}
const path = (): string[] => Array.from({ length: upTo(4) }, name);

/** A path the glob may match (picomatch still decides): each wildcard filled in at random. */
function instance(g: readonly string[]): string[] {
  const fill: Record<string, () => string> = { '*': () => pick(['', 'a', 'b', 'ab', '.a']), '?': () => pick(['a', 'b', '.']), '[ab]': () => pick(['a', 'b']), '[!a]': () => pick(['b', '.']) };
  return g.flatMap((c) => (c === '**' ? Array.from({ length: Math.floor(random() * 3) }, name) : [c.replace(/\[ab\]|\[!a\]|[*?]/g, (t) => fill[t]?.() ?? t)])).filter((c) => c !== '');
}

/** A rule pattern the path may match: some of its names kept, others made wild. */
const ruleFor = (comps: readonly string[]): string[] => comps.map((c) => pick([c, c, '*', '**', `${c[0] ?? 'a'}*`, '[!a]*', component()]));

/** A glob component: `**` whole, or tokens without two `*` side by side (`**` inside a name is not in the rule syntax). */
function component(): string {
  if (random() < 0.15) return '**';
  for (;;) {
    const c = Array.from({ length: upTo(3) }, () => pick(TOKENS)).join('');
    if (!c.includes('**') && c !== '.' && c !== '..') return c;
  }
}
const glob = (): string[] => Array.from({ length: upTo(3) }, component);

/** gitignore: a pattern matching a directory matches everything beneath it (picomatch does not). */
const orAncestor = (test: (rel: string) => boolean, comps: readonly string[]): boolean => comps.some((_, i) => test(comps.slice(0, i + 1).join('/')));

/**
 * picomatch reads `[!a]` as a class of `!` and `a` (or that text literally); gitignore, bash and
 * the rule syntax read it as "not a", picomatch's `[^a]`: the text is given to picomatch so.
 */
const forPicomatch = (pattern: string): string => pattern.replaceAll('[!', '[^');

const BASES: PathBases = { root: '/w', cwd: '/w', home: '/h' };

describe('the rules\' path patterns match as picomatch does (gitignore-style)', () => {
  it('anchored (`/a/*`, `a/b`) and at any depth (`*.ts`), dot files included', () => {
    const counts = { matched: 0, missed: 0, anyDepth: 0 };
    for (let n = 0; n < CASES; n++) {
      const parts = glob();
      const spec = (random() < 0.5 ? '/' : '') + parts.join('/');
      // Allow rules: as a deny or ask rule, `dir/**` also matches `dir` at any depth (Claude
      // Code's rule-type quirk, the stricter reading): that difference is the deny side's alone.
      const parsed = parsePathPattern(spec, 'allow');
      expect(parsed.ok, spec).toBe(true);
      if (!parsed.ok) continue;
      const comps = path();
      // No `/` but a leading one: the name at any depth, as `**/name` (gitignore).
      const anyDepth = !spec.startsWith('/') && parts.length === 1;
      const pm = picomatch(forPicomatch(anyDepth ? `**/${spec}` : spec.replace(/^\//, '')), { dot: true });
      // A trailing `/**` may match no component, so `dir/**` also matches `dir` (the stricter
      // reading for a deny); picomatch does so for `a/**` but not for `?.*/**`: emulated.
      const stem = spec.replace(/^\//, '').replace(/(\/\*\*)+$/, '');
      const bare = stem !== spec.replace(/^\//, '') && stem !== '**' && picomatch(forPicomatch(anyDepth ? `**/${stem}` : stem), { dot: true });
      const expected = orAncestor(pm, comps) || (bare !== false && orAncestor(bare, comps));
      expect(matchPathPattern(parsed.value, `/w/${comps.join('/')}`, BASES), `${spec} ${comps.join('/')}`).toBe(expected);
      counts[expected ? 'matched' : 'missed']++;
      if (anyDepth && expected && comps.length > 1) counts.anyDepth++;
    }
    expect(counts.matched).toBeGreaterThan(CASES / 10);
    expect(counts.missed).toBeGreaterThan(CASES / 10);
    expect(counts.anyDepth).toBeGreaterThan(CASES / 100);
  });

  it('fails closed: a component it cannot read is an error (no rule, so no allow), never a guess', () => {
    for (const bad of ['[ab', 'a\\', 'a**', '[z-a]']) expect('error' in compileSegment(bad), bad).toBe(true);
    for (const bad of ['src/[ab', '**x/y', 'a/b\\']) expect(parsePathPattern(bad, 'deny').ok, bad).toBe(false);
  });
});

describe('a shell glob meets a rule whenever some path matches both (glob-match.ts)', () => {
  it('for every path picomatch matches with the glob, as bash reads it, and the rule matches', () => {
    const counts = { both: 0, checked: 0 };
    for (let n = 0; n < 2 * CASES; n++) {
      const opts = { dot: random() < 0.5, globstar: random() < 0.7, nocase: false, extglob: false };
      const g = glob();
      const comps = random() < 0.7 ? instance(g) : path();
      if (comps.length === 0 || comps.some((c) => c === '.' || c === '..')) continue;
      const rule = parsePathPattern((random() < 0.7 ? ruleFor(comps) : glob()).join('/'), 'deny');
      if (!rule.ok) continue;
      const rel = comps.join('/');
      // bash: without dotglob no wildcard, a class included, matches a leading dot; picomatch lets
      // a negated class (`[!a]`) take one. Left out: a negated class leading a component of the
      // glob where the path has a dot file.
      if (!opts.dot && g.some((c) => c.startsWith('[!')) && comps.some((c) => c.startsWith('.'))) continue;
      counts.checked++;
      const globMatches = picomatch(forPicomatch(g.join('/')), { dot: opts.dot, noglobstar: !opts.globstar })(rel);
      if (!globMatches || !matchPathPattern(rule.value, `/w/${rel}`, BASES)) continue;
      counts.both++;
      expect(globMeetsRule(globComponents(`/w/${g.join('/')}`, opts), ruleComponents(rule.value, '/w'), opts), `${g.join('/')} ${rel}`).toBe(true);
    }
    expect(counts.checked).toBeGreaterThan(CASES / 2);
    expect(counts.both).toBeGreaterThan(CASES / 4);
  });
});

describe('the Glob/Grep filter reads `--glob` as picomatch does, anchored gitignore-style (glob-filter.ts)', () => {
  it('an include glob takes exactly what picomatch takes, on the whole path or (no `/`) the last name', () => {
    const counts = { included: 0, left: 0 };
    for (let n = 0; n < CASES; n++) {
      // The filter hands the glob to picomatch, `[!a]` too (see forPicomatch; ripgrep itself is
      // given no glob with a class: readAlikeByRipgrep).
      const parts = glob().map((c) => (random() < 0.1 ? `{${c},b}` : c));
      const body = parts.join('/');
      const g = (random() < 0.3 ? '/' : '') + body + (random() < 0.1 ? '/' : '');
      const anchored = g.startsWith('/') || parts.length > 1;
      const comps = path();
      const rel = comps.join('/');
      const own = picomatch(body, { dot: true, basename: !anchored });
      // ripgrep: `dir/**` matches only what lies beneath `dir`, never `dir` itself.
      if (body.endsWith('/**') && !/^(\*\*\/)*\*\*$/.test(body) && picomatch(body.replace(/(\/\*\*)+$/, ''), { dot: true })(rel)) continue;
      const expected = own(rel);
      expect(compileGlobFilter([[g]]).includesFile(rel), `${g} ${rel}`).toBe(expected);
      counts[expected ? 'included' : 'left']++;
    }
    expect(counts.included).toBeGreaterThan(CASES / 10);
    expect(counts.left).toBeGreaterThan(CASES / 10);
  });
});

describe('the Bash rules\' `*` patterns (bash-rule-match.ts) intersect as picomatch finds', () => {
  it('two patterns over `a b -` share a text exactly when a text made of one matches the other', () => {
    // Ground truth by picomatch: a text that matches both exists iff one of the texts built from
    // `a`'s pattern (each `*` as "", "a", "b", "ab", " ") matches `b`'s pattern, up to length.
    const counts = { meet: 0, apart: 0 };
    const fill = ['', 'a', 'b', 'ab', ' '];
    const texts = (p: string): string[] => p.split(WILD).reduce<string[]>((acc, lit, i) => (i === 0 ? [lit] : acc.flatMap((t) => fill.map((f) => t + f + lit))), []);
    const asGlob = (p: string): string => p.split(WILD).map((lit) => lit.replace(/[-\\]/g, '\\$&')).join('*');
    for (let n = 0; n < CASES; n++) {
      const gen = (): string => Array.from({ length: upTo(4) }, () => pick(['a', 'b', ' ', '-', WILD])).join('');
      const [a, b] = [gen(), gen()];
      const pmB = picomatch(asGlob(b), { dot: true, bash: true });
      const pmA = picomatch(asGlob(a), { dot: true, bash: true });
      const witness = texts(a).some((t) => pmB(t)) || texts(b).some((t) => pmA(t));
      const meet = intersects(a, b);
      // The search may find a text longer than the bounded witnesses: only "meet" without a
      // witness is possible; "apart" with a witness never is.
      if (witness) expect(meet, JSON.stringify([a, b])).toBe(true);
      counts[meet ? 'meet' : 'apart']++;
    }
    expect(counts.meet).toBeGreaterThan(CASES / 10);
    expect(counts.apart).toBeGreaterThan(CASES / 10);
  });

  it('is the one token search the shell globs use', () => {
    const tokens = (s: string): Token[] => [...s].map((c) => (c === WILD ? { kind: 'any' } : { kind: 'char', c }));
    expect(intersects(`a${WILD}`, `${WILD}b`)).toBe(tokensMeet(tokens(`a${WILD}`), tokens(`${WILD}b`), { dot: true, nocase: false }));
  });
});
