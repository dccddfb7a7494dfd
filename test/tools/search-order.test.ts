/**
 * Glob and Grep's files_with_matches list the newest first up to a number of matches, and in path
 * order past it (src/tools/search-order.ts), with every engine alike: the judged walk (JS or
 * ripgrep handed descriptors) and ripgrep walking the tree itself, confined. The threshold is an
 * option so a tree of a few hundred files can stand on either side of it.
 */
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findHostExecutable } from '../../src/sandbox/host-exec.js';
import { createGlobTool } from '../../src/tools/glob.js';
import { createGrepTool, type GrepToolOptions } from '../../src/tools/grep.js';
import { comparePathOrder } from '../../src/tools/search-order.js';
import type { Tool } from '../../src/tools/tool.js';
import { age, context, run, workspace, writeFiles } from './tool-harness.js';

const HOST_PATH = process.env.PATH ?? '/usr/bin:/bin';
const rg = await findHostExecutable('rg', HOST_PATH, []);

/** Names whose path order differs from plain string order, and mtimes that are neither. */
const NAMES = ['a/y.txt', 'a-b/x.txt', 'a.txt', 'A.txt', 'b c/d.txt', '.hidden/h.txt', 'z/deep/er/f.txt', 'ab/q.txt'];
for (let i = 0; i < 300; i++) NAMES.push(`many/f${String(i).padStart(3, '0')}.txt`);
const N = NAMES.length;

function tree(): string {
  const ws = workspace();
  writeFiles(ws, Object.fromEntries(NAMES.map((rel) => [rel, 'needle\n'])));
  NAMES.forEach((rel, i) => age(join(ws, rel), 10 + ((i * 7919) % 1000)));
  return ws;
}

/** The expected orders, worked out here from the names and lstat, not by the code under test. */
function byComponents(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] ?? '') < (y[i] ?? '') ? -1 : 1;
  return x.length - y.length;
}
const inPathOrder = (ws: string): string[] => [...NAMES].sort(byComponents).map((rel) => join(ws, rel));
const newestFirst = (ws: string): string[] =>
  NAMES.map((rel) => join(ws, rel)).sort((a, b) => lstatSync(b).mtimeMs - lstatSync(a).mtimeMs);

const PATH_NOTE = 'in path order: too many to sort by modification time; use a more specific pattern, path, glob or type';

function grepEngines(options: GrepToolOptions): Array<{ name: string; tool: Tool<unknown> }> {
  const engines = [{ name: 'js', tool: createGrepTool({ ...options, engine: 'js' }) as Tool<unknown> }];
  if (rg !== undefined) engines.push({ name: 'rg, every file judged', tool: createGrepTool({ ...options, engine: 'rg', searchPath: HOST_PATH }) });
  return engines;
}

function globEngines(newestFirstUpTo: number): Array<{ name: string; tool: Tool<unknown> }> {
  const engines = [{ name: 'judged walk', tool: createGlobTool(undefined, { searchPath: HOST_PATH, newestFirstUpTo }) as Tool<unknown> }];
  return engines;
}

const paths = (content: string): string[] => content.split('\n').filter((line) => line.startsWith('/'));

describe('path order', () => {
  it('is the walk\'s order: component by component, a separator below any character', () => {
    const rels = ['a-b/x', 'a/y', 'a.txt', 'a', 'A', 'ab', 'a/b/c', 'a b', 'é', 'z'];
    expect([...rels].sort(comparePathOrder)).toEqual([...rels].sort(byComponents));
    expect(comparePathOrder('a/b', 'a/b')).toBe(0);
  });
});

describe('Grep files_with_matches: newest first up to the threshold, path order past it', () => {
  it('gives the same answers with every engine on either side', async () => {
    const ws = tree();
    const ctx = context(ws);
    const inputs = [{ pattern: 'needle', head_limit: 0 }, { pattern: 'needle' }, { pattern: 'needle', offset: 250, head_limit: 10 }];
    for (const [upTo, expected, header] of [
      [N, newestFirst(ws), `Found ${N} files`],
      [N - 1, inPathOrder(ws), `Found ${N} files (${PATH_NOTE})`],
    ] as const) {
      for (const input of inputs) {
        const answers = await Promise.all(grepEngines({ newestFirstUpTo: upTo }).map(async (e) => ({ name: e.name, out: await run(e.tool, input, ctx) })));
        const first = answers[0]?.out;
        const label = `${upTo} ${JSON.stringify(input)}`;
        expect(first?.content.split('\n')[0], label).toBe(header);
        const offset = input.offset ?? 0;
        const limit = input.head_limit ?? 250;
        expect(paths(first?.content ?? ''), label).toEqual(expected.slice(offset, limit === 0 ? undefined : offset + limit));
        for (const { name, out } of answers) expect(out, `${name} ${label}`).toEqual(first);
      }
    }
    // Below the threshold nothing changed: the default (1,000) gives the newest first too.
    expect(await run(createGrepTool({ engine: 'js' }) as Tool<unknown>, { pattern: 'needle', head_limit: 0 }, ctx)).toEqual(
      await run(grepEngines({ newestFirstUpTo: N })[0]?.tool as Tool<unknown>, { pattern: 'needle', head_limit: 0 }, ctx),
    );
  });

  it('pages path order stably: the pages, asked in any order, are the whole list cut', async () => {
    const ws = tree();
    const ctx = context(ws);
    for (const { name, tool } of grepEngines({ newestFirstUpTo: 10 })) {
      const pages: string[] = [];
      for (const offset of [300, 0, 150, 50, 250, 200, 100]) {
        const once = await run(tool, { pattern: 'needle', offset, head_limit: 50 }, ctx);
        expect(await run(tool, { pattern: 'needle', offset, head_limit: 50 }, ctx), `${name} ${offset}`).toEqual(once);
        pages[offset / 50] = paths(once.content).join('\n');
      }
      expect(pages.join('\n').split('\n'), name).toEqual(inPathOrder(ws));
    }
  });
});

describe('Glob: newest first up to the threshold, path order past it', () => {
  it('gives the same answers with every engine on either side', async () => {
    const ws = tree();
    const ctx = context(ws);
    for (const [upTo, expected, note] of [
      [N, newestFirst(ws), `(Results are truncated: showing 100 of ${N}. Consider using a more specific path or pattern.)`],
      [N - 1, inPathOrder(ws), `(100 of ${N} shown, in path order: too many matches to sort by modification time. Use a more specific pattern or path.)`],
    ] as const) {
      const answers = await Promise.all(globEngines(upTo).map(async (e) => ({ name: e.name, out: await run(e.tool, { pattern: '**/*.txt' }, ctx) })));
      const first = answers[0]?.out;
      expect(paths(first?.content ?? ''), String(upTo)).toEqual(expected.slice(0, 100));
      expect(first?.content.split('\n').at(-1), String(upTo)).toBe(note);
      for (const { name, out } of answers) expect(out, `${name} ${upTo}`).toEqual(first);
    }
    // Below the threshold nothing changed: the default (1,000) gives the newest first too.
    expect(await run(createGlobTool() as Tool<unknown>, { pattern: '**/*.txt' }, ctx)).toEqual(await run(globEngines(N)[0]?.tool as Tool<unknown>, { pattern: '**/*.txt' }, ctx));
  });

  it('says how many matched when all of them fit on the page', async () => {
    const ws = tree();
    for (const { name, tool } of globEngines(2)) {
      const out = await run(tool, { pattern: 'a*/*.txt' }, context(ws));
      expect(out.content, name).toBe(
        [...['a/y.txt', 'a-b/x.txt', 'ab/q.txt'].map((rel) => join(ws, rel)), '(3 of 3 shown, in path order: too many matches to sort by modification time. Use a more specific pattern or path.)'].join('\n'),
      );
    }
  });
});
