/** What `probeSandbox` found: the runner's start-up decision and `warden sandbox probe` print this. */

export interface ProbeCheck {
  id: string;
  label: string;
  ok: boolean;
  detail: string;
}

export interface ProbeTools {
  bwrap: string | null;
  nsenter: string | null;
  socat: string | null;
  setpriv: string | null;
}

export interface SandboxProbeReport {
  /** True when every required check holds: commands can run sandboxed. */
  available: boolean;
  bwrap: { path: string; version: string } | null;
  /** The runner's uid (root changes what limits apply). */
  uid: number;
  sysctl: {
    apparmorRestrictUnprivilegedUserns: number | null;
    unprivilegedUsernsClone: number | null;
    maxUserNamespaces: number | null;
  };
  /** The fix the probe applied itself (with sudo), if any. */
  fixApplied: string | null;
  /** What was verified from inside a real sandbox. */
  checks: ProbeCheck[];
  /** What bounds a fork bomb: RLIMIT_NPROC (non-root), a pids cgroup (root), or only the timeout. */
  processLimit: 'rlimit' | 'cgroup' | 'timeout-only';
  /**
   * What holds `sandbox.limits.memory_mb`: a memory cgroup for the run (v1 or v2), else RLIMIT_DATA
   * per process. Absent: not probed (treated as the rlimit).
   */
  memoryLimit?: 'cgroup-v1' | 'cgroup-v2' | 'rlimit';
  tools: ProbeTools;
  /** Whether allowed hosts can be reached (socat and nsenter present). */
  networkProxy: boolean;
  /** Whether commands may use Unix sockets (only once the host's are hidden), and what stays refused. */
  unixSockets?: { allowed: boolean; detail: string };
  /** Why the sandbox is unavailable; null when available. */
  problem: string | null;
  howToFix: string[];
  warnings: string[];
}
