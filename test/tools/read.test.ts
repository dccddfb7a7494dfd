import { execFileSync } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bytesDigest } from '../../src/tools/file-state.js';
import { readTool } from '../../src/tools/read.js';
import { context, run, workspace, writeFiles } from './tool-harness.js';

const lines = (n: number, make: (i: number) => string = (i) => `line ${i}`): string =>
  Array.from({ length: n }, (_, i) => make(i + 1)).join('\n') + '\n';

describe('Read', () => {
  it('numbers lines: the number, a tab, the line (no padding)', async () => {
    const dir = workspace();
    writeFiles(dir, { 'a.txt': 'alpha\n\tbeta\ngamma\n' });
    const out = await run(readTool, { file_path: join(dir, 'a.txt') }, context(dir));
    expect(out.isError).toBeUndefined();
    expect(out.content).toBe('1\talpha\n2\t\tbeta\n3\tgamma');
  });

  it('resolves a relative path against the workspace and strips CR from CRLF lines', async () => {
    const dir = workspace();
    writeFiles(dir, { 'src/win.txt': 'one\r\ntwo\r\n' });
    const out = await run(readTool, { file_path: 'src/win.txt' }, context(dir));
    expect(out.content).toBe('1\tone\n2\ttwo');
  });

  it('pages with offset and limit and says where to continue', async () => {
    const dir = workspace();
    writeFiles(dir, { 'f.txt': lines(10) });
    const out = await run(readTool, { file_path: join(dir, 'f.txt'), offset: 3, limit: 2 }, context(dir));
    expect(out.content.startsWith('3\tline 3\n4\tline 4\n')).toBe(true);
    expect(out.content).not.toContain('line 5');
    expect(out.content).toContain('Showing lines 3-4 of 10');
    expect(out.content).toContain('offset: 5');
  });

  it('reads at most 2000 lines by default', async () => {
    const dir = workspace();
    writeFiles(dir, { 'long.txt': lines(2500) });
    const out = await run(readTool, { file_path: join(dir, 'long.txt') }, context(dir));
    expect(out.content).toContain('\n2000\tline 2000');
    expect(out.content).not.toContain('line 2001\n');
    expect(out.content).toContain('offset: 2001');
  });

  it('truncates lines longer than 2000 characters', async () => {
    const dir = workspace();
    writeFiles(dir, { 'wide.txt': `${'x'.repeat(5000)}\nshort\n` });
    const out = await run(readTool, { file_path: join(dir, 'wide.txt') }, context(dir));
    const first = out.content.split('\n')[0] ?? '';
    expect(first.startsWith(`1\t${'x'.repeat(2000)}…`)).toBe(true);
    expect(first).not.toContain('x'.repeat(2001));
    expect(out.content).toContain('\n2\tshort');
  });

  it('refuses a whole-file read over 256 KB but serves a page of it', async () => {
    const dir = workspace();
    writeFiles(dir, { 'big.txt': lines(40_000, (i) => `row ${i} ${'-'.repeat(20)}`) });
    const ctx = context(dir);
    const whole = await run(readTool, { file_path: join(dir, 'big.txt') }, ctx);
    expect(whole.isError).toBe(true);
    expect(whole.category).toBe('invalid_input');
    expect(whole.content).toMatch(/offset and limit/);
    const page = await run(readTool, { file_path: join(dir, 'big.txt'), offset: 30_000, limit: 3 }, ctx);
    expect(page.isError).toBeUndefined();
    expect(page.content.startsWith('30000\trow 30000 ')).toBe(true);
    expect(page.content).toContain('\n30002\trow 30002 ');
    expect(page.content).toContain('offset: 30003');
    // A page of a big file is recorded without a digest of its bytes: only mtime can vouch for it later.
    expect(ctx.fileState.get(join(dir, 'big.txt'))?.sha256).toBeUndefined();
  });

  it('rejects an offset past the end', async () => {
    const dir = workspace();
    writeFiles(dir, { 'f.txt': lines(3) });
    const out = await run(readTool, { file_path: join(dir, 'f.txt'), offset: 9 }, context(dir));
    expect(out.isError).toBe(true);
    expect(out.content).toContain('only 3 lines');
  });

  it('says a file is binary instead of showing it', async () => {
    const dir = workspace();
    writeFiles(dir, { 'blob.bin': Buffer.from([0x41, 0x00, 0x42, 0x43, 0x00, 0x01]) });
    const out = await run(readTool, { file_path: join(dir, 'blob.bin') }, context(dir));
    expect(out.isError).toBe(true);
    expect(out.content).toContain('binary');
    expect(out.content).not.toContain('\u0000');
  });

  it('treats text full of control bytes as binary', async () => {
    const dir = workspace();
    writeFiles(dir, { 'ctl.dat': Buffer.from(Array.from({ length: 200 }, (_, i) => (i % 3 === 0 ? 0x02 : 0x41))) });
    const out = await run(readTool, { file_path: join(dir, 'ctl.dat') }, context(dir));
    expect(out.isError).toBe(true);
    expect(out.content).toContain('binary');
  });

  it('describes an image by its magic bytes, not its name', async () => {
    const dir = workspace();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
    writeFiles(dir, { 'picture.dat': png, 'photo.jpg': Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]) });
    const out = await run(readTool, { file_path: join(dir, 'picture.dat') }, context(dir));
    expect(out.isError).toBeUndefined();
    expect(out.content).toContain('PNG image (108 bytes)');
    const jpg = await run(readTool, { file_path: join(dir, 'photo.jpg') }, context(dir));
    expect(jpg.content).toContain('JPEG image');
  });

  it('refuses device files before opening them', async () => {
    const dir = workspace();
    const ctx = context(dir);
    for (const path of ['/dev/zero', '/dev/stdin', '/dev/random', '/proc/self/environ']) {
      const out = await run(readTool, { file_path: path }, ctx);
      expect(out.isError, path).toBe(true);
      expect(out.category, path).toBe('denied');
      expect(await readTool.checkPermissions({ file_path: path }, ctx), path).toMatchObject({ behavior: 'deny' });
    }
  });

  it('refuses a symlink in the workspace that points at a device', async () => {
    const dir = workspace();
    symlinkSync('/dev/zero', join(dir, 'innocent.txt'));
    const ctx = context(dir);
    const out = await run(readTool, { file_path: join(dir, 'innocent.txt') }, ctx);
    expect(out.isError).toBe(true);
    expect(out.content).toContain('character device');
    expect(await readTool.checkPermissions({ file_path: 'innocent.txt' }, ctx)).toMatchObject({ behavior: 'deny' });
    // The decider is told where the link really leads.
    expect(readTool.access({ file_path: 'innocent.txt' }, ctx)).toEqual({ kind: 'read', paths: [join(dir, 'innocent.txt'), '/dev/zero'] });
  });

  it('refuses a FIFO without hanging on it', async () => {
    const dir = workspace();
    execFileSync('mkfifo', [join(dir, 'pipe')]);
    const out = await run(readTool, { file_path: join(dir, 'pipe') }, context(dir));
    expect(out.isError).toBe(true);
    expect(out.content).toContain('FIFO');
  });

  it('refuses a socket', async () => {
    const dir = workspace();
    const server = createServer();
    const path = join(dir, 'sock');
    await new Promise<void>((resolve) => server.listen(path, resolve));
    try {
      const out = await run(readTool, { file_path: path }, context(dir));
      expect(out.isError).toBe(true);
      expect(out.content).toContain('socket');
    } finally {
      server.close();
    }
  });

  it('refuses a directory and reports a missing file', async () => {
    const dir = workspace();
    const ctx = context(dir);
    const folder = await run(readTool, { file_path: dir }, ctx);
    expect(folder).toMatchObject({ isError: true, category: 'invalid_input' });
    expect(folder.content).toContain('directory');
    const missing = await run(readTool, { file_path: join(dir, 'nope.txt') }, ctx);
    expect(missing).toMatchObject({ isError: true, category: 'not_found' });
  });

  it('records what it read for Edit and Write', async () => {
    const dir = workspace();
    writeFiles(dir, { 'a.txt': 'hello\n', 'empty.txt': '' });
    const ctx = context(dir);
    await run(readTool, { file_path: join(dir, 'a.txt'), offset: 1, limit: 1 }, ctx);
    expect(ctx.fileState.get(join(dir, 'a.txt'))).toMatchObject({ size: 6, sha256: bytesDigest(Buffer.from('hello\n')) });
    const empty = await run(readTool, { file_path: join(dir, 'empty.txt') }, ctx);
    expect(empty.content).toContain('empty');
    expect(ctx.fileState.get(join(dir, 'empty.txt'))?.sha256).toBe(bytesDigest(Buffer.alloc(0)));
  });

  it('is a read-only, concurrency-safe tool that limits itself', () => {
    expect(readTool.maxResultSizeChars).toBe(Infinity);
    expect(readTool.isReadOnly({ file_path: '/x' })).toBe(true);
    expect(readTool.isConcurrencySafe({ file_path: '/x' })).toBe(true);
    expect(() => readTool.inputSchema.parse({ file_path: '/x', extra: 1 })).toThrow();
  });

  it('keeps a page within its output budget', async () => {
    const dir = workspace();
    writeFileSync(join(dir, 'wide.txt'), lines(200, () => 'y'.repeat(1900)));
    const out = await run(readTool, { file_path: join(dir, 'wide.txt'), offset: 1, limit: 2000 }, context(dir));
    expect(out.isError).toBeUndefined();
    expect(out.content.length).toBeLessThan(110_000);
    expect(out.content).toMatch(/offset: \d+ to read more/);
  });
});
