/**
 * The spawner (src/sandbox/spawner.ts): the small process every command is started from. It holds
 * no secret, lives in none of the sandbox's namespaces, leaves commands no descriptor of its own,
 * is replaced when it dies, and, for a root runner, keeps every sandbox in the run's pids cgroup.
 * (That it dies with the runner, from the bundled dist/, is test/package/dist-sandbox.test.ts.)
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { homedir } from 'node:os';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildBwrapArgs, sandboxShellCommand } from '../../src/sandbox/bwrap-args.js';
import type { SandboxRunner } from '../../src/sandbox/bwrap-runner.js';
import { FD_INFO, FD_USERNS_BLOCK } from '../../src/sandbox/held-start.js';
import { createPidsCgroup } from '../../src/sandbox/process-limit.js';
import { writeSeccompFile } from '../../src/sandbox/sandbox-tools.js';
import { seccompArchFor } from '../../src/sandbox/seccomp-filter.js';
import { createSpawner, SPAWNER_MARK } from '../../src/sandbox/spawner.js';
import { BWRAP, cleanupAll, hostProcessesWith, makeWorkspace, openRunner, run, SANDBOX_PATH, SKIP_REASON } from './sandbox-fixture.js';
import { killHostProcess } from '../support/host-processes.js';
import { waitFor } from '../support/wait-for.js';

const SECRETS = { ANTHROPIC_API_KEY: 'sk-ant-spawner-test-0123456789', GITHUB_TOKEN: 'ghs_spawnertest0123456789' };

function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** Spawner processes started by this test process. */
function ourSpawners(): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(SPAWNER_MARK) && parentOf(Number(name)) === process.pid) found.push(Number(name));
    } catch {
      // Exited meanwhile.
    }
  }
  return found;
}

/** The spawner a host process descends from (command → sandbox pid 1 → bwrap → spawner). */
function spawnerAbove(pid: number): number | null {
  for (let p = pid; p > 1; p = parentOf(p)) if (readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(SPAWNER_MARK)) return p;
  return null;
}

/** The process a command turned into with `exec -a marker …` (bwrap's own command line holds the marker too). */
function execedAs(marker: string): number | null {
  return hostProcessesWith(marker).find((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8').startsWith(`${marker}\0`)) ?? null;
}


/** The first bytes of /proc/<pid>/stat, or that it is gone (it may exit while we look). */
function statLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').slice(0, 80);
  } catch {
    return `${pid} gone`;
  }
}

describe.skipIf(BWRAP === null)(`the spawner (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  let ws: string;
  let runner: SandboxRunner;
  let spawner: number;

  beforeAll(async () => {
    ws = makeWorkspace({ 'a.txt': 'a\n' });
    const before = new Set(ourSpawners());
    runner = await openRunner({ workspace: ws, hostEnv: { PATH: SANDBOX_PATH, HOME: homedir(), LANG: 'C.UTF-8', ...SECRETS } });
    const started = ourSpawners().filter((p) => !before.has(p));
    expect(started).toHaveLength(1);
    spawner = started[0] ?? 0;
  });
  afterAll(async () => {
    await runner.dispose();
    cleanupAll();
  });

  test('commands are started by a process with an empty environment, / as its directory, outside every namespace of the sandbox', async () => {
    const marker = `warden-spawned-${process.pid}-${Date.now()}`;
    const pending = run(runner, ws, `exec -a ${marker} sleep 2`);
    const command = await waitFor(() => execedAs(marker), 'the command');
    expect(spawnerAbove(command)).toBe(spawner);
    expect((await pending).exitCode).toBe(0);

    expect(readFileSync(`/proc/${spawner}/environ`, 'utf8')).toBe('');
    expect(readlinkSync(`/proc/${spawner}/cwd`)).toBe('/');
    for (const ns of ['user', 'mnt', 'pid', 'net', 'ipc', 'uts']) expect(readlinkSync(`/proc/${spawner}/ns/${ns}`), ns).toBe(readlinkSync(`/proc/self/ns/${ns}`));
    const cmdline = readFileSync(`/proc/${spawner}/cmdline`, 'utf8');
    for (const secret of Object.values(SECRETS)) expect(cmdline).not.toContain(secret);
  });

  test('out of the sandbox\'s reach: a command cannot signal it and holds no descriptor beyond stdin, stdout and stderr', async () => {
    // ls is a child of the command's shell, so its listing shows the shell's descriptors, not its own.
    const r = await run(runner, ws, `kill -0 ${spawner} 2>&1 || echo unreachable; ls -1 /proc/$$/fd`);
    expect(r.output).toContain('unreachable');
    expect(r.output.match(/^\d+$/gm)?.sort()).toEqual(['0', '1', '2']);
  });

  test('a spawner that dies fails the command it was running, and the next command gets a new one', async () => {
    const marker = `warden-orphan-${process.pid}-${Date.now()}`;
    const pending = run(runner, ws, `exec -a ${marker} sleep 30`, 60_000);
    const command = await waitFor(() => execedAs(marker), 'the command');
    const dying = spawnerAbove(command);
    expect(dying).not.toBeNull();
    killHostProcess(dying ?? 0);
    const r = await pending;
    expect(r.exitCode).not.toBe(0);
    expect(r.output).toMatch(/the process spawner exited/);
    await waitFor(() => (hostProcessesWith(marker).length === 0 ? true : null), () => `the command to die with the spawner: ${hostProcessesWith(marker).map(statLine).join(' | ')}`);

    const next = await run(runner, ws, 'echo still here');
    expect(next.output).toContain('still here');
    expect(next.exitCode).toBe(0);
    spawner = ourSpawners().find((p) => p !== dying) ?? 0;
  });

  test('for a root runner, the spawner is in the run\'s pids cgroup, so every sandbox is born in it', async (ctx) => {
    if (runner.probe?.processLimit !== 'cgroup') ctx.skip();
    const marker = `warden-cgroup-${process.pid}-${Date.now()}`;
    const pending = run(runner, ws, `exec -a ${marker} sleep 2`);
    const command = await waitFor(() => execedAs(marker), 'the command');
    const cgroupOf = (pid: number): string => readFileSync(`/proc/${pid}/cgroup`, 'utf8').split('\n').find((l) => /^\d+:pids:/.test(l)) ?? '';
    expect(cgroupOf(command)).toMatch(/warden-sandbox-/);
    expect(cgroupOf(spawnerAbove(command) ?? 0)).toBe(cgroupOf(command));
    await pending;
  });
});

describe.skipIf(BWRAP === null || process.getuid?.() !== 0)('a held start done by the spawner (root)', () => {
  afterAll(() => cleanupAll());

  test('moves the sandbox into the cgroup and maps the runner\'s own ids before the command runs', async (ctx) => {
    const cgroup = createPidsCgroup(`warden-spawner-test-${process.pid}`, 64);
    if (cgroup === null) return ctx.skip(); // no writable pids hierarchy here
    const spawner = createSpawner();
    const ws = makeWorkspace();
    const marker = `warden-held-${process.pid}-${Date.now()}`;
    try {
      const args = buildBwrapArgs({
        workspace: ws, privateTmp: ws, cwd: ws, tmpfs: [], workspaceAccess: 'write', mounts: [], masks: [], env: { PATH: SANDBOX_PATH }, seccompFd: 3,
        bridge: { infoFd: FD_INFO, userNsBlockFd: FD_USERNS_BLOCK }, hostname: 'warden-test', command: sandboxShellCommand(`id -u; exec -a ${marker} sleep 2`, 64),
      });
      const pending = spawner.run({
        file: BWRAP ?? 'bwrap', args, cwd: '/', env: {}, timeoutMs: 20_000, signal: new AbortController().signal, maxOutputChars: 10_000,
        seccompFile: writeSeccompFile(ws, seccompArchFor(process.arch) ?? 'x64'), held: { cgroupProcs: [cgroup.procsFile], beforeRelease: null },
      });
      const command = await waitFor(() => execedAs(marker), 'the command');
      expect(readFileSync(`/proc/${command}/cgroup`, 'utf8')).toContain(`warden-spawner-test-${process.pid}`);
      const r = await pending;
      expect(r.heldError).toBeNull();
      expect(r.exitCode).toBe(0);
      expect(r.output.split('\n')[0]).toBe(String(process.getuid?.()));
    } finally {
      await spawner.close();
      cgroup.killAll();
      await cgroup.remove();
    }
  });
});
