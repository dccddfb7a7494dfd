/** `warden sandbox probe`: the probe report as a person reads it. Pure. */
import type { SandboxProbeReport } from './probe-types.js';

const LIMIT_TEXT: Record<SandboxProbeReport['processLimit'], string> = {
  rlimit: 'RLIMIT_NPROC inside the sandbox (counted per user namespace)',
  cgroup: 'pids cgroup (pids.max) for the run',
  'timeout-only': 'none: only the command timeout stops a fork bomb (root without a writable pids cgroup)',
};

const MEMORY_TEXT: Record<NonNullable<SandboxProbeReport['memoryLimit']>, string> = {
  'cgroup-v1': 'memory cgroup (v1: memory.limit_in_bytes, and memsw where swap is accounted) for the run\'s commands together; a kill is reported to the command',
  'cgroup-v2': 'memory cgroup (v2: memory.max, memory.swap.max 0) for the run\'s commands together; a kill is reported to the command',
  rlimit: 'RLIMIT_DATA per process (no writable memory cgroup; RLIMIT_AS would break V8)',
};

export function formatProbeReport(report: SandboxProbeReport): string {
  const lines: string[] = [];
  lines.push(`Sandbox: ${report.available ? 'available' : 'NOT AVAILABLE'}`);
  lines.push(`  bubblewrap: ${report.bwrap === null ? 'not installed' : `${report.bwrap.version} (${report.bwrap.path})`}`);
  lines.push(`  running as uid ${report.uid}${report.uid === 0 ? ' (root)' : ''}`);
  const s = report.sysctl;
  const sys = (v: number | null): string => (v === null ? 'absent' : String(v));
  lines.push(`  sysctl: kernel.apparmor_restrict_unprivileged_userns=${sys(s.apparmorRestrictUnprivilegedUserns)}, kernel.unprivileged_userns_clone=${sys(s.unprivilegedUsernsClone)}, user.max_user_namespaces=${sys(s.maxUserNamespaces)}`);
  if (report.fixApplied !== null) lines.push(`  fix applied: ${report.fixApplied}`);
  if (report.checks.length > 0) {
    lines.push('Enforced (checked from inside a real sandbox):');
    for (const c of report.checks) lines.push(`  [${c.ok ? 'ok' : 'FAIL'}] ${c.label}: ${c.detail}`);
  }
  if (report.available) {
    lines.push('Also applied to every command:');
    lines.push('  - writable: the workspace, a private /tmp and HOME=/tmp/home; protected paths stay read-only, also before they exist');
    lines.push('  - hidden: credential files (~/.ssh, ~/.config/gh, ~/.docker, cloud CLIs, RUNNER_TEMP …), /run, /var/tmp; .git/config is seen without http.extraheader');
    lines.push('  - environment: an allow-list only (no ANTHROPIC_API_KEY, GITHUB_TOKEN, ACTIONS_*, INPUT_*, policy secrets)');
    lines.push(`  - process limit (sandbox.limits.processes): ${LIMIT_TEXT[report.processLimit]}`);
    lines.push(`  - memory limit (sandbox.limits.memory_mb): ${MEMORY_TEXT[report.memoryLimit ?? 'rlimit']}`);
    lines.push('  - /tmp limit (sandbox.limits.tmp_mb): a fresh tmpfs of that size per command (bwrap --size; also /var/tmp, /dev/shm, /run), HOME kept for the run');
    if (report.unixSockets !== undefined) lines.push(`  - Unix sockets: ${report.unixSockets.detail}`);
    lines.push('  - refused by the system-call filter: io_uring, new user namespaces, 32-bit and x32 system calls' + (report.unixSockets?.allowed === true ? '' : ', Unix sockets'));
    lines.push(`  - network: none by default; allowed hosts through the runner's proxy: ${report.networkProxy ? 'available' : 'unavailable (socat/nsenter missing)'}`);
  }
  if (report.problem !== null) lines.push(`Problem: ${report.problem}`);
  if (report.howToFix.length > 0) {
    lines.push('How to fix:');
    for (const f of report.howToFix) lines.push(`  - ${f}`);
  }
  for (const w of report.warnings) lines.push(`Warning: ${w}`);
  return `${lines.join('\n')}\n`;
}
