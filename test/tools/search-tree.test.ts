/**
 * Large trees are searched by ripgrep walking them itself, confined (grep-rg-tree.ts, glob-tree.ts).
 * The answers must be the judged walk's, byte for byte, with the same caps and pages; what is shown
 * must still pass the read guard file by file; and whenever the guard will not vouch for the whole
 * tree, the judged walk does the search. Thresholds are set to 0 here so small trees take that path.
 */
import { rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findHostExecutable } from '../../src/sandbox/host-exec.js';
import { TreeSize } from '../../src/tools/confined-listing.js';
import { closeFd, inspectFd, openPathFd } from '../../src/tools/fd-paths.js';
import { listFiles, skippedDirs } from '../../src/tools/file-walk.js';
import { compileGlobFilter } from '../../src/tools/glob-filter.js';
import { globPage } from '../../src/tools/glob-page.js';
import { listTree } from '../../src/tools/glob-tree.js';
import { createGlobTool } from '../../src/tools/glob.js';
import { createGrepTool } from '../../src/tools/grep.js';
import type { Tool } from '../../src/tools/tool.js';
import { landlockUsable, PERL, searchPathOf } from '../sandbox/landlock-fixture.js';
import { recordingGuard } from './recording-guard.js';
import { age, context, run, workspace, writeFiles } from './tool-harness.js';
import { usableBwrap } from '../support/bwrap-state.js';

const HOST_PATH = process.env.PATH ?? '/usr/bin:/bin';
const rg = await findHostExecutable('rg', HOST_PATH, []);
const bwrap = usableBwrap(); // undefined where it cannot start a sandbox, as where it is missing
const landlock = rg !== undefined && (await landlockUsable());
// A search path with ripgrep and perl but no bubblewrap, as on a host without it: Landlock confines.
const NO_BWRAP_PATH = landlock ? searchPathOf({ rg: rg ?? '', perl: PERL ?? '' }) : '';
// Each confinement this host has, by the search path that makes the tools pick it (confiners.ts).
const CONFINED_BY: Array<[string, string, boolean]> = [
  ['bubblewrap', HOST_PATH, bwrap !== undefined],
  ['Landlock (no bwrap on the search path)', NO_BWRAP_PATH, landlock],
];

/** A tree with what a walk must get right: hidden, pruned and binary files, CRLF, order edge cases, more hits than a page. */
function tree(): string {
  const ws = workspace();
  const files: Record<string, string | Buffer> = {
    'src/a.ts': 'alpha\nneedle one\n',
    'src/b.tsx': 'needle tsx\n',
    'src/deep/c.ts': 'before\r\nneedle two\r\nafter\r\n',
    'docs/read me.md': 'a needle in markdown\n',
    '.hidden/h.ts': 'needle hidden\n',
    'node_modules/p/x.ts': 'needle in a package\n',
    '.git/objects/x': 'needle in git\n',
    'w/.git': 'gitdir: needle\n',
    'bin.dat': Buffer.concat([Buffer.from('needle\n'), Buffer.from([0, 1, 2]), Buffer.from('needle\n')]),
    'a-b/x.ts': 'needle dash\n',
    'a/y.ts': 'needle slash\n',
    'Makefile': 'needle: make\n',
    // ripgrep transcodes a file with a UTF-16 byte order mark, and drops a UTF-8 one.
    'enc/utf16.txt': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('needle utf16\n', 'utf16le')]),
    'enc/bom8.txt': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('needle bom\n')]),
    'enc/crlf-only.txt': 'needle\r\nneedle one\r\n',
  };
  for (let i = 0; i < 300; i++) files[`many/f${String(i).padStart(3, '0')}.txt`] = `line\nneedle ${i}\n`;
  writeFiles(ws, files);
  let seconds = 1000;
  for (const rel of Object.keys(files)) age(join(ws, rel), (seconds -= 3));
  // The newest of all share one mtime: the first page is cut in the middle of a tie, broken by path.
  const tied: Record<string, string> = {};
  for (let i = 0; i < 150; i++) tied[`tied/t${(i * 37) % 150}.txt`] = 'tied\n';
  writeFiles(ws, tied);
  for (const rel of Object.keys(tied)) age(join(ws, rel), 1);
  return ws;
}

const GREP_INPUTS: Array<Record<string, unknown>> = [
  { pattern: 'needle' },
  { pattern: 'needle', output_mode: 'content' },
  { pattern: 'needle', output_mode: 'content', '-C': 1 },
  { pattern: 'needle', output_mode: 'count' },
  { pattern: 'NEEDLE', '-i': true, output_mode: 'count' },
  { pattern: 'needle', glob: '*.ts' },
  { pattern: 'needle', glob: '!many/**', output_mode: 'content' },
  { pattern: 'needle', type: 'make' },
  { pattern: 'needle', head_limit: 7, offset: 5 },
  { pattern: 'needle', output_mode: 'content', head_limit: 3, offset: 240 },
  { pattern: 'needle', head_limit: 0 },
  { pattern: 'alpha\\nneedle', multiline: true, output_mode: 'content' },
  { pattern: 'needle', path: 'node_modules' },
  { pattern: 'needle one' },
  { pattern: 'needle utf16' },
  { pattern: 'needle\\s(one|bom)' },
  { pattern: 'no such text anywhere' },
  { pattern: '(unclosed' },
  // Globs naming a directory: ripgrep starts there (tree-narrow.ts), the walk prunes the rest.
  { pattern: 'needle', glob: 'src/**' },
  { pattern: 'needle', glob: '/src/deep/*.ts', output_mode: 'content' },
  { pattern: 'needle', glob: 'many/**', head_limit: 3, offset: 2 },
  { pattern: 'needle', glob: 'many/f1*.txt', output_mode: 'count' },
  { pattern: 'needle', glob: 'src/**/*.ts', type: 'ts' },
  { pattern: 'needle', glob: '{src,a}/**' },
  { pattern: 'needle', glob: 'node_modules/p/**' },
  { pattern: 'needle', glob: '.git/objects/*' },
  { pattern: 'needle', glob: 'src/deep' },
  { pattern: 'needle', glob: 'nowhere/**' },
  { pattern: 'needle', glob: '.hidden/*.ts' },
  { pattern: 'needle', glob: 'enc/*', output_mode: 'content' },
  // `|` parts two alternatives in picomatch: the glob names no directory (a/ is searched too).
  { pattern: 'needle', glob: 'src/**|a/*', output_mode: 'content' },
  { pattern: 'needle', glob: '*.+(ts|md) !src/deep/**', output_mode: 'count' },
];

describe.each(CONFINED_BY)('ripgrep walking a large tree, confined by %s', (_name, searchPath, available) => {
  it.skipIf(rg === undefined || !available)('gives Grep the judged walk\'s answers, caps and pages, and judges only what it shows', async () => {
    const ws = tree();
    const ctx = context(ws);
    const walked = createGrepTool({ engine: 'rg', searchPath, walkAbove: Infinity }) as Tool<unknown>;
    for (const input of GREP_INPUTS) {
      // Told when commands run, and none does: under Landlock, ripgrep walks only then.
      const { guard, asked } = recordingGuard({ allowed: true }, undefined, true);
      const confined = createGrepTool({ engine: 'rg', searchPath, walkAbove: 0, guard }) as Tool<unknown>;
      const expected = await run(walked, input, ctx);
      const actual = await run(confined, input, ctx);
      expect(actual, JSON.stringify(input)).toEqual(expected);
      // The tree was vouched for, and files were judged only to be shown: never all 300 of many/.
      expect(asked.some((a) => a.startsWith('tree ')), JSON.stringify(input)).toBe(true);
      expect(asked.filter((a) => a.startsWith('file ')).length, JSON.stringify(input)).toBeLessThanOrEqual(input.head_limit === 0 ? 400 : 260);
    }
  });

  it.skipIf(rg === undefined || !available)('a glob naming a directory through a symlink finds what the judged walk finds: nothing through the link', async () => {
    const ws = tree();
    symlinkSync(join(ws, 'src'), join(ws, 'linked'));
    symlinkSync(join(ws, 'src', 'deep'), join(ws, 'a', 'deep'));
    const ctx = context(ws);
    const walked = createGrepTool({ engine: 'rg', searchPath, walkAbove: Infinity }) as Tool<unknown>;
    const confined = createGrepTool({ engine: 'rg', searchPath, walkAbove: 0 }) as Tool<unknown>;
    const listed = createGlobTool(undefined, { searchPath, listAbove: 0 }) as Tool<unknown>;
    const listWalked = createGlobTool(undefined, { searchPath, listAbove: Infinity }) as Tool<unknown>;
    for (const glob of ['linked/**', 'a/deep/**', 'a/**']) {
      const input = { pattern: 'needle', glob, output_mode: 'content' };
      const expected = await run(walked, input, ctx);
      expect(await run(confined, input, ctx), glob).toEqual(expected);
      expect(await run(listed, { pattern: glob }, ctx), glob).toEqual(await run(listWalked, { pattern: glob }, ctx));
      if (glob === 'a/**') expect(expected.content).toContain('needle slash');
      else expect(expected.content).toContain('No matches');
    }
  });

  it.skipIf(rg === undefined || !available)('still judges every file it shows: one the guard refuses is not shown, and the answer says so', async () => {
    const ws = tree();
    writeFiles(ws, { 'src/secret.txt': 'needle SECRET-VALUE\n' });
    const { guard } = recordingGuard({ allowed: true }, '/src/secret.txt');
    const grep = createGrepTool({ engine: 'rg', searchPath, walkAbove: 0, guard }) as Tool<unknown>;
    const out = await run(grep, { pattern: 'SECRET', output_mode: 'content' }, context(ws));
    expect(out.content).not.toContain('SECRET-VALUE');
    expect(out.content).toContain('1 file was not searched because the policy does not allow reading it');
  });

  it.skipIf(rg === undefined || !available)('gives Glob the judged walk\'s answers, with the same cap, for patterns in either glob dialect', async () => {
    const ws = tree();
    const ctx = context(ws);
    const walked = createGlobTool(undefined, { searchPath, listAbove: Infinity }) as Tool<unknown>;
    // ripgrep lists, every name is lstat-ed (newest first); or only those shown (path order, past the threshold).
    const listed = createGlobTool(undefined, { searchPath, listAbove: 0 }) as Tool<unknown>;
    const walkedByPath = createGlobTool(undefined, { searchPath, listAbove: Infinity, newestFirstUpTo: 20 }) as Tool<unknown>;
    const listedByPath = createGlobTool(undefined, { searchPath, listAbove: 0, newestFirstUpTo: 20 }) as Tool<unknown>;
    for (const input of [
      { pattern: '**/*.txt' },
      { pattern: '**/*.ts' },
      { pattern: '*.txt' },
      { pattern: 'many/f1*.txt' },
      { pattern: '**/*.+(ts|tsx)' },
      { pattern: 'node_modules/**/*.ts' },
      { pattern: `${ws}/src/**/*.ts` },
      { pattern: '**/.git' },
      { pattern: 'nothing-*.xyz' },
      { pattern: 'many/**' },
      { pattern: 'src/deep/*.ts' },
      { pattern: '/enc/*' },
      { pattern: 'node_modules/p/*.ts' },
      { pattern: 'nowhere/**/*.ts' },
      { pattern: 'src/deep/*.ts|a/*' },
    ]) {
      expect(await run(listed, input, ctx), JSON.stringify(input)).toEqual(await run(walked, input, ctx));
      expect(await run(listedByPath, input, ctx), JSON.stringify(input)).toEqual(await run(walkedByPath, input, ctx));
    }
  });

});

describe.skipIf(rg === undefined || bwrap === undefined)('ripgrep walking a large tree', () => {
  it('keeps the judged walk when the guard will not vouch for the tree, or the tree is small', async () => {
    const ws = tree();
    const ctx = context(ws);
    const refused = recordingGuard({ allowed: false, reason: 'a denied file could be linked in' });
    await run(createGrepTool({ engine: 'rg', searchPath: HOST_PATH, walkAbove: 0, guard: refused.guard }) as Tool<unknown>, { pattern: 'zzz' }, ctx);
    expect(refused.asked.filter((a) => a.startsWith('file ')).length).toBeGreaterThan(300);
    const small = recordingGuard();
    await run(createGrepTool({ engine: 'rg', searchPath: HOST_PATH, walkAbove: 10_000, guard: small.guard }) as Tool<unknown>, { pattern: 'zzz' }, ctx);
    expect(small.asked.some((a) => a.startsWith('tree '))).toBe(false);
    expect(small.asked.filter((a) => a.startsWith('file ')).length).toBeGreaterThan(300);
  });

  it('counts a tree until it is found large, then remembers it', async () => {
    const ws = workspace();
    writeFiles(ws, { 'a.txt': '', 'b.txt': '' });
    const fd = openPathFd(ws, true);
    try {
      const root = { fd, abs: ws, real: ws };
      const size = new TreeSize(3);
      const signal = new AbortController().signal;
      expect(await size.exceeds(root, 'ws', new Set(), signal)).toBe(false);
      writeFiles(ws, { 'c.txt': '', 'd/e.txt': '' });
      expect(await size.exceeds(root, 'ws', new Set(), signal)).toBe(true);
      // Found large once, it is not counted again (a workspace does not shrink between two calls).
      rmSync(join(ws, 'd'), { recursive: true });
      expect(await size.exceeds(root, 'ws', new Set(), signal)).toBe(true);
      expect(await new TreeSize(3).exceeds(root, 'ws', new Set(), signal)).toBe(false);
    } finally {
      closeFd(fd);
    }
  });

  it('lists through ripgrep the files the walk lists, with the same mtimes, or the same page in path order', async () => {
    const ws = tree();
    const fd = openPathFd(ws, true);
    try {
      const root = { fd, abs: ws, real: ws, size: inspectFd(fd).stats.size, id: 'tree' };
      const skipDirs = skippedDirs(false);
      const signal = new AbortController().signal;
      const listing = { rg: rg ?? '', confiner: { kind: 'bwrap' as const, path: bwrap ?? '' }, size: new TreeSize(0), unavailable: () => undefined };
      const filter = compileGlobFilter([['**/*.ts']]);
      const walked = await listFiles(root, { skipDirs, signal, maxEntries: 1000 }, (rel) => filter.includesFile(rel));
      const viaWalk = (limits: { shown: number; newestUpTo: number }): ReturnType<typeof globPage> => globPage(root, walked.files.map((f) => f.rel), false, limits);
      for (const limits of [{ shown: 1000, newestUpTo: 1000 }, { shown: 3, newestUpTo: 2 }]) {
        const viaRg = await listTree(listing, root, '**/*.ts', skipDirs, signal, 20_000, { maxFiles: 1000, ...limits });
        expect(viaRg).toEqual(viaWalk(limits));
      }
      const all = viaWalk({ shown: 1000, newestUpTo: 1000 });
      expect(all.order).toBe('newest');
      expect(all.shown.map((f) => f.rel).sort()).toEqual(walked.files.map((f) => f.rel).sort());
      expect(all.shown.map((f) => f.rel)).toContain('.hidden/h.ts');
      // Past the threshold: path order (the walk's), and only the page shown is found again.
      const byPath = viaWalk({ shown: 3, newestUpTo: 2 });
      expect(byPath.order).toBe('path');
      expect(byPath.matched).toBe(walked.files.length);
      expect(byPath.shown.map((f) => f.rel)).toEqual(walked.files.slice(0, 3).map((f) => f.rel));
    } finally {
      closeFd(fd);
    }
  });

  it('a listing longer than one pipe read is read whole, names cut between two reads put back together', async () => {
    const ws = workspace();
    const files: Record<string, string> = {};
    // ~150 KB of names: several 64 KiB reads, a name (and a 3-byte character) across each boundary.
    for (let i = 0; i < 2_000; i++) files[`pkg-€-${String(i % 40).padStart(2, '0')}/a-rather-long-module-name-${String(i).padStart(4, '0')}.ts`] = '';
    writeFiles(ws, files);
    const fd = openPathFd(ws, true);
    try {
      const root = { fd, abs: ws, real: ws, size: inspectFd(fd).stats.size, id: 'long' };
      const listing = { rg: rg ?? '', confiner: { kind: 'bwrap' as const, path: bwrap ?? '' }, size: new TreeSize(0), unavailable: () => undefined };
      const page = await listTree(listing, root, '**/*.ts', skippedDirs(false), new AbortController().signal, 20_000, { maxFiles: 5_000, shown: 5_000, newestUpTo: 5_000 });
      expect(page?.matched).toBe(2_000);
      expect(new Set(page?.shown.map((f) => f.rel))).toEqual(new Set(Object.keys(files)));
    } finally {
      closeFd(fd);
    }
  });
});
