import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { editTool } from '../../src/tools/edit.js';
import { readTool } from '../../src/tools/read.js';
import type { ToolContext } from '../../src/tools/tool.js';
import { writeTool } from '../../src/tools/write.js';
import { context, run, workspace, writeFiles } from './tool-harness.js';

// "Unchanged since it was read" means the same bytes, not the same decoded text: 0xFF and 0xFE are
// both invalid UTF-8 and both decode to U+FFFD, so a file changed from one to the other reads the
// same. Read must show it again, Edit and Write must refuse it; and Edit must never write back
// text that lost bytes in decoding.

const bytes = (...parts: Array<string | number[]>): Buffer => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

/** Rewrites the file with other bytes, same size, and puts its times back as they were. */
function swapBytes(path: string, next: Buffer): void {
  const { atime, mtime } = statSync(path);
  writeFileSync(path, next);
  utimesSync(path, atime, mtime);
}

async function readOnce(content: Buffer): Promise<{ path: string; ctx: ToolContext }> {
  const dir = workspace();
  writeFiles(dir, { 'f.txt': content });
  const ctx = { ...context(dir), callId: 'toolu_1' };
  const path = join(dir, 'f.txt');
  const out = await run(readTool, { file_path: path }, ctx);
  expect(out.isError).toBeUndefined();
  return { path, ctx };
}

describe('freshness is by bytes', () => {
  const before = bytes('one\nvalue = "', [0xff], '"\nthree\n');
  const after = bytes('one\nvalue = "', [0xfe], '"\nthree\n');

  it('Read shows a file again when bytes changed that decode to the same text', async () => {
    expect(before.toString('utf8')).toBe(after.toString('utf8'));
    const { path, ctx } = await readOnce(before);
    swapBytes(path, after);
    const again = await run(readTool, { file_path: path }, { ...ctx, callId: 'toolu_2' });
    expect(again.content).not.toMatch(/^Unchanged since/);
    expect(again.content).toContain('2\tvalue = "\uFFFD"');
  });

  it('Write refuses a file whose bytes changed since the Read, even when they decode the same', async () => {
    const { path, ctx } = await readOnce(before);
    swapBytes(path, after);
    const out = await run(writeTool, { file_path: path, content: 'replaced\n' }, ctx);
    expect(out.isError).toBe(true);
    expect(out.content).toMatch(/has been modified since it was last read/);
    expect(readFileSync(path)).toEqual(after);
  });

  it('Edit refuses a file whose bytes changed since the Read, and writes nothing', async () => {
    const { path, ctx } = await readOnce(before);
    swapBytes(path, after);
    const out = await run(editTool, { file_path: path, old_string: 'one', new_string: 'ONE' }, ctx);
    expect(out.isError).toBe(true);
    expect(readFileSync(path)).toEqual(after);
  });
});

describe('Edit and Write keep the bytes they did not change', () => {
  it('Edit keeps a BOM and CRLF line endings', async () => {
    const { path, ctx } = await readOnce(bytes([0xef, 0xbb, 0xbf], 'one\r\ntwo\r\nthree\r\n'));
    const out = await run(editTool, { file_path: path, old_string: 'two', new_string: 'TWO' }, ctx);
    expect(out.isError).toBeUndefined();
    expect(readFileSync(path)).toEqual(bytes([0xef, 0xbb, 0xbf], 'one\r\nTWO\r\nthree\r\n'));
  });

  it('Edit refuses a file with invalid UTF-8 elsewhere rather than write U+FFFD over it, naming the file', async () => {
    const original = bytes('one\nlatin1: caf', [0xe9], '\ntwo\n');
    const { path, ctx } = await readOnce(original);
    const out = await run(editTool, { file_path: path, old_string: 'two', new_string: 'TWO' }, ctx);
    expect(out.isError).toBe(true);
    expect(out.content).toContain(path);
    expect(out.content).toMatch(/not valid UTF-8.*nothing was written/);
    expect(readFileSync(path)).toEqual(original);
  });

  it('Write over a file with invalid UTF-8 writes what it was given, even text equal to the lossy decoding', async () => {
    const original = bytes('caf', [0xe9], '\n');
    const { path, ctx } = await readOnce(original);
    const out = await run(writeTool, { file_path: path, content: original.toString('utf8') }, ctx);
    expect(out.isError).toBeUndefined();
    expect(out.content).not.toMatch(/nothing was written/);
    expect(readFileSync(path)).toEqual(bytes('caf\uFFFD\n'));
  });
});
