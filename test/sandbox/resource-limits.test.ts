/**
 * `sandbox.limits` held by the kernel (real bubblewrap): a memory hog, a /tmp filler and a process
 * bomb are each stopped by their limit, the command is told which, and a command that fits runs.
 * The limits are small so every case ends in a fraction of a second; nothing waits on the clock.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SandboxRunner } from '../../src/sandbox/bwrap-runner.js';
import { findTool } from '../../src/sandbox/sandbox-tools.js';
import { BWRAP, cleanupAll, config, makeWorkspace, openRunner, run, SANDBOX_PATH, SKIP_REASON } from './sandbox-fixture.js';

const MEMORY_MB = 64;
const TMP_MB = 8;
const PROCESSES = 64;
const PYTHON = findTool('python3', SANDBOX_PATH);

/** Keeps the lines of /dev/zero (it has no newline: one line that grows without end) until stopped. */
const HOG = 'tail /dev/zero';
const MEMORY_NOTE = `killed: memory limit ${MEMORY_MB} MB (sandbox.limits.memory_mb)`;
const TMP_NOTE = `/tmp is full: tmp_mb ${TMP_MB} (sandbox.limits.tmp_mb)`;

/** The memory cgroup line of /proc/<pid>/cgroup (v1), or '' (v2 has none of its own). */
const memoryLine = (text: string): string => text.split('\n').find((l) => /^\d+:memory:/.test(l)) ?? '';

describe.skipIf(BWRAP === null)(`sandbox.limits (real bwrap) ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  let ws: string;
  let runner: SandboxRunner;
  let viaCgroup = false;

  beforeAll(async () => {
    ws = makeWorkspace({ 'a.txt': 'a\n' });
    runner = await openRunner({ workspace: ws, config: config({ limits: { memoryMb: MEMORY_MB, tmpMb: TMP_MB, processes: PROCESSES } }) });
    viaCgroup = runner.probe?.memoryLimit === 'cgroup-v1' || runner.probe?.memoryLimit === 'cgroup-v2';
  });
  afterAll(async () => {
    await runner.dispose();
    cleanupAll();
  });

  test('a memory hog is killed by memory_mb and told so; a command that fits runs', async () => {
    const r = await run(runner, ws, `${HOG}; echo "hog exit $?"`);
    expect(r.output).toMatch(/hog exit (137|1)\b/); // SIGKILLed by the cgroup, or refused by RLIMIT_DATA
    if (viaCgroup) {
      expect(r.output).toContain(MEMORY_NOTE);
      expect(r.output).toContain('hog exit 137');
    }
    const fits = await run(runner, ws, 'head -c 16M /dev/zero | wc -c');
    expect(fits.output.trim()).toBe(String(16 * 1024 * 1024));
    expect(fits.exitCode).toBe(0);
  });

  test('a node process over memory_mb is stopped, not the runner', async () => {
    const r = await run(runner, ws, `node -e "const a = []; for (let i = 0; i < 1024; i++) a.push(Buffer.alloc(1 << 20, 1)); console.log('survived')"`);
    expect(r.output).not.toMatch(/^survived$/m);
    expect(r.exitCode).not.toBe(0);
    if (viaCgroup) expect(r.output).toContain(MEMORY_NOTE);
  });

  test('a /tmp filler is stopped by tmp_mb and told so; a file that fits is written; HOME stays the run\'s', async () => {
    const r = await run(runner, ws, 'head -c 32M /dev/zero > /tmp/x; echo "fill exit $?"; du -k /tmp/x');
    expect(r.output).toContain('No space left on device');
    expect(r.output).toContain('fill exit 1');
    expect(Number(/(\d+)\s+\/tmp\/x/.exec(r.output)?.[1])).toBeLessThanOrEqual(TMP_MB * 1024);
    expect(r.output).toContain(TMP_NOTE);

    const shm = await run(runner, ws, 'head -c 32M /dev/zero > /dev/shm/x; echo "shm exit $?"');
    expect(shm.output).toContain('shm exit 1');

    const fits = await run(runner, ws, 'head -c 4M /dev/zero > /tmp/y && wc -c < /tmp/y && echo kept > ~/note');
    expect(fits.output.trim()).toBe(String(4 * 1024 * 1024));
    expect(fits.output).not.toContain('/tmp is full');
    expect(fits.exitCode).toBe(0);
    // Each command's /tmp is its own; HOME (/tmp/home) is the run's, as before.
    const next = await run(runner, ws, 'cat ~/note; ls /tmp/y 2>&1');
    expect(next.output).toContain('kept');
    expect(next.output).toContain('No such file');
  });

  test('a process bomb is stopped by processes', async (ctx) => {
    if (PYTHON === null) return ctx.skip(); // the bomb counts its own forks
    const bomb = [
      'import os, signal',
      'pids = []',
      'try:',
      '    for i in range(500):',
      '        pid = os.fork()',
      '        if pid == 0:',
      '            signal.pause()',
      '            os._exit(0)',
      '        pids.append(pid)',
      'except OSError as e:',
      '    print("refused", e.errno)',
      'print("forked", len(pids))',
      'for p in pids: os.kill(p, 9)',
    ].join('\n');
    const r = await run(runner, ws, `python3 -c '${bomb}'`);
    expect(r.output).toContain('refused 11'); // EAGAIN
    const forked = Number(/forked (\d+)/.exec(r.output)?.[1]);
    expect(forked).toBeGreaterThan(0);
    expect(forked).toBeLessThan(PROCESSES);
    const after = await run(runner, ws, 'echo still here');
    expect(after.output).toContain('still here');
  });

  test('commands run together are each held, each in the memory cgroup', async (ctx) => {
    if (runner.probe?.memoryLimit !== 'cgroup-v1') return ctx.skip(); // v2: the spawner's cgroup, seen as / in the sandbox
    const both = await Promise.all([run(runner, ws, HOG), run(runner, ws, HOG), run(runner, ws, 'grep :memory: /proc/self/cgroup')]);
    for (const r of both.slice(0, 2)) expect(r.output).toContain(MEMORY_NOTE);
    // From inside (no cgroup namespace: /proc/self/cgroup agrees with /sys/fs/cgroup), the command sees itself in the run's cgroup.
    expect(both[2]?.output).toMatch(/:memory:\/(.+\/)?warden-sandbox-[A-Za-z0-9]{6}$/m);
  });

  test('without a memory cgroup, RLIMIT_DATA holds memory_mb per process: a node hog is stopped, node itself still starts', async () => {
    const probe = runner.probe;
    if (probe === null) throw new Error('no probe');
    // As on a machine where no memory cgroup can be made (a non-root runner without delegation).
    const fallback = await openRunner({ workspace: ws, probe: { ...probe, memoryLimit: 'rlimit' }, config: config({ limits: { memoryMb: MEMORY_MB } }) });
    try {
      const limit = await run(fallback, ws, 'ulimit -d; node -e "console.log(\'node starts\')"');
      expect(limit.output).toBe(`${MEMORY_MB * 1024}\nnode starts\n`);
      const r = await run(fallback, ws, `node -e "const a = []; for (let i = 0; i < 1024; i++) a.push(Buffer.alloc(1 << 20, 1)); console.log('survived')"`);
      expect(r.output).not.toMatch(/^survived$/m);
      expect(r.exitCode).not.toBe(0);
      expect(r.output).not.toContain(MEMORY_NOTE); // no cgroup counted a kill: nothing is claimed
    } finally {
      await fallback.dispose();
    }
  });

  test('the run\'s memory cgroup goes with the run', async (ctx) => {
    if (runner.probe?.memoryLimit !== 'cgroup-v1') return ctx.skip();
    const own = memoryLine(readFileSync('/proc/self/cgroup', 'utf8')).split(':')[2] ?? '';
    const parent = `/sys/fs/cgroup/memory${own}`;
    const ours = (): string[] => readdirSync(parent).filter((n) => n.startsWith('warden-sandbox-'));
    const before = new Set(ours());
    const other = await openRunner({ workspace: ws, config: config({ limits: { memoryMb: MEMORY_MB } }) });
    await run(other, ws, 'true');
    const made = ours().filter((n) => !before.has(n));
    expect(made).toHaveLength(1);
    await other.dispose();
    expect(existsSync(`${parent}/${made[0] ?? ''}`)).toBe(false);
  });

  test('attack: a command cannot lift its memory limit or leave the cgroup (the cgroup file system is read-only inside)', async (ctx) => {
    if (!viaCgroup) return ctx.skip();
    const attempt = [
      'cg=$(find /sys/fs/cgroup -maxdepth 6 -type d -name "warden-sandbox-*" 2>/dev/null | head -1); echo "found:$cg"',
      'echo 9223372036854771712 > "$cg/memory.limit_in_bytes" && echo LIFTED',
      'echo max > "$cg/memory.max" && echo LIFTED',
      'echo 1 > "$cg/memory.oom_control" && echo LIFTED',
      'echo $$ > /sys/fs/cgroup/memory/cgroup.procs && echo MOVED',
      'echo $$ > /sys/fs/cgroup/cgroup.procs && echo MOVED',
      'echo $$ > "$(dirname "$cg")/cgroup.procs" && echo MOVED',
      'mkdir /sys/fs/cgroup/memory/escape && echo MADE',
      'mkdir -p /tmp/cg && mount -t cgroup -o memory none /tmp/cg && echo MOUNTED',
      'mount -t cgroup2 none /tmp/cg && echo MOUNTED',
      'echo ATTEMPTS-DONE',
      HOG,
    ].join('\n');
    const r = await run(runner, ws, attempt);
    expect(r.output).toMatch(/found:\/sys\/fs\/cgroup\/\S*warden-sandbox-/); // it did find its cgroup
    expect(r.output).toContain('ATTEMPTS-DONE');
    expect(r.output).toContain('Read-only file system');
    for (const win of ['LIFTED', 'MOVED', 'MADE', 'MOUNTED']) expect(r.output).not.toContain(win);
    expect(r.output).toContain(MEMORY_NOTE); // and the hog after them was still killed
  });
});
