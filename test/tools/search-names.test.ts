/**
 * File names that would break or disguise a line of Glob's or Grep's answer (attack review,
 * finding 8): Linux allows a newline in a name, so `a.txt\n/ws/forged.txt` listed as it is reads as
 * two files, the second one a path that may not exist or be another file's. Every engine shows
 * such a path as one quoted line (src/tools/listed-path.ts) that JSON.parse turns back into the
 * name, and count mode counts the file (ripgrep walking the tree once dropped it).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findHostExecutable } from '../../src/sandbox/host-exec.js';
import { createGlobTool } from '../../src/tools/glob.js';
import { createGrepTool } from '../../src/tools/grep.js';
import { listedPath } from '../../src/tools/listed-path.js';
import type { Tool } from '../../src/tools/tool.js';
import { context, run, workspace, writeFiles } from './tool-harness.js';

const HOST_PATH = process.env.PATH ?? '/usr/bin:/bin';
const rg = await findHostExecutable('rg', HOST_PATH, []);

/**
 * A workspace whose names hold a newline forging a second path (a directory `a.txt\n` holding the
 * workspace's path again; a file's own name), a carriage return, a bidi override; and plain ones.
 */
function tree(): { ws: string; odd: string[]; plain: string[] } {
  const ws = workspace();
  const forged = join(ws, 'src/forged.txt');
  const names = {
    [`src/a.txt\n${forged}`]: 'needle\nneedle\n',
    'src/e.txt\nforged.txt': 'needle\n',
    'src/b\r.txt': 'needle\n',
    'src/c\u202etxt.exe': 'needle\n',
    'src/plain.txt': 'needle\n',
    'src/d\\n.txt': 'needle\n',
  };
  writeFiles(ws, names);
  expect(existsSync(forged)).toBe(false);
  const all = Object.keys(names).map((rel) => join(ws, rel));
  return { ws, odd: all.slice(0, 4), plain: all.slice(4) };
}

function grepEngines(): Array<{ name: string; tool: Tool<unknown> }> {
  const engines = [{ name: 'js', tool: createGrepTool({ engine: 'js' }) as Tool<unknown> }];
  if (rg !== undefined) engines.push({ name: 'rg, every file judged', tool: createGrepTool({ engine: 'rg', searchPath: HOST_PATH }) });
  return engines;
}

function globEngines(): Array<{ name: string; tool: Tool<unknown> }> {
  const engines = [
    { name: 'judged walk', tool: createGlobTool(undefined, { searchPath: HOST_PATH }) as Tool<unknown> },
    { name: 'judged walk, path order', tool: createGlobTool(undefined, { searchPath: HOST_PATH, newestFirstUpTo: 0 }) as Tool<unknown> },
  ];
  return engines;
}

/** The path at the start of each line that holds one, read back: quoted lines through JSON.parse. */
function listed(content: string, after = ''): string[] {
  const paths: string[] = [];
  for (const line of content.split('\n')) {
    if (line.startsWith('/')) paths.push(after === '' ? line : line.slice(0, line.indexOf(after)));
    else if (line.startsWith('"')) {
      const end = endOfLiteral(line);
      paths.push(JSON.parse(line.slice(0, end)) as string);
    }
  }
  return paths;
}

/** Where the JSON string literal at the start of `line` ends. */
function endOfLiteral(line: string): number {
  for (let i = 1; i < line.length; i++) {
    if (line[i] === '\\') i++;
    else if (line[i] === '"') return i + 1;
  }
  throw new Error(`unterminated literal: ${line}`);
}

describe('names that would break a line of the answer', () => {
  it('are quoted so that JSON.parse gives them back; other paths are shown as they are', () => {
    for (const path of ['/w/a\n/w/b', '/w/c\rd', '/w/e\u202ef', '/w/tab\there', '/w/del\u007f', '/w/nel\u0085', '/w/ls\u2028', '/w/tag\u{e0041}', '/w/zw\u200b', '/w/lone\ud800']) {
      const shown = listedPath(path);
      expect(shown.startsWith('"'), JSON.stringify(path)).toBe(true);
      expect(shown).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
      expect(JSON.parse(shown), JSON.stringify(path)).toBe(path);
    }
    for (const path of ['/w/plain.txt', '/w/é 😀 "q" \\n.txt', '/w/a:1:b']) expect(listedPath(path)).toBe(path);
  });

  it('show in Grep as one line each, with every engine and output mode, and count mode counts them', async () => {
    const { ws, odd, plain } = tree();
    const ctx = context(ws);
    const all = [...odd, ...plain].sort();
    for (const { name, tool } of grepEngines()) {
      const files = await run(tool, { pattern: 'needle', path: join(ws, 'src') }, ctx);
      expect(files.content.split('\n')[0], name).toMatch(/^Found 6 files/);
      expect(files.content.split('\n'), name).toHaveLength(7);
      expect(listed(files.content).sort(), name).toEqual(all);
      expect(files.content, name).not.toContain(`\n${join(ws, 'src/forged.txt')}`);

      const count = await run(tool, { pattern: 'needle', path: join(ws, 'src'), output_mode: 'count' }, ctx);
      expect(listed(count.content, ':').sort(), name).toEqual(all);
      expect(count.content, name).toContain(`${listedPath(odd[0] ?? '')}:2`);
      expect(count.content, name).toContain('Found 7 total matches across 6 files.');

      const content = await run(tool, { pattern: 'needle', path: join(ws, 'src'), output_mode: 'content' }, ctx);
      const lines = content.content.split('\n');
      expect(lines, name).toHaveLength(7);
      expect(lines, name).toContain(`${listedPath(odd[0] ?? '')}:2:needle`);
      expect(listed(content.content, ':').sort(), name).toEqual([...all, odd[0] ?? ''].sort());
    }
  });

  it('show in Glob as one line each, with every engine and either order', async () => {
    const { ws, odd, plain } = tree();
    const ctx = context(ws);
    // Glob's `*` matches a newline in a name; its `**` does not cross a directory holding one.
    const expected = [...odd.slice(1), ...plain];
    for (const { name, tool } of globEngines()) {
      const out = await run(tool, { pattern: 'src/*' }, ctx);
      const lines = out.content.split('\n').filter((line) => !line.startsWith('('));
      expect(lines, name).toHaveLength(expected.length);
      expect(listed(out.content).sort(), name).toEqual(expected.sort());
      expect(lines, name).not.toContain('forged.txt');
      for (const path of odd.slice(1)) expect(lines, name).toContain(JSON.stringify(path).replace('\u202e', '\\u202e'));
    }
  });
});
