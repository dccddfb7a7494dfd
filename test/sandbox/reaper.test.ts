/**
 * The reaper (src/sandbox/reaper.ts): with commands run outside the sandbox, what a command leaves
 * running is killed once no command runs, and the exit says so (`swept`), which is what lets the
 * read guard trust the workspace again (run-setup.ts). Real perl, real processes; the control is
 * the same commands through a runner without the reaper, where the processes live on.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDirectRunner } from '../../src/sandbox/direct-runner.js';
import type { ProcessRunner } from '../../src/sandbox/process-runner.js';
import { reaperArgs } from '../../src/sandbox/reaper.js';
import { findTool } from '../../src/sandbox/sandbox-tools.js';
import { killHostProcess } from '../support/host-processes.js';
import { waitFor } from '../support/wait-for.js';
import { makeWorkspace, processRunning as running } from './sandbox-fixture.js';

const PERL = findTool('perl', process.env.PATH ?? '');
const ENV = { PATH: '/usr/local/bin:/usr/bin:/bin' };

const started: number[] = [];
const runners: ProcessRunner[] = [];
afterEach(async () => {
  for (const pid of started.splice(0)) killHostProcess(pid);
  for (const r of runners.splice(0)) await r.dispose();
});

function runner(reaper: boolean): ProcessRunner {
  const r = createDirectRunner(ENV, { startNow: true, reaperPerl: reaper ? PERL : null });
  runners.push(r);
  return r;
}

async function run(r: ProcessRunner, cwd: string, command: string): Promise<string> {
  const result = await r.run({ command, cwd, timeoutMs: 20_000, signal: new AbortController().signal, maxOutputChars: 100_000 });
  expect(result.exitCode, result.output).toBe(0);
  return result.output;
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}


/** Each leaves a process that outlives the command's process group, and prints its pid once it has. */
const LEAVERS = {
  setsid: 'setsid sleep 60 </dev/null >/dev/null 2>&1 & p=$!; while [ "$(cut -d" " -f6 /proc/$p/stat)" != "$p" ]; do sleep 0.01; done; echo $p',
  'double fork': '(setsid sh -c \'trap "" TERM HUP; echo $$ > pid.txt; exec sleep 61\' </dev/null >/dev/null 2>&1 &); while [ ! -s pid.txt ]; do sleep 0.01; done; sleep 0.05; cat pid.txt',
  // The command's own shell makes a sibling (clone with CLONE_PARENT, x86-64's system call 56): a
  // child of the spawner itself, not of the reaper.
  ...(process.arch === 'x64' ? { 'a sibling of its shell': 'exec perl -e \'my $p = syscall(56, 0x8000 | 17, 0, 0, 0, 0); if ($p == 0) { open(STDOUT, ">", "/dev/null"); open(STDERR, ">", "/dev/null"); exec "setsid", "sleep", "64"; } select(undef, undef, undef, 0.1); print "$p\\n";\'' } : {}),
  'a forking chain': 'setsid sh -c \'echo $$ > chain.txt; while :; do sleep 0.01 & wait; done\' </dev/null >/dev/null 2>&1 & while [ ! -s chain.txt ]; do sleep 0.01; done; cat chain.txt',
};

describe.skipIf(PERL === null)('the reaper', () => {
  it.each(Object.entries(LEAVERS))('kills what a command left running (%s) before its result is in; without it, it lives on', async (_name, command) => {
    for (const reaper of [true, false]) {
      const ws = makeWorkspace();
      const r = runner(reaper);
      const pid = Number((await run(r, ws, command)).trim().split('\n').pop());
      started.push(pid);
      expect(pid).toBeGreaterThan(1);
      expect(running(pid), reaper ? 'with the reaper' : 'without').toBe(!reaper);
      expect(r.noProcessLeft?.()).toBe(reaper);
    }
  });

  it('a process left holding the output pipe no longer holds the result back: with the reaper it goes with its command, without it the result is not kept waiting', async () => {
    const ws = makeWorkspace();
    // It keeps the output pipe; the command ends once it has said its pid (a file, not a pause, tells).
    const command = 'setsid sh -c \'echo $$; echo $$ > pid.txt; exec sleep 62\' & while [ ! -s pid.txt ]; do sleep 0.01; done';
    const reaped = await runner(true).run({ command, cwd: ws, timeoutMs: 20_000, signal: new AbortController().signal, maxOutputChars: 10_000 });
    const pid = Number(reaped.output.trim());
    started.push(pid);
    expect(reaped.timedOut).toBe(false);
    expect(running(pid)).toBe(false);
    // Without the reaper it lives on, holding the pipe; the result no longer waits for it (before,
    // it waited as long as the process held the pipe, past the command's timeout: its group was
    // killed, and it is not in it) but only a short grace (spawner-program.ts).
    rmSync(join(ws, 'pid.txt'));
    const held = await runner(false).run({ command, cwd: ws, timeoutMs: 60_000, signal: new AbortController().signal, maxOutputChars: 10_000 });
    const alive = Number(held.output.trim());
    started.push(alive);
    expect(held.timedOut).toBe(false);
    expect(held.exitCode).toBe(0);
    expect(running(alive)).toBe(true);
  });

  it('waits for the last command running: a process orphaned beneath one still running is that command\'s own work', async () => {
    const ws = makeWorkspace();
    const r = runner(true);
    // B's background work is orphaned at once (its subshell exits) and writes only once the test
    // says go, after A has ended; B waits for it. Swept when A ended, it would never write: B would
    // time out. Files, not clocks, order the steps.
    const b = run(r, ws, '( (while [ ! -e go ]; do sleep 0.01; done; echo done > b.txt) & ); touch b-started; while [ ! -s b.txt ]; do sleep 0.01; done; cat b.txt');
    await waitFor(() => existsSync(join(ws, 'b-started')), 'command B to start');
    const a = await run(r, ws, 'setsid sleep 600 </dev/null >/dev/null 2>&1 & p=$!; while [ "$(cut -d" " -f6 /proc/$p/stat)" != "$p" ]; do sleep 0.01; done; echo $p');
    const left = Number(a.trim());
    started.push(left);
    // A ended while B runs: nothing swept yet, and nothing claimed.
    expect(running(left)).toBe(true);
    expect(r.noProcessLeft?.()).toBe(false);
    writeFileSync(join(ws, 'go'), '');
    expect((await b).trim()).toBe('done');
    expect(running(left)).toBe(false);
    expect(r.noProcessLeft?.()).toBe(true);
  });

  it('claims nothing where it cannot run: an architecture whose prctl it does not know', () => {
    expect(reaperArgs('/usr/bin/node', ['-e', '0'], 'riscv64')).toBeUndefined();
    expect(reaperArgs('/usr/bin/node', ['-e', '0'], 'x64')?.slice(2)).toEqual(['--', '157', '/usr/bin/node', '-e', '0']);
  });

  it('ends with the runner: dispose leaves neither the reaper, the spawner nor what a running command started', async () => {
    const ws = makeWorkspace();
    const r = createDirectRunner(ENV, { startNow: true, reaperPerl: PERL });
    const marker = `600.${process.pid}`; // a sleep no hang guard waits out, named by its command line
    const command = r.run({ command: `setsid sleep ${marker} </dev/null >/dev/null 2>&1 & echo $! > left.txt; sleep 600`, cwd: ws, timeoutMs: 600_000, signal: new AbortController().signal, maxOutputChars: 10_000 });
    const left = await waitFor(() => existsSync(join(ws, 'left.txt')) && Number(readFileSync(join(ws, 'left.txt'), 'utf8')), 'the command to start');
    started.push(left);
    const own = readFileSync('/proc/self/stat', 'utf8').split(' ')[0];
    const children = (): number[] => readFileSync(`/proc/${own}/task/${own}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
    const reaper = children().find((pid) => cmdline(pid).startsWith(`${PERL ?? ''}\u0000-e`));
    expect(reaper).toBeDefined();
    await r.dispose();
    await command;
    await waitFor(() => !running(reaper ?? 0), 'the reaper to end');
    const stray = (): string[] => readdirSync('/proc').filter((d) => /^\d+$/.test(d) && running(Number(d)) && cmdline(Number(d)) === `sleep\u0000${marker}\u0000`);
    await waitFor(() => stray().length === 0, () => `what the command started to die: ${stray().join(' ')}`);
  });
});
