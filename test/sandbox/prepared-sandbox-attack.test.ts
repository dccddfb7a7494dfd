/**
 * Attacks on prepared sandboxes (src/sandbox/prepared-sandbox.ts, sandbox-view.ts), with real
 * bwrap. A prepared sandbox is set up beside a running command, or while the model thinks; the
 * proof that it is the sandbox a fresh start would give is the fingerprint of its plan and the
 * kernel's view of it at the hand-over. The attacker here is what the brief calls an unpinned
 * concurrent writer: the test itself, on the host, changing the workspace while bwrap sets the
 * sandbox up and putting it back before the hand-over — the layer before (pins) switched off.
 *
 * To hit bwrap's set-up at a chosen step without a race, bwrap is started through a wrapper that
 * preloads a small gate (compiled here): when armed, it stops bwrap before one mount(2) or
 * chdir(2) whose path ends in a chosen suffix, until the test says go. Nothing else of bwrap
 * changes; the sandboxed command never sees the preload (bwrap clears its environment).
 *
 * Which sandbox ran a command is told by its PID namespace (`readlink /proc/self/ns/pid`).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmdirSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { SandboxRunner } from '../../src/sandbox/bwrap-runner.js';
import { probeSandbox } from '../../src/sandbox/probe.js';
import type { SandboxProbeReport } from '../../src/sandbox/probe-types.js';
import { writeWorkspaceFile } from '../../src/sandbox/workspace-write.js';
import { HANG_GUARD_MS } from '../support/wait-for.js';
import { NS, preparedAll } from './prepared-fixture.js';
import { BWRAP, cleanupAll, hostProcessesWith, makeHostDir, makeWorkspace, openRunner, policySandbox, processRunning, run, SANDBOX_PATH, sleep, SKIP_REASON } from './sandbox-fixture.js';

const SECRET = 'TOKEN=sk-live-attack-0123456789';
const POLICY = ['version: 1', 'permissions:', '  allow: ["Read", "Bash"]', '  deny: ["Read(**/.env*)", "Read(./secrets/**)"]'].join('\n');

const CC = ['cc', 'gcc'].find((c) => {
  try {
    execFileSync(c, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}) ?? null;

/**
 * The gate: `armed` in GATE_DIR is taken (unlinked) by the first bwrap to reach a matching call,
 * which then makes `reached` and waits for `go`; `done` says its set-up is over (the first
 * chdir after a gated mount, or the gated chdir itself, has returned). Everything is read when
 * the library loads: the directory is opened before bwrap makes any namespace (so it is reached
 * the same way after its pivot_root), and the settings before bwrap's --clearenv empties environ.
 */
const GATE_C = String.raw`
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <time.h>
#include <unistd.h>
static int dir = -1, gated = 0;
static const char *on_mount, *on_chdir;
__attribute__((constructor)) static void init(void) {
  const char *d = getenv("GATE_DIR");
  if (d) dir = open(d, O_PATH | O_DIRECTORY | O_CLOEXEC);
  on_mount = getenv("GATE_MOUNT");
  on_chdir = getenv("GATE_CHDIR");
}
static int ends(const char *s, const char *suf) {
  if (!s || !suf || !*suf) return 0;
  size_t a = strlen(s), b = strlen(suf);
  return a >= b && strcmp(s + a - b, suf) == 0;
}
static void mark(const char *name) { int fd = openat(dir, name, O_CREAT | O_WRONLY | O_CLOEXEC, 0644); if (fd >= 0) close(fd); }
static int gate(void) {
  if (dir < 0 || gated || unlinkat(dir, "armed", 0) != 0) return 0;
  gated = 1;
  mark("reached");
  struct timespec ms = {0, 1000000};
  while (faccessat(dir, "go", F_OK, 0) != 0) nanosleep(&ms, 0);
  return 1;
}
int mount(const char *src, const char *tgt, const char *fs, unsigned long fl, const void *data) {
  static int (*real)(const char *, const char *, const char *, unsigned long, const void *);
  if (!real) real = dlsym(RTLD_NEXT, "mount");
  if (!(fl & MS_REMOUNT) && ends(tgt, on_mount)) gate();
  return real(src, tgt, fs, fl, data);
}
int chdir(const char *p) {
  static int (*real)(const char *);
  if (!real) real = dlsym(RTLD_NEXT, "chdir");
  int was = gated, now = ends(p, on_chdir) && gate();
  if (was && !now) mark("done");
  int r = real(p);
  if (now) mark("done");
  return r;
}
`;

/**
 * The run's first write: from then on two are kept (five before it, PREPARED_STOCK_BEFORE_WRITES),
 * so the write that arms an attack discards two, and the one prepared after the gated one is set up
 * while the gate holds, as each attack was written for (discarding five took long enough under load
 * for that one to start after the moves were undone: a clean sandbox, rightly handed over).
 */
async function firstWrite(ws: string): Promise<void> {
  await writeWorkspaceFile(ws, 'first.txt', 'f\n');
}

interface Gate {
  dir: string;
  bwrap: string;
}

/** Compiles the gate and writes the bwrap wrapper that preloads it. */
function makeGate(realBwrap: string, on: { mount?: string; chdir?: string }): Gate {
  const dir = makeHostDir();
  writeFileSync(join(dir, 'gate.c'), GATE_C);
  execFileSync(CC ?? 'cc', ['-shared', '-fPIC', '-O1', '-o', join(dir, 'gate.so'), join(dir, 'gate.c'), '-ldl']);
  const signals = join(dir, 'signals');
  mkdirSync(signals);
  const wrapper = join(dir, 'bwrap');
  writeFileSync(wrapper, [
    '#!/bin/sh',
    `export LD_PRELOAD='${join(dir, 'gate.so')}' GATE_DIR='${signals}' GATE_MOUNT='${on.mount ?? ''}' GATE_CHDIR='${on.chdir ?? ''}'`,
    `exec '${realBwrap}' "$@"`,
    '',
  ].join('\n'));
  chmodSync(wrapper, 0o755);
  return { dir: signals, bwrap: wrapper };
}

const signal = (gate: Gate, name: string): void => writeFileSync(join(gate.dir, name), '');
const seen = (gate: Gate, name: string): boolean => existsSync(join(gate.dir, name));
function reset(gate: Gate): void {
  for (const name of readdirSync(gate.dir)) rmSync(join(gate.dir, name));
}

/**
 * The PID namespaces of the sandboxes this runner had when the moves were undone (every bwrap it
 * starts goes through the gate's wrapper; bwrap's child is the sandbox's pid 1), read from the
 * host before the runner can act again: each was set up, at least in part, across the moves. Taken
 * at that moment rather than after the stock settles, which depended on timing.
 */
function gatedSandboxes(gate: Gate): string[] {
  const own = readlinkSync('/proc/self/ns/pid');
  const held = gatedProcesses(gate).map((pid) => {
    try {
      return readlinkSync(`/proc/${pid}/ns/pid`);
    } catch {
      return own; // gone meanwhile
    }
  });
  const sandboxes = [...new Set(held.filter((ns) => ns !== own))];
  expect(sandboxes.length).toBeGreaterThan(0); // not vacuous: the gated one is there, waiting
  return sandboxes;
}

/** Live processes started through this gate's wrapper (their environ keeps GATE_DIR, whatever bwrap clears). */
function gatedProcesses(gate: Gate): number[] {
  return hostProcessesWith('bwrap').filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/environ`, 'utf8').includes(`GATE_DIR=${gate.dir}\0`) && processRunning(pid);
    } catch {
      return false;
    }
  });
}

/**
 * Blocks this thread (and so the runner: no plan is made meanwhile) until `name` is there. The
 * bound is a hang guard: a test's timeout cannot stop a thread that never yields.
 *
 * Open (issue 31, item 10): now and then the gated bwrap exits between the gated call and its next
 * chdir, so it never says `done` (seen at load 15 to 24, within 2 s: not slowness). That run did
 * not test the attack; it fails here at once, saying so, where it used to hang and be retried.
 */
function waitSync(gate: Gate, name: string): void {
  const view = new Int32Array(new SharedArrayBuffer(4));
  for (let i = 0; i < HANG_GUARD_MS && !seen(gate, name); i++) {
    if (i % 100 === 99 && !seen(gate, name) && gatedProcesses(gate).length === 0) {
      throw new Error(`the gated bwrap exited before it signalled ${name}: this run did not test the attack`);
    }
    Atomics.wait(view, 0, 0, 1);
  }
  if (!seen(gate, name)) throw new Error(`the gate never signalled ${name}; gated processes still there: ${gatedProcesses(gate).join(' ')}`);
}

/**
 * Polled every 5 ms, not at wait-for.ts's pace: while this waits, the runner goes on preparing the
 * other sandbox, and the attacks were written for the window a quick look leaves it. Bounded by a
 * count of polls (a hang guard), not by a clock.
 */
async function gateSignal(gate: Gate, name: string): Promise<void> {
  for (let i = 0; i < HANG_GUARD_MS / 5 && !seen(gate, name); i++) await sleep(5);
  if (!seen(gate, name)) throw new Error(`the gate never signalled ${name}`);
}

/** A runner whose bwrap goes through the gate. */
async function gatedRunner(ws: string, gate: Gate): Promise<SandboxRunner> {
  const hostEnv = { PATH: SANDBOX_PATH, HOME: homedir(), LANG: 'C.UTF-8', CI: 'true' };
  const probe: SandboxProbeReport = await probeSandbox({ hostEnv, allowSudoFix: false });
  return openRunner({ workspace: ws, config: await policySandbox(ws, POLICY), hostEnv, probe: { ...probe, tools: { ...probe.tools, bwrap: gate.bwrap } } });
}

// Not retried: the gated bwrap once took longer than the old 10 s wait to say `done` under heavy
// load; the waits are now hang guards, and the attack is held at an exact call, not raced.
describe.skipIf(BWRAP === null || CC === null)(`prepared sandboxes against a writer racing bwrap's set-up (real bwrap) ${BWRAP === null ? SKIP_REASON : CC === null ? '(no C compiler for the gate)' : ''}`, () => {
  afterAll(() => cleanupAll());

  // bwrap pins `a` (a bind onto itself), then mounts the mask on `a/<name>`. Between the two, the
  // writer moves `a` aside, makes a new `a`, and moves the file into it: the mask lands on the file
  // through the workspace's own mount, not through the pin. Put back, every mount point is at its
  // path again, every inode is the one planned, the plan is the same — but the mask is under the
  // pin, and a look-up of `a/<name>` goes through the pin and past it.
  test.each([
    ['a hidden file: the secret is read', 'a/.env', `cat a/.env; echo end`, (out: string, ws: string): void => {
      expect(out).not.toContain('sk-live');
      expect(readFileSync(join(ws, 'a/.env'), 'utf8')).toBe(`${SECRET}\n`);
    }],
    ['a protected file: it is written', 'a/.npmrc', `echo 'registry=http://evil.test/' >> a/.npmrc; echo end`, (out: string, ws: string): void => {
      expect(out).toMatch(/Read-only file system/);
      expect(readFileSync(join(ws, 'a/.npmrc'), 'utf8')).toBe('registry=https://registry.npmjs.org/\n');
    }],
  ])('a mask mounted under the pin of its directory, not on it (%s)', async (_what, rel, command, check) => {
    // Nothing else is mounted in `a` after it (bwrap would not find its source while `a` is aside).
    const ws = makeWorkspace({ '.env': `${SECRET}\n`, [rel]: rel.endsWith('.env') ? `${SECRET}\n` : 'registry=https://registry.npmjs.org/\n', 'a/x.txt': 'x\n' });
    const gate = makeGate(BWRAP ?? 'bwrap', { mount: `/${rel}` });
    const runner = await gatedRunner(ws, gate);
    try {
      await firstWrite(ws);
      await preparedAll(ws);
      reset(gate);
      signal(gate, 'armed');
      // A Write discards the stock; the next one prepared takes the gate.
      await writeWorkspaceFile(ws, 'notes.txt', 'n\n');
      await gateSignal(gate, 'reached');
      // From here to the end of the block, nothing of the runner runs (no plan sees the moves).
      const [dir, file] = [join(ws, 'a'), rel.slice(2)];
      renameSync(dir, `${dir}-aside`);
      mkdirSync(dir);
      renameSync(join(`${dir}-aside`, file), join(dir, file));
      signal(gate, 'go');
      waitSync(gate, 'done');
      renameSync(join(dir, file), join(`${dir}-aside`, file));
      rmdirSync(dir);
      renameSync(`${dir}-aside`, dir);

      // None set up across the moves is handed over (the gated one, and any other prepared meanwhile).
      const gated = gatedSandboxes(gate);
      await preparedAll(ws, 1);
      const r = await run(runner, ws, `${NS}; ${command}`);
      const [ns, ...rest] = r.output.split('\n');
      check(rest.join('\n'), ws);
      expect(gated).not.toContain(ns);
    } finally {
      await runner.dispose();
    }
  });

  // bwrap enters the working directory last. When it does, the writer has moved the directory
  // into `a` (pinned) and left a symlink at its name: bwrap's chdir ends inside the pin. Put
  // back, the working directory is the same inode at the same path — but the sandbox holds it
  // through the pin's mount, where `..` climbs out of the pin, past every mask mounted on the
  // workspace's own mount.
  test('a working directory entered through the pin of another directory', async () => {
    const ws = makeWorkspace({ 'a/.env': `${SECRET}\n`, 'c/.env': `${SECRET}\n`, 'c/readme.txt': 'c\n' });
    const gate = makeGate(BWRAP ?? 'bwrap', { chdir: '/c' });
    const runner = await gatedRunner(ws, gate);
    try {
      const cwd = join(ws, 'c');
      await firstWrite(ws);
      await run(runner, cwd, 'true'); // the next ones are prepared in c
      await preparedAll(ws);
      reset(gate);
      signal(gate, 'armed');
      await writeWorkspaceFile(ws, 'notes.txt', 'n\n');
      await gateSignal(gate, 'reached');
      renameSync(cwd, join(ws, 'a/c'));
      symlinkSync('a/c', cwd);
      signal(gate, 'go');
      waitSync(gate, 'done');
      unlinkSync(cwd);
      renameSync(join(ws, 'a/c'), cwd);

      // As above: none set up across the moves is handed over.
      const gated = gatedSandboxes(gate);
      await preparedAll(ws, 1);
      const r = await run(runner, cwd, `${NS}; cat .env; ls; echo end`);
      const [ns, ...rest] = r.output.split('\n');
      expect(rest.join('\n')).not.toContain('sk-live');
      expect(rest.join('\n')).toContain('readme.txt');
      expect(gated).not.toContain(ns);
    } finally {
      await runner.dispose();
    }
  });
});

describe.skipIf(BWRAP === null || CC === null)(`prepared sandboxes: attacks that are stopped (real bwrap) ${BWRAP === null ? SKIP_REASON : CC === null ? '(no C compiler for the gate)' : ''}`, () => {
  afterAll(() => cleanupAll());

  // The hidden directory's tmpfs lands on a stand-in the writer made for the moment of the mount;
  // the stand-in removed and the directory put back, the mask is gone from the sandbox with it.
  test('a hidden directory swapped for a stand-in while bwrap mounts its tmpfs, and swapped back', async () => {
    const ws = makeWorkspace({ 'secrets/prod.json': `${SECRET}\n`, 'a.txt': 'a\n' });
    const gate = makeGate(BWRAP ?? 'bwrap', { mount: '/secrets' });
    const runner = await gatedRunner(ws, gate);
    try {
      await firstWrite(ws);
      await preparedAll(ws);
      reset(gate);
      signal(gate, 'armed');
      await writeWorkspaceFile(ws, 'notes.txt', 'n\n');
      await gateSignal(gate, 'reached');
      const dir = join(ws, 'secrets');
      renameSync(dir, `${dir}-aside`);
      mkdirSync(dir);
      signal(gate, 'go');
      waitSync(gate, 'done');
      rmdirSync(dir);
      renameSync(`${dir}-aside`, dir);
      const gated = gatedSandboxes(gate);
      await preparedAll(ws, 1);
      const r = await run(runner, ws, `${NS}; cat secrets/prod.json; echo end`);
      const [ns, ...rest] = r.output.split('\n');
      expect(rest.join('\n')).not.toContain('sk-live');
      expect(gated).not.toContain(ns);
    } finally {
      await runner.dispose();
    }
  });
});

describe.skipIf(BWRAP === null)(`prepared sandboxes: what a command leaves for the next one (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  afterAll(() => cleanupAll());

  // /tmp (and HOME in it) is the run's, shared by every command: whatever a command leaves there
  // that a shell could read at start-up must not run in the next sandbox before it has its command.
  test('start-up files a command plants in HOME and /tmp do not run in the sandbox prepared after it', async () => {
    const ws = makeWorkspace({ 'a.txt': 'a\n' });
    const runner = await openRunner({ workspace: ws, config: await policySandbox(ws, POLICY) });
    try {
      const plant = 'echo "ran $$" >> /tmp/planted.log';
      const files = ['$HOME/.bashrc', '$HOME/.bash_profile', '$HOME/.profile', '$HOME/.bash_login', '$HOME/.bash_logout', '/tmp/.bashrc', '/tmp/.profile'];
      const r = await run(runner, ws, `mkdir -p "$HOME" && for f in ${files.map((f) => `"${f}"`).join(' ')}; do echo '${plant}' > "$f"; done; echo '[ -n "$PS1" ] || true' > "$HOME/.inputrc"; echo planted`);
      expect(r.output).toBe('planted\n');
      const waiting = (await preparedAll(ws)).map((w) => w.ns);
      await sleep(300);
      const after = await run(runner, ws, `${NS}; cat /tmp/planted.log 2>/dev/null; echo end; bash -lic true >/dev/null 2>&1; cat /tmp/planted.log`);
      const [ns, ...rest] = after.output.split('\n');
      expect(waiting).toContain(ns); // the prepared one ran it
      // Nothing before the command; the control (a login, interactive bash) shows the plant works.
      expect(rest[0]).toBe('end');
      expect(rest.slice(1).join('\n')).toMatch(/^ran \d+/);
    } finally {
      await runner.dispose();
    }
  });

  // mountinfo escapes space, tab, newline and backslash; a name ending in " (deleted)" reads like a
  // deleted mount point. Read right, the prepared sandbox is taken, and the file is hidden in it.
  test('hidden files under directory names mountinfo escapes are hidden in the prepared sandbox, which is taken', async () => {
    const names = ['we ird\tdir', 'new\nline', 'back\\slash', 'x (deleted)'];
    const ws = makeWorkspace(Object.fromEntries(names.map((n) => [`${n}/.env`, `${SECRET}\n`])));
    const runner = await openRunner({ workspace: ws, config: await policySandbox(ws, POLICY) });
    try {
      const waiting = (await preparedAll(ws)).map((w) => w.ns);
      const r = await run(runner, ws, `${NS}; for d in ${names.map((n) => `$'${n.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t')}'`).join(' ')}; do cat "$d/.env"; done; echo end`);
      const [ns, ...rest] = r.output.split('\n');
      expect(rest.join('\n')).toBe('end\n');
      expect(waiting).toContain(ns);
    } finally {
      await runner.dispose();
    }
  });
});
