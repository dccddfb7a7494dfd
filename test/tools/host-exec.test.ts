import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
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
  };
  const args = ripgrepArgs(query);

  it('passes the pattern after -e and the path after --', () => {
    expect(args.slice(-4)).toEqual(['-e', '--pre=/bin/sh', '--', '/work/-rf']);
  });

  it('passes model values only as values of fixed flags', () => {
    const beforeEnd = args.slice(0, -4);
    expect(beforeEnd.filter((a) => a.startsWith('--pre'))).toEqual([]);
    expect(beforeEnd).toContain('--glob=--pre=x');
    expect(beforeEnd).toContain('--no-config');
    // The VCS exclusions come after the model's globs so they win.
    expect(beforeEnd.indexOf('--glob=!.git')).toBeGreaterThan(beforeEnd.indexOf('--glob=!dist/**'));
  });
});
