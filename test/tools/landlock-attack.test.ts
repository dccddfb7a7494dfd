/**
 * Attack review of ripgrep confined by Landlock (src/sandbox/landlock-exec.ts), as Grep and Glob run
 * it over a large tree where bubblewrap is missing (a search path with rg and perl but no bwrap,
 * src/tools/confiners.ts). The claim attacked (docs/policy.md, Host-side file tools): ripgrep may
 * open for reading only what lies beneath the opened directory and the system directories, and
 * write, make or remove nothing; so no answer holds a byte, a name, or the existence or count of
 * anything outside the workspace, and the answers are those bubblewrap and the judged walk give.
 *
 * The first describe holds the attacks that held; each has a control showing the same attack
 * works on ripgrep unconfined. The second holds what broke, each an `it.fails` saying what, how,
 * and what would close it: an `it.fails` that starts to pass means the hole was closed (turn it
 * into an `it`).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, realpathSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { confinedExec, type Confiner } from '../../src/sandbox/confined-exec.js';
import { findHostExecutable, hostExec, type HostExecResult } from '../../src/sandbox/host-exec.js';
import { closeFd, openPathFd } from '../../src/tools/fd-paths.js';
import { createGlobTool } from '../../src/tools/glob.js';
import { createGrepTool, type GrepToolOptions } from '../../src/tools/grep.js';
import type { Tool, ToolOutput } from '../../src/tools/tool.js';
import { landlockUsable, PERL, searchPathOf } from '../sandbox/landlock-fixture.js';
import { recordingGuard } from './recording-guard.js';
import { context, run, workspace, writeFiles } from './tool-harness.js';
import { usableBwrap } from '../support/bwrap-state.js';

const HOST_PATH = process.env.PATH ?? '/usr/bin:/bin';
const RG = await findHostExecutable('rg', HOST_PATH, []);
const BWRAP = usableBwrap(); // undefined where it cannot start a sandbox, as where it is missing
const landlock = RG !== undefined && (await landlockUsable());
const bwrapWorks = landlock && BWRAP !== undefined;
const isRoot = process.getuid?.() === 0;
const LOSETUP = await findHostExecutable('losetup', HOST_PATH, []);
const SOCAT = await findHostExecutable('socat', HOST_PATH, []);

// ripgrep and perl but no bwrap: Landlock confines (as test/tools/search-tree.test.ts).
const NO_BWRAP_PATH = landlock ? searchPathOf({ rg: RG ?? '', perl: PERL ?? '' }) : '';
const LANDLOCK: Confiner = { kind: 'landlock', perl: PERL ?? '' };
const BUBBLEWRAP: Confiner = { kind: 'bwrap', path: BWRAP ?? '' };

const children: ChildProcess[] = [];
const servers: Server[] = [];
const loops: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const server of servers.splice(0)) server.close();
  for (const loop of loops.splice(0)) execFileSync(LOSETUP ?? 'losetup', ['-d', loop]);
});

function grepTool(path: string, extra: GrepToolOptions = {}): Tool<unknown> {
  return createGrepTool({ engine: 'rg', searchPath: path, walkAbove: 0, ...extra });
}
function globTool(path: string): Tool<unknown> {
  return createGlobTool(undefined, { searchPath: path, listAbove: 0 });
}
const judgedGrep = (): Tool<unknown> => createGrepTool({ engine: 'rg', searchPath: HOST_PATH, walkAbove: Infinity });
const judgedGlob = (): Tool<unknown> => createGlobTool(undefined, { searchPath: HOST_PATH, listAbove: Infinity });

/** ripgrep run on the host with no confinement at all: the control. */
function unconfinedRg(cwd: string, args: string[]): Promise<HostExecResult> {
  return hostExec({ file: RG ?? '', args: ['--no-config', ...args], cwd, timeoutMs: 20_000, signal: new AbortController().signal, maxOutputChars: 1_000_000 });
}

/** Runs a program under a confiner over `dir`, as grep-rg-tree.ts and glob-tree.ts run ripgrep (given a name, as ripgrep opens one it found). */
async function confined(confiner: Confiner, dir: string, file: string, args: string[]): Promise<HostExecResult> {
  const fd = openPathFd(dir, true);
  try {
    return await confinedExec({ confiner, dirFd: fd, file, args, timeoutMs: 20_000, signal: new AbortController().signal, maxOutputChars: 1_000_000 });
  } finally {
    closeFd(fd);
  }
}

/** A process whose /proc/<pid>/environ holds `mark`: what a symlink to another process's environment would reach. */
function processWithEnviron(mark: string): number {
  const child = spawn('/bin/sleep', ['60'], { env: { WARDEN_ATTACK_ENV: mark }, stdio: 'ignore' });
  children.push(child);
  if (child.pid === undefined) throw new Error('no sleep');
  return child.pid;
}

/** A node process running `source` (an ES module) with `args`, killed after the test: a swapper. */
function background(source: string, args: string[]): ChildProcess {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'warden-ll-attack-bg-')));
  writeFileSync(join(dir, 'bg.mjs'), source);
  const child = spawn(process.execPath, [join(dir, 'bg.mjs'), ...args], { stdio: 'ignore' });
  children.push(child);
  return child;
}

/** A loop device over `file` (root only), detached after the test: a block device whose bytes are that file's. */
function loopDevice(file: string): { major: number; minor: number } {
  const dev = execFileSync(LOSETUP ?? 'losetup', ['-f', '--show', file], { encoding: 'utf8' }).trim();
  loops.push(dev);
  const rdev = statSync(dev).rdev;
  return { major: Math.floor(rdev / 256) & 0xfff, minor: (rdev & 0xff) | ((rdev >> 12) & 0xfff00) };
}

function allText(outputs: readonly ToolOutput[]): string {
  return outputs.map((o) => o.content).join('\n');
}

describe.runIf(landlock)('Grep and Glob with ripgrep confined by Landlock: attacks that held', () => {
  it('a tree planted with symlinks out (files, directories, /proc, another process\'s environ, relative ../), names starting with `-` or holding newlines, a FIFO, a socket, a device node and a hard link: the answers are bubblewrap\'s and the judged walk\'s, and hold nothing from outside', async () => {
    const ws = workspace();
    const outside = workspace();
    const mark = `OUTSIDE-${randomBytes(6).toString('hex')}`;
    const envMark = `ENVIRON-${randomBytes(6).toString('hex')}`;
    const pid = processWithEnviron(envMark);
    writeFiles(outside, { 'a.txt': `needle ${mark}\n`, 'outside-name.txt': `needle ${mark}\n`, 'hard.txt': 'needle hard-linked\n' });
    writeFiles(ws, {
      'src/a.txt': 'needle plain\n',
      'src/-e': 'needle dash-e\n',
      'src/--pre=sh': 'needle pre\n',
      'src/line\nbreak.txt': 'needle newline\n',
      'sp ace/b c.txt': 'needle space\n',
      '-pkg/x.txt': 'needle in -pkg\n',
    });
    const links: Record<string, string> = {
      'src/out-file': join(outside, 'a.txt'),
      'src/out-dir': outside,
      'src/environ': `/proc/${String(pid)}/environ`,
      'src/proc-dir': `/proc/${String(pid)}`,
      'src/self': '/proc/self',
      'src/rel': `../../${outside.split('/').at(-1) ?? ''}/a.txt`,
      'src/root': '/',
      'src/loop': 'loop',
      '-pkg/-out': outside,
    };
    for (const [rel, target] of Object.entries(links)) symlinkSync(target, join(ws, rel));
    execFileSync('mkfifo', [join(ws, 'src', 'fifo')]);
    const server = createServer();
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(join(ws, 'src', 'sock'), resolve));
    if (isRoot) execFileSync('mknod', [join(ws, 'src', 'null'), 'c', '1', '3']);
    // By design readable under either confinement (docs/policy.md): shown here only to be the same in both.
    execFileSync('ln', [join(outside, 'hard.txt'), join(ws, 'src', 'hard.txt')]);

    // Control: followed by name, as a race could make ripgrep follow them, the links reach the secrets.
    const open = await unconfinedRg(ws, ['--count', '-e', `${mark}|${envMark}`, '--', 'src/out-file', 'src/environ', 'src/rel']);
    expect(open.output).toContain('src/out-file:1');
    expect(open.output).toContain('src/environ:1');
    expect(open.output).toContain('src/rel:1');

    const ctx = context(ws);
    const grepInputs = [
      { pattern: `needle|${mark}|${envMark}` },
      { pattern: `needle|${mark}|${envMark}|WARDEN`, output_mode: 'content' },
      { pattern: `needle|${mark}|${envMark}`, output_mode: 'count' },
      { pattern: 'needle', glob: 'src/**', output_mode: 'content' },
      { pattern: 'needle', glob: '-pkg/**', output_mode: 'content' },
      { pattern: 'needle', path: 'src' },
      { pattern: '-e', output_mode: 'content' },
      { pattern: '.', glob: '*environ*', output_mode: 'content' },
    ];
    const globInputs = [{ pattern: '**/*' }, { pattern: 'src/**' }, { pattern: '-pkg/**' }, { pattern: '**/*environ*' }, { pattern: '**/outside-name.txt' }];
    const answers: ToolOutput[] = [];
    const landlockGrep = grepTool(NO_BWRAP_PATH);
    const landlockGlob = globTool(NO_BWRAP_PATH);
    for (const input of grepInputs) {
      const viaLandlock = await run(landlockGrep, input, ctx);
      answers.push(viaLandlock);
      if (bwrapWorks) expect(viaLandlock, `bwrap ${JSON.stringify(input)}`).toEqual(await run(grepTool(HOST_PATH), input, ctx));
      expect(viaLandlock, `judged ${JSON.stringify(input)}`).toEqual(await run(judgedGrep(), input, ctx));
    }
    for (const input of globInputs) {
      const viaLandlock = await run(landlockGlob, input, ctx);
      answers.push(viaLandlock);
      if (bwrapWorks) expect(viaLandlock, `bwrap ${JSON.stringify(input)}`).toEqual(await run(globTool(HOST_PATH), input, ctx));
      expect(viaLandlock, `judged ${JSON.stringify(input)}`).toEqual(await run(judgedGlob(), input, ctx));
    }
    const text = allText(answers);
    expect(text).toContain('needle plain');
    expect(text).toContain('needle dash-e');
    expect(text).toContain('needle hard-linked');
    expect(text).not.toContain(mark);
    expect(text).not.toContain(envMark);
    expect(text).not.toContain('outside-name');
  });

  it('the directory a narrowed search starts in (`pkg/**`), looked up by name under Landlock, swapped for symlinks to a directory outside, another process\'s /proc and a file outside while Grep and Glob run: no byte or name from there', async () => {
    const ws = workspace();
    const outside = workspace();
    const mark = `OUTSIDE-${randomBytes(6).toString('hex')}`;
    const envMark = `ENVIRON-${randomBytes(6).toString('hex')}`;
    const pid = processWithEnviron(envMark);
    writeFiles(outside, { 'outside-name.txt': `needle ${mark}\n`, 'sub/deeper-outside.txt': `needle ${mark}\n` });
    const files: Record<string, string> = { 'other/o.txt': 'needle other\n' };
    for (let i = 0; i < 40; i++) files[`pkg/f${String(i).padStart(2, '0')}.txt`] = `needle ${i}\n`;
    writeFiles(ws, files);

    // Control: ripgrep given `pkg` by name, unconfined, goes wherever the name leads.
    symlinkSync(outside, join(ws, 'pkg-link'));
    const open = await unconfinedRg(ws, ['--files', '--', 'pkg-link']);
    expect(open.output).toContain('outside-name.txt');
    unlinkSync(join(ws, 'pkg-link'));

    background(SWAP_NAMED_DIR, [ws, 'pkg', outside, `/proc/${String(pid)}`, '/proc/self', join(outside, 'outside-name.txt')]);
    const ctx = context(ws);
    const grep = grepTool(NO_BWRAP_PATH);
    const glob = globTool(NO_BWRAP_PATH);
    const answers: ToolOutput[] = [];
    let served = 0;
    // Bounded by rounds, not by a clock (a busy machine only makes them slower): 40 rounds of 3 calls.
    for (let round = 0; round < 40; round++) {
      for (const [tool, input] of [
        [grep, { pattern: `needle|${mark}|${envMark}|WARDEN`, glob: 'pkg/**', output_mode: 'content', head_limit: 0 }],
        [grep, { pattern: `needle|${mark}|${envMark}`, glob: 'pkg/**', head_limit: 0 }],
        [glob, { pattern: 'pkg/**' }],
      ] as const) {
        const out = await run(tool, input, ctx);
        answers.push(out);
        if (out.isError !== true && /needle \d|pkg\/f\d/.test(out.content)) served++;
      }
    }
    // The race ran and the tools answered from pkg many times.
    expect(served).toBeGreaterThan(10);
    const text = allText(answers);
    expect(text).not.toContain(mark);
    expect(text).not.toContain(envMark);
    expect(text).not.toMatch(/outside-name|deeper-outside|environ|cmdline|status/);
  });

  it('the launcher passes any argv through untouched, and allows the program file alone: a path with spaces and a leading dash, args that look like options', async () => {
    const ws = workspace();
    const away = workspace();
    writeFiles(ws, { 'in.txt': 'inside\n' });
    // A program outside the system directories, in a directory whose name perl or a shell could misread.
    const odd = join(away, '-x y $HOME \'q\'');
    mkdirSync(odd);
    copyFileSync('/bin/cat', join(odd, 'cat'));
    chmodSync(join(odd, 'cat'), 0o755);
    writeFileSync(join(odd, 'beside.txt'), 'BESIDE-THE-PROGRAM\n');
    const args = ['in.txt', join(odd, 'beside.txt'), join(odd, 'cat')];
    // Control: unconfined, cat reads all three.
    expect(execFileSync(join(odd, 'cat'), args, { cwd: ws }).toString('latin1')).toContain('BESIDE-THE-PROGRAM');
    const result = await confined(LANDLOCK, ws, join(odd, 'cat'), args);
    expect(result.output).toContain('inside');
    // The program's own file may be read (it is loaded), nothing beside it.
    expect(result.output.includes('\x7fELF')).toBe(true);
    expect(result.output).not.toContain('BESIDE-THE-PROGRAM');
    expect(result.output).toMatch(/beside\.txt'?: Permission denied/);

    const tricky = ['%s|', '--', '-e', 'a b', 'line\nbreak', '', '$HOME', '\'q\'', '-- x', '\\'];
    const printed = await confined(LANDLOCK, ws, '/usr/bin/printf', tricky);
    expect(printed.exitCode).toBe(0);
    expect(printed.output).toBe(tricky.slice(1).map((a) => `${a}|`).join(''));
  });
});

// Swaps <ws>/<name> (a directory) for a symlink to each target in turn and back, as fast as it can.
const SWAP_NAMED_DIR = `
import { lstatSync, renameSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
const [ws, name, ...targets] = process.argv.slice(2);
const dir = join(ws, name), hold = join(ws, '.' + name + '-hold'), stage = join(ws, '.stage');
const restore = () => {
  try { if (lstatSync(dir).isSymbolicLink()) unlinkSync(dir); } catch {}
  try { renameSync(hold, dir); } catch {}
};
// The directory stays a few milliseconds, the symlink one: most calls open the directory, and many
// of those find the symlink when ripgrep looks the name up.
const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
for (let i = 0; ; i++) {
  try {
    renameSync(dir, hold);
    rmSync(stage, { force: true });
    symlinkSync(targets[i % targets.length], stage);
    renameSync(stage, dir);
    pause(1);
  } catch {}
  restore();
  pause(3);
}
`;

// Swaps <dir>/<name>-<n> between a regular file and a hard link to <device node>, as fast as it can.
const SWAP_DEVICE = `
import { linkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const [dir, name, count, device] = process.argv.slice(2);
const stage = join(dir, '.stage');
for (let i = 0; ; i++) {
  const target = join(dir, name + '-' + (i % Number(count)));
  try {
    rmSync(stage, { force: true }); linkSync(device, stage); renameSync(stage, target);
    rmSync(stage, { force: true }); writeFileSync(stage, 'plain\\n'); renameSync(stage, target);
  } catch {}
}
`;

describe.runIf(landlock)('Grep and Glob with ripgrep confined by Landlock: what broke', () => {
  /*
   * 1. Glob over a narrowed tree tells whether any host path is a regular file (Landlock only).
   *
   * Narrowed (`pkg/**`), Landlock runs ripgrep in the tree's root (fd 4) with `-- pkg`, and only
   * fd 3 (pkg's inode) readable: ripgrep looks `pkg` up *by name*, when it starts. Swapped between
   * the tool opening pkg (openBeneath) and that lookup for a symlink to any path, `rg --files`
   * stats it (a stat is not a Landlock open): a regular file is printed as `pkg` and ripgrep exits
   * 0; a missing one (or a directory, whose open is refused) exits 2. Glob drops the name `pkg`
   * (the pattern takes only what is beneath it) and answers "No files found" on exit 0, but falls
   * back to the judged walk on exit 2 and lists pkg's real files. So the answer says whether
   * /root/.ssh/id_rsa, /etc/shadow, /proc/<pid>/environ (whether a process lives) … exists as a
   * regular file. Under bubblewrap `pkg` is a bind of fd 3 itself: no name is looked up.
   *
   * Reproduced deterministically by a `perl` on the search path that makes the swap just before
   * the real perl starts (the window a racing process hits) and undoes it after.
   * Fix: in Landlock mode do not hand ripgrep a name to look up: e.g. do not narrow under Landlock
   * (fd 3 = the root, `.`), or discard a narrowed listing (fall back to the judged walk) when
   * ripgrep prints any name that is not beneath `under/` (it printed `under` itself: it was not a
   * directory when ripgrep looked) — for Grep too, as a guard.
   */
  function swappingWrapper(real: string, ws: string, target: string): string {
    const q = (s: string): string => `'${s.replaceAll('\'', '\'\\\'\'')}'`;
    const pkg = q(join(ws, 'pkg'));
    const hold = q(join(ws, 'pkg-hold'));
    return `#!/bin/sh\n/bin/mv ${pkg} ${hold} && /bin/ln -s ${q(target)} ${pkg}\n${q(real)} "$@"\nrc=$?\n/bin/rm -f ${pkg}; /bin/mv ${hold} ${pkg}\nexit $rc\n`;
  }

  async function globWithSwap(confiner: 'perl' | 'bwrap', target: string): Promise<{ answer: ToolOutput; real: ToolOutput }> {
    const ws = workspace();
    writeFiles(ws, { 'pkg/a.txt': 'a\n', 'pkg/b/c.txt': 'c\n', 'other.txt': 'o\n' });
    const real = confiner === 'perl' ? PERL ?? '' : BWRAP ?? '';
    const path = searchPathOf({ rg: RG ?? '', [confiner]: swappingWrapper(real, ws, target) });
    const ctx = context(ws);
    const answer = await run(globTool(path), { pattern: 'pkg/**' }, ctx);
    // The swap was undone: pkg is the directory again.
    expect(lstatSync(join(ws, 'pkg')).isDirectory()).toBe(true);
    return { answer, real: await run(judgedGlob(), { pattern: 'pkg/**' }, ctx) };
  }

  it('(control) the same swap under bubblewrap changes no answer', async () => {
    const outside = workspace();
    writeFiles(outside, { 'present.key': 'k\n' });
    if (bwrapWorks) {
      for (const target of [join(outside, 'present.key'), join(outside, 'absent.key')]) {
        const viaBwrap = await globWithSwap('bwrap', target);
        expect(viaBwrap.answer).toEqual(viaBwrap.real);
      }
    }
  });

  // Closed (a search is never narrowed under Landlock: ripgrep walks the opened root and looks no
  // name up): the answer is the same whether the target exists or not. While the swap holds, pkg
  // is a symlink, which no walk follows: no file of pkg is found, by either.
  it('Glob `pkg/**` under Landlock, `pkg` swapped for a symlink to a file outside while ripgrep starts: the answer does not say whether that file exists', async () => {
    const outside = workspace();
    writeFiles(outside, { 'present.key': 'k\n' });
    const present = await globWithSwap('perl', join(outside, 'present.key'));
    const absent = await globWithSwap('perl', join(outside, 'absent.key'));
    expect(present.answer.content).toBe(absent.answer.content);
    expect(present.answer.content).not.toContain('present.key');
  });

  /*
   * 2. A device node beneath the directory is read (Landlock only).
   *
   * Landlock's READ_FILE beneath fd 3 covers device nodes; bubblewrap's binds are nodev, and the
   * judged walk refuses anything but regular files. ripgrep's walk skips a device it sees in a
   * directory listing, but a file swapped for one between that listing and the open (as the race
   * tests swap files for symlinks) is opened and read: a block device is the raw disk (every
   * file's bytes, /etc/shadow's included), a loop device here stands for it, over a file outside.
   * What ripgrep found is then counted in "Found N files" (the hits past the page are not
   * verified). Needs a device node in the workspace (CAP_MKNOD, or a tarball unpacked as root).
   * Fix: Landlock cannot say nodev; vouch for the tree only when the guard's scan found no device
   * node in it and no command has run since (as identityProven), else judge every file; or check
   * for a nodev mount with statfs/mountinfo before choosing Landlock.
   */
  function deviceOverOutsideFile(dir: string, name: string, mark: string): void {
    const outside = workspace();
    // Text only, no NUL: ripgrep's binary detection would otherwise stop at the first buffer.
    writeFileSync(join(outside, 'disk.img'), `${mark}\n${'y'.repeat(510 - mark.length)}\n`.repeat(128));
    const { major, minor } = loopDevice(join(outside, 'disk.img'));
    execFileSync('mknod', [join(dir, name), 'b', String(major), String(minor)]);
  }

  const devices = isRoot && LOSETUP !== undefined && existsSync('/dev/loop-control');

  it.runIf(devices)('(control) a device node: unconfined ripgrep reads it, bubblewrap refuses it', async () => {
    const ws = workspace();
    const mark = `DISK-${randomBytes(6).toString('hex')}`;
    deviceOverOutsideFile(ws, 'disk', mark);
    expect((await unconfinedRg(ws, ['--count', '--with-filename', '-e', mark, '--', 'disk'])).output).toMatch(/^disk:\d+/m);
    if (bwrapWorks) expect((await confined(BUBBLEWRAP, ws, RG ?? '', ['--count', '--with-filename', '-e', mark, '--', 'disk'])).output).toContain('Permission denied');
  });

  it.runIf(devices).fails('a device node beneath the directory: Landlock lets ripgrep read the device (here a disk image outside)', async () => {
    const ws = workspace();
    const mark = `DISK-${randomBytes(6).toString('hex')}`;
    deviceOverOutsideFile(ws, 'disk', mark);
    const result = await confined(LANDLOCK, ws, RG ?? '', ['--count', '--with-filename', '-e', mark, '--', 'disk']);
    // Fails today: `disk:128`.
    expect(result.output).not.toMatch(/^disk:\d+/m);
  });

  // Closed at the tool: under Landlock ripgrep walks only while the guard says nothing the agent
  // controls runs (watchCommands); this guard is not told, so every file is judged (a device node
  // refused). The confinement alone still reads a device node (the test above): that is the layer
  // the quiet requirement stands in for.
  it.runIf(devices)('Grep under Landlock, files swapped for a device node while ripgrep walks: "Found N files" never counts what the device holds', async () => {
    const ws = workspace();
    const holder = workspace();
    const mark = `DISK-${randomBytes(6).toString('hex')}`;
    deviceOverOutsideFile(holder, 'device', mark);
    // The decoy is the page (path order, head_limit 1); a count past it is ripgrep's alone.
    writeFiles(ws, { 'aaa.txt': `${mark} decoy\n` });
    for (let i = 0; i < 8; i++) writeFiles(ws, { [`notes-${String(i)}`]: 'plain\n' });
    background(SWAP_DEVICE, [ws, 'notes', '8', join(holder, 'device')]);
    const grep = grepTool(NO_BWRAP_PATH, { newestFirstUpTo: 0 });
    const ctx = context(ws);
    const counted = /^Found ([2-9]|\d\d+) files/;
    const leaked: string[] = [];
    // Bounded by calls, not by a clock: the unfixed tool leaked within a few dozen.
    for (let call = 0; call < 200 && leaked.length === 0; call++) {
      const out = await run(grep, { pattern: mark, head_limit: 1 }, ctx);
      if (counted.test(out.content)) leaked.push(out.content.split('\n')[0] ?? '');
    }
    // Failed before the fix (within a few dozen calls): "Found 2 files", the device's bytes matched.
    expect(leaked).toEqual([]);
  });

  /*
   * 3. /etc/ld.so.cache is readable (Landlock only, public bytes).
   *
   * The launcher allows it for the loader; bubblewrap shows no /etc at all, and ripgrep runs
   * there without it. A file swapped for a symlink to it mid-walk is read and searched under
   * Landlock, not under bubblewrap: answers (counts past the page) differ.
   * Fix: drop '/etc/ld.so.cache' from SYSTEM_PATHS (the loader falls back to its default
   * directories, as under bubblewrap).
   */
  // Closed: the launcher no longer allows the loader's cache.
  it.runIf(existsSync('/etc/ld.so.cache'))('a name leading to /etc/ld.so.cache: neither Landlock nor bubblewrap reads it', async () => {
    const ws = workspace();
    symlinkSync('/etc/ld.so.cache', join(ws, 'cache'));
    const args = ['--count', '--with-filename', '-a', '-e', 'ld\\.so', '--', 'cache'];
    expect((await unconfinedRg(ws, args)).output).toMatch(/^cache:\d+/m);
    // Failed before the fix: `cache:1`.
    expect((await confined(LANDLOCK, ws, RG ?? '', args)).output).not.toMatch(/^cache:\d+/m);
  });

  /*
   * 4. The confined program may change any file's mode, owner and times, and connect to any unix
   *    socket by path (Landlock only; defence in depth: ripgrep with its fixed argv does neither).
   *
   * Landlock (ABI ≤ 7) handles no chmod/chown/utimes/setxattr, nor connect(2) to a pathname
   * socket, and the launcher keeps the runner's capabilities (as root: all, CAP_FOWNER and
   * CAP_CHOWN included): a ripgrep made to run code (a parser bug) could chmod 666 or chown any
   * file on the host, backdate it, or talk to /var/run/docker.sock. Under bubblewrap (--cap-drop
   * ALL, nothing outside the directory, read-only) none of that is reachable. docs/policy.md says
   * "write or make nothing anywhere". Fix: a seccomp filter in the launcher (src/sandbox/
   * seccomp-filter.ts builds one for bwrap) refusing chmod/chown/utimes/xattr/socket(AF_UNIX)…,
   * and dropping capabilities (capset to none, or setresuid to an unprivileged uid when root).
   */
  it.fails('Landlock: the program can chmod, chown and backdate a file outside', async () => {
    const ws = workspace();
    const outside = workspace();
    const victim = join(outside, 'victim.txt');
    writeFileSync(victim, 'v\n');
    chmodSync(victim, 0o600);
    const before = statSync(victim);
    await confined(LANDLOCK, ws, '/bin/sh', ['-c', `chmod 666 '${victim}'; touch -d 2000-01-01 '${victim}'; chown 4321 '${victim}'; echo end`]);
    const after = statSync(victim);
    // Fails today: mode 0666, mtime in 2000 (and, as root, owner 4321).
    expect({ mode: after.mode, mtime: after.mtimeMs, uid: after.uid }).toEqual({ mode: before.mode, mtime: before.mtimeMs, uid: before.uid });
  });

  it.runIf(SOCAT !== undefined).fails('Landlock: the program can connect to a unix socket outside (a docker.sock)', async () => {
    const outside = workspace();
    const server = createServer((socket) => socket.end('HELLO-FROM-UNIX-SOCKET\n'));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(join(outside, 'docker.sock'), resolve));
    const result = await confined(LANDLOCK, workspace(), SOCAT ?? '', ['-', `UNIX-CONNECT:${join(outside, 'docker.sock')}`]);
    // Fails today: the server's greeting arrives.
    expect(result.output).not.toContain('HELLO-FROM-UNIX-SOCKET');
  });

  /*
   * 5. A file name turns the confinement off for the rest of the run (either confiner).
   *
   * confinementFailed (confined-exec.ts) takes any line of the output starting `bwrap: ` with a
   * non-zero exit for bubblewrap failing to start; grep-rg-tree.ts hands it ripgrep's output.
   * A file named `x\nbwrap: y` holding the pattern puts such a line there in count (and
   * files_with_matches) mode, and a path past PATH_MAX makes ripgrep exit 2: the confiner is marked
   * broken (confiners.ts), the next one too, and every later Grep judges file by file. Only speed
   * is lost (the judged walk is safe), but it is a workspace deciding how the runner searches.
   * Fix: check ripgrep's stderr alone (not stdout), and bwrap's message only when ripgrep has
   * not started (bwrap --info-fd / --json-status-fd, or the launcher's exit 125 alone).
   */
  /** After a count Grep over a tree past PATH_MAX (holding `name`, if given), how many files the next Grep, over a clean tree, judged one by one. */
  async function judgedAfter(name: string | undefined): Promise<number> {
    const poisoned = realpathSync(mkdtempSync(join(tmpdir(), 'warden-ll-attack-deep-')));
    try {
      if (name !== undefined) writeFileSync(join(poisoned, name), 'needle\n');
      // 70 directories of 68 characters: ripgrep's path to f.txt is past PATH_MAX (4096), an error (exit 2).
      execFileSync(PERL ?? 'perl', ['-e', `for (1..70) { mkdir 'd' x 68 or die; chdir 'd' x 68 or die } open my $f, '>', 'f.txt' or die; print $f "needle\\n";`], { cwd: poisoned });
      const clean = workspace();
      const files: Record<string, string> = {};
      for (let i = 0; i < 30; i++) files[`f${String(i)}.txt`] = 'hay\n';
      writeFiles(clean, files);
      // Told when commands run, and none does: under Landlock ripgrep walks only then.
      const { guard, asked } = recordingGuard({ allowed: true }, undefined, true);
      const grep = grepTool(NO_BWRAP_PATH, { guard });
      await run(grep, { pattern: 'needle', output_mode: 'count' }, context(poisoned));
      asked.length = 0;
      await run(grep, { pattern: 'needle' }, context(clean));
      return asked.filter((a) => a.startsWith('file ')).length;
    } finally {
      execFileSync('rm', ['-rf', poisoned]);
    }
  }

  it('(control) a path past PATH_MAX alone: the next Grep still walks by ripgrep under Landlock', async () => {
    expect(await judgedAfter(undefined)).toBe(0);
  });

  // Closed: bwrap's failure is read only as exit 1 with its words first (confined-exec.ts).
  it('a file named `x\\nbwrap: y` and a path past PATH_MAX: Grep keeps using Landlock', async () => {
    // Failed before the fix: the clean tree was judged file by file (30 `file` questions).
    expect(await judgedAfter('x\nbwrap: y')).toBe(0);
  });
});
