/**
 * `sandbox.limits.memory_mb` as a memory cgroup for the run's commands together, beside the pids
 * cgroup (process-limit.ts). v1: a `memory` cgroup of its own (memsw too where swap is accounted),
 * which each sandbox joins in its held start; the spawner stays out (its ~40 MB would count). v2:
 * the run's pids cgroup gets `memory.max` (swap 0). The kernel's count of kills tells a command it
 * was stopped by the limit. Without a cgroup, RLIMIT_DATA per process (bwrap-args.ts; not
 * RLIMIT_AS, which V8's address-space reservations exceed at once).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { posix } from 'node:path';
import { newCgroup, ownCgroupPaths, type PidsCgroup } from './process-limit.js';

export interface MemoryCgroup {
  readonly dir: string;
  readonly version: 'v1' | 'v2';
  /**
   * The file a held sandbox is moved into the cgroup through; null where the spawner is in it
   * already (v2: the run's one cgroup), so every sandbox is born inside.
   */
  readonly procsFile: string | null;
  /** Processes the kernel has killed for the limit so far. */
  oomKills(): number;
  killAll(): void;
  /** Removes it (v1; in v2 it is the pids cgroup, which the run removes). */
  remove(): Promise<void>;
}

/** `oom_kill N` from `memory.oom_control` (v1) or `memory.events` (v2); 0 when unreadable. */
export function oomKillCount(text: string): number {
  const m = /^oom_kill (\d+)$/m.exec(text);
  return m === null ? 0 : Number(m[1]);
}

function readCount(file: string): number {
  try {
    return oomKillCount(readFileSync(file, 'utf8'));
  } catch {
    return 0;
  }
}

/**
 * The run's memory cgroup with a limit of `bytes`, or null where none can be made. `pids`: the
 * run's pids cgroup, which on cgroup v2 is where the limit goes.
 */
export function createMemoryCgroup(name: string, bytes: number, pids: PidsCgroup | null, root = '/sys/fs/cgroup'): MemoryCgroup | null {
  return v1Memory(name, bytes, root) ?? (pids === null ? null : v2Memory(pids, bytes, root));
}

function v1Memory(name: string, bytes: number, root: string): MemoryCgroup | null {
  const own = ownCgroupPaths('memory').v1;
  // memsw after the memory limit: the kernel refuses a memsw limit below it.
  const cgroup = own === null ? null : newCgroup(posix.join(root, 'memory', own, name), [['memory.limit_in_bytes', String(bytes)], ['memory.memsw.limit_in_bytes', String(bytes), true]]);
  if (cgroup === null) return null;
  return {
    dir: cgroup.dir, version: 'v1', procsFile: cgroup.procsFile,
    oomKills: () => readCount(posix.join(cgroup.dir, 'memory.oom_control')),
    killAll: () => cgroup.killAll(),
    remove: () => cgroup.remove(),
  };
}

function v2Memory(pids: PidsCgroup, bytes: number, root: string): MemoryCgroup | null {
  // A v1 pids hierarchy has no memory files; only a v2 cgroup can hold both.
  if (pids.dir.startsWith(`${posix.join(root, 'pids')}/`)) return null;
  const max = posix.join(pids.dir, 'memory.max');
  if (!existsSync(max)) return null; // the memory controller is not enabled for it
  try {
    writeFileSync(max, String(bytes));
    const swap = posix.join(pids.dir, 'memory.swap.max');
    if (existsSync(swap)) writeFileSync(swap, '0');
  } catch {
    return null;
  }
  return {
    dir: pids.dir, version: 'v2', procsFile: null,
    oomKills: () => readCount(posix.join(pids.dir, 'memory.events')),
    killAll: () => undefined,
    remove: () => Promise.resolve(),
  };
}
