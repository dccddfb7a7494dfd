import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bytesDigest } from '../../src/tools/file-state.js';
import { readTool } from '../../src/tools/read.js';
import { writeTool } from '../../src/tools/write.js';
import { age, context, run, workspace, writeFiles } from './tool-harness.js';

describe('Write', () => {
  it('creates a new file and its parent directories', async () => {
    const dir = workspace();
    const ctx = context(dir);
    const out = await run(writeTool, { file_path: join(dir, 'deep/er/new.ts'), content: 'export {};\n' }, ctx);
    expect(out.isError).toBeUndefined();
    expect(out.content).toBe('Created deep/er/new.ts (1 lines).');
    expect(out.filesChanged).toEqual(['deep/er/new.ts']);
    expect(readFileSync(join(dir, 'deep/er/new.ts'), 'utf8')).toBe('export {};\n');
    expect(ctx.fileState.get(join(dir, 'deep/er/new.ts'))?.sha256).toBe(bytesDigest(Buffer.from('export {};\n')));
  });

  it('refuses to overwrite a file it has not read', async () => {
    const dir = workspace();
    writeFiles(dir, { 'keep.txt': 'precious\n' });
    const out = await run(writeTool, { file_path: join(dir, 'keep.txt'), content: 'gone' }, context(dir));
    expect(out).toMatchObject({ isError: true, category: 'invalid_input' });
    expect(out.content).toMatch(/not been read yet.*Read it first/);
    expect(readFileSync(join(dir, 'keep.txt'), 'utf8')).toBe('precious\n');
  });

  it('overwrites a file after reading it, and again without re-reading its own write', async () => {
    const dir = workspace();
    writeFiles(dir, { 'a.txt': 'old\n' });
    const ctx = context(dir);
    await run(readTool, { file_path: join(dir, 'a.txt') }, ctx);
    const first = await run(writeTool, { file_path: join(dir, 'a.txt'), content: 'new\n' }, ctx);
    expect(first.content).toBe('Updated a.txt (1 lines).');
    expect(first.filesChanged).toEqual(['a.txt']);
    const second = await run(writeTool, { file_path: join(dir, 'a.txt'), content: 'newer\n' }, ctx);
    expect(second.isError).toBeUndefined();
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('newer\n');
  });

  it('refuses to overwrite a file that changed on disk since it was read', async () => {
    const dir = workspace();
    writeFiles(dir, { 'a.txt': 'v1\n' });
    const ctx = context(dir);
    await run(readTool, { file_path: join(dir, 'a.txt') }, ctx);
    writeFileSync(join(dir, 'a.txt'), 'v2 from someone else\n');
    const out = await run(writeTool, { file_path: join(dir, 'a.txt'), content: 'mine\n' }, ctx);
    expect(out).toMatchObject({ isError: true, category: 'invalid_input' });
    expect(out.content).toContain('modified since it was last read');
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('v2 from someone else\n');
  });

  it('forgives a touched mtime when the content is unchanged', async () => {
    const dir = workspace();
    writeFiles(dir, { 'a.txt': 'same\n' });
    const ctx = context(dir);
    await run(readTool, { file_path: join(dir, 'a.txt') }, ctx);
    age(join(dir, 'a.txt'), 3600);
    const out = await run(writeTool, { file_path: join(dir, 'a.txt'), content: 'changed\n' }, ctx);
    expect(out.isError).toBeUndefined();
  });

  it('refuses a directory and a device', async () => {
    const dir = workspace();
    const ctx = context(dir);
    expect(await run(writeTool, { file_path: dir, content: 'x' }, ctx)).toMatchObject({ isError: true });
    expect(await run(writeTool, { file_path: '/dev/null', content: 'x' }, ctx)).toMatchObject({ isError: true, category: 'denied' });
  });

  it('declares a write to the resolved path', () => {
    const dir = workspace();
    expect(writeTool.access({ file_path: 'sub/x.txt', content: '' }, context(dir))).toEqual({ kind: 'write', paths: [join(dir, 'sub/x.txt')] });
    expect(writeTool.isReadOnly({ file_path: 'x', content: '' })).toBe(false);
    expect(writeTool.isConcurrencySafe({ file_path: 'x', content: '' })).toBe(false);
  });
});
