/**
 * Attacks on Read, Grep and Glob with the layer before them switched off: the tools are called
 * directly, as if the permission decision had been fooled (or the path re-pointed after it), and
 * only the read guard built from the policy stands between the workspace and the model.
 */
import { spawn, execFileSync } from 'node:child_process';
import { closeSync, linkSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createHostReadGuard } from '../../src/entry/host-read-guard.js';
import { createPolicyDecider, loadPolicy } from '../../src/policy/index.js';
import { findHostExecutable } from '../../src/sandbox/index.js';
import { closeFd, inspectFd, openPathFd } from '../../src/tools/fd-paths.js';
import { createGlobTool } from '../../src/tools/glob.js';
import { searchCandidates } from '../../src/tools/grep-candidates.js';
import type { GrepQuery } from '../../src/tools/grep-search.js';
import { createGrepTool } from '../../src/tools/grep.js';
import { createReadTool } from '../../src/tools/read.js';
import type { ReadGuard } from '../../src/tools/read-guard.js';
import type { Tool } from '../../src/tools/tool.js';
import { context, run, workspace, writeFiles } from './tool-harness.js';

const HOST_PATH = process.env.PATH ?? '/usr/bin:/bin';
const rgPath = await findHostExecutable('rg', HOST_PATH, []);
const SECRET = 'DENIED-7f3a9c1e55';
const OUTSIDE = 'OUTSIDE-2b8d4e6f11';

interface Fixture {
  ws: string;
  outside: string;
  guard: ReadGuard;
  read: Tool<unknown>;
  glob: Tool<unknown>;
  greps: Array<{ engine: string; tool: Tool<unknown> }>;
}

/** A workspace whose policy denies `secret.env` and `private/**`, and the tools guarded by it. */
async function fixture(options: { before?: (ws: string, outside: string) => void; scanBudget?: number } = {}): Promise<Fixture> {
  const ws = workspace();
  const outside = workspace();
  writeFiles(ws, { 'secret.env': `${SECRET}\n`, 'private/key.pem': `${SECRET}-key\n`, 'notes.txt': 'plain notes\n', 'src/a.txt': 'plain a\n' });
  writeFiles(outside, { 'notes.txt': `${OUTSIDE}\n`, 'dir/x.txt': `${OUTSIDE}\n` });
  options.before?.(ws, outside);
  const policyFile = join(outside, 'policy.yml');
  writeFileSync(policyFile, 'version: 1\nmode: dontAsk\npermissions:\n  allow: ["Read"]\n  deny: ["Read(secret.env)", "Read(private/**)"]\n');
  const policy = await loadPolicy(policyFile, { homeDir: outside, root: ws });
  const guard = createHostReadGuard({ decider: createPolicyDecider(policy), policy, cwd: ws, ...(options.scanBudget === undefined ? {} : { scanBudget: options.scanBudget }) });
  const greps = [{ engine: 'js', tool: createGrepTool({ engine: 'js', guard }) as Tool<unknown> }];
  if (rgPath !== undefined) greps.push({ engine: 'rg', tool: createGrepTool({ engine: 'rg', searchPath: HOST_PATH, guard }) });
  return { ws, outside, guard, read: createReadTool(guard), glob: createGlobTool(guard), greps };
}

const leaks = (text: string): boolean => text.includes(SECRET) || text.includes(OUTSIDE);

describe('hard links and renames of denied files', () => {
  it('refuses a hard link to a denied file in Read and in Grep over its directory or itself (both engines)', async () => {
    const fx = await fixture({ before: (ws) => linkSync(join(ws, 'secret.env'), join(ws, 'src', 'copy.txt')) });
    const ctx = context(fx.ws);
    const read = await run(fx.read, { file_path: join(fx.ws, 'src/copy.txt') }, ctx);
    expect(read).toMatchObject({ isError: true, category: 'denied' });
    expect(read.content).toContain('under another name');
    expect(leaks(read.content)).toBe(false);
    for (const { engine, tool } of fx.greps) {
      const dir = await run(tool, { pattern: '.', path: 'src', output_mode: 'content' }, ctx);
      expect(leaks(dir.content), engine).toBe(false);
      expect(dir.content, engine).toContain('plain a');
      expect(dir.content, engine).toContain('1 file was not searched because the policy does not allow reading it');
      const oracle = await run(tool, { pattern: 'DENIED', path: 'src', output_mode: 'count' }, ctx);
      expect(oracle.content, engine).toMatch(/^No matches found/);
      const direct = await run(tool, { pattern: '.', path: 'src/copy.txt' }, ctx);
      expect(direct, engine).toMatchObject({ isError: true, category: 'denied' });
    }
    // Names are not contents: Glob still lists it, as it lists the denied file itself.
    expect((await run(fx.glob, { pattern: '**/*.txt' }, ctx)).content).toContain(join(fx.ws, 'src/copy.txt'));
  });

  it('still refuses a denied file renamed away after the run started', async () => {
    const fx = await fixture();
    renameSync(join(fx.ws, 'secret.env'), join(fx.ws, 'src', 'innocent.txt'));
    const out = await run(fx.read, { file_path: join(fx.ws, 'src/innocent.txt') }, context(fx.ws));
    expect(out).toMatchObject({ isError: true, category: 'denied' });
    expect(leaks(out.content)).toBe(false);
  });

  it('catches a hard link to a denied file that appeared after the run started', async () => {
    const fx = await fixture();
    writeFileSync(join(fx.ws, 'private', 'new.key'), `${SECRET}-new\n`);
    linkSync(join(fx.ws, 'private', 'new.key'), join(fx.ws, 'later.txt'));
    const out = await run(fx.read, { file_path: join(fx.ws, 'later.txt') }, context(fx.ws));
    expect(out).toMatchObject({ isError: true, category: 'denied' });
    expect(leaks(out.content)).toBe(false);
  });

  it('refuses a file with several names when the scan cannot cover the workspace, and only such a file', async () => {
    const fx = await fixture({ scanBudget: 3, before: (ws) => writeFiles(ws, Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`many/f${i}`, 'x'])) ) });
    writeFileSync(join(fx.ws, 'one.txt'), 'one name\n');
    linkSync(join(fx.ws, 'one.txt'), join(fx.ws, 'two.txt'));
    const ctx = context(fx.ws);
    const linked = await run(fx.read, { file_path: join(fx.ws, 'two.txt') }, ctx);
    expect(linked).toMatchObject({ isError: true, category: 'denied' });
    expect(linked.content).toContain('too many files');
    expect((await run(fx.read, { file_path: join(fx.ws, 'notes.txt') }, ctx)).content).toContain('plain notes');
  });

  it('reads an ordinary file with several names when none of them is denied', async () => {
    const fx = await fixture();
    linkSync(join(fx.ws, 'notes.txt'), join(fx.ws, 'src', 'notes-too.txt'));
    expect((await run(fx.read, { file_path: join(fx.ws, 'src/notes-too.txt') }, context(fx.ws))).content).toContain('plain notes');
  });
});

describe('paths that lead somewhere else', () => {
  it('judges a symlink by where it leads: /proc, /proc/self/fd, /proc/self/root, /proc/self/cwd, outside, a denied file', async () => {
    const fx = await fixture();
    const held = openSync(join(fx.outside, 'notes.txt'), 'r');
    try {
      const links: Record<string, string> = {
        environ: '/proc/self/environ',
        fd: `/proc/self/fd/${held}`,
        root: `/proc/self/root${fx.ws}/secret.env`,
        cwd: '/proc/self/cwd/package.json',
        out: join(fx.outside, 'notes.txt'),
        denied: join(fx.ws, 'secret.env'),
        relative: '../'.repeat(20) + fx.outside.slice(1) + '/notes.txt',
      };
      for (const [name, target] of Object.entries(links)) symlinkSync(target, join(fx.ws, name));
      const ctx = context(fx.ws);
      for (const name of Object.keys(links)) {
        const out = await run(fx.read, { file_path: join(fx.ws, name) }, ctx);
        expect(out, name).toMatchObject({ isError: true, category: 'denied' });
        expect(leaks(out.content) || out.content.includes('PATH='), name).toBe(false);
        for (const { engine, tool } of fx.greps) {
          const grep = await run(tool, { pattern: '.', path: name, output_mode: 'content' }, ctx);
          expect(grep, `${engine} ${name}`).toMatchObject({ isError: true, category: 'denied' });
        }
      }
      // Walking over them, nothing is followed.
      for (const { engine, tool } of fx.greps) {
        const all = await run(tool, { pattern: 'DENIED|OUTSIDE|PATH=', path: fx.ws, glob: '!secret.env', output_mode: 'content' }, context(fx.ws));
        expect(all.content, engine).not.toContain('OUTSIDE');
        expect(all.content, engine).not.toContain('PATH=');
      }
    } finally {
      closeSync(held);
    }
  });

  it('refuses a root that is a kernel or device path, given directly or through a symlink', async () => {
    const fx = await fixture();
    symlinkSync('/proc/self', join(fx.ws, 'self'));
    symlinkSync('/dev', join(fx.ws, 'devices'));
    const ctx = context(fx.ws);
    for (const path of ['/proc/self/fd/0', '/proc/self/root/etc/hostname', join(fx.ws, 'self/environ'), join(fx.ws, 'devices/zero')]) {
      expect(await run(fx.read, { file_path: path }, ctx), path).toMatchObject({ isError: true, category: 'denied' });
    }
    for (const root of ['self', 'devices']) {
      expect(await run(fx.glob, { pattern: '**/*', path: root }, ctx), root).toMatchObject({ isError: true, category: 'denied' });
      for (const { engine, tool } of fx.greps) expect(await run(tool, { pattern: '.', path: root }, ctx), `${engine} ${root}`).toMatchObject({ isError: true, category: 'denied' });
    }
  });

  it('resolves `..` after a symlink lexically, as the decision did: never the directory the link leads to', async () => {
    const fx = await fixture();
    symlinkSync(join(fx.outside, 'dir'), join(fx.ws, 'link'));
    // The kernel would take link/.. to the outside directory; the tools take it to the workspace.
    const out = await run(fx.read, { file_path: 'link/../notes.txt' }, context(fx.ws));
    expect(out.content).toContain('plain notes');
    expect(leaks(out.content)).toBe(false);
  });

  it('refuses a Glob or Grep root outside the workspace reached through a symlink', async () => {
    const fx = await fixture();
    symlinkSync(join(fx.outside, 'dir'), join(fx.ws, 'away'));
    const ctx = context(fx.ws);
    expect(await run(fx.glob, { pattern: '**/*', path: 'away' }, ctx)).toMatchObject({ isError: true, category: 'denied' });
    for (const { engine, tool } of fx.greps) {
      const out = await run(tool, { pattern: '.', path: 'away', output_mode: 'content' }, ctx);
      expect(out, engine).toMatchObject({ isError: true, category: 'denied' });
      expect(leaks(out.content), engine).toBe(false);
    }
  });
});

describe('a swap between listing and opening', () => {
  it('is caught for every file a search reads: each is opened without following, then judged', async () => {
    const fx = await fixture();
    writeFiles(fx.ws, { 'src/b.txt': 'plain b\n', 'src/c.txt': 'plain c\n' });
    const fd = openPathFd(join(fx.ws, 'src'), true);
    const query: GrepQuery = { pattern: '.', root: join(fx.ws, 'src'), rootIsFile: false, mode: 'content', globs: [], typeGlobs: [], skipDirs: new Set(), ignoreCase: false, multiline: false, before: 0, after: 0, page: { offset: 0, limit: 0 } };
    const stats = { visited: 0, truncated: false, refused: 0 };
    const read: string[] = [];
    try {
      const root = { kind: 'directory' as const, abs: join(fx.ws, 'src'), fd, real: join(fx.ws, 'src'), stats: inspectFd(fd).stats };
      for await (const file of searchCandidates(root, query, fx.guard.forCall('Grep', fx.ws), new AbortController().signal, stats)) {
        read.push(readFileSync(file.fd, 'utf8'));
        closeFd(file.fd);
        if (read.length === 1) {
          // src was listed with b.txt and c.txt as plain files; now they lead elsewhere.
          symlinkSync('/proc/self/environ', join(fx.ws, 'src', 'b.new'));
          renameSync(join(fx.ws, 'src', 'b.new'), join(fx.ws, 'src', 'b.txt'));
          linkSync(join(fx.ws, 'secret.env'), join(fx.ws, 'src', 'c.new'));
          renameSync(join(fx.ws, 'src', 'c.new'), join(fx.ws, 'src', 'c.txt'));
        }
      }
    } finally {
      closeFd(fd);
    }
    expect(read).toEqual(['plain a\n']);
    expect(stats.refused).toBe(1); // the hard link; the symlink is simply not a regular file
  });
});

describe('files that are not plain files', () => {
  it('never hangs on a FIFO: named, through a symlink, or met in a walk', async () => {
    const fx = await fixture();
    execFileSync('mkfifo', [join(fx.ws, 'src', 'pipe')]);
    symlinkSync(join(fx.ws, 'src', 'pipe'), join(fx.ws, 'pipe-link'));
    const ctx = context(fx.ws);
    for (const path of ['src/pipe', 'pipe-link']) {
      const out = await run(fx.read, { file_path: path }, ctx);
      expect(out, path).toMatchObject({ isError: true, category: 'denied' });
      expect(out.content, path).toContain('FIFO');
      for (const { engine, tool } of fx.greps) expect(await run(tool, { pattern: '.', path }, ctx), `${engine} ${path}`).toMatchObject({ isError: true, category: 'denied' });
    }
    for (const { engine, tool } of fx.greps) expect((await run(tool, { pattern: 'plain', path: 'src' }, ctx)).content, engine).toBe(`Found 1 file\n${join(fx.ws, 'src/a.txt')}`);
    expect((await run(fx.glob, { pattern: 'src/*' }, ctx)).content).toBe(join(fx.ws, 'src/a.txt'));
  });

  it('stops at symlink loops instead of spinning', async () => {
    const fx = await fixture();
    symlinkSync('loop-b', join(fx.ws, 'loop-a'));
    symlinkSync('loop-a', join(fx.ws, 'loop-b'));
    symlinkSync('.', join(fx.ws, 'src', 'here'));
    const ctx = context(fx.ws);
    const out = await run(fx.read, { file_path: 'loop-a' }, ctx);
    expect(out).toMatchObject({ isError: true, category: 'invalid_input' });
    expect(out.content).toContain('symlink loop');
    for (const { engine, tool } of fx.greps) {
      expect(await run(tool, { pattern: '.', path: 'loop-a' }, ctx), engine).toMatchObject({ isError: true });
      expect((await run(tool, { pattern: 'plain', path: 'src' }, ctx)).content, engine).toBe(`Found 1 file\n${join(fx.ws, 'src/a.txt')}`);
    }
    expect((await run(fx.glob, { pattern: '**/*.txt', path: 'src' }, ctx)).content).toBe(join(fx.ws, 'src/a.txt'));
  });

  it('reads what a file held when it was opened, while something keeps appending to it', async () => {
    const fx = await fixture();
    const path = join(fx.ws, 'grow.log');
    writeFileSync(path, 'first line\n');
    const writer = spawn('/bin/sh', ['-c', `while :; do echo more >> '${path}'; done`], { stdio: 'ignore' });
    try {
      await sleep(50);
      const ctx = context(fx.ws);
      const whole = await run(fx.read, { file_path: path }, ctx);
      expect(whole.content).toContain('first line');
      const page = await run(fx.read, { file_path: path, offset: 1, limit: 5 }, ctx);
      expect(page.content).toContain('first line');
      for (const { engine, tool } of fx.greps) expect((await run(tool, { pattern: 'first', path: 'grow.log', output_mode: 'count' }, ctx)).content, engine).toContain('grow.log:1');
    } finally {
      writer.kill('SIGKILL');
    }
  });

  it('handles names too long to open and trees deeper than PATH_MAX', async () => {
    const fx = await fixture();
    const ctx = context(fx.ws);
    expect(await run(fx.read, { file_path: 'x'.repeat(300) }, ctx)).toMatchObject({ isError: true, category: 'invalid_input' });
    expect(await run(fx.read, { file_path: `${'d/'.repeat(3000)}f` }, ctx)).toMatchObject({ isError: true });
    // 24 levels of 200-character names: the deepest files are past PATH_MAX (4096).
    const name = 'n'.repeat(200);
    execFileSync('/bin/bash', ['-c', `cd '${fx.ws}/src' && for i in $(seq 24); do mkdir ${name} && cd ${name} && echo plain deep > f.txt; done`]);
    try {
      const listed = await run(fx.glob, { pattern: '**/f.txt', path: 'src' }, ctx);
      expect(listed.isError).toBeUndefined();
      expect(listed.content.split('\n').length).toBeGreaterThan(10);
      for (const { engine, tool } of fx.greps) {
        const out = await run(tool, { pattern: 'deep', path: 'src', output_mode: 'count' }, ctx);
        expect(out.isError, engine).toBeUndefined();
        expect(out.content, engine).toContain('f.txt:1');
      }
    } finally {
      // rm walks by descriptor too; Node's rmSync stops at PATH_MAX.
      execFileSync('rm', ['-rf', join(fx.ws, 'src', name)]);
    }
  });
});

describe('descriptors', () => {
  it('are all closed again, whether a call succeeds, is refused, fails, is cut short or is aborted', async () => {
    const fx = await fixture({ before: (ws) => linkSync(join(ws, 'secret.env'), join(ws, 'src', 'copy.txt')) });
    writeFiles(fx.ws, Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`many/d${i % 7}/f${i}.txt`, `needle ${i}\n`])));
    symlinkSync('/proc/self/environ', join(fx.ws, 'env-link'));
    const open = (): number => readdirSync('/proc/self/fd').length;
    const before = open();
    const ctx = context(fx.ws);
    const aborted = context(fx.ws, { signal: AbortSignal.abort() });
    for (let round = 0; round < 3; round++) {
      await run(fx.read, { file_path: 'notes.txt' }, ctx);
      await run(fx.read, { file_path: 'src/copy.txt' }, ctx);
      await run(fx.read, { file_path: 'env-link' }, ctx);
      await run(fx.read, { file_path: 'nope' }, ctx);
      await run(fx.glob, { pattern: '**/*' }, ctx);
      await run(fx.glob, { pattern: '**/*' }, aborted);
      for (const { tool } of fx.greps) {
        await run(tool, { pattern: 'needle', path: 'many', output_mode: 'content', head_limit: 5 }, ctx);
        await run(tool, { pattern: 'needle(', path: 'many' }, ctx);
        await run(tool, { pattern: 'needle', path: 'many' }, aborted);
        await run(tool, { pattern: '.', path: 'src' }, ctx);
        await run(tool, { pattern: '.', path: 'notes.txt' }, ctx);
      }
    }
    expect(open()).toBe(before);
  });
});

describe('git configuration', () => {
  it('is never shown by Read or Grep: it can hold the checkout token (the sandbox scrubs its copy; the host tools refuse)', async () => {
    const token = 'AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX3NlY3JldA==';
    const fx = await fixture({
      before: (ws) => {
        execFileSync('git', ['init', '-q'], { cwd: ws });
        execFileSync('git', ['config', 'http.https://github.com/.extraheader', token], { cwd: ws });
        execFileSync('git', ['config', '-f', join(ws, '.git', 'config.worktree'), 'http.extraheader', token], { cwd: ws });
        mkdirSync(join(ws, '.git', 'modules', 'sub'), { recursive: true });
        writeFileSync(join(ws, '.git', 'modules', 'sub', 'config'), `[http]\n\textraheader = ${token}\n`);
        symlinkSync(join(ws, '.git', 'config'), join(ws, 'src', 'cfg-link'));
      },
    });
    const ctx = context(fx.ws);
    for (const path of ['.git/config', '.git/config.worktree', '.git/modules/sub/config', 'src/cfg-link']) {
      const read = await run(fx.read, { file_path: join(fx.ws, path) }, ctx);
      expect(read, path).toMatchObject({ isError: true, category: 'denied' });
      expect(read.content, path).toContain('git config --get');
      expect(read.content, path).not.toContain('eC1hY2Nlc3M');
      for (const { engine, tool } of fx.greps) {
        const grep = await run(tool, { pattern: 'extraheader', path, output_mode: 'content' }, ctx);
        expect(grep.content, `${engine} ${path}`).not.toContain('eC1hY2Nlc3M');
      }
    }
    // Other files in .git stay readable (HEAD, refs): only configuration is refused.
    const head = await run(fx.read, { file_path: join(fx.ws, '.git', 'HEAD') }, ctx);
    expect(head.isError ?? false).toBe(false);
    expect(head.content).toContain('ref: refs/heads/');
  });
});

describe('the read guard itself', () => {
  it('is asked about the real path of what was opened, with what is a directory and what a file', async () => {
    const ws = workspace();
    writeFiles(ws, { 'src/a.txt': 'plain a\n' });
    symlinkSync(join(ws, 'src'), join(ws, 'alias'));
    const asked: string[] = [];
    const guard: ReadGuard = {
      forCall: (tool) => ({
        judgePath: (real, what) => {
          asked.push(`${tool} ${what} ${real}`);
          return { allowed: true };
        },
        judgeIdentity: () => ({ allowed: true }),
      }),
    };
    const ctx = context(ws);
    await run(createReadTool(guard) as Tool<unknown>, { file_path: 'alias/a.txt' }, ctx);
    await run(createGlobTool(guard) as Tool<unknown>, { pattern: '*', path: 'alias' }, ctx);
    await run(createGrepTool({ engine: 'js', guard }) as Tool<unknown>, { pattern: 'plain', path: 'alias' }, ctx);
    expect(asked).toEqual([`Read file ${ws}/src/a.txt`, `Glob directory ${ws}/src`, `Grep directory ${ws}/src`, `Grep file ${ws}/src/a.txt`]);
  });

  it('without one, only the workspace can be read', async () => {
    const ws = workspace();
    const outside = workspace();
    writeFiles(outside, { 'x.txt': `${OUTSIDE}\n` });
    const out = await run(createReadTool() as Tool<unknown>, { file_path: join(outside, 'x.txt') }, context(ws));
    expect(out).toMatchObject({ isError: true, category: 'denied' });
    expect(leaks(out.content)).toBe(false);
    mkdirSync(join(ws, 'in'));
    writeFileSync(join(ws, 'in', 'y.txt'), 'inside\n');
    expect((await run(createReadTool() as Tool<unknown>, { file_path: join(ws, 'in/y.txt') }, context(ws))).content).toContain('inside');
  });
});
