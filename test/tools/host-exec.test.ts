import { chmodSync, closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findHostExecutable, hostExec } from '../../src/sandbox/host-exec.js';
import { ripgrepArgs } from '../../src/tools/grep-rg.js';
import type { GrepQuery } from '../../src/tools/grep-search.js';
import { workspace } from './tool-harness.js';

describe('host-exec', () => {
  it('never takes a program from the workspace or from a relative PATH entry', async () => {
    const dir = workspace();
    mkdirSync(join(dir, 'bin'));
    writeFileSync(join(dir, 'bin/rg'), '#!/bin/sh\necho planted\n');
    chmodSync(join(dir, 'bin/rg'), 0o755);
    expect(await findHostExecutable('rg', `${join(dir, 'bin')}:bin:.`, [dir])).toBeUndefined();
    // Outside the untrusted roots the same file is found, so the test can fail.
    expect(await findHostExecutable('rg', join(dir, 'bin'), [])).toBe(join(dir, 'bin/rg'));
  });

  it('runs with only the environment it is given', async () => {
    const signal = new AbortController().signal;
    const bare = await hostExec({ file: '/usr/bin/env', args: [], cwd: '/', timeoutMs: 5000, signal, maxOutputChars: 10_000 });
    expect(bare.exitCode).toBe(0);
    expect(bare.output).toBe('');
    const given = await hostExec({ file: '/usr/bin/env', args: [], cwd: '/', timeoutMs: 5000, signal, maxOutputChars: 10_000, env: { ONLY: 'this' } });
    expect(given.output).toBe('ONLY=this\n');
  });

  it('keeps stdout and stderr under one cap, a character split between reads whole', async () => {
    const signal = new AbortController().signal;
    // Far more than one pipe read (64 KiB), with a 3-byte character at every possible boundary.
    const script = 'i=0; while [ $i -lt 40000 ]; do printf "€%05d\\0" $i; i=$((i+1)); done; echo oops >&2';
    const whole = await hostExec({ file: '/bin/sh', args: ['-c', script], cwd: '/', timeoutMs: 20_000, signal, maxOutputChars: 1_000_000 });
    expect(whole.exitCode).toBe(0);
    // stderr's line may land between two reads of stdout.
    expect(whole.output).toContain('oops\n');
    const names = whole.output.replace('oops\n', '').split('\0');
    expect(names.length).toBe(40_001);
    expect(names[12_345]).toBe('€12345');
    expect(whole.droppedChars).toBe(0);
    const capped = await hostExec({ file: '/bin/sh', args: ['-c', script], cwd: '/', timeoutMs: 20_000, signal, maxOutputChars: 1_000 });
    expect(capped.droppedChars).toBeGreaterThan(0);
  });

  it('refuses a bare program name', async () => {
    const result = await hostExec({ file: 'env', args: [], cwd: '/', timeoutMs: 5000, signal: new AbortController().signal, maxOutputChars: 100 });
    expect(result.exitCode).toBe(127);
  });
});

describe('ripgrepArgs', () => {
  const query: GrepQuery = {
    pattern: '--pre=/bin/sh',
    root: '/work/-rf',
    rootIsFile: false,
    mode: 'content',
    globs: ['--pre=x', '!dist/**'],
    typeGlobs: [],
    skipDirs: new Set(['.git']),
    ignoreCase: false,
    multiline: false,
    before: 0,
    after: 2,
    page: { offset: 0, limit: 250 },
  };
  const args = ripgrepArgs(query, ['/proc/self/fd/3', '/proc/self/fd/4']);

  it('passes the pattern after -e and only descriptor paths after --', () => {
    expect(args.slice(-5)).toEqual(['-e', '--pre=/bin/sh', '--', '/proc/self/fd/3', '/proc/self/fd/4']);
  });

  it('passes model values only as values of fixed flags, and never a path or glob of its own', () => {
    const beforeEnd = args.slice(0, -5);
    expect(beforeEnd.filter((a) => a.startsWith('--pre'))).toEqual([]);
    expect(beforeEnd).toContain('--no-config');
    // The walk applies globs and types; ripgrep only searches the files it is handed.
    expect(beforeEnd.filter((a) => a.startsWith('--glob') || a.startsWith('--type'))).toEqual([]);
    expect(args).not.toContain('/work/-rf');
    // Without it, a single file's count comes back without a name.
    expect(beforeEnd).toContain('--with-filename');
  });

  it('walking a tree itself, searches what the judged walk would, with globs only as values and the pruning last', () => {
    const walk = ripgrepArgs({ ...query, typeGlobs: ['*.ts'], skipDirs: new Set(['node_modules', '.git']) }, ['/warden-search'], 'walk');
    expect(walk.slice(-4)).toEqual(['-e', '--pre=/bin/sh', '--', '/warden-search']);
    expect(walk).toEqual(expect.arrayContaining(['--no-config', '--hidden', '--no-ignore', '--no-follow']));
    // Every glob travels inside its flag (`--glob=VALUE`): a value cannot become a flag of its own.
    const globs = walk.filter((a) => a.startsWith('--glob') || a.startsWith('--type'));
    expect(globs).toEqual(['--glob=--pre=x', '--glob=!dist/**', '--type-add=warden:*.ts', '--type=warden', '--glob=!.git/', '--glob=!node_modules/']);
    expect(walk.slice(0, -4).filter((a) => a.startsWith('--pre'))).toEqual([]);
  });

  it('hands the program the descriptors it is given as fd 3, 4, …', async () => {
    const dir = workspace();
    writeFileSync(join(dir, 'a.txt'), 'first\n');
    writeFileSync(join(dir, 'b.txt'), 'second\n');
    const fa = openSync(join(dir, 'a.txt'), 'r');
    const fb = openSync(join(dir, 'b.txt'), 'r');
    try {
      const result = await hostExec({ file: '/bin/cat', args: ['/proc/self/fd/4', '/proc/self/fd/3'], cwd: '/', timeoutMs: 5000, signal: new AbortController().signal, maxOutputChars: 1000, extraFds: [fa, fb] });
      expect(result.output).toBe('second\nfirst\n');
    } finally {
      closeSync(fa);
      closeSync(fb);
    }
  });
});
