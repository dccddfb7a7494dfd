/**
 * Attack review of 8c2d964 and 09dc39d:
 *  1. tree-skip.ts finalDotAsClass: a component's final `.` goes to ripgrep as `[.]`. Claim: for
 *     every rule treeSkipRules does not return null for, `rg --files` with the globs lists exactly
 *     the files the policy's matcher does not deny.
 *  2. glob-filter.ts: readAlikeByRipgrep refuses a name that can end in `.`; fileMatcher does not
 *     take `src/**` to match a file named `src`. Claim: for every glob it accepts, ripgrep lists
 *     what compileGlobFilter includes, and the confined Grep/Glob (walkAbove/listAbove 0) answer as
 *     the judged walk (Infinity).
 *  3. denied-files.ts: a listed mount point beneath a procfs rule root that cannot be lstat-ed, or
 *     whose name holds U+FFFD, makes the scan incomplete.
 * Oracles: two workspaces differing only in what the denied file holds (120,000 matching lines
 * push ripgrep's output past RG_MAX_OUTPUT_CHARS: the answer says "cut short" exactly when ripgrep
 * read it); `rg --files` against the policy's matcher or the filter; the confined answer against
 * the judged walk (confined-vs-walk.ts). Findings are `it.fails` (severity, mechanism, fix);
 * attacks that held are `it`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, statfsSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCommandActivity } from '../../src/entry/command-activity.js';
import { scanDeniedFiles } from '../../src/policy/denied-files.js';
import { createPolicyDecider, type LoadedPolicy } from '../../src/policy/index.js';
import { treeSkipRules } from '../../src/policy/tree-skip.js';
import { mountsToScanBeneath } from '../../src/sandbox/index.js';
import { readAlikeByRipgrep } from '../../src/tools/glob-filter.js';
import { splitGlobs } from '../../src/tools/grep.js';
import { filesBeneath, rgFiles } from '../policy/rg-listing.js';
import { rng } from '../support/seeded-random.js';
import { FIXED, HALF, HOST_PATH, MISS, mounts, policyAt, policyDenying, PROC_MAGIC, ready, rgPath, SECRET, undoMounts, unmounts } from './attack-setup.js';
import { confinedAgainstWalk } from './confined-vs-walk.js';
import { filterTakes, rgList } from './dialect-listing.js';
import { grepThroughPipeline, watchingSkips, watchProof } from './grep-pipeline.js';
import { workspace, writeEveryPairing, writeFiles } from './tool-harness.js';

afterEach(undoMounts);

/** Where the rules' globs and the policy's matcher part ways beneath `dir` (the searched directory). */
function skipDiffers(policy: LoadedPolicy, cwd: string, dir: string): string[] {
  const skip = treeSkipRules([policy], cwd, dir);
  if (skip === null) return [];
  const allowed = filesBeneath(dir).filter((rel) => !skip.denies(rel)).sort();
  const listed = rgFiles(rgPath ?? 'rg', dir, skip.globs).sort();
  const out: string[] = [];
  for (const rel of listed) if (!allowed.includes(rel)) out.push(`ripgrep opens denied ${JSON.stringify(rel)} (${skip.globs.join(' ')})`);
  for (const rel of allowed) if (!listed.includes(rel)) out.push(`ripgrep leaves out allowed ${JSON.stringify(rel)} (${skip.globs.join(' ')})`);
  return out;
}

/** What Grep (content, walkAbove 0, commands sandboxed) tells the model with `denied` holding 120,000 lines of `holds`; the proofs asked. */
async function grepAnswer(rule: string, denied: string, holds: string, before?: (ws: string, activity: ReturnType<typeof createCommandActivity>) => Promise<void>, input: Record<string, unknown> = {}): Promise<{ out: string; proofs: boolean[]; walkedByName: number }> {
  const ws = workspace();
  const first = before === undefined ? denied : 'keys/token.';
  writeFiles(ws, { 'src/a.ts': `${HALF} public\n`, [first]: `${holds}\n`.repeat(120_000) });
  for (const rel of ['src/a.ts', first]) utimesSync(join(ws, rel), FIXED, FIXED);
  const policy = await policyAt(policyDenying(rule), ws);
  const activity = createCommandActivity();
  const proofs: boolean[] = [];
  const { wrapGuard, seen } = watchingSkips((skip) => watchProof(skip, proofs));
  const grep = grepThroughPipeline({ ws, decider: createPolicyDecider(policy), policy, engine: 'rg', walkAbove: 0, searchPath: HOST_PATH, wrapGuard, commandActivity: activity.stamp });
  if (before !== undefined) await before(ws, activity);
  const out = (await grep({ pattern: HALF, output_mode: 'content', ...input })).text.replaceAll(ws, '<ws>');
  return { out, proofs, walkedByName: seen.length };
}

/** Seeded integers below n (mulberry32, test/support/seeded-random.ts). */
function random(seed: number): (n: number) => number {
  const next = rng(seed);
  return (n) => Math.floor(next() * n);
}

// ---------------------------------------------------------------------------------------------
// 1. The guard's exclusions: a name's final dot as [.]
// ---------------------------------------------------------------------------------------------

describe.runIf(ready)('1. the guard\'s exclusions beneath a directory named with a newline: found, closed', () => {
  /*
   * FINDING (severity: medium where it applies; a full read of the denied file by bisection, one
   * bit per Grep call. Needs a directory whose name holds a newline (\n) between the searched
   * directory and a denied file, and a rule whose glob ripgrep matches by regex: any unanchored
   * rule with a wildcard or class that is not `*.ext` (`secret*`, `.env*`, `id_rsa*`, `*token*`),
   * and, since 8c2d964, every rule ending in `.` (`token.` is now `!token[.]`, a regex; it was a
   * basename match), and `a/**\/b`-style rules. `.env`, `*.pem`, `/**\/k.txt`, `k[0-9].pem`,
   * `.env.*.local` hold (basename, extension and suffix strategies).)
   * Mechanism: ripgrep's globset compiles the `**\/` it prefixes to a gitignore name (and any `**`)
   * to `(?:/?|.*\/)` / `(?:/|/.*\/)` without dot-matches-newline (ripgrep 13), so `.` never crosses
   * the `\n` in `a\nb/`: `--glob=!token[.]`, `!secret*`, `!vault[.]` and `!**\/sub/token[.]` do not
   * match `a\nb/token.`, `a\nb/secret1` or `a\nb/vault.` (checked with `rg --files`). The policy's
   * matcher denies them (its segments are matched per component, with the `s` flag). Under a proof
   * ripgrep walks by name and reads the denied file; walkedFilter's skip.denies drops its hits,
   * but its output has counted toward RG_MAX_OUTPUT_CHARS: "cut short" iff it matched. A command
   * the run lets rename the denied file to another denied name (`mkdir $'a\nb'; mv keys/token.
   * $'a\nb'/`) keeps the proof (the scan finds it under a name the rules deny), see the second test.
   * Fix: give ripgrep, with the guard's exclusions, one that prunes every name holding a newline
   * (`--glob=!*<LF>*`: its `[^/]*\n[^/]*` needs no `.`; checked to prune `a\nb/` at any depth), and
   * have the judged walk and walkedFilter leave such names out too (or fall back to the judged walk
   * whenever the tree holds such a name); add newline directories to tree-skip.test.ts's tree.
   * Closed (tree-skip.ts NO_NEWLINE_NAMES): with any rule that could match beneath, ripgrep is
   * also given `!*<LF>*` and the skip's matcher counts such paths as left out; the judged walk
   * still finds what is allowed there (the confined and judged answers differ only for them).
   * Each of the three tests below fails with that glob withheld (checked).
   */
  it('a denied file beneath `a\\nb/`: the answer is the same whatever it holds', async () => {
    const differ: string[] = [];
    for (const [rule, denied] of [['token.', 'a\nb/token.'], ['secret*', 'a\nb/secret1'], ['vault./**', 'a\nb/vault./key']] as const) {
      const hit = await grepAnswer(rule, denied, SECRET);
      const miss = await grepAnswer(rule, denied, MISS);
      expect(hit.walkedByName, rule).toBe(1);
      expect(hit.proofs, rule).toEqual([true]);
      expect(hit.out).not.toContain(SECRET);
      if (hit.out !== miss.out) differ.push(`${rule}: ${JSON.stringify(hit.out)} | ${JSON.stringify(miss.out)}`);
    }
    expect(differ).toEqual([]);
  });

  it('a command renames the denied `keys/token.` to `a\\nb/token.` (still a denied name): the proof holds and the next Grep reads it', async () => {
    const move = async (ws: string, activity: ReturnType<typeof createCommandActivity>): Promise<void> => {
      await activity.around(async () => {
        mkdirSync(join(ws, 'a\nb'));
        renameSync(join(ws, 'keys/token.'), join(ws, 'a\nb/token.'));
        await Promise.resolve();
      });
    };
    const hit = await grepAnswer('token.', 'a\nb/token.', SECRET, move);
    const miss = await grepAnswer('token.', 'a\nb/token.', MISS, move);
    expect(hit.proofs).toEqual([true]);
    expect(hit.out).toEqual(miss.out);
  });

  it('rg --files with the globs lists exactly what the matcher allows, over a tree with `a\\nb/`', async () => {
    const ws = workspace();
    const names = ['token.', 'secret1', 'vault./key', 'sub/token.', 'plain.txt'];
    writeFiles(ws, Object.fromEntries(['', 'a\nb/'].flatMap((d) => names.map((n) => [`${d}${n}`, 'x\n']))));
    const policy = await policyAt(policyDenying('token.', 'secret*', 'vault./**', '/**/sub/token.'), ws);
    expect(skipDiffers(policy, ws, ws)).toEqual([]);
  });

  /*
   * Held: under the same `a\nb/` (and `c\rd/`, and a name that is not UTF-8) the rules ripgrep
   * matches by name, extension or suffix (`.env`, `*.pem`, `k[0-9].pem`, `.env.*.local`, `/**\/k.txt`) leave the denied files out
   * exactly; and `\r` is crossed by the regex rules (only `\n` is special to ripgrep's `.`).
   */
  it('rules matched by name, extension or suffix, and `\\r` or non-UTF-8 directories: exact', async () => {
    const ws = workspace();
    const names = ['.env', 'k.pem', 'k1.pem', '.env.x.local', 'sub/k.txt', 'token.', 'secret1', 'plain.txt'];
    const dirs = ['', 'a\nb/', 'c\rd/'];
    writeFiles(ws, Object.fromEntries(dirs.flatMap((d) => names.map((n) => [`${d}${n}`, 'x\n']))));
    const policy = await policyAt(policyDenying('.env', '*.pem', 'k[0-9].pem', '.env.*.local', '/**/k.txt'), ws);
    expect(skipDiffers(policy, ws, ws)).toEqual([]);
    const regexRules = await policyAt(policyDenying('token.', 'secret*'), ws);
    const skip = treeSkipRules([regexRules], ws, ws);
    const listed = rgFiles(rgPath ?? 'rg', ws, skip?.globs ?? []);
    expect(listed.filter((rel) => rel.startsWith('c\r') && /token\.|secret1/.test(rel))).toEqual([]);
    // A directory whose name is not UTF-8 (ripgrep matches its lossy name; `.` matches U+FFFD's bytes).
    const raw = workspace();
    mkdirSync(Buffer.from([...Buffer.from(`${raw}/`), 0x65, 0xff]));
    for (const name of ['token.', 'secret1', 'plain']) writeFileSync(Buffer.from([...Buffer.from(`${raw}/`), 0x65, 0xff, ...Buffer.from(`/${name}`)]), 'x\n');
    expect(rgFiles(rgPath ?? 'rg', raw, skip?.globs ?? [])).toEqual(['e\ufffd/plain']);
  });
});

describe.runIf(ready)('1. the guard\'s exclusions for names ending in dots: attacks that held', () => {
  /*
   * Held: rules named in the brief over names built to trip them (trailing dots, `..`, a dot after
   * `*`, classes, escapes, a space before the dot, non-ASCII, directories ending in `.` with
   * `dir./**`, anchored rules beneath the searched directory through a policy root, a cwd and a
   * home ending in `.`): ripgrep lists exactly what the matcher allows, from the root and from
   * directories beneath. A component never ends in `\.` (escapeName leaves `.` bare; a rule's `\.`
   * becomes `.` then `[.]`), so `[.]` is always a class, and globset sends any glob with a class to
   * its regex strategy.
   */
  const NAMES = ['token.', 'a.', 'a..', 'x.', 'k1.', 'a.b', 'sp .', 'sp. ', '\u00fc.', 'b', 'ab.', 'x.y.', '.env.', '..a.', 'a.a.', 'a.x', 'a'];
  const DIRS = ['', 'src', 'd/vault.', 'src/w/vault.', 'd/a./b', 'deep/a./c', 'd/sp ./q', 'd/\u00fc./k', 'p./r.'];
  function tree(): string {
    const ws = workspace();
    writeEveryPairing(ws, DIRS, NAMES);
    return ws;
  }

  it('the brief\'s rules, with the root, cwd and home anchored beneath the searched directory', async () => {
    const ws = tree();
    const rules = ['a.', '**/a.', '/x/*.', '*.*.', 'a.[.]', 'a\\.', '*\\.', 'sp .', '\u00fc.', 'vault./**', 'a./**', '/r./**', '/*.', '*.', 'x..', 'k[0-9].', 'a[.a]', '/b/*', '~/*.', './a.', '../b/a.', '/**/a.'];
    const differ: string[] = [];
    // Anchors beneath the searched directories: the root `p.`, the home `d/vault.`; the cwd the
    // workspace, or `d/a.` for the rules anchored at it (an any-depth rule there: the finding below).
    const anchoredAtCwd = ['./a.', './b/*.', '../a./b/x.', './b/**', '../vault./**'];
    for (const rule of [...rules, ...anchoredAtCwd]) {
      const policy = await policyAt(policyDenying(rule), join(ws, 'p.'), join(ws, 'd/vault.'));
      const cwd = anchoredAtCwd.includes(rule) ? join(ws, 'd/a.') : ws;
      for (const sub of ['', 'd', 'src', 'd/a.']) differ.push(...skipDiffers(policy, cwd, sub === '' ? ws : join(ws, sub)).map((d) => `${rule} at ${sub}: ${d}`));
    }
    expect(differ).toEqual([]);
  });

  it('random rules of dotted names, classes and escapes (cwd the workspace): ripgrep lists what the matcher allows', async () => {
    const ws = tree();
    const comps = ['token.', 'a.', '*.', '*', 'k[0-9].', 'x..', 'a.[.]', '*.*.', 'vault.', 'a\\.', '*\\.', 'sp .', '\u00fc.', 'b', '**', '[.]', 'a[.a]', 'x*.', '*x.', 'a.*', '*.*', 'src', 'deep', 'a.b', 'r.'];
    const next = random(5);
    const differ: string[] = [];
    let checked = 0;
    for (let i = 0; i < 70; i++) {
      const parts: string[] = [];
      for (let j = 0, n = 1 + next(3); j < n; j++) parts.push(comps[next(comps.length)] ?? '');
      let rule = (['', '/', '**/', './', '/**/'][next(5)] ?? '') + parts.join('/');
      if (next(4) === 0) rule += '/**';
      let policy: LoadedPolicy;
      try {
        policy = await policyAt(policyDenying(rule), ws);
      } catch {
        continue;
      }
      for (const sub of ['', 'src', 'deep']) {
        if (treeSkipRules([policy], ws, join(ws, sub)) !== null) checked++;
        differ.push(...skipDiffers(policy, ws, sub === '' ? ws : join(ws, sub)).map((d) => `${rule} at ${sub}: ${d}`));
      }
    }
    expect(checked).toBeGreaterThan(150);
    expect(differ.slice(0, 5)).toEqual([]);
  });
});

describe.runIf(ready)('1. the guard\'s exclusions when the cwd lies beneath the searched directory: found, closed', () => {
  /*
   * FINDING (severity: low; correctness only, the safe way: ripgrep leaves out files the matcher
   * allows, so the confined Grep misses them where the judged walk finds them; not new in 8c2d964).
   * Mechanism: an any-depth rule (`*.`, `src/**`, `.env`) matches, for a path beneath the cwd, only
   * the components below the cwd (path-rule-match.ts matchBelowAnchor), but ruleGlobs writes it as a
   * gitignore name (`!*[.]`, `!src`) matching a component at any depth below the searched directory.
   * Searched from a directory above the cwd (cwd `src/w/vault.`, Grep of the workspace), the glob
   * prunes `src` or `vault.` on the way to the cwd, and everything in the cwd with it, though the
   * matcher denies none of it. ruleGlobs only checks the searched directory's own components.
   * Fix: in ruleGlobs, for an any-depth rule, also return null (or anchor the glob) when a component
   * between the searched directory and the cwd matches the segment; add a cwd beneath the searched
   * directory to tree-skip.test.ts's differential.
   * Closed: ruleGlobs counts, for an any-depth rule, the names the matcher counts (tree-skip.ts
   * countedComponents): with the cwd beneath the searched directory, a match between them gives
   * null (the judged walk); the differential searches from five cwds, and fails with it undone.
   */
  it('cwd `src/w/vault.` searched from the workspace: `*.` and `src/**` leave out only what the matcher denies', async () => {
    const ws = workspace();
    writeFiles(ws, { 'src/w/vault./b': 'x\n', 'src/w/vault./a.': 'x\n', 'src/other.': 'x\n', 'top.': 'x\n' });
    const differ: string[] = [];
    for (const rule of ['*.', 'src/**']) {
      const policy = await policyAt(policyDenying(rule), ws);
      differ.push(...skipDiffers(policy, join(ws, 'src/w/vault.'), ws).map((d) => `${rule}: ${d}`));
    }
    expect(differ).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 2. The model's globs: readAlikeByRipgrep and fileMatcher
// ---------------------------------------------------------------------------------------------


describe.runIf(ready)('2. the dialect given to ripgrep: found', () => {
  /*
   * FINDING (severity: low; correctness only: the confined Grep misses files the judged walk finds;
   * no denied byte, the guard's exclusions come last and win).
   * Mechanism: fileMatcher fixed a trailing `/**` for files only. For directories (prunesDir,
   * lastMatch without asFile) the filter still takes `q/a/**` to match the directory `q/a`, which
   * ripgrep does not (gitignore: `q/a/**` becomes `q/a/**\/*`). With `!q/a` then `q/a/**` ripgrep's
   * last match for the directory `q/a` is the exclusion, so it prunes it; the filter's last match
   * is the include, so it enters it and takes `q/a/x`. (Reversed, `!q/**` then `q/a/x`, ripgrep
   * lists `q/a/x` and the filter prunes `q`: not seen in the answers, the filter re-judges what
   * ripgrep lists, but ripgrep does not read the globs as the filter does either way.) An unanchored
   * include (`*.md`) keeps tree-narrow.ts from starting ripgrep inside `q/a`, which hides it.
   * Fix: test a directory as ripgrep does too: a glob ending in `/**` matches a directory only
   * strictly beneath what stands before it (fileMatcher's reading for directories), and keep
   * `excluding src/**` pruning by excluding each child (same files); or refuse, in
   * readAlikeByRipgrep, a group holding a `/**` glob and a negation.
   * Closed the first way (glob-filter.ts strictlyBeneath, for files and directories alike).
   * Checked with ripgrep 13 since: `!q/**` then `q/a/x` lists nothing (`!q/**` prunes `q/a`), as
   * the filter now reads it too.
   */
  it('Grep `!q/a q/a/** *.md`: ripgrep lists what the filter takes; confined answers as the walk', async () => {
    const ws = workspace();
    const files = ['q/a/x', 'q/b/y', 'p/q.md'];
    writeFiles(ws, Object.fromEntries(files.map((f) => [f, 'needle\n'])));
    for (const f of files) utimesSync(join(ws, f), FIXED, FIXED);
    const globs = ['!q/a', 'q/a/**', '*.md'];
    expect(globs.every(readAlikeByRipgrep)).toBe(true);
    expect(rgList(ws, globs)).toEqual(filterTakes(ws, globs));
    expect(await confinedAgainstWalk(ws, ['!q/a q/a/** *.md'], { glob: false })).toEqual([]);
  });

  /*
   * FINDING (severity: low; correctness only).
   * Mechanism: the filter's matcher keeps picomatch's first test, a name equal to the glob matches
   * (`rel === body`); ripgrep has no such rule. A brace glob in the dialect then matches a file
   * literally named as the glob: `{a,b}` takes a file named `{a,b}`, `/x/{a,b}.ts` takes
   * `x/{a,b}.ts`; ripgrep lists neither, so the confined Grep and Glob miss them.
   * Fix: drop the equality in matcher (glob-filter.ts) for globs with a brace (for the rest it only
   * repeats the regex), or refuse braces in readAlikeByRipgrep.
   * Closed the first way (glob-filter.ts matcher: `hasBraces`).
   */
  it('a file named `{a,b}`: Grep and Glob confined answer as the walk', async () => {
    const ws = workspace();
    const files = ['{a,b}', 'x/{a,b}.ts', 'a'];
    writeFiles(ws, Object.fromEntries(files.map((f) => [f, 'needle\n'])));
    for (const f of files) utimesSync(join(ws, f), FIXED, FIXED);
    expect(['{a,b}', '/x/{a,b}.ts'].every(readAlikeByRipgrep)).toBe(true);
    expect(await confinedAgainstWalk(ws, ['{a,b}', '/x/{a,b}.ts'])).toEqual([]);
  });

  /*
   * FINDING (severity: low; correctness only).
   * Mechanism: readAlikeName looks only at the glob's last part ending in `.`, but a name ending in
   * `.*` may match a name ending in `.` too, and there picomatch and ripgrep part: picomatch reads
   * `*.*` at the start of a glob (`*.*`, `/*.*`, `**\/*.*`) as needing a character after the dot
   * (`\.(?=.)`), ripgrep's regex does not (`a.*`, `src/*.*` agree). So `*.*` lists `a.` in ripgrep
   * but not in the filter (hidden: the filter re-judges), and `!*.*` leaves `a.` out of ripgrep's
   * walk but not the filter's: the confined Grep misses it.
   * Fix: in readAlikeName also refuse a name whose last part ends in `.*` (or a brace alternative
   * ending in `.` before a final `*`).
   * Closed: readAlikeName refuses a name ending in `.*` (but `.*` itself); ripgrep still reads
   * them otherwise (the first check), so the confined answer is the filter's.
   */
  it('Grep `!*.*` and `*.*` over names ending in `.`: not given to ripgrep, which reads them otherwise; confined answers as the walk', async () => {
    const ws = workspace();
    const files = ['a.', 'b.ts', 'src/c.', 'plain'];
    writeFiles(ws, Object.fromEntries(files.map((f) => [f, 'needle\n'])));
    for (const f of files) utimesSync(join(ws, f), FIXED, FIXED);
    const globs = ['*.*', '!*.*', '**/*.*', '/*.*'];
    expect(globs.filter((glob) => JSON.stringify(rgList(ws, [glob])) !== JSON.stringify(filterTakes(ws, [glob])))).not.toEqual([]);
    for (const glob of globs) expect(readAlikeByRipgrep(glob), glob).toBe(false);
    expect(await confinedAgainstWalk(ws, globs)).toEqual([]);
  });

  /*
   * FINDING (severity: low; correctness only; the same ripgrep behaviour as the first finding).
   * Mechanism: ripgrep's `**` (and the `**\/` before a gitignore name) is `.*` without
   * dot-matches-newline, picomatch's `**` is `(?:….)*?` likewise; its unanchored globs are tested on
   * the last name only (matcher's basename). So `*.*` and `key*` are regex globs ripgrep cannot
   * match beneath `a\nb/` but the filter takes there: the confined Grep and Glob miss
   * `a\nb/c.ts` and `a\nb/key1`. (`**\/*.ts` and `**\/**` the other way: ripgrep's extension strategy
   * lists `a\nb/c.ts`, picomatch's `**` does not; hidden by the filter's re-judging.)
   * Fix: as the first finding's: prune names holding a newline in both, or give ripgrep none of
   * the model's globs (or no walk by name) when the tree holds one.
   */
  it.fails('a directory named `a\\nb`: Grep and Glob `*.*` and `key*` confined answer as the walk', async () => {
    const ws = workspace();
    const files = ['a\nb/c.ts', 'a\nb/key1', 'key2', 'd.ts'];
    writeFiles(ws, Object.fromEntries(files.map((f) => [f, 'needle\n'])));
    for (const f of files) utimesSync(join(ws, f), FIXED, FIXED);
    expect(await confinedAgainstWalk(ws, ['*.*', 'key*'])).toEqual([]);
  });
});

describe.runIf(ready)('2. the dialect given to ripgrep: attacks that held', () => {
  /*
   * Held: trailing and repeated globstars over a directory and a file sharing a name at different
   * depths (`src` a file at the root and beside `lib/src`, `src/src/c`, `a/src/d.ts`), `*\/**`,
   * `a*\/**`, `**\/x/**`, `a/**\/**`, `{a,b}/**`, `**\/**`, `!a/**` with an include before or after
   * it, brace alternatives
   * ending in `.` before a `*` (`{a.,b}*`) or mid-name (`{a.,b}x`): ripgrep lists what the filter
   * takes, and the confined Grep and Glob (narrowed to a literal directory where the glob names
   * one: `src/**`, `a/src/**`, `deep/er/**`) answer as the judged walk. And a name ending in `.` in
   * the last part, or a brace alternative ending in `.`, is refused.
   */
  it('globstars over a file and directories named alike: ripgrep, the filter and both tools agree', async () => {
    const ws = workspace();
    const files = ['src', 'lib/src', 'src2/src/c', 'a/src/d.ts', 'a/b/a/b', 'b/a', 'x/x', 'y/x/z', 'deep/er/src/x.ts', 'a./k', 'ab', 'a.b/c', '{a.,b}', 'a.x', 'bx'];
    writeFiles(ws, Object.fromEntries(files.map((f) => [f, 'needle\n'])));
    for (const f of files) utimesSync(join(ws, f), FIXED, FIXED);
    const single = ['src/**', '**/src/**', 'a/src/**', '*/**', 'a*/**', '**/x/**', 'a/**/**', '{a,b}/**', '**/**', 'deep/er/**', '{a.,b}*', '{a.,b}x', 'x/**/**', '**/*'];
    const groups = [...single.map((g) => [g]), ['/src/**'], ['/**'], ['!a/**', '**'], ['**', '!a/**'], ['!a/**', 'a/b/**'], ['a/**', '!a/**'], ['*', '!*/**'], ['src/**', '!**/src/**']];
    const differ: string[] = [];
    for (const globs of groups) {
      expect(globs.every(readAlikeByRipgrep), globs.join(' ')).toBe(true);
      const listed = rgList(ws, globs);
      const taken = filterTakes(ws, globs);
      if (JSON.stringify(listed) !== JSON.stringify(taken)) differ.push(`${globs.join(' ')}: rg ${listed.join(',')} | filter ${taken.join(',')}`);
    }
    differ.push(...(await confinedAgainstWalk(ws, single)));
    differ.push(...(await confinedAgainstWalk(ws, ['!a/** **', '**,!a/**', '!a/** a/b/**', '*,!*/**'], { glob: false })));
    expect(differ).toEqual([]);
    for (const glob of ['*.', 'a.', '{a,b}.', '{a.,b}', '**/x.', 'x./**/{b,c.}', '/a.']) expect(readAlikeByRipgrep(glob), glob).toBe(false);
    expect(splitGlobs('!a/** **')).toEqual(['!a/**', '**']);
  });

  /*
   * Held: no model glob (in the dialect or not: `token.`, `*.`, `**\/token.`, `*.*`, `!*.*`,
   * `{token.,x}`, `keys/**`, `keys/*`) brings the denied `keys/token.` back into ripgrep's walk: the
   * guard's `!token[.]` is the last glob and wins; narrowed to `keys` (`keys/**`, `keys/*`: nothing
   * leaves `keys` itself out), ripgrep still runs from the root's view and the exclusion matches
   * `keys/token.` beneath its start. The same answers whatever it holds.
   */
  it('no model glob makes ripgrep read the denied `keys/token.`', async () => {
    const answers = async (holds: string): Promise<string[]> => {
      const ws = workspace();
      writeFiles(ws, { 'keys/pub.ts': `${HALF} public\n`, 'keys/token.': `${holds}\n`.repeat(120_000) });
      for (const rel of ['keys/pub.ts', 'keys/token.']) utimesSync(join(ws, rel), FIXED, FIXED);
      const policy = await policyAt(policyDenying('token.'), ws);
      const activity = createCommandActivity();
      const { wrapGuard, seen } = watchingSkips();
      const grep = grepThroughPipeline({ ws, decider: createPolicyDecider(policy), policy, engine: 'rg', walkAbove: 0, searchPath: HOST_PATH, wrapGuard, commandActivity: activity.stamp });
      const outs: string[] = [];
      for (const glob of ['token.', '*.', '**/token.', '*.*', '!*.*', '{token.,x}', 'keys/**', 'keys/*']) {
        const before = seen.length;
        outs.push(`${glob}: ${(await grep({ pattern: HALF, output_mode: 'content', glob })).text.replaceAll(ws, '<ws>')}`);
        expect(seen.length - before, glob).toBe(1);
      }
      return outs;
    };
    const hit = await answers(SECRET);
    const miss = await answers(MISS);
    expect(hit).toEqual(miss);
    expect(hit.join('\n')).toContain('public');
    expect(hit.join('\n')).not.toContain('cut short');
  });
});

// ---------------------------------------------------------------------------------------------
// 3. The scan for denied files beneath a procfs root
// ---------------------------------------------------------------------------------------------

describe('3. the scan: attacks that held (nothing else regressed)', () => {
  /*
   * Held: a rule root that does not exist, in the workspace, elsewhere or beneath /proc (a pid that
   * is not there), holds nothing and leaves the scan whole; `//proc/**` is still whole; a rule
   * naming a procfs file (`//proc/self/environ`) is whole too.
   */
  it('absent rule roots, and roots on procfs, leave the scan whole', async () => {
    const ws = workspace();
    writeFiles(ws, { '.env': 'S\n' });
    const policy = await policyAt(policyDenying('.env', '/nothing-here/**', '//nonexistent-warden-root/**', '//proc/999999999/**', '//proc/**', '//proc/self/environ'), ws);
    const scan = scanDeniedFiles(policy, ws, 200_000, mountsToScanBeneath);
    expect(scan.complete).toBe(true);
    const env = statSync(join(ws, '.env'), { bigint: true });
    expect(scan.ids.has(`${env.dev}:${env.ino}`)).toBe(true);
  });
});

describe.runIf(mounts)('3. mount points beneath a (test-made) procfs root: attacks that held', () => {
  /*
   * Held: a mount point that is a file (a container's mask: /dev/null bound over /proc/kcore) is
   * looked at and leaves the scan whole; a denied file bound over one is found. A mount point the
   * kernel lists but that a later mount over its parent hides (lstat ENOENT) makes the scan not
   * whole: fail-closed, as 09dc39d intends (the guard then refuses a walk by name, and a file of
   * several links; informational: an overmounted mount beneath /proc in the runner's own namespace).
   */
  it('a file mount point is whole; an overmounted one is not whole', async () => {
    const root = workspace();
    const source = workspace();
    writeFiles(source, { key: 'k\n' });
    writeFiles(root, { kcore: '', 'bound-key': '', 'x/m/.keep': '' });
    execFileSync('mount', ['--bind', '/dev/null', join(root, 'kcore')], { stdio: 'ignore' });
    unmounts.push(() => execFileSync('umount', ['-l', join(root, 'kcore')], { stdio: 'ignore' }));
    execFileSync('mount', ['--bind', join(source, 'key'), join(root, 'bound-key')], { stdio: 'ignore' });
    unmounts.push(() => execFileSync('umount', ['-l', join(root, 'bound-key')], { stdio: 'ignore' }));
    const scan = (dir: string): readonly string[] | undefined => mountsToScanBeneath(dir, (d) => (d === root ? PROC_MAGIC : statfsSync(d).type));
    const policy = await policyAt(policyDenying(`/${root}/**`), workspace());
    expect(scan(root)).toHaveLength(2);
    const whole = scanDeniedFiles(policy, workspace(), 200_000, scan);
    expect(whole.complete).toBe(true);
    const key = statSync(join(source, 'key'), { bigint: true });
    expect(whole.ids.has(`${key.dev}:${key.ino}`)).toBe(true);

    execFileSync('mount', ['-t', 'tmpfs', 'tmpfs', join(root, 'x/m')], { stdio: 'ignore' });
    unmounts.push(() => execFileSync('umount', ['-l', join(root, 'x/m')], { stdio: 'ignore' }));
    execFileSync('mount', ['-t', 'tmpfs', 'tmpfs', join(root, 'x')], { stdio: 'ignore' });
    unmounts.push(() => execFileSync('umount', ['-l', join(root, 'x')], { stdio: 'ignore' }));
    expect(scan(root)).toContain(join(root, 'x/m'));
    expect(scanDeniedFiles(policy, workspace(), 200_000, scan).complete).toBe(false);
  });
});
