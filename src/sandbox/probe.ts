/**
 * Start-up probe: can this machine run the sandbox, and what does it enforce? It runs one real
 * sandboxed command with exactly the flags every command gets and checks, from inside, what holds.
 * On Ubuntu 23.10+/24.04 (GitHub's ubuntu-24.04 runners) AppArmor blocks unprivileged user
 * namespaces; with `allowSudoFix` (only the action sets it, while sudo still works) the documented
 * sysctl is applied and the probe retried, and the report says so.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { posix } from 'node:path';
import type { ProbeCheck, ProbeTools, SandboxProbeReport } from './probe-types.js';
import { findTool, runCapture, writeSeccompFile } from './sandbox-tools.js';
import { buildBwrapArgs, sandboxShellCommand, type BwrapSpec } from './bwrap-args.js';
import { FD_INFO, FD_USERNS_BLOCK } from './held-start.js';
import { createSpawner, type Spawner } from './spawner.js';
import { createPidsCgroup } from './process-limit.js';
import { createMemoryCgroup } from './memory-limit.js';
import { mib } from './resource-limits.js';
import type { HostEnv } from './sandbox-env.js';
import { seccompArchFor } from './seccomp-filter.js';
import { readHostSockets, type HostSocketView } from './host-sockets.js';
import { hintText, sandboxOffHint } from './policy-hints.js';

export type { ProbeCheck, SandboxProbeReport } from './probe-types.js';

export interface ProbeOptions {
  hostEnv: HostEnv;
  /** Apply the AppArmor / userns sysctl fix with sudo when that is what blocks bwrap. */
  allowSudoFix: boolean;
  /** Where temporary probe directories go (default: the OS temp dir). */
  tmpRoot?: string;
}

const INSIDE = [
  'while read -r k v _; do case "$k" in CapEff:) echo "caps=$v";; NoNewPrivs:) echo "nnp=$v";; Seccomp:) echo "seccomp=$v";; esac; done < /proc/self/status',
  'echo "pid=$$"',
  'n=0; while read -r _l; do n=$((n+1)); done < /proc/net/dev; echo "ifaces=$((n-2))"',
  'if : > /etc/.warden-probe 2>/dev/null; then echo rootfs=rw; else echo rootfs=ro; fi',
  'echo "host=$(< /proc/sys/kernel/hostname)"',
  'if unshare -U true 2>/dev/null; then echo nestedns=allowed; else echo nestedns=refused; fi',
].join('\n');

function readSysctl(path: string): number | null {
  try {
    return Number(readFileSync(path, 'utf8').trim());
  } catch {
    return null;
  }
}

function trialSpec(dir: string, command: string, held: boolean): BwrapSpec {
  return {
    workspace: dir, privateTmp: dir, cwd: dir, tmpfs: [], workspaceAccess: 'write', mounts: [], masks: [],
    env: { PATH: '/usr/local/bin:/usr/bin:/bin' }, seccompFd: 3,
    bridge: held ? { infoFd: FD_INFO, userNsBlockFd: FD_USERNS_BLOCK } : null,
    hostname: 'warden-probe', command: sandboxShellCommand(command, 64),
  };
}

/**
 * One real sandbox with every command's flags, started as commands are (the spawner): `INSIDE`
 * reports what holds, or (held) only that the held start the network bridge and the pids cgroup
 * rely on works.
 */
async function trial(spawner: Spawner, bwrap: string, tmpRoot: string, held = false): Promise<{ ok: boolean; output: string; values: Map<string, string> }> {
  const dir = mkdtempSync(posix.join(tmpRoot, 'warden-probe-'));
  const values = new Map<string, string>();
  try {
    const arch = seccompArchFor(process.arch);
    if (arch === null) return { ok: false, output: `no seccomp syscall table for ${process.arch}`, values };
    const r = await spawner.run({
      file: bwrap, args: buildBwrapArgs(trialSpec(dir, held ? 'echo pid=held' : INSIDE, held)), cwd: '/', env: {}, seccompFile: writeSeccompFile(dir, arch),
      timeoutMs: 15_000, signal: new AbortController().signal, maxOutputChars: 64_000, ...(held ? { held: { cgroupProcs: [], beforeRelease: null } } : {}),
    });
    for (const line of r.output.split('\n')) {
      const m = /^(\w+)=(.*)$/.exec(line);
      if (m?.[1] !== undefined && m[2] !== undefined) values.set(m[1], m[2]);
    }
    return { ok: r.exitCode === 0 && values.has('pid'), output: r.heldError ?? r.output, values };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function checksFrom(values: Map<string, string>): ProbeCheck[] {
  const v = (k: string): string => values.get(k) ?? '?';
  return [
    { id: 'readonly-root', label: 'read-only root filesystem', ok: v('rootfs') === 'ro', detail: `write to /etc: ${v('rootfs') === 'ro' ? 'refused' : 'allowed'}` },
    { id: 'pid-namespace', label: 'own PID namespace and /proc', ok: Number(v('pid')) < 10, detail: `command pid ${v('pid')}` },
    { id: 'network-namespace', label: 'own network namespace (loopback only)', ok: v('ifaces') === '1', detail: `${v('ifaces')} interface(s)` },
    { id: 'capabilities', label: 'all capabilities dropped', ok: /^0+$/.test(v('caps')), detail: `CapEff ${v('caps')}` },
    { id: 'no-new-privs', label: 'no_new_privs', ok: v('nnp') === '1', detail: `NoNewPrivs ${v('nnp')}` },
    { id: 'seccomp', label: 'seccomp filter (no io_uring, no nested user namespaces, no other ABIs)', ok: v('seccomp') === '2', detail: `Seccomp mode ${v('seccomp')}` },
    { id: 'no-nested-userns', label: 'no nested user namespaces', ok: v('nestedns') === 'refused', detail: `unshare -U: ${v('nestedns')}` },
    { id: 'uts-namespace', label: 'own hostname (UTS namespace)', ok: v('host') === 'warden-probe', detail: `hostname ${v('host')}` },
  ];
}

export interface Diagnosis {
  problem: string;
  fix: string[];
  sudoFix: string[] | null;
}

export function diagnoseProbeFailure(output: string, sysctl: SandboxProbeReport['sysctl'], uid: number): Diagnosis {
  const sudo = uid === 0 ? '' : 'sudo ';
  if (sysctl.apparmorRestrictUnprivilegedUserns === 1) {
    return {
      problem: 'AppArmor blocks unprivileged user namespaces (kernel.apparmor_restrict_unprivileged_userns=1, the Ubuntu 23.10+/24.04 default), so bubblewrap cannot create the sandbox',
      fix: [
        `Run before Warden: ${sudo}sysctl -w kernel.apparmor_restrict_unprivileged_userns=0 (the Warden action does this itself while sudo is available)`,
        'or install an AppArmor profile that grants "userns" to /usr/bin/bwrap (Ubuntu: the bwrap-userns-restrict profile from apparmor-profiles)',
      ],
      sudoFix: ['kernel.apparmor_restrict_unprivileged_userns=0'],
    };
  }
  if (sysctl.unprivilegedUsernsClone === 0) {
    return { problem: 'unprivileged user namespaces are disabled (kernel.unprivileged_userns_clone=0)', fix: [`Run before Warden: ${sudo}sysctl -w kernel.unprivileged_userns_clone=1`], sudoFix: ['kernel.unprivileged_userns_clone=1'] };
  }
  if (sysctl.maxUserNamespaces === 0) {
    return { problem: 'user namespaces are disabled (user.max_user_namespaces=0)', fix: [`Run before Warden: ${sudo}sysctl -w user.max_user_namespaces=15000`], sudoFix: ['user.max_user_namespaces=15000'] };
  }
  const firstLine = output.trim().split('\n').find((l) => l.startsWith('bwrap:')) ?? output.trim().split('\n')[0] ?? '';
  return {
    problem: `bubblewrap could not create the sandbox: ${firstLine}`,
    fix: [
      'Inside a container, bwrap needs namespaces the container runtime usually forbids: run the job on the VM, or start the container with --security-opt seccomp=unconfined --security-opt apparmor=unconfined',
      'Check that unprivileged user namespaces work: bwrap --unshare-user --unshare-net --ro-bind / / --proc /proc --dev /dev true',
    ],
    sudoFix: null,
  };
}

export async function probeSandbox(opts: ProbeOptions): Promise<SandboxProbeReport> {
  const spawner = createSpawner();
  try {
    return await probe(opts, spawner);
  } finally {
    await spawner.close();
  }
}

async function probe(opts: ProbeOptions, spawner: Spawner): Promise<SandboxProbeReport> {
  const tmpRoot = opts.tmpRoot ?? tmpdir();
  const uid = process.getuid?.() ?? -1;
  const path = opts.hostEnv.PATH ?? '';
  const tools: ProbeTools = { bwrap: findTool('bwrap', path), nsenter: findTool('nsenter', path), socat: findTool('socat', path), setpriv: findTool('setpriv', path) };
  const sysctl = {
    apparmorRestrictUnprivilegedUserns: readSysctl('/proc/sys/kernel/apparmor_restrict_unprivileged_userns'),
    unprivilegedUsernsClone: readSysctl('/proc/sys/kernel/unprivileged_userns_clone'),
    maxUserNamespaces: readSysctl('/proc/sys/user/max_user_namespaces'),
  };
  const report: SandboxProbeReport = {
    available: false, bwrap: null, uid, sysctl, fixApplied: null, checks: [], processLimit: 'timeout-only', tools,
    networkProxy: tools.nsenter !== null && tools.socat !== null, problem: null, howToFix: [], warnings: [],
  };
  if (tools.nsenter === null || tools.socat === null) {
    report.warnings.push('socat or nsenter is missing: commands cannot reach allowed hosts (sandbox.network.allow). Install them: sudo apt-get install -y socat util-linux');
  }
  if (tools.bwrap === null) {
    report.problem = 'bubblewrap (bwrap) is not installed';
    report.howToFix = ['Install it: sudo apt-get install -y bubblewrap (add it to the runner image for self-hosted runners)'];
    return report;
  }
  const version = await runCapture(tools.bwrap, ['--version'], { timeoutMs: 5_000 });
  report.bwrap = { path: tools.bwrap, version: version.output.trim().replace(/^bubblewrap\s*/, '') };

  let attempt = await trial(spawner, tools.bwrap, tmpRoot);
  if (!attempt.ok) {
    const diagnosis = diagnoseProbeFailure(attempt.output, sysctl, uid);
    if (opts.allowSudoFix && diagnosis.sudoFix !== null) {
      const sysctlBin = findTool('sysctl', `${path}:/usr/sbin:/sbin`);
      const sudoBin = uid === 0 ? null : findTool('sudo', path);
      if (sysctlBin !== null && (uid === 0 || sudoBin !== null)) {
        const [file, pre] = sudoBin === null ? [sysctlBin, []] : [sudoBin, ['-n', sysctlBin]];
        const fixed = await runCapture(file, [...pre, '-w', ...diagnosis.sudoFix], { timeoutMs: 10_000 });
        if (fixed.code === 0) {
          report.fixApplied = `${uid === 0 ? '' : 'sudo '}sysctl -w ${diagnosis.sudoFix.join(' ')}`;
          attempt = await trial(spawner, tools.bwrap, tmpRoot);
        } else {
          report.warnings.push(`tried "${report.fixApplied ?? `sysctl -w ${diagnosis.sudoFix.join(' ')}`}" and it failed: ${fixed.output.trim()}`);
        }
      }
    }
    if (!attempt.ok) {
      report.problem = diagnosis.problem;
      report.howToFix = [...diagnosis.fix, hintText(sandboxOffHint(), 'Or opt out explicitly (commands then run unconfined on the runner): set sandbox.mode')];
      return report;
    }
  }
  report.checks = checksFrom(attempt.values);
  const failed = report.checks.filter((c) => !c.ok);
  if (failed.length > 0) {
    report.problem = `the sandbox started but does not enforce: ${failed.map((c) => `${c.label} (${c.detail})`).join('; ')}`;
    report.howToFix = ['This bubblewrap build or kernel does not support the isolation Warden needs; use bubblewrap >= 0.8 on Linux >= 5.x'];
    return report;
  }
  const trialHeld = await trial(spawner, tools.bwrap, tmpRoot, true);
  const held = { ok: trialHeld.ok, detail: trialHeld.ok ? 'id maps written by the spawner' : (trialHeld.output.trim().split('\n')[0] ?? 'failed') };
  report.checks.push({ id: 'held-start', label: 'held start (network bridge, pids cgroup)', ok: held.ok, detail: held.detail });
  if (!held.ok) {
    report.networkProxy = false;
    report.warnings.push(`the runner cannot prepare a sandbox before it starts (${held.detail}): allowed hosts are unreachable and, as root, no pids cgroup`);
  }
  const cg = uid === 0 && held.ok ? createPidsCgroup(`warden-probe-${process.pid}`, 64) : null;
  if (uid !== 0) report.processLimit = 'rlimit';
  else if (held.ok) {
    if (cg !== null) report.processLimit = 'cgroup';
    else report.warnings.push('running as root without a writable pids cgroup: a fork bomb is bounded only by the command timeout (RLIMIT_NPROC does not apply to root)');
  }
  // The memory cgroup is joined in the held start (v1) or is the pids one (v2): either needs both.
  const mem = held.ok ? createMemoryCgroup(`warden-probe-${process.pid}`, mib(64), cg) : null;
  report.memoryLimit = mem === null ? 'rlimit' : `cgroup-${mem.version}`;
  if (mem === null) report.warnings.push('no writable memory cgroup: sandbox.limits.memory_mb holds per process (RLIMIT_DATA), not for the run\'s commands together');
  await mem?.remove();
  await cg?.remove();
  report.unixSockets = unixSocketPolicy(readHostSockets());
  report.available = true;
  return report;
}

/** What the session will do about Unix sockets (sandbox-session.ts, host-sockets.ts), for the report. */
export function unixSocketPolicy(view: HostSocketView): NonNullable<SandboxProbeReport['unixSockets']> {
  if (!view.readable) return { allowed: false, detail: `refused: ${view.why}, so the host's sockets cannot be found and hidden` };
  const unplaced = view.relative === 0 ? '' : `; ${view.relative} bound to a relative path cannot be placed (not hidden unless in the workspace or a replaced directory)`;
  return { allowed: true, detail: `allowed; the host's are hidden (/run, /tmp, /var/tmp, /dev/shm replaced; of the ${view.paths.length} path(s) the host's network namespace has bound, those elsewhere masked; socket files in the workspace masked before each command)${unplaced}` };
}
