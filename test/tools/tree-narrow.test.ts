/**
 * Where a search over a large tree can start instead of its root (tree-narrow.ts): the directory
 * the include globs name, unless the walk would not enter a directory on the way; and that
 * directory opened as the walk reaches it, never through a symlink.
 */
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closeFd, inspectFd, openPathFd } from '../../src/tools/fd-paths.js';
import { compileGlobFilter } from '../../src/tools/glob-filter.js';
import { narrowedTo, openBeneath } from '../../src/tools/tree-narrow.js';
import { workspace, writeFiles } from './tool-harness.js';

describe('narrowedTo', () => {
  it('is the named directory, unless the walk would leave out one on the way', () => {
    const skipDirs = new Set(['node_modules', '.git']);
    const cases: Array<[string[], ((dir: string) => boolean) | undefined, string | undefined]> = [
      [['src/**'], undefined, 'src'],
      [['src/lib/**/*.ts'], undefined, 'src/lib'],
      [['*.ts'], undefined, undefined],
      // Skipped by name, at the top or deeper: the walk never enters it.
      [['node_modules/p/**'], undefined, undefined],
      [['src/node_modules/**'], undefined, undefined],
      [['.git/objects/*'], undefined, undefined],
      // Pruned by an exclude glob of the same query.
      [['src/lib/**', '!lib'], undefined, undefined],
      [['src/lib/**', '!src/'], undefined, undefined],
      [['src/lib/**', '!*.ts'], undefined, 'src/lib'],
      // Left out by the read guard's rules.
      [['src/lib/**'], (dir) => dir === 'src', undefined],
      [['src/lib/**'], (dir) => dir === 'src/lib', undefined],
      [['src/lib/**'], (dir) => dir === 'src/lib/x', 'src/lib'],
    ];
    for (const [globs, leftOut, expected] of cases) expect(narrowedTo(compileGlobFilter([globs]), skipDirs, leftOut), JSON.stringify(globs)).toBe(expected);
  });
});

describe('openBeneath', () => {
  it('opens the directory by names from the root, and refuses a symlink, a file or a missing name on the way', () => {
    const ws = workspace();
    writeFiles(ws, { 'src/lib/a.ts': '', 'file.txt': '', 'elsewhere/x.ts': '' });
    mkdirSync(join(ws, 'real'));
    symlinkSync(join(ws, 'src'), join(ws, 'linked'));
    symlinkSync(join(ws, 'src', 'lib'), join(ws, 'real', 'lib'));
    const fd = openPathFd(ws, true);
    try {
      const root = { fd, abs: ws, real: inspectFd(fd).real };
      const opened = openBeneath(root, 'src/lib');
      expect(opened).toBeDefined();
      if (opened !== undefined) {
        expect(opened.real).toBe(join(root.real, 'src/lib'));
        expect(opened.abs).toBe(join(ws, 'src/lib'));
        expect(opened.rel).toBe('src/lib');
        expect(opened.id).toBe(`${inspectFd(opened.fd).stats.dev}:${inspectFd(opened.fd).stats.ino}`);
        closeFd(opened.fd);
      }
      for (const rel of ['linked/lib', 'linked', 'real/lib', 'file.txt', 'missing/x', 'src/missing']) expect(openBeneath(root, rel), rel).toBeUndefined();
    } finally {
      closeFd(fd);
    }
  });
});
