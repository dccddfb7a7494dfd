/**
 * The mtimes a newest-first listing needs (tree-opener.ts): found a directory at a time from the
 * root's descriptor, never through a symlink; or, while the guard's watch on commands holds since
 * before ripgrep listed the names, in one lookup by path (mtimeMsByPath). The watch is what makes
 * the second safe: a directory swapped for a symlink after the listing is followed by a lookup by
 * path, so when a command may have run the lookups go a directory at a time again.
 */
import { mkdirSync, renameSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closeFd, inspectFd, openPathFd } from '../../src/tools/fd-paths.js';
import { globPage } from '../../src/tools/glob-page.js';
import { TreeOpener } from '../../src/tools/tree-opener.js';
import { age, workspace, writeFiles } from './tool-harness.js';

function opened(ws: string): { root: { fd: number; abs: string; real: string }; close: () => void } {
  const fd = openPathFd(ws, true);
  return { root: { fd, abs: ws, real: inspectFd(fd).real }, close: () => closeFd(fd) };
}

describe('mtimes by path, and by descriptor', () => {
  it('agree on regular files and give none for what is not one', () => {
    const ws = workspace();
    writeFiles(ws, { 'a/b/c.ts': '', 'a/d.ts': '', 'e.ts': '' });
    age(join(ws, 'a/b/c.ts'), 50);
    symlinkSync(join(ws, 'e.ts'), join(ws, 'a/link.ts'));
    const { root, close } = opened(ws);
    const opener = new TreeOpener(root);
    try {
      for (const rel of ['a/b/c.ts', 'a/d.ts', 'e.ts']) {
        for (const whole of [false, true]) {
          const byPath = opener.mtimeMsByPath(rel, whole);
          expect(byPath, rel).toBeTypeOf('number');
          expect(byPath, rel).toBe(opener.mtimeMs(rel, whole));
        }
      }
      for (const rel of ['a/link.ts', 'a/b', 'missing.ts', 'a/../e.ts', './e.ts', 'a//d.ts', '']) {
        expect(opener.mtimeMsByPath(rel), rel).toBeUndefined();
        expect(opener.mtimeMs(rel), rel).toBeUndefined();
      }
    } finally {
      opener.close();
      close();
    }
  });

  it('by path, a name holding U+FFFD is never looked up: a symlink may bear what a name ripgrep walked decodes to', () => {
    const ws = workspace();
    const outside = workspace();
    writeFiles(outside, { 'probe.ts': '' });
    symlinkSync(outside, join(ws, '\uFFFD'));
    writeFiles(ws, { 'real\uFFFD.ts': '' });
    const { root, close } = opened(ws);
    const opener = new TreeOpener(root);
    try {
      expect(opener.mtimeMsByPath('\uFFFD/probe.ts')).toBeUndefined();
      expect(opener.mtimeMsByPath('real\uFFFD.ts')).toBeUndefined();
      expect(opener.mtimeMs('\uFFFD/probe.ts')).toBeUndefined();
    } finally {
      opener.close();
      close();
    }
  });

  it("a directory swapped for a symlink after the listing: Glob's page follows it only while the watch holds", () => {
    const ws = workspace();
    const outside = workspace();
    writeFiles(ws, { 'pkg/x.ts': '', 'pkg/y.ts': '', 'z.ts': '' });
    writeFiles(outside, { 'x.ts': '' });
    age(join(ws, 'pkg/x.ts'), 300);
    age(join(ws, 'pkg/y.ts'), 200);
    age(join(ws, 'z.ts'), 100);
    // The outside file is the newest: followed, it would put pkg/x.ts first.
    age(join(outside, 'x.ts'), 1);
    const names = ['pkg/x.ts', 'pkg/y.ts', 'z.ts'];
    const { root, close } = opened(ws);
    try {
      // Listed; then a command moves pkg away and puts a symlink to the outside in its place.
      renameSync(join(ws, 'pkg'), join(ws, 'pkg-moved'));
      symlinkSync(outside, join(ws, 'pkg'));
      const limits = { shown: 10, newestUpTo: 1000 };
      const watched = globPage(root, [...names], false, limits, () => false);
      expect(watched.shown.map((f) => f.rel)).toEqual(['z.ts']);
      const unwatched = globPage(root, [...names], false, limits);
      expect(unwatched).toEqual(watched);
      // Believed although a command ran (what the watch prevents): the outside file's mtime is used.
      const believed = globPage(root, [...names], false, limits, () => true);
      expect(believed.shown.map((f) => f.rel)).toEqual(['pkg/x.ts', 'z.ts']);
    } finally {
      close();
    }
  });

  it('while the watch holds, the same page as by descriptor', () => {
    const ws = workspace();
    const files: Record<string, string> = {};
    for (let i = 0; i < 60; i++) files[`p${i % 7}/m${i % 3}/f${i}.ts`] = '';
    writeFiles(ws, files);
    Object.keys(files).forEach((rel, i) => age(join(ws, rel), (i * 37) % 100));
    mkdirSync(join(ws, 'empty'));
    const { root, close } = opened(ws);
    try {
      for (const limits of [{ shown: 100, newestUpTo: 1000 }, { shown: 10, newestUpTo: 1000 }, { shown: 5, newestUpTo: 20 }]) {
        expect(globPage(root, Object.keys(files), false, limits, () => true)).toEqual(globPage(root, Object.keys(files), false, limits));
      }
    } finally {
      close();
    }
  });
});
