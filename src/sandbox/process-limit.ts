/**
 * The process-count limit that bounds a fork bomb: RLIMIT_NPROC inside the sandbox (counted per
 * user namespace, but never enforced for uid 0), else, for a root runner, a pids cgroup
 * (`pids.max`), which needs a writable cgroup tree. The probe reports which holds.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { posix } from 'node:path';

export interface PidsCgroup {
  readonly dir: string;
  /** The file a process is moved into the cgroup through (the spawner writes the held sandbox's pid there). */
  readonly procsFile: string;
  /** Moves a process (bwrap's sandbox child, held before it starts anything) into the cgroup. */
  join(pid: number): void;
  /** Kills every process in the cgroup (end of run). */
  killAll(): void;
  /** Removes the cgroup once it is empty (killed processes take a moment to leave it). */
  remove(): Promise<void>;
}

/** This process's cgroup in the v1 hierarchy of `controller` and in the v2 one (memory-limit.ts uses it too). */
export function ownCgroupPaths(controller = 'pids'): { v1: string | null; v2: string | null } {
  let v1: string | null = null;
  let v2: string | null = null;
  try {
    for (const line of readFileSync('/proc/self/cgroup', 'utf8').split('\n')) {
      const [, controllers, path] = line.split(':');
      if (controllers === undefined || path === undefined) continue;
      if (controllers.split(',').includes(controller)) v1 = path;
      if (controllers === '' && line.startsWith('0::')) v2 = path;
    }
  } catch {
    // No /proc/self/cgroup.
  }
  return { v1, v2 };
}

/** Creates `<our cgroup>/<name>` with `pids.max`; null when no writable pids hierarchy is available. */
export function createPidsCgroup(name: string, max: number, root = '/sys/fs/cgroup'): PidsCgroup | null {
  const own = ownCgroupPaths();
  const candidates: string[] = [];
  if (own.v1 !== null) candidates.push(posix.join(root, 'pids', own.v1, name));
  if (own.v2 !== null) candidates.push(posix.join(root, own.v2, name), posix.join(root, name));
  for (const dir of candidates) {
    const cgroup = newCgroup(dir, [['pids.max', String(max)]]);
    if (cgroup !== null) return cgroup;
  }
  return null;
}

/**
 * Makes the cgroup `dir` with these settings (a file the kernel does not offer there cannot be
 * written: its controller is not enabled); `optional` ones only where offered. Null, and nothing
 * left behind, when it cannot.
 */
export function newCgroup(dir: string, settings: Array<[file: string, value: string, optional?: true]>): PidsCgroup | null {
  try {
    mkdirSync(dir);
  } catch {
    return null;
  }
  try {
    for (const [file, value, optional] of settings) {
      if (optional !== true || existsSync(posix.join(dir, file))) writeFileSync(posix.join(dir, file), value);
    }
    return makeCgroup(dir);
  } catch {
    try {
      rmdirSync(dir);
    } catch {
      // Leave it; it is empty.
    }
    return null;
  }
}

/**
 * The pids a `cgroup.procs` text lists, to be killed: never 0 (`kill(0)` is this process's own
 * group) nor anything but a pid, and never this process.
 */
export function cgroupMembers(text: string): number[] {
  return text.split('\n').filter((l) => /^[1-9]\d*$/.test(l)).map(Number).filter((pid) => pid !== process.pid);
}

/** Join, kill and remove for a cgroup directory of ours (the memory cgroup uses it too). */
export function makeCgroup(dir: string): PidsCgroup {
  const procs = (): number[] => {
    try {
      return cgroupMembers(readFileSync(posix.join(dir, 'cgroup.procs'), 'utf8'));
    } catch {
      return [];
    }
  };
  return {
    dir,
    procsFile: posix.join(dir, 'cgroup.procs'),
    join(pid: number): void {
      writeFileSync(posix.join(dir, 'cgroup.procs'), String(pid));
    },
    killAll(): void {
      // A fork bomb keeps forking while we kill; a few rounds empty it (pids.max bounds each round).
      for (let round = 0; round < 20; round++) {
        const pids = procs();
        if (pids.length === 0) return;
        for (const pid of pids) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // Gone.
          }
        }
      }
    },
    async remove(): Promise<void> {
      for (let attempt = 0; attempt < 40; attempt++) {
        try {
          rmdirSync(dir);
          return;
        } catch {
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      // Still busy after 2 s: leave the empty-to-be cgroup rather than block the run's end.
    },
  };
}
