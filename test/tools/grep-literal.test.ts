/**
 * The page of a files_with_matches search over a large tree is confirmed file by file through
 * judged descriptors (grep-rg-tree.ts). For a plain string that is done in-process
 * (src/tools/grep-literal.ts), and must say exactly what ripgrep, searching the same descriptors
 * again, says: the same files, in the same order, binary ones skipped, UTF-16 ones transcoded.
 */
import { fstatSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, test } from 'vitest';
import { findHostExecutable } from '../../src/sandbox/host-exec.js';
import type { Candidate } from '../../src/tools/grep-candidates.js';
import { confirmLiteral, plainLiteral } from '../../src/tools/grep-literal.js';
import { searchJudgedFiles } from '../../src/tools/grep-rg.js';
import type { GrepQuery } from '../../src/tools/grep-search.js';
import { createGrepTool } from '../../src/tools/grep.js';
import type { Tool } from '../../src/tools/tool.js';
import { context, run, workspace, writeFiles } from './tool-harness.js';

const HOST_PATH = process.env.PATH ?? '/usr/bin:/bin';
const rg = await findHostExecutable('rg', HOST_PATH, []);

const query = (pattern: string, overrides: Partial<GrepQuery> = {}): GrepQuery => ({
  pattern, root: '/', rootIsFile: false, mode: 'files_with_matches', globs: [], typeGlobs: [], skipDirs: new Set(), ignoreCase: false, multiline: false,
  before: 0, after: 0, page: { offset: 0, limit: 250 }, ...overrides,
});

describe('which patterns are plain strings', () => {
  test.each([
    ['return x', true],
    ['needle', true],
    ['foo_bar-baz: "q" <a/b> = 1; #x, @y ~z `w` !&%\'', true],
    ['a.b', false],
    ['a*', false],
    ['(x)', false],
    ['[x]', false],
    ['{x}', false],
    ['a|b', false],
    ['a\\b', false],
    ['^a', false],
    ['a$', false],
    ['a?', false],
    ['a+', false],
    ['caf\u00e9', false],
    ['tab\there', false],
    ['', false],
  ])('%j: %s', (pattern, plain) => {
    expect(plainLiteral(query(pattern)) !== null).toBe(plain);
  });

  test('only files_with_matches, case-sensitive, not multiline', () => {
    expect(plainLiteral(query('x', { mode: 'content' }))).toBe(null);
    expect(plainLiteral(query('x', { mode: 'count' }))).toBe(null);
    expect(plainLiteral(query('x', { ignoreCase: true }))).toBe(null);
    expect(plainLiteral(query('x', { multiline: true }))).toBe(null);
  });
});

describe.skipIf(rg === undefined)('confirmed in-process, as ripgrep confirms them', () => {
  it('gives the files ripgrep gives, in the same order, for the same judged descriptors', async () => {
    const ws = workspace();
    const files: Record<string, string | Buffer> = {
      'a.txt': 'x\nreturn x + 1\n',
      'b.txt': 'return y\n',
      'c.txt': 'retu\nrn x\n', // split by a line break: no match
      'd.crlf': 'one\r\nreturn x\r\n',
      'e.bin': Buffer.concat([Buffer.from('return x\n'), Buffer.from([0, 1, 2])]), // binary: skipped
      'f.late': Buffer.concat([Buffer.from('a'.repeat(9000)), Buffer.from([0]), Buffer.from('return x\n')]), // a NUL past the sniff
      'g.utf16': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('return x\n', 'utf16le')]),
      'h.utf16be': Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('return y\n', 'utf16le').swap16()]),
      'i.bom8': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('return x\n')]),
      'j.empty': '',
      'k.txt': 'RETURN X\n',
      'l.txt': 'prefixreturn xsuffix\n',
      // Past the call's first buffer (it grows), the string at the end; then a smaller file read
      // into the same buffer, which must not see what the larger one left there.
      'm.big': `${'y\n'.repeat(40_000)}return x\n`,
      'n.after': 'y\n'.repeat(100),
    };
    writeFiles(ws, files);
    const names = Object.keys(files);
    const open = (): Candidate[] => names.map((name) => {
      const fd = openSync(join(ws, name), 'r');
      return { abs: join(ws, name), fd, stats: fstatSync(fd, { bigint: true }) };
    });
    const ctl = { rgPath: rg ?? 'rg', signal: new AbortController().signal, deadline: Date.now() + 20_000, timeoutMs: 20_000 };
    for (const pattern of ['return x', 'return y', 'prefixreturn', 'nothing here']) {
      const q = query(pattern);
      const literal = plainLiteral(q);
      expect(literal).not.toBe(null);
      const byRipgrep = await searchJudgedFiles(ctl, q, open(), true, false);
      const inProcess = await confirmLiteral(ctl, q, literal ?? Buffer.alloc(0), open());
      expect(inProcess, pattern).toEqual(byRipgrep);
    }
    const found = await confirmLiteral(ctl, query('return x'), Buffer.from('return x'), open());
    expect(found.ok && found.files.map((f) => f.path.slice(ws.length + 1))).toEqual(['a.txt', 'd.crlf', 'f.late', 'g.utf16', 'i.bom8', 'l.txt', 'm.big']);
  });
});

describe.skipIf(rg === undefined)('the judged walk, for a plain string, searched in-process', () => {
  it('answers as ripgrep\'s batches answer the same search written as a regex', async () => {
    const ws = workspace();
    const files: Record<string, string | Buffer> = {};
    for (let i = 0; i < 700; i++) files[`p${i % 7}/f${i}.ts`] = i % 9 === 0 ? `const a = 1;\nreturn x; // ${i}\n` : `const b = ${i};\n`;
    files['p1/bin.dat'] = Buffer.concat([Buffer.from('return x\n'), Buffer.from([0])]);
    files['p2/wide.txt'] = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('return x\n', 'utf16le')]);
    writeFiles(ws, files);
    const grep = createGrepTool({ engine: 'rg', searchPath: HOST_PATH }) as Tool<unknown>;
    const ctx = context(ws);
    for (const [literal, regex] of [['return x', 'return[ ]x'], ['const b = 69', 'const b = 6[9]'], ['absent', 'absen[t]']]) {
      const inProcess = await run(grep, { pattern: literal }, ctx);
      const byRipgrep = await run(grep, { pattern: regex }, ctx);
      expect(inProcess.isError ?? false, inProcess.content).toBe(false);
      expect(inProcess.content, literal).toBe(byRipgrep.content);
    }
    const found = await run(grep, { pattern: 'return x', head_limit: 0 }, ctx);
    expect(found.content).toContain(join(ws, 'p2/wide.txt'));
    expect(found.content).not.toContain('bin.dat');
  });

  it('stops when the search is cancelled or past its time, as ripgrep\'s batches would', async () => {
    const ws = workspace();
    writeFiles(ws, { 'a.txt': 'return x\n' });
    const fd = openSync(join(ws, 'a.txt'), 'r');
    const candidate = { abs: join(ws, 'a.txt'), fd, stats: fstatSync(fd, { bigint: true }) };
    const cancelled = new AbortController();
    cancelled.abort();
    const aborted = await confirmLiteral({ rgPath: rg ?? 'rg', signal: cancelled.signal, deadline: Date.now() + 20_000, timeoutMs: 20_000 }, query('return x'), Buffer.from('return x'), [candidate]);
    expect(aborted).toMatchObject({ ok: false, result: { category: 'aborted' } });
    const fd2 = openSync(join(ws, 'a.txt'), 'r');
    const late = await confirmLiteral({ rgPath: rg ?? 'rg', signal: new AbortController().signal, deadline: Date.now() - 1, timeoutMs: 5 }, query('return x'), Buffer.from('return x'), [{ ...candidate, fd: fd2 }]);
    expect(late).toMatchObject({ ok: false, result: { category: 'timeout' } });

    // Cancelled after a file was set aside for ripgrep (UTF-16): its descriptor is closed too.
    writeFiles(ws, { 'w.txt': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('return x\n', 'utf16le')]) });
    const midway = new AbortController();
    const wide = openSync(join(ws, 'w.txt'), 'r');
    const last = openSync(join(ws, 'a.txt'), 'r');
    function* twoFiles(): Generator<Candidate> {
      yield { abs: join(ws, 'w.txt'), fd: wide, stats: fstatSync(wide, { bigint: true }) };
      midway.abort();
      yield { abs: join(ws, 'a.txt'), fd: last, stats: fstatSync(last, { bigint: true }) };
    }
    const stopped = await confirmLiteral({ rgPath: rg ?? 'rg', signal: midway.signal, deadline: Date.now() + 20_000, timeoutMs: 20_000 }, query('return x'), Buffer.from('return x'), twoFiles());
    expect(stopped).toMatchObject({ ok: false, result: { category: 'aborted' } });
    for (const fd of [wide, last]) expect(() => fstatSync(fd)).toThrow(/EBADF/);
  });
});
