/**
 * `sandbox.limits`: the bounds every command's sandbox gets, with their defaults, and what a
 * command stopped by one is told after its output. The kernel holds them (memory-limit.ts,
 * process-limit.ts, the sized tmpfs in bwrap-args.ts).
 */
import { statfsSync } from 'node:fs';
import type { SandboxLimits } from '../config/index.js';
import type { MemoryCgroup } from './memory-limit.js';

export interface ResolvedLimits {
  /** MiB for the run's commands together (memory cgroup), or per process (RLIMIT_DATA) without one. */
  memoryMb: number;
  /** MiB of each command's /tmp and the other fresh tmpfs (/var/tmp, /dev/shm, /run). */
  tmpMb: number;
  /** Processes at once (pids cgroup for the run, RLIMIT_NPROC per command). */
  processes: number;
}

export const DEFAULT_PROCESSES = 4096;
/** A few GiB of /tmp, never more than a quarter of the machine's memory (a tmpfs lives in memory). */
const DEFAULT_TMP_MAX_MB = 4096;
const MIB = 1024 * 1024;

/** The policy's limits over the defaults: half the machine's memory, a quarter of it (at most 4 GiB) for /tmp, 4096 processes. */
export function resolveLimits(policy: SandboxLimits | undefined, totalMemBytes: number): ResolvedLimits {
  const totalMb = Math.max(64, Math.floor(totalMemBytes / MIB));
  return {
    memoryMb: policy?.memoryMb ?? Math.floor(totalMb / 2),
    tmpMb: policy?.tmpMb ?? Math.min(DEFAULT_TMP_MAX_MB, Math.floor(totalMb / 4)),
    processes: policy?.processes ?? DEFAULT_PROCESSES,
  };
}

export const mib = (mb: number): number => mb * MIB;

/** What the model reads when the kernel killed a process for the memory limit while its command ran. */
export function memoryKilledNote(memoryMb: number, alone: boolean): string {
  const who = alone ? 'a process of this command' : 'a process of this command or of one running beside it (they share the limit)';
  return `warden sandbox: killed: memory limit ${memoryMb} MB (sandbox.limits.memory_mb): the kernel killed ${who} when the run's commands reached it; use less memory (smaller inputs, fewer parallel jobs) or raise sandbox.limits.memory_mb in the policy`;
}

/** What the model reads when its command ran out of space and /tmp (a sized tmpfs) is the likely place. */
export function tmpFullNote(tmpMb: number): string {
  return `warden sandbox: /tmp is full: tmp_mb ${tmpMb} (sandbox.limits.tmp_mb); each command gets a fresh /tmp of that size (also /var/tmp, /dev/shm): write large files into the workspace instead, or raise sandbox.limits.tmp_mb in the policy`;
}

const NO_SPACE = /No space left on device|\bENOSPC\b/;

/**
 * Whether a command's "no space" is plausibly its /tmp: it said so, and the workspace's own file
 * system still has room (were the runner's disk full, that would be the cause, not tmp_mb).
 */
export function tmpFullPlausible(output: string, workspaceFreeBytes: number | null, tmpMb: number): boolean {
  if (!NO_SPACE.test(output)) return false;
  return workspaceFreeBytes === null || workspaceFreeBytes > mib(Math.min(tmpMb, 64));
}

export interface LimitWatch {
  /** The command has ended: its count of kills is taken now. */
  end(): void;
  /** The notes for its result, from its output. */
  notes(output: string): string[];
}

/** One watch per command. The memory cgroup is the run's: a command that ran beside another is told the limit is shared. */
export function limitWatcher(opts: { memory: MemoryCgroup | null; limits: Pick<ResolvedLimits, 'memoryMb' | 'tmpMb'>; workspace: string }): () => LimitWatch {
  // Commands running now, each marked once another ran beside it.
  const running = new Set<{ shared: boolean }>();
  return () => {
    const me = { shared: running.size > 0 };
    for (const other of running) other.shared = true;
    running.add(me);
    const killsBefore = opts.memory?.oomKills() ?? 0;
    let kills = 0;
    return {
      end(): void {
        kills = (opts.memory?.oomKills() ?? 0) - killsBefore;
        running.delete(me);
      },
      notes(output: string): string[] {
        const notes: string[] = [];
        if (kills > 0) notes.push(memoryKilledNote(opts.limits.memoryMb, !me.shared));
        if (tmpFullPlausible(output, freeBytes(opts.workspace), opts.limits.tmpMb)) notes.push(tmpFullNote(opts.limits.tmpMb));
        return notes;
      },
    };
  };
}

function freeBytes(path: string): number | null {
  try {
    const s = statfsSync(path);
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}

/** The notes after the command's output, where the model reads last. */
export function withNotes(output: string, notes: readonly string[]): string {
  if (notes.length === 0) return output;
  return `${output}${output === '' || output.endsWith('\n') ? '' : '\n'}${notes.join('\n')}\n`;
}
