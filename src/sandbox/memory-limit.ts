/**
 * The memory limit (`sandbox.limits.memory_mb`): a memory cgroup for the run's commands, where the
 * runner can make one, made the way the pids cgroup is (process-limit.ts), beside it.
 *  - cgroup v1 (a `memory` hierarchy of its own): `<our memory cgroup>/<run>` with
 *    `memory.limit_in_bytes`, and `memory.memsw.limit_in_bytes` at the same value where swap is
 *    accounted (so swap is no way round it). The spawner is not in it (its ~40 MB would count):
 *    every sandbox joins it in its held start, before anything in it runs.
 *  - cgroup v2 (one hierarchy): the run's pids cgroup gets `memory.max` (and `memory.swap.max` 0).
 *    The spawner is in it already, so every sandbox is born inside; the spawner's own memory counts.
 * Where the kernel kills for it, it counts the kill (`oom_kill` in v1's `memory.oom_control`, v2's
 * `memory.events`): that is how a command learns it was stopped by the limit, not by guessing from
 * exit code 137. Without a writable cgroup, the sandbox's shell sets RLIMIT_DATA instead
 * (bwrap-args.ts): per process, not for the run, and not RLIMIT_AS, which V8's address-space
 * reservations exceed at once.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { posix } from 'node:path';
import { makeCgroup, ownCgroupPaths, type PidsCgroup } from './process-limit.js';

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
  if (own === null) return null;
  const dir = posix.join(root, 'memory', own, name);
  try {
    mkdirSync(dir);
  } catch {
    return null;
  }
  try {
    writeFileSync(posix.join(dir, 'memory.limit_in_bytes'), String(bytes));
    // After the memory limit: the kernel refuses a memsw limit below it.
    const memsw = posix.join(dir, 'memory.memsw.limit_in_bytes');
    if (existsSync(memsw)) writeFileSync(memsw, String(bytes));
  } catch {
    try {
      rmdirSync(dir);
    } catch {
      // Leave it; it is empty.
    }
    return null;
  }
  const cgroup = makeCgroup(dir);
  return {
    dir, version: 'v1', procsFile: cgroup.procsFile,
    oomKills: () => readCount(posix.join(dir, 'memory.oom_control')),
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
