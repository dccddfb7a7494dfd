/**
 * Attack review of three changes to the host-side search tools over a large tree:
 *  1. 3a49fc5: Glob drops names ripgrep printed holding U+FFFD (glob-tree.ts), and
 *     TreeOpener.mtimeMsByPath refuses them (tree-opener.ts): a name that is not UTF-8 decodes to
 *     a name a symlink may bear.
 *  2. 3a49fc5: readAlikeByRipgrep (glob-filter.ts): a glob with ( ) | or \ is not given to ripgrep
 *     (grep-rg-tree.ts `told`, glob-tree.ts sharedDialect), and a glob holding `|` names no
 *     directory to narrow to (literalDirs).
 *  3. 1df287c: with commands unsandboxed, files_with_matches judges each name ripgrep reports by
 *     identity as it arrives (grep-rg-tree.ts onStdout, `identities`).
 * The claims attacked: no answer of Grep or Glob depends on the bytes of a file the policy denies
 * or reveals anything outside the searched tree, and the confined answer (walkAbove/listAbove 0)
 * is the judged walk's (Infinity). Each test is differential. The findings were `it.fails`: each
 * says its severity, the mechanism and a fix, and now how it was closed; the rest held and say
 * what defence they hold. Since closing the third, commands unsandboxed give no walk by name.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { linkSync, mkdirSync, renameSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCommandActivity } from '../../src/entry/command-activity.js';
import { createHostReadGuard } from '../../src/entry/host-read-guard.js';
import { createPolicyDecider, loadPolicy, type LoadedPolicy } from '../../src/policy/index.js';
import { findHostExecutable } from '../../src/sandbox/index.js';
import { closeFd, openPathFd } from '../../src/tools/fd-paths.js';
import { compileGlobFilter, readAlikeByRipgrep } from '../../src/tools/glob-filter.js';
import { createGlobTool } from '../../src/tools/glob.js';
import type { Tool } from '../../src/tools/tool.js';
import { TreeOpener } from '../../src/tools/tree-opener.js';
import { linkSwapperScript } from './attack-setup.js';
import { confinedAgainstWalk } from './confined-vs-walk.js';
import { filterTakes, rgList } from './dialect-listing.js';
import { grepThroughPipeline, watchingSkips } from './grep-pipeline.js';
import { context, run, workspace, writeFiles } from './tool-harness.js';
import { usableBwrap } from '../support/bwrap-state.js';

const HOST_PATH = process.env.PATH ?? '/usr/bin:/bin';
const rgPath = await findHostExecutable('rg', HOST_PATH, []);
const bwrapPath = usableBwrap(); // undefined where it cannot start a sandbox, as where it is missing
const pythonPath = await findHostExecutable('python3', HOST_PATH, []);
const ready = rgPath !== undefined && bwrapPath !== undefined;
const SECRET = 'sk-live-7e1d04b2';
const HALF = SECRET.slice(0, 8);
const FIXED = new Date('2026-01-01T00:00:00Z');

async function loadPolicyText(text: string, ws: string): Promise<LoadedPolicy> {
  const policyDir = workspace();
  writeFileSync(join(policyDir, 'policy.yml'), text);
  return loadPolicy(join(policyDir, 'policy.yml'), { homeDir: policyDir, root: ws });
}

/** A tiny deterministic generator: the fuzz tests give the same cases on every run. */
function generator(seed: number): (n: number) => number {
  let s = seed;
  return (n) => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return s % n;
  };
}

// ---------------------------------------------------------------------------------------------
// 1. Names ripgrep printed, decoded from its output, against the names on disk.
// ---------------------------------------------------------------------------------------------

describe('1. a name ripgrep printed, as the runner decodes it: attacks that held', () => {
  /*
   * Held: spawn-group.ts and spawner-program.ts decode stdout with one StringDecoder per stream,
   * so a character split between two pipe reads is joined, and every byte sequence that is not
   * UTF-8 (overlong forms, CESU-8 surrogates, code points past U+10FFFF, truncated sequences,
   * stray continuation bytes) decodes to U+FFFD. So a decoded name without U+FFFD is exactly the
   * bytes on disk, whatever the chunking: no other decoded name (NFC/NFD forms are kept as
   * bytes, nothing normalises) can stand for a different file. Would fail were the chunks decoded
   * one by one (`chunk.toString()`: a split character of a UTF-8 name becomes U+FFFD, checked
   * below) or with a lossy decoder that maps an overlong form to its ASCII character (`C0 AF` to
   * `/`, a second name for `/`).
   */
  it('a decoded name without U+FFFD is the name\'s bytes, for any bytes and any split between reads', () => {
    const next = generator(7);
    const nasty = [
      [0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xf0, 0x80, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf], [0xf4, 0x90, 0x80, 0x80],
      [0xf8, 0x88, 0x80, 0x80, 0x80], [0x80], [0xbf], [0xfe], [0xff], [0xef, 0xbf, 0xbd], [0xf0, 0x9f, 0x98, 0x80], [0xe2, 0x80, 0xae],
      [0x65, 0xcc, 0x81], [0xc3, 0xa9], [0x0a], [0x5c], [0x2f], [0x2e, 0x2e],
    ];
    let checked = 0;
    for (let round = 0; round < 4000; round++) {
      // A stream of NUL-terminated names, as `rg --files-with-matches --null` prints them.
      const names: Buffer[] = [];
      for (let n = 0; n < 4; n++) {
        const parts: number[] = [...Buffer.from('/warden-search/d/')];
        for (let k = 0, len = 1 + next(6); k < len; k++) parts.push(...(next(3) === 0 ? [0x61 + next(26)] : (nasty[next(nasty.length)] ?? [])));
        // A name cut in the middle of a sequence, as a name can end.
        if (next(4) === 0) parts.push([0xc3, 0xe2, 0xf0][next(3)] ?? 0xc3);
        names.push(Buffer.from(parts));
      }
      const stream = Buffer.concat(names.flatMap((name) => [name, Buffer.from([0])]));
      // Split into reads at random places (every split, for the first rounds).
      const cuts = round < 200 ? [round % stream.length] : [next(stream.length), next(stream.length), next(stream.length)].sort((a, b) => a - b);
      const decoder = new StringDecoder('utf8');
      let text = '';
      let from = 0;
      for (const cut of [...cuts, stream.length]) {
        text += decoder.write(stream.subarray(from, Math.max(from, cut)));
        from = Math.max(from, cut);
      }
      text += decoder.end();
      const decoded = text.split('\0').slice(0, -1);
      expect(decoded.length).toBe(names.length);
      decoded.forEach((name, i) => {
        // No lone surrogate ever comes out of the decoder (see the finding below for why it matters).
        expect(/[\uD800-\uDFFF]/u.test(name.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''))).toBe(false);
        const original = names[i] ?? Buffer.alloc(0);
        // A name that is UTF-8 comes out whole, wherever the reads split it (decoded chunk by chunk
        // instead, a split character would read as U+FFFD and the name be dropped).
        let valid = true;
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(original);
        } catch {
          valid = false;
        }
        if (valid) expect(Buffer.from(name, 'utf8').equals(original), JSON.stringify(name)).toBe(true);
        if (name.includes('\uFFFD')) return;
        checked++;
        expect(Buffer.from(name, 'utf8').equals(names[i] ?? Buffer.alloc(0)), JSON.stringify(name)).toBe(true);
      });
    }
    expect(checked).toBeGreaterThan(1000);
  });

  /*
   * Held: a name ending in a partial multibyte sequence split across reads, and names holding a
   * newline, a backslash, an NFD form beside its NFC twin, a right-to-left override, and one of
   * 255 bytes (NAME_MAX) made of 3-byte characters, all listed by Glob under the watch (mtimes by
   * path) exactly as the judged walk lists them. Would fail were names normalised or split on
   * newlines (`--null` is what keeps them whole), or a 255-byte name cut.
   */
  it.runIf(ready)('Glob under the watch: names with newlines, backslashes, NFC/NFD twins, NAME_MAX bytes: the judged walk\'s answer', async () => {
    const ws = workspace();
    const long = '\u20ac'.repeat(85); // 255 bytes
    const files: Record<string, string> = {
      'a/line\nbreak.ts': '', 'a/back\\slash.ts': '', 'a/caf\u00e9.ts': '', 'a/cafe\u0301.ts': '', 'a/\u202egnp.ts': '', [`a/${long}`]: '', [`b/${long.slice(0, 83)}x.ts`]: '', 'b/plain.ts': '',
    };
    writeFiles(ws, files);
    let day = 1;
    for (const rel of Object.keys(files)) utimesSync(join(ws, rel), new Date(Date.UTC(2026, 0, day)), new Date(Date.UTC(2026, 0, day++)));
    const policy = await loadPolicyText('version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n', ws);
    const activity = createCommandActivity();
    const guard = createHostReadGuard({ decider: createPolicyDecider(policy), policy, cwd: ws, commandActivity: activity.stamp, seenAtOnePath: () => true });
    const listed = createGlobTool(guard, { searchPath: HOST_PATH, listAbove: 0 }) as Tool<unknown>;
    const walked = createGlobTool(guard, { searchPath: HOST_PATH, listAbove: Infinity }) as Tool<unknown>;
    const ctx = context(ws);
    for (const pattern of ['**/*', 'a/*', '**/*.ts', `**/${long}`]) {
      const expected = await run(walked, { pattern }, ctx);
      expect(await run(listed, { pattern }, ctx), pattern).toEqual(expected);
    }
    const all = String((await run(walked, { pattern: '**/*' }, ctx)).content);
    for (const name of ['break.ts', 'back\\slash.ts', 'caf\u00e9.ts', 'cafe\u0301.ts', long]) expect(all).toContain(name);
  });
});

describe('1. a name ripgrep printed, as the runner decodes it: found, closed', () => {
  /*
   * FINDING (severity: informational, defence in depth; no caller reaches it today).
   * TreeOpener.mtimeMsByPath refuses a rel holding U+FFFD, "this holds on its own". It does not for
   * a rel holding a lone surrogate: Node encodes a lone surrogate to the bytes of U+FFFD (EF BF
   * BD) when it makes the path for lstat, so `\uD83D/probe.ts` is looked up as `\uFFFD/probe.ts`
   * and follows a symlink bearing that name out of the tree. A lone surrogate can come out of the
   * runner's side: spawn-group.ts cuts output at maxOutputChars with `text.slice(0, room)` in
   * UTF-16 units, which can halve a surrogate pair; parseNullSeparated keeps the cut trailing name
   * (it has no NUL but starts with `/`). Today that name is always last and final (lstat does
   * not follow the last component), and a cut output has more names than the 1,000 listed newest
   * first, so it is not looked up by path; Glob throws a cut listing away.
   * Fix: refuse any rel that is not well-formed (`!rel.isWellFormed()` on Node 20.12+, or
   * /[\uD800-\uDFFF]/ after removing pairs) in mtimeMsByPath and in walkedFilter/glob-tree; and
   * drop the unterminated trailing name in parseNullSeparated.
   * Closed: a name holding a lone surrogate is one that may name another (printed-name.ts), in
   * mtimeMsByPath as in Glob and Grep; parseNullSeparated drops what follows the last NUL.
   */
  it('mtimeMsByPath with a lone surrogate does not follow a symlink named U+FFFD out of the tree', () => {
    const ws = workspace();
    const outside = workspace();
    writeFiles(outside, { 'probe.ts': '' });
    utimesSync(join(outside, 'probe.ts'), FIXED, FIXED);
    symlinkSync(outside, join(ws, '\uFFFD'));
    const fd = openPathFd(ws, true);
    const opener = new TreeOpener({ fd, abs: ws, real: ws });
    try {
      expect(opener.mtimeMsByPath('\uFFFD/probe.ts')).toBeUndefined();
      // The same bytes on disk, reached through a name the check does not see.
      expect(opener.mtimeMsByPath('\uD83D/probe.ts')).toBeUndefined();
    } finally {
      opener.close();
      closeFd(fd);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// 2. The model's globs: what ripgrep is told, what narrowing is computed from.
// ---------------------------------------------------------------------------------------------

describe('2. narrowing computed from a glob picomatch reads otherwise: attacks that held', () => {
  /*
   * Held: over 100,000 random globs under `src/` built of braces, commas, extglob characters,
   * brackets, `/` inside brackets, escapes, `!`, `..`, `**`, `^`, `$` and `|`, whenever the filter
   * names a directory (within), no path outside it is included: picomatch's regex is anchored and
   * only a top-level `|` parts it, which literalDirs now refuses (`src/a|b`, `src/**|b.ts`).
   * Would fail without `if (body.includes('|')) return [];` in literalDirs (checked: `|` is in
   * the alphabet and `src/a|b` matches `b`).
   */
  it('within is never computed for a glob that includes a path outside it', () => {
    const alphabet = ['{', '}', ',', '(', ')', '[', ']', '!', '@', '+', '*', '?', '/', '.', 'a', 'b', '^', '$', '\\', '-', ':', '#', '~', '..', '**', 'src', '|', '[/]', '\\/', '!(', '@(', '+(', '{,', ',}'];
    const rels = ['b', 'b.ts', 'a', 'x/y', 'srcx/a', 'b/src/a', 'a/b', 'ab', 'src', '.a', 'a,b', 'b}', '{b', 'a.b/src/q', 'b/c', 'c', 'srcb'];
    const next = generator(12345);
    const bad: string[] = [];
    let narrowed = 0;
    for (let i = 0; i < 100_000; i++) {
      let glob = ['src/', '/src/', 'src/a/', '!src/', 'src/**/'][next(5)] ?? 'src/';
      for (let j = 0, len = 1 + next(8); j < len; j++) glob += alphabet[next(alphabet.length)];
      let filter;
      try {
        filter = compileGlobFilter([[glob], ...(next(4) === 0 ? [['*.ts']] : [])]);
      } catch {
        continue;
      }
      const within = filter.within;
      if (within === undefined) continue;
      narrowed++;
      for (const rel of rels) if (rel !== within && !rel.startsWith(`${within}/`) && filter.includesFile(rel)) bad.push(`${glob} within=${within} includes ${rel}`);
    }
    expect(narrowed).toBeGreaterThan(10_000);
    expect(bad.slice(0, 10)).toEqual([]);
    // The defence this holds: a top-level `|` would include b.
    expect(compileGlobFilter([['src/a|b']]).includesFile('b')).toBe(true);
    expect(compileGlobFilter([['src/a|b']]).within).toBeUndefined();
  });
});

/** A tree built to tell the glob dialects apart, more than the thresholds' 0 entries. */
function dialectTree(): string {
  const ws = workspace();
  const files: Record<string, string> = {};
  for (const rel of ['f1.txt', 'f2.txt', 'f3.txt', 'fa.txt', 'fb.txt', 'x.ts', '\u00e9.ts', '7.ts', '{a}.ts', '[x].ts', 'src/a.ts', 'src/b.ts', 'src/deep/c.ts']) files[rel] = 'needle\n';
  writeFiles(ws, files);
  for (const rel of Object.keys(files)) utimesSync(join(ws, rel), FIXED, FIXED);
  return ws;
}

/*
 * Globs ripgrep's --glob reads differently from picomatch though they hold none of ( ) | \, so
 * readAlikeByRipgrep passes them to ripgrep, which then leaves out (or errors on) files the
 * judged walk's picomatch takes. Each was checked against `rg --files --glob` and compileGlobFilter:
 */
const DIALECT_GLOBS = [
  'f{1..3}.txt', // picomatch expands ranges (f1, f2, f3); ripgrep reads one alternative `1..3`
  'f{a..b}.txt',
  '?.ts', // picomatch's ? is one UTF-16 unit (é.ts); ripgrep's one byte
  '[[:digit:]].ts', // POSIX class in picomatch; a class and a literal `]` in ripgrep
  '{a}.ts', // picomatch: the literal name `{a}.ts`; ripgrep: `a.ts`
  '[x].ts', // picomatch also takes a name equal to the glob (`[x].ts`); ripgrep does not
  '{src/{a,b}.ts,x.ts}', // ripgrep: "nested alternate groups are not allowed" (an error, exit 2)
  'src/*/', // ripgrep: directories only; picomatch (trailing / dropped): the files under src
];

/** Globs in the dialect both read alike (given to ripgrep): the same answers too. */
const ALIKE_GLOBS = ['*.ts', '**/*.ts', 'src/**', '/src/*.ts', 'f*.txt', '*.{ts,txt}', 'src/{deep,x}/*.ts', '**/{a,c}.ts', '!*.txt'];

describe.runIf(ready)('2. the model\'s globs given to ripgrep: found, closed', () => {
  /*
   * FINDING (severity: low; correctness, no denied byte and nothing outside the tree: ripgrep
   * reads fewer files, never more). readAlikeByRipgrep only looks for ( ) | \, but ripgrep's
   * globset and picomatch differ on more: brace ranges, POSIX classes, `?` against non-ASCII
   * names, single-alternative braces, literal-equality fallback, nested braces, a trailing `/`.
   * For each, the confined Grep (walkAbove 0) and Glob (listAbove 0) answer differently from the
   * judged walk (Infinity): files missing, or a ripgrep error where the walk answers.
   * Fix: give ripgrep the model's globs only when they are in a small dialect both read alike
   * (a whitelist: literal characters, `*`, `**` as a whole component, flat `{a,b}` with literal
   * alternatives, `[a-z0-9]` classes, no `?` unless names are ASCII), else none (walkedFilter
   * alone chooses, as for `|`); the same predicate for glob-tree.ts sharedDialect.
   * Closed: readAlikeByRipgrep is that allow-list (no classes, no `?`: glob-filter.ts). Left: a
   * file whose name is a brace glob's own text (`a{b,c}`) is taken by picomatch (a name equal to
   * the glob matches) and not by ripgrep.
   */
  it('Grep and Glob, confined, answer as the judged walk for globs ripgrep reads otherwise', async () => {
    const ws = dialectTree();
    for (const glob of [...DIALECT_GLOBS, ...ALIKE_GLOBS]) expect(readAlikeByRipgrep(glob), glob).toBe(ALIKE_GLOBS.includes(glob));
    const differ = await confinedAgainstWalk(ws, [...DIALECT_GLOBS, ...ALIKE_GLOBS]);
    expect(differ).toEqual([]);
  });
});

describe.runIf(ready)('2. the dialect given to ripgrep: an attack that held', () => {
  /*
   * Held: random globs in the dialect readAlikeByRipgrep accepts (`*`, `**`, braces of names, of
   * `*.ts`-like alternatives and of dot names, anchored, negated) over names built to tell the
   * readers apart (dot files and directories, `..x`, a leading `-`, a space, é, a name holding a
   * brace glob's text): what `rg --files --glob` lists is exactly what the filter takes, with its
   * pruning. Fails with `?` in the dialect and alphabet (é.ts: checked); with a name ending in
   * `.` let in (`a.`, `x..`: ripgrep's globset matches no such path by name), or with the filter
   * taking `deep/**` to match a file named `deep` (picomatch's reading; checked).
   */
  it('ripgrep lists exactly what the filter takes, for every glob in the dialect', () => {
    const ws = workspace();
    const names = ['a.ts', 'b.tsx', '.env', '.hidden/x.ts', 'src/a.ts', 'src/deep/c.ts', 'src/deep/.d.ts', 'sp ace.ts', '\u00e9.ts', 'x{a,b}.ts', 'a-b_c.d.ts', 'src/a/b/c.js', 'lib/a.test.ts', 'lib/b.spec.ts', 'ab', 'a.b.c', '..x', 'src/..y', '-lead.ts', 'a.', 'src/b.', 'x..', 'deep', 'lib/src', 'src/deep/src'];
    writeFiles(ws, Object.fromEntries(names.map((n) => [n, 'x\n'])));
    const all = rgList(ws, []);
    expect(all).toHaveLength(names.length);
    const alphabet = ['*', '**', 'a', 'b', 'ts', '.', '-', '_', 'src', 'deep', '/', '{a,b}', '{ts,tsx}', '{*.ts,*.js}', '{src,lib}', 'x', 'c', 'd', 'test', '{.d,.e}', '/**', '{src,deep}'];
    const next = generator(7);
    const differ: string[] = [];
    let tried = 0;
    while (tried < 400) {
      let glob = ['', '/', '!', '**/'][next(4)] ?? '';
      for (let j = 0, len = 1 + next(5); j < len; j++) glob += alphabet[next(alphabet.length)];
      if (!readAlikeByRipgrep(glob)) continue;
      tried++;
      // A negation alone leaves out from everything (rgList), as the filter's lone `!` group does.
      const listed = rgList(ws, [glob]);
      const taken = filterTakes(ws, [glob]);
      if (JSON.stringify(listed) !== JSON.stringify(taken)) differ.push(`${glob}: rg ${listed.join(' | ')}; filter ${taken.join(' | ')}`);
    }
    expect(differ.slice(0, 5)).toEqual([]);
  });
});

describe.runIf(ready)('2. the model\'s globs with the guard\'s exclusions: attacks that held', () => {
  /*
   * Held: the guard's `!…` globs are the last --glob arguments (grep-rg.ts ripgrepArgs), and
   * ripgrep's overrides let the last matching glob win, so no model glob re-includes a denied
   * file or directory: not `**`, not the denied path itself, not a directory-only glob, not one
   * that makes ripgrep skip its type filter (an override whitelist is decided before types), not
   * a glob it does not read alike (then it gets none, and the exclusions alone). The oracle: a
   * denied file of 120,000 matching lines pushes ripgrep's output past RG_MAX_OUTPUT_CHARS when
   * ripgrep reads it: "cut short" exactly when it matches. Would fail were the exclusions given
   * before the model's globs (checked in narrow-watch-attack.test.ts's oracle with them withheld).
   */
  it('no model glob makes ripgrep read a denied file: every answer the same whatever it holds', async () => {
    const answers = async (holds: string): Promise<string[]> => {
      const ws = workspace();
      writeFiles(ws, { 'pkg/a.ts': `${HALF} public\n`, 'pkg/secret/z.ts': `${HALF} public\n`, 'pkg/secret/key': `${holds}\n`.repeat(120_000), 'top.env': `${holds}\n`.repeat(120_000) });
      for (const rel of ['pkg/a.ts', 'pkg/secret/z.ts', 'pkg/secret/key', 'top.env']) utimesSync(join(ws, rel), FIXED, FIXED);
      const policy = await loadPolicyText('version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(pkg/secret/key)", "Read(*.env)"]\n', ws);
      const activity = createCommandActivity();
      const { wrapGuard, seen } = watchingSkips();
      const grep = grepThroughPipeline({ ws, decider: createPolicyDecider(policy), policy, engine: 'rg', walkAbove: 0, searchPath: HOST_PATH, wrapGuard, commandActivity: activity.stamp });
      const outs: string[] = [];
      for (const glob of ['**', 'pkg/secret/key', '/pkg/secret/key', 'key', '*.env', 'top.env', '**/*', 'pkg/secret/*', '{pkg/secret/key,x}', '*', 'pkg/**|x', '+(top).env', 'pkg/secret/**', '!nothing']) {
        for (const extra of [{}, { type: 'ts' }]) {
          const before = seen.length;
          const out = (await grep({ pattern: HALF, output_mode: 'content', glob, ...extra })).text.replaceAll(ws, '<ws>');
          expect(seen.length - before, `walked by name: ${glob}`).toBe(1);
          outs.push(`${glob} ${JSON.stringify(extra)}: ${out}`);
        }
      }
      return outs;
    };
    const hit = await answers(SECRET);
    const miss = await answers('x'.repeat(SECRET.length));
    expect(hit).toEqual(miss);
    for (const out of hit) expect(out).not.toContain(SECRET);
    expect(hit.join('\n')).toContain('public');
  });
});

// ---------------------------------------------------------------------------------------------
// 3. Unsandboxed commands: no proof, so no walk by name.
// ---------------------------------------------------------------------------------------------

const DENY_ENV = 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(.env)", "Read(secrets/**)"]\n';

/** Grep as a run with commands unsandboxed builds it: no command stamp, so no proof. */
async function unsandboxed(ws: string): Promise<{ grep: ReturnType<typeof grepThroughPipeline>; skips: () => Array<{ byIdentity: boolean; proven: boolean }> }> {
  const policy = await loadPolicyText(DENY_ENV, ws);
  const { wrapGuard, seen } = watchingSkips();
  const grep = grepThroughPipeline({ ws, decider: createPolicyDecider(policy), policy, engine: 'rg', walkAbove: 0, searchPath: HOST_PATH, wrapGuard });
  return { grep, skips: () => seen.map((skip) => ({ byIdentity: skip.byIdentity, proven: skip.identityProven !== undefined })) };
}

const IDENTITY_PROBES: Array<Record<string, unknown>> = [
  ...(['files_with_matches', 'count', 'content'] as const).map((output_mode) => ({ pattern: HALF, output_mode })),
  ...(['files_with_matches', 'count', 'content'] as const).map((output_mode) => ({ pattern: HALF, output_mode, head_limit: 1 })),
  { pattern: HALF, output_mode: 'files_with_matches', head_limit: 1, offset: 3 },
  { pattern: HALF, output_mode: 'files_with_matches', glob: 'src/**' },
  { pattern: HALF, output_mode: 'files_with_matches', glob: 'src/**|nothing' },
];

describe.runIf(ready)('3. commands unsandboxed: attacks that held', () => {
  /*
   * Held: hard links to denied files under many names (more than the 1,000 listed newest first,
   * so both orders are used), a name with a newline, one of 255 bytes, a link in a directory a
   * symlink also leads to, and a renamed denied file. (Reviewed when each name ripgrep reported
   * was lstat-ed and judged by identity; since the finding below, ripgrep does not walk by name
   * without a proof and every file is judged as it is opened.) Every answer is the same whatever
   * the denied files hold.
   */
  it('hard links and a rename of denied files made before the search: no answer depends on what they hold', async () => {
    const answers = async (holds: string): Promise<string[]> => {
      const ws = workspace();
      const files: Record<string, string> = { 'src/a.ts': `${HALF} public\n`, 'src/b.ts': `${HALF} public\n`, '.env': `TOKEN=${holds}\n`, 'secrets/k': `TOKEN=${holds}\n`, 'secrets/moved': `TOKEN=${holds}\n` };
      for (let i = 0; i < 1100; i++) files[`src/many/f${String(i).padStart(4, '0')}.txt`] = `${HALF} public ${i}\n`;
      writeFiles(ws, files);
      for (const rel of Object.keys(files)) utimesSync(join(ws, rel), FIXED, FIXED);
      const g = await unsandboxed(ws);
      // After the guard is built (the run's start): what an unsandboxed command would do.
      linkSync(join(ws, '.env'), join(ws, 'src/m.txt'));
      linkSync(join(ws, '.env'), join(ws, 'src/line\nbreak.txt'));
      linkSync(join(ws, 'secrets/k'), join(ws, `src/${'\u20ac'.repeat(85)}`));
      for (let i = 0; i < 40; i++) linkSync(join(ws, 'secrets/k'), join(ws, `src/many/l${String(i).padStart(2, '0')}.txt`));
      renameSync(join(ws, 'secrets/moved'), join(ws, 'src/z-moved.txt'));
      symlinkSync(join(ws, 'src'), join(ws, 'via-link'));
      const outs: string[] = [];
      for (const input of IDENTITY_PROBES) outs.push(`${JSON.stringify(input)}: ${(await g.grep(input)).text.replaceAll(ws, '<ws>')}`);
      expect(g.skips()).toEqual([]);
      return outs;
    };
    const hit = await answers(SECRET);
    const miss = await answers('x'.repeat(SECRET.length));
    expect(hit).toEqual(miss);
    for (const out of hit) expect(out).not.toContain(SECRET);
    expect(hit[0]).toContain('Found 1102 files');
  });
});

/*
 * A background process swapping a name between a hard link to the denied file and a harmless
 * file, as fast as it can (renames, so the name always exists). Under `sandbox.mode: off` a
 * command can leave one running (`setsid nohup … &` escapes the spawner's process-group kill).
 */
function swapper(ws: string): ChildProcess {
  return spawn(pythonPath ?? 'python3', ['-c', linkSwapperScript(), ws], { stdio: 'ignore' });
}

const swappers: ChildProcess[] = [];
afterEach(() => {
  for (const child of swappers.splice(0)) child.kill('SIGKILL');
});

describe.runIf(ready && pythonPath !== undefined)('3. commands unsandboxed: found, closed', () => {
  /*
   * FINDING (severity: medium where commands run unsandboxed; not new in 1df287c, which shortens
   * the window but keeps it; docs/policy.md calls it "counted once" on the premise that nothing
   * changes the tree while ripgrep walks, which `sandbox.mode: off` does not enforce).
   * Mechanism: ripgrep walks by name and reads `src/m.txt` while it is a hard link to `.env`; it
   * matches and its name is printed; the identity is then taken by lstat of the *name*
   * (identityOf, at arrival now, after the walk before), by which time a background process has
   * renamed a harmless file over it: the identity is the harmless file's, so the hit counts. Off
   * the page (head_limit 1, older than the others) it is never re-opened, so "Found N files"
   * is one higher exactly when the denied file matches the pattern: one bit per call, any regex,
   * so the secret can be read out by bisection with repeated calls. The judged walk reads and
   * judges the same descriptor, so it has no such window.
   * Fix: with byIdentity and no proof, do not let ripgrep walk by name (judge every file, as
   * when bwrap is missing); or make sure no process a command started outlives it in mode off
   * too (a cgroup per command, swept at its end, as under bubblewrap); or count only hits that
   * were re-opened and re-searched through a judged descriptor.
   * Closed by the first: without a proof the guard refuses the walk by name (host-read-guard.ts),
   * and the tree search will not walk by name with a skip that has none (grep-rg-tree.ts).
   */
  it('a denied file swapped in and out while ripgrep walks: the count says nothing of what it holds', async () => {
    const counts = async (holds: string): Promise<Set<string>> => {
      const ws = workspace();
      writeFiles(ws, { 'src/a.ts': `${HALF} public\n`, 'src/b.ts': `${HALF} public\n`, '.env': `TOKEN=${holds}\n`, harmless: 'nothing\n', 'src/m.txt': 'nothing\n' });
      for (const rel of ['src/a.ts', 'src/b.ts']) utimesSync(join(ws, rel), new Date(), new Date());
      for (const rel of ['.env', 'harmless']) utimesSync(join(ws, rel), FIXED, FIXED);
      mkdirSync(join(ws, 'secrets'));
      const g = await unsandboxed(ws);
      const child = swapper(ws);
      swappers.push(child);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const seen = new Set<string>();
      for (let i = 0; i < 40; i++) {
        const out = (await g.grep({ pattern: HALF, output_mode: 'files_with_matches', head_limit: 1 })).text;
        expect(out).not.toContain(SECRET);
        seen.add(out.split('\n')[0] ?? '');
        if (seen.size > 1) break;
      }
      child.kill('SIGKILL');
      walks.push(g.skips().length);
      return seen;
    };
    const walks: number[] = [];
    const miss = await counts('x'.repeat(SECRET.length));
    const hit = await counts(SECRET);
    expect([...miss]).toEqual(['Found 2 files']);
    expect([...hit]).toEqual([...miss]);
    // The guard gave no walk by name a skip (the tree search would not have used one).
    expect(walks).toEqual([0, 0]);
  });

  /*
   * Held: the same swap with Grep judging every file (walkAbove Infinity): each file is opened,
   * judged by the identity of what was opened, and read through that descriptor, so the count
   * never includes the link. Shows the finding above is the walk by name's, not the swapper's.
   */
  it('the judged walk under the same swap: the count says nothing of what the denied file holds', async () => {
    const counts = async (holds: string): Promise<Set<string>> => {
      const ws = workspace();
      writeFiles(ws, { 'src/a.ts': `${HALF} public\n`, 'src/b.ts': `${HALF} public\n`, '.env': `TOKEN=${holds}\n`, harmless: 'nothing\n', 'src/m.txt': 'nothing\n' });
      for (const rel of ['.env', 'harmless']) utimesSync(join(ws, rel), FIXED, FIXED);
      mkdirSync(join(ws, 'secrets'));
      const policy = await loadPolicyText(DENY_ENV, ws);
      const grep = grepThroughPipeline({ ws, decider: createPolicyDecider(policy), policy, engine: 'rg', walkAbove: Infinity, searchPath: HOST_PATH });
      const child = swapper(ws);
      swappers.push(child);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const seen = new Set<string>();
      for (let i = 0; i < 25; i++) seen.add(((await grep({ pattern: HALF, output_mode: 'files_with_matches', head_limit: 1 })).text.split('\n')[0]) ?? '');
      child.kill('SIGKILL');
      return seen;
    };
    expect([...(await counts(SECRET))]).toEqual(['Found 2 files']);
  });
});
