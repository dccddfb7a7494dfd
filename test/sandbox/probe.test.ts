/** The start-up probe on this machine, its diagnosis of known failures, and how the runner acts on it. */
import { tmpdir } from 'node:os';
import { describe, expect, test } from 'vitest';
import { createSandboxRunner, SandboxUnavailableError } from '../../src/sandbox/bwrap-runner.js';
import { diagnoseProbeFailure, probeSandbox } from '../../src/sandbox/probe.js';
import type { SandboxProbeReport } from '../../src/sandbox/probe-types.js';
import { formatProbeReport } from '../../src/sandbox/sandbox-probe-report.js';
import { BWRAP, cleanupAll, config, makeWorkspace, run, SANDBOX_PATH, SKIP_REASON } from './sandbox-fixture.js';

const noSysctl = { apparmorRestrictUnprivilegedUserns: null, unprivilegedUsernsClone: null, maxUserNamespaces: 1000 };

describe('diagnoseProbeFailure', () => {
  test.each([
    ['Ubuntu 24.04 AppArmor', 'bwrap: setting up uid map: Permission denied', { ...noSysctl, apparmorRestrictUnprivilegedUserns: 1 }, 1001, /AppArmor blocks unprivileged user namespaces/, ['kernel.apparmor_restrict_unprivileged_userns=0'], /sudo sysctl -w kernel\.apparmor_restrict_unprivileged_userns=0/],
    ['RTM_NEWADDR variant', 'bwrap: loopback: Failed RTM_NEWADDR: Operation not permitted', { ...noSysctl, apparmorRestrictUnprivilegedUserns: 1 }, 0, /AppArmor/, ['kernel.apparmor_restrict_unprivileged_userns=0'], /^Run before Warden: sysctl -w/],
    ['Debian userns_clone=0', 'bwrap: No permissions to creating new namespace', { ...noSysctl, unprivilegedUsernsClone: 0 }, 1001, /unprivileged_userns_clone=0/, ['kernel.unprivileged_userns_clone=1'], /sudo sysctl/],
    ['container without namespaces', 'bwrap: Creating new namespace failed: Operation not permitted', noSysctl, 0, /Creating new namespace failed/, null, /container/],
  ])('%s', (_name, output, sysctl, uid, problem, sudoFix, firstFix) => {
    const d = diagnoseProbeFailure(output, sysctl, uid);
    expect(d.problem).toMatch(problem);
    expect(d.sudoFix).toEqual(sudoFix);
    expect(d.fix[0]).toMatch(firstFix);
  });
});

describe('runner start-up decisions', () => {
  const unavailable: SandboxProbeReport = {
    available: false, bwrap: { path: '/usr/bin/bwrap', version: '0.8.0' }, uid: 1001, sysctl: { ...noSysctl, apparmorRestrictUnprivilegedUserns: 1 },
    fixApplied: null, checks: [], processLimit: 'timeout-only', tools: { bwrap: '/usr/bin/bwrap', nsenter: null, socat: null, setpriv: null },
    networkProxy: false, problem: 'AppArmor blocks unprivileged user namespaces', howToFix: ['sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0'], warnings: [],
  };

  test('mode required + unavailable sandbox: a typed error that says why and how to fix it, nothing runs', async () => {
    const ws = makeWorkspace();
    const err = await createSandboxRunner({ config: config(), workspace: ws, hostEnv: {}, probe: unavailable }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SandboxUnavailableError);
    expect((err as Error).message).toMatch(/required but cannot start: AppArmor[\s\S]*How to fix:\n {2}- sudo sysctl -w kernel\.apparmor_restrict_unprivileged_userns=0/);
    cleanupAll();
  });

  test.skipIf(BWRAP === null)('a workspace that would contain the sandbox state (e.g. /tmp itself) is refused', async () => {
    const err = await createSandboxRunner({ config: config(), workspace: tmpdir(), hostEnv: { PATH: SANDBOX_PATH } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SandboxUnavailableError);
    expect((err as Error).message).toMatch(/contains the sandbox's state directory/);
  });

  test('mode off: warned, runs directly, but still with the filtered environment', async () => {
    const ws = makeWorkspace();
    const warnings: string[] = [];
    const runner = await createSandboxRunner({ config: config({ mode: 'off' }), workspace: ws, hostEnv: { PATH: SANDBOX_PATH, GITHUB_TOKEN: 'ghs_off', HOME: ws }, warn: (w) => warnings.push(w) });
    try {
      expect(runner.kind).toBe('direct');
      expect(warnings.join()).toMatch(/sandbox\.mode is off/);
      const r = await run(runner, ws, 'env');
      expect(r.output).not.toContain('ghs_off');
      expect(r.output).toContain('WARDEN_SANDBOX=off');
    } finally {
      await runner.dispose();
      cleanupAll();
    }
  });
});

describe.skipIf(BWRAP === null)(`probe on this machine ${BWRAP === null ? SKIP_REASON : ''}`, () => {
  test('reports every isolation check as enforced, and prints a readable report', async () => {
    const report = await probeSandbox({ hostEnv: { PATH: process.env.PATH ?? '' }, allowSudoFix: false });
    expect(report.problem).toBeNull();
    expect(report.available).toBe(true);
    expect(report.checks.map((c) => [c.id, c.ok])).toEqual([
      ['readonly-root', true], ['pid-namespace', true], ['network-namespace', true], ['capabilities', true], ['no-new-privs', true], ['seccomp', true], ['no-nested-userns', true], ['uts-namespace', true], ['held-start', true],
    ]);
    expect(['rlimit', 'cgroup']).toContain(report.processLimit);
    const text = formatProbeReport(report);
    expect(text).toMatch(/^Sandbox: available\n {2}bubblewrap: \d/);
    expect(text).toContain('[ok] all capabilities dropped');
    expect(text).toContain('process limit (sandbox.limits.processes):');
    expect(['cgroup-v1', 'cgroup-v2', 'rlimit']).toContain(report.memoryLimit);
    expect(text).toContain('memory limit (sandbox.limits.memory_mb):');
  });

  test('a report for a machine that cannot sandbox says how to fix it', () => {
    const text = formatProbeReport({
      available: false, bwrap: null, uid: 1001, sysctl: noSysctl, fixApplied: null, checks: [], processLimit: 'timeout-only',
      tools: { bwrap: null, nsenter: null, socat: null, setpriv: null }, networkProxy: false, problem: 'bubblewrap (bwrap) is not installed',
      howToFix: ['Install it: sudo apt-get install -y bubblewrap'], warnings: [],
    });
    expect(text).toBe('Sandbox: NOT AVAILABLE\n  bubblewrap: not installed\n  running as uid 1001\n  sysctl: kernel.apparmor_restrict_unprivileged_userns=absent, kernel.unprivileged_userns_clone=absent, user.max_user_namespaces=1000\nProblem: bubblewrap (bwrap) is not installed\nHow to fix:\n  - Install it: sudo apt-get install -y bubblewrap\n');
  });
});
