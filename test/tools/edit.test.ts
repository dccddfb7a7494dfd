import { readFileSync, renameSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { editTool } from '../../src/tools/edit.js';
import { readTool } from '../../src/tools/read.js';
import { context, run, workspace, writeFiles } from './tool-harness.js';

/** A workspace with one file, already read by the agent. */
async function readFile(content: string): Promise<{ path: string; ctx: ReturnType<typeof context> }> {
  const dir = workspace();
  writeFiles(dir, { 'f.txt': content });
  const ctx = context(dir);
  const path = join(dir, 'f.txt');
  await run(readTool, { file_path: path }, ctx);
  return { path, ctx };
}

const onDisk = (path: string): string => readFileSync(path, 'utf8');

describe('Edit', () => {
  it('never reads through a symlink swapped in after the Read, even one that looks unchanged', async () => {
    const { path, ctx } = await readFile('one\ntwo\nthree\n');
    // Same size and mtime as what was read, so only the descriptor check can tell.
    const other = join(workspace(), 'secret.txt');
    writeFileSync(other, 'ONE\ntwo\nSECRET\n');
    const { atime, mtime } = statSync(path);
    utimesSync(other, atime, mtime);
    symlinkSync(other, `${path}.link`);
    renameSync(`${path}.link`, path);
    const out = await run(editTool, { file_path: path, old_string: 'two', new_string: 'TWO' }, ctx);
    expect(out).toMatchObject({ isError: true, category: 'denied' });
    expect(out.content).not.toContain('SECRET');
    expect(readFileSync(other, 'utf8')).toBe('ONE\ntwo\nSECRET\n');
  });

  it('replaces a unique match and says where, without repeating the text the model sent', async () => {
    const { path, ctx } = await readFile('one\ntwo\nthree\n');
    const out = await run(editTool, { file_path: path, old_string: 'two', new_string: 'TWO' }, ctx);
    expect(out.isError).toBeUndefined();
    expect(onDisk(path)).toBe('one\nTWO\nthree\n');
    expect(out.content).toBe('Edited f.txt (line 2).');
    expect(out.filesChanged).toEqual(['f.txt']);
  });

  it('refuses a non-unique match, saying how many and what to do', async () => {
    const { path, ctx } = await readFile('x = 1\nx = 1\nx = 1\n');
    const out = await run(editTool, { file_path: path, old_string: 'x = 1', new_string: 'x = 2' }, ctx);
    expect(out).toMatchObject({ isError: true, category: 'invalid_input' });
    expect(out.content).toContain('Found 3 matches');
    expect(out.content).toContain('replace_all');
    expect(onDisk(path)).toBe('x = 1\nx = 1\nx = 1\n');
  });

  it('replaces every match with replace_all', async () => {
    const { path, ctx } = await readFile('foo bar foo\nfoo\n');
    const out = await run(editTool, { file_path: path, old_string: 'foo', new_string: 'baz', replace_all: true }, ctx);
    expect(out.isError).toBeUndefined();
    expect(onDisk(path)).toBe('baz bar baz\nbaz\n');
    expect(out.content).toBe('Edited f.txt (all 3 occurrences replaced; the first at line 1).');
  });

  it('keeps $ patterns in new_string literal', async () => {
    const { path, ctx } = await readFile('price\n');
    await run(editTool, { file_path: path, old_string: 'price', new_string: "$& $' $1" }, ctx);
    expect(onDisk(path)).toBe("$& $' $1\n");
  });

  it('matches straight quotes against curly ones and keeps the file’s curly style', async () => {
    const { path, ctx } = await readFile('He said \u201Chello\u201D and it\u2019s fine.\n');
    const out = await run(editTool, { file_path: path, old_string: 'said "hello" and it\'s', new_string: 'said "goodbye" and it\'s' }, ctx);
    expect(out.isError).toBeUndefined();
    expect(out.content).toContain('normalised');
    // What was written is not what the model sent, so the line is shown as it is now.
    expect(out.content).toContain('1\tHe said \u201Cgoodbye\u201D and it\u2019s fine.');
    expect(onDisk(path)).toBe('He said \u201Cgoodbye\u201D and it\u2019s fine.\n');
  });

  it('matches across trailing whitespace and CRLF and keeps CRLF endings', async () => {
    const { path, ctx } = await readFile('first  \r\nsecond\t\r\nthird\r\n');
    const out = await run(editTool, { file_path: path, old_string: 'first\nsecond\n', new_string: 'FIRST\nSECOND\n' }, ctx);
    expect(out.isError).toBeUndefined();
    expect(onDisk(path)).toBe('FIRST\r\nSECOND\r\nthird\r\n');
  });

  it('does not guess when the normalised match is ambiguous', async () => {
    const { path, ctx } = await readFile('a \u201Cq\u201D\na \u201Cq\u201D\n');
    const out = await run(editTool, { file_path: path, old_string: 'a "q"', new_string: 'b' }, ctx);
    expect(out).toMatchObject({ isError: true, category: 'invalid_input' });
    expect(out.content).toContain('2 places');
    expect(onDisk(path)).toBe('a \u201Cq\u201D\na \u201Cq\u201D\n');
  });

  it('reports old_string not found', async () => {
    const { path, ctx } = await readFile('alpha\n');
    const out = await run(editTool, { file_path: path, old_string: 'beta', new_string: 'gamma' }, ctx);
    expect(out).toMatchObject({ isError: true, category: 'invalid_input' });
    expect(out.content).toContain('not found');
  });

  it('refuses a stale edit: the file changed on disk after it was read', async () => {
    const { path, ctx } = await readFile('let a = 1;\n');
    writeFileSync(path, 'let a = 1; // changed by a formatter\n');
    const out = await run(editTool, { file_path: path, old_string: 'let a = 1;', new_string: 'let a = 2;' }, ctx);
    expect(out).toMatchObject({ isError: true, category: 'invalid_input' });
    expect(out.content).toContain('modified since it was last read');
    expect(onDisk(path)).toBe('let a = 1; // changed by a formatter\n');
  });

  it('refuses a stale edit by mtime when only a page of a big file was read', async () => {
    const dir = workspace();
    const big = Array.from({ length: 30_000 }, (_, i) => `row ${i}`).join('\n') + '\n';
    writeFiles(dir, { 'big.txt': big });
    const path = join(dir, 'big.txt');
    const ctx = context(dir);
    await run(readTool, { file_path: path, offset: 1, limit: 10 }, ctx);
    expect(ctx.fileState.get(path)?.sha256).toBeUndefined();
    writeFileSync(path, big + 'appended\n');
    const out = await run(editTool, { file_path: path, old_string: 'row 5\n', new_string: 'row five\n' }, ctx);
    expect(out).toMatchObject({ isError: true, category: 'invalid_input' });
    expect(out.content).toContain('modified since it was last read');
  });

  it('refuses a file never read', async () => {
    const dir = workspace();
    writeFiles(dir, { 'f.txt': 'content\n' });
    const out = await run(editTool, { file_path: join(dir, 'f.txt'), old_string: 'content', new_string: 'x' }, context(dir));
    expect(out).toMatchObject({ isError: true, category: 'invalid_input' });
    expect(out.content).toContain('Read it first');
    expect(onDisk(join(dir, 'f.txt'))).toBe('content\n');
  });

  it('rejects old_string equal to new_string', async () => {
    const { path, ctx } = await readFile('same\n');
    const input = { file_path: path, old_string: 'same', new_string: 'same' };
    expect(await editTool.validateInput(input, ctx)).toMatchObject({ ok: false });
    expect(await editTool.call(input, ctx)).toMatchObject({ isError: true, category: 'invalid_input' });
  });

  it('creates a missing file when old_string is empty', async () => {
    const dir = workspace();
    const ctx = context(dir);
    const out = await run(editTool, { file_path: join(dir, 'new/file.txt'), old_string: '', new_string: 'hi\n' }, ctx);
    expect(out.isError).toBeUndefined();
    expect(onDisk(join(dir, 'new/file.txt'))).toBe('hi\n');
    // The agent's own write counts as read: a follow-up edit works.
    const next = await run(editTool, { file_path: join(dir, 'new/file.txt'), old_string: 'hi', new_string: 'hello' }, ctx);
    expect(next.isError).toBeUndefined();
    expect(onDisk(join(dir, 'new/file.txt'))).toBe('hello\n');
  });

  it('refuses an empty old_string on a file with content, and a missing file with a non-empty one', async () => {
    const { path, ctx } = await readFile('text\n');
    expect(await run(editTool, { file_path: path, old_string: '', new_string: 'x' }, ctx)).toMatchObject({ isError: true });
    const missing = await run(editTool, { file_path: path + '.missing', old_string: 'a', new_string: 'b' }, ctx);
    expect(missing).toMatchObject({ isError: true, category: 'not_found' });
  });
});
