import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GLOB_MAX_RESULTS, globTool } from '../../src/tools/glob.js';
import { age, context, run, workspace, writeFiles } from './tool-harness.js';

describe('Glob', () => {
  it('lists absolute paths, newest first', async () => {
    const dir = workspace();
    writeFiles(dir, { 'old.ts': '', 'src/mid.ts': '', 'src/deep/new.ts': '', 'notes.md': '' });
    age(join(dir, 'old.ts'), 300);
    age(join(dir, 'src/mid.ts'), 200);
    age(join(dir, 'src/deep/new.ts'), 100);
    const out = await run(globTool, { pattern: '**/*.ts' }, context(dir));
    expect(out.content.split('\n')).toEqual([join(dir, 'src/deep/new.ts'), join(dir, 'src/mid.ts'), join(dir, 'old.ts')]);
  });

  it('caps results at 100 and says so', async () => {
    const dir = workspace();
    const files: Record<string, string> = {};
    for (let i = 0; i < 130; i++) files[`many/f${i}.txt`] = '';
    writeFiles(dir, files);
    const out = await run(globTool, { pattern: 'many/*.txt' }, context(dir));
    const lines = out.content.split('\n');
    expect(lines.filter((l) => l.startsWith(dir))).toHaveLength(GLOB_MAX_RESULTS);
    expect(out.content).toContain('(Results are truncated');
    expect(out.content).toContain('of 130');
  });

  it('skips VCS directories, and node_modules unless the pattern names it', async () => {
    const dir = workspace();
    writeFiles(dir, { '.git/x.js': '', '.hg/x.js': '', '.jj/x.js': '', 'node_modules/p/x.js': '', 'a.js': '', '.eslintrc.js': '' });
    const ctx = context(dir);
    const all = await run(globTool, { pattern: '**/*.js' }, ctx);
    expect(all.content.split('\n').sort()).toEqual([join(dir, '.eslintrc.js'), join(dir, 'a.js')]);
    const nm = await run(globTool, { pattern: 'node_modules/**/*.js' }, ctx);
    expect(nm.content).toBe(join(dir, 'node_modules/p/x.js'));
  });

  it('matches a slash-less pattern at any depth and anchors one with a slash', async () => {
    const dir = workspace();
    writeFiles(dir, { 'a.ts': '', 'src/b.ts': '', 'src/sub/c.ts': '' });
    const ctx = context(dir);
    expect((await run(globTool, { pattern: '*.ts' }, ctx)).content.split('\n')).toHaveLength(3);
    expect((await run(globTool, { pattern: 'src/*.ts' }, ctx)).content).toBe(join(dir, 'src/b.ts'));
    expect((await run(globTool, { pattern: '*.ts', path: join(dir, 'src/sub') }, ctx)).content).toBe(join(dir, 'src/sub/c.ts'));
    expect((await run(globTool, { pattern: `${dir}/src/**/*.ts` }, ctx)).content.split('\n').sort()).toEqual([join(dir, 'src/b.ts'), join(dir, 'src/sub/c.ts')]);
  });

  it('says when nothing matches and when the path is wrong', async () => {
    const dir = workspace();
    const ctx = context(dir);
    expect((await run(globTool, { pattern: '*.nothing' }, ctx)).content).toBe('No files found');
    expect(await run(globTool, { pattern: '*', path: join(dir, 'missing') }, ctx)).toMatchObject({ isError: true, category: 'not_found' });
  });

  it('declares a read of the search root', () => {
    const dir = workspace();
    expect(globTool.access({ pattern: '*.ts', path: 'src' }, context(dir))).toEqual({ kind: 'read', paths: [join(dir, 'src')] });
    expect(globTool.isReadOnly({ pattern: '*' })).toBe(true);
  });
});
