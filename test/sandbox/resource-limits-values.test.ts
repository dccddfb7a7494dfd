import { describe, expect, it } from 'vitest';
import { buildBwrapArgs, sandboxCommandShell, type BwrapSpec } from '../../src/sandbox/bwrap-args.js';
import { oomKillCount } from '../../src/sandbox/memory-limit.js';
import { memoryKilledNote, resolveLimits, tmpFullNote, tmpFullPlausible } from '../../src/sandbox/resource-limits.js';
import { formatProbeReport } from '../../src/sandbox/sandbox-probe-report.js';
import type { SandboxProbeReport } from '../../src/sandbox/probe-types.js';

const GiB = 1024 ** 3;

describe('resolveLimits: the policy over the defaults', () => {
  it.each<[string, Parameters<typeof resolveLimits>[0], number, { memoryMb: number; tmpMb: number; processes: number }]>([
    ['defaults on 16 GiB: half the memory, 4 GiB of /tmp, 4096 processes', undefined, 16 * GiB, { memoryMb: 8192, tmpMb: 4096, processes: 4096 }],
    ['defaults on 2 GiB: /tmp a quarter of the memory', undefined, 2 * GiB, { memoryMb: 1024, tmpMb: 512, processes: 4096 }],
    ['the policy wins, key by key', { memoryMb: 64, processes: 32 }, 16 * GiB, { memoryMb: 64, tmpMb: 4096, processes: 32 }],
  ])('%s', (_what, policy, total, want) => {
    expect(resolveLimits(policy, total)).toEqual(want);
  });
});

describe('what a command stopped by a limit is told', () => {
  it('names the limit, its value and the policy key', () => {
    expect(memoryKilledNote(2048, true)).toContain('killed: memory limit 2048 MB (sandbox.limits.memory_mb)');
    expect(memoryKilledNote(2048, false)).toContain('or of one running beside it');
    expect(tmpFullNote(1024)).toContain('/tmp is full: tmp_mb 1024 (sandbox.limits.tmp_mb)');
  });

  it.each<[string, string, number | null, boolean]>([
    ['ENOSPC with room on the workspace disk', 'head: error writing \'/tmp/x\': No space left on device', 10 * GiB, true],
    ['Node\'s code', 'Error: ENOSPC: no space left on device, write', 10 * GiB, true],
    ['the runner\'s disk is full: not /tmp\'s doing', 'No space left on device', 1024, false],
    ['no such message', 'all good', 10 * GiB, false],
    ['disk unknown', 'No space left on device', null, true],
  ])('/tmp full is plausible: %s', (_what, output, free, want) => {
    expect(tmpFullPlausible(output, free, 8)).toBe(want);
  });

  it('reads the kill count of v1 memory.oom_control and v2 memory.events', () => {
    expect(oomKillCount('oom_kill_disable 0\nunder_oom 0\noom_kill 3\n')).toBe(3);
    expect(oomKillCount('low 0\nhigh 0\nmax 12\noom 2\noom_kill 2\noom_group_kill 0\n')).toBe(2);
    expect(oomKillCount('oom_kill_disable 0\n')).toBe(0);
  });
});

describe('the sandbox\'s argv for the limits', () => {
  const spec: BwrapSpec = {
    workspace: '/ws', privateTmp: '/state/tmp', cwd: '/ws', tmpfs: ['/run', '/dev/shm'], workspaceAccess: 'write', mounts: [], masks: [], env: {},
    seccompFd: 3, bridge: null, hostname: 'h', command: ['true'],
  };

  it('a sized /tmp: a tmpfs of tmp_mb, every fresh tmpfs sized too, HOME bound from the run\'s directory', () => {
    const args = buildBwrapArgs({ ...spec, tmpSizeBytes: 8 * 1024 * 1024 }).join(' ');
    expect(args).toContain('--size 8388608 --tmpfs /run --size 8388608 --tmpfs /dev/shm');
    expect(args).toContain('--size 8388608 --tmpfs /tmp --bind /state/tmp/home /tmp/home');
    expect(args).not.toContain('--bind /state/tmp /tmp');
  });

  it('without a size, /tmp is the run\'s directory as before', () => {
    expect(buildBwrapArgs(spec).join(' ')).toContain('--bind /state/tmp /tmp');
  });

  it('RLIMIT_DATA only when asked (no memory cgroup), and refuses a nonsense size', () => {
    expect(sandboxCommandShell(64, 65536)[2]).toContain('ulimit -d 65536');
    expect(sandboxCommandShell(64)[2]).not.toContain('ulimit -d');
    expect(() => sandboxCommandShell(64, 0)).toThrow(/dataKb/);
    expect(() => buildBwrapArgs({ ...spec, tmpSizeBytes: 1.5 })).toThrow(/tmpSizeBytes/);
  });
});

describe('warden sandbox probe: which limit holds how', () => {
  const report: SandboxProbeReport = {
    available: true, bwrap: { path: '/usr/bin/bwrap', version: '0.8.0' }, uid: 0,
    sysctl: { apparmorRestrictUnprivilegedUserns: null, unprivilegedUsernsClone: null, maxUserNamespaces: null },
    fixApplied: null, checks: [], processLimit: 'cgroup', tools: { bwrap: '/usr/bin/bwrap', nsenter: null, socat: null, setpriv: null },
    networkProxy: false, problem: null, howToFix: [], warnings: [],
  };
  it.each<[NonNullable<SandboxProbeReport['memoryLimit']>, RegExp]>([
    ['cgroup-v1', /memory limit \(sandbox\.limits\.memory_mb\): memory cgroup \(v1: memory\.limit_in_bytes/],
    ['cgroup-v2', /memory limit \(sandbox\.limits\.memory_mb\): memory cgroup \(v2: memory\.max/],
    ['rlimit', /memory limit \(sandbox\.limits\.memory_mb\): RLIMIT_DATA per process/],
  ])('%s', (memoryLimit, want) => {
    const text = formatProbeReport({ ...report, memoryLimit });
    expect(text).toMatch(want);
    expect(text).toContain('/tmp limit (sandbox.limits.tmp_mb): a fresh tmpfs of that size per command');
    expect(text).toContain('process limit (sandbox.limits.processes): pids cgroup');
  });
});
