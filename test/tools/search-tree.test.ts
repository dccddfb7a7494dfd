/**
 * Large trees are searched by ripgrep walking them itself, confined (grep-rg-tree.ts, glob-tree.ts).
 * The answers must be the judged walk's, byte for byte, with the same caps and pages; what is shown
 * must still pass the read guard file by file; and whenever the guard will not vouch for the whole
 * tree, the judged walk does the search. Thresholds are set to 0 here so small trees take that path.
 */
import { lstatSync, rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findHostExecutable } from '../../src/sandbox/host-exec.js';
import { findFiles, TreeSize } from '../../src/tools/confined-listing.js';
import { closeFd, inspectFd, openPathFd } from '../../src/tools/fd-paths.js';
import { listFiles, skippedDirs } from '../../src/tools/file-walk.js';
import { compileGlobFilter } from '../../src/tools/glob-filter.js';
import { listTree } from '../../src/tools/glob-tree.js';
import { createGlobTool } from '../../src/tools/glob.js';
import { createGrepTool } from '../../src/tools/grep.js';
import { workspaceOnlyGuard, type GuardVerdict, type ReadGuard } from '../../src/tools/read-guard.js';
import type { Tool } from '../../src/tools/tool.js';
import { age, context, run, workspace, writeFiles } from './tool-harness.js';

const HOST_PATH = process.env.PATH ?? '/usr/bin:/bin';
const rg = await findHostExecutable('rg', HOST_PATH, []);
const bwrap = await findHostExecutable('bwrap', HOST_PATH, []);

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

/** A guard that lets everything in the workspace through and remembers what it was asked. */
function recording(treeVerdict: GuardVerdict = { allowed: true }, refuse?: string): { guard: ReadGuard; asked: string[] } {
  const asked: string[] = [];
  const guard: ReadGuard = {
    forCall: (tool, cwd) => {
      const inner = workspaceOnlyGuard.forCall(tool, cwd);
      return {
        judgePath: (real, what) => {
          asked.push(`${what} ${real}`);
          return refuse !== undefined && real.endsWith(refuse) ? { allowed: false, reason: 'refused here' } : inner.judgePath(real, what);
        },
        judgeIdentity: (file) => inner.judgeIdentity(file),
        judgeTree: (real) => {
          asked.push(`tree ${real}`);
          return treeVerdict;
        },
      };
    },
  };
  return { guard, asked };
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
  { pattern: 'no such text anywhere' },
  { pattern: '(unclosed' },
];

describe.skipIf(rg === undefined || bwrap === undefined)('ripgrep walking a large tree', () => {
  it('gives Grep the judged walk\'s answers, caps and pages, and judges only what it shows', async () => {
    const ws = tree();
    const ctx = context(ws);
    const walked = createGrepTool({ engine: 'rg', searchPath: HOST_PATH, walkAbove: Infinity }) as Tool<unknown>;
    // Newest first from a lstat per file, or from one find.
    const withFind = createGrepTool({ engine: 'rg', searchPath: HOST_PATH, walkAbove: 0, findAbove: 0 }) as Tool<unknown>;
    for (const input of GREP_INPUTS) {
      const { guard, asked } = recording();
      const confined = createGrepTool({ engine: 'rg', searchPath: HOST_PATH, walkAbove: 0, findAbove: Infinity, guard }) as Tool<unknown>;
      const expected = await run(walked, input, ctx);
      const actual = await run(confined, input, ctx);
      expect(actual, JSON.stringify(input)).toEqual(expected);
      expect(await run(withFind, input, ctx), JSON.stringify(input)).toEqual(expected);
      // The tree was vouched for, and files were judged only to be shown: never all 300 of many/.
      expect(asked.some((a) => a.startsWith('tree ')), JSON.stringify(input)).toBe(true);
      expect(asked.filter((a) => a.startsWith('file ')).length, JSON.stringify(input)).toBeLessThanOrEqual(input.head_limit === 0 ? 400 : 260);
    }
  });

  it('keeps the judged walk when the guard will not vouch for the tree, or the tree is small', async () => {
    const ws = tree();
    const ctx = context(ws);
    const refused = recording({ allowed: false, reason: 'a denied file could be linked in' });
    await run(createGrepTool({ engine: 'rg', searchPath: HOST_PATH, walkAbove: 0, guard: refused.guard }) as Tool<unknown>, { pattern: 'zzz' }, ctx);
    expect(refused.asked.filter((a) => a.startsWith('file ')).length).toBeGreaterThan(300);
    const small = recording();
    await run(createGrepTool({ engine: 'rg', searchPath: HOST_PATH, walkAbove: 10_000, guard: small.guard }) as Tool<unknown>, { pattern: 'zzz' }, ctx);
    expect(small.asked.some((a) => a.startsWith('tree '))).toBe(false);
    expect(small.asked.filter((a) => a.startsWith('file ')).length).toBeGreaterThan(300);
  });

  it('still judges every file it shows: one the guard refuses is not shown, and the answer says so', async () => {
    const ws = tree();
    writeFiles(ws, { 'src/secret.txt': 'needle SECRET-VALUE\n' });
    const { guard } = recording({ allowed: true }, '/src/secret.txt');
    const grep = createGrepTool({ engine: 'rg', searchPath: HOST_PATH, walkAbove: 0, guard }) as Tool<unknown>;
    const out = await run(grep, { pattern: 'SECRET', output_mode: 'content' }, context(ws));
    expect(out.content).not.toContain('SECRET-VALUE');
    expect(out.content).toContain('1 file was not searched because the policy does not allow reading it');
  });

  it('gives Glob the judged walk\'s answers, with the same cap, for patterns in either glob dialect', async () => {
    const ws = tree();
    const ctx = context(ws);
    const walked = createGlobTool(undefined, { searchPath: HOST_PATH, listAbove: Infinity }) as Tool<unknown>;
    // ripgrep lists, every name is lstat-ed; or find gives every mtime and only the names that can be shown are lstat-ed.
    const listed = createGlobTool(undefined, { searchPath: HOST_PATH, listAbove: 0, findAbove: Infinity }) as Tool<unknown>;
    const found = createGlobTool(undefined, { searchPath: HOST_PATH, listAbove: 0, findAbove: 0 }) as Tool<unknown>;
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
    ]) {
      const expected = await run(walked, input, ctx);
      expect(await run(listed, input, ctx), JSON.stringify(input)).toEqual(expected);
      expect(await run(found, input, ctx), JSON.stringify(input)).toEqual(expected);
    }
  });

  it('reads find\'s mtimes as lstat gives them, and whole milliseconds as a bigint stat does', async () => {
    const ws = tree();
    // Odd fractions: a millisecond boundary is where a float would round the wrong way.
    utimesSync(join(ws, 'src/a.ts'), 1_700_000_000.9995, 1_700_000_000.9995);
    utimesSync(join(ws, 'src/b.tsx'), 1_700_000_001.0005, 1_700_000_001.0005);
    const fd = openPathFd(ws, true);
    try {
      const root = { fd, abs: ws, real: ws };
      const confinement = { bwrap: bwrap ?? '', size: new TreeSize(0), unavailable: () => undefined };
      const found = await findFiles(confinement, (await findHostExecutable('find', HOST_PATH, [])) ?? '', root, skippedDirs(false), new AbortController().signal, 20_000);
      if (found === 'aborted' || found === undefined) throw new Error(`find gave nothing: ${String(found)}`);
      expect(found.length).toBeGreaterThan(400);
      for (const file of found) {
        const stats = lstatSync(join(ws, file.rel), { bigint: true });
        expect(file.wholeMs, file.rel).toBe(Number(stats.mtimeMs));
        expect(Math.abs(file.mtimeMs - lstatSync(join(ws, file.rel)).mtimeMs), file.rel).toBeLessThan(0.001);
      }
    } finally {
      closeFd(fd);
    }
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

  it('lists through ripgrep the files the walk lists, with the same mtimes', async () => {
    const ws = tree();
    const fd = openPathFd(ws, true);
    try {
      const root = { fd, abs: ws, real: ws, size: inspectFd(fd).stats.size, id: 'tree' };
      const skipDirs = skippedDirs(false);
      const signal = new AbortController().signal;
      const listing = { rg: rg ?? '', bwrap: bwrap ?? '', size: new TreeSize(0), unavailable: () => undefined };
      const withFind = { ...listing, find: { path: (await findHostExecutable('find', HOST_PATH, [])) ?? '', above: 0 } };
      const viaRg = await listTree(listing, root, '**/*.ts', skipDirs, signal, 20_000, { maxFiles: 1000, shown: 100 });
      const filter = compileGlobFilter([['**/*.ts']]);
      const viaWalk = await listFiles(root, { skipDirs, signal, maxEntries: 1000 }, (rel) => filter.includesFile(rel));
      expect(viaRg).toBeDefined();
      expect(viaRg?.files).toEqual(viaWalk.files);
      expect(viaRg?.files.map((f) => f.rel)).toContain('.hidden/h.ts');
      // With find's mtimes every name is still listed; those that can be shown carry lstat's own.
      const viaFind = await listTree(withFind, root, '**/*.ts', skipDirs, signal, 20_000, { maxFiles: 1000, shown: 3 });
      expect(viaFind?.files.map((f) => f.rel).sort()).toEqual(viaWalk.files.map((f) => f.rel).sort());
    } finally {
      closeFd(fd);
    }
  });
});
