/**
 * The pids (and v1 memory) cgroups of runs that were killed. A run removes its cgroup when it ends (process-limit.ts);
 * a SIGKILLed one cannot, and `/sys/fs/cgroup/.../warden-sandbox-*` stayed forever. A cgroup
 * directory cannot hold a file of ours, so the sandbox's state directory records which cgroup it
 * made (`.warden-cgroup`, beside the owner file, out of the commands' reach: they only see the
 * state's `tmp/`), and the sweep of a dead run's state (owned-dirs.ts) removes that cgroup first.
 * Only a cgroup named like that state directory, under the cgroup root, and only once its run is
 * provably gone; the state directory stays (owner file and all) until its cgroup is gone, so a
 * cgroup that cannot be removed yet is tried again by the next sweep.
 *
 * Processes still in a dead run's cgroup are killed first. Normally there are none (bwrap
 * --die-with-parent, and the sandbox's pid namespace dies with its first process), but any that
 * survived belong to a run that no longer exists: nothing reads their output, and they may still
 * write a workspace a later run checks out. A service manager does the same when a unit stops
 * (systemd's KillMode=control-group), and a container runtime when a container is deleted: the
 * cgroup outlives its owner, so its processes go with it. An empty cgroup cannot be removed while
 * it has members, so leaving them would also leave the cgroup.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { lstat, readFile, rmdir, writeFile } from 'node:fs/promises';
import { posix } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { cgroupMembers } from './process-limit.js';
import { readOwnSmallFile } from './safe-read.js';

export const CGROUP_RECORD = '.warden-cgroup';
/** The run's memory cgroup where it is a cgroup of its own (cgroup v1's memory hierarchy, memory-limit.ts). */
export const MEMORY_CGROUP_RECORD = '.warden-cgroup-memory';
export const CGROUP_ROOT = '/sys/fs/cgroup';

/** Records the cgroup a sandbox's state directory goes with. Bookkeeping: without it the cgroup is only removed by its own run. */
export function recordCgroup(stateDir: string, cgroupDir: string, record = CGROUP_RECORD): void {
  try {
    writeFileSync(posix.join(stateDir, record), `${cgroupDir}\n`, { flag: 'wx', mode: 0o600 });
  } catch {
    // As for the owner file: the run still removes its cgroup when it ends.
  }
}

/**
 * The cgroup a record names, if Warden could have made it for the state directory `stateName`:
 * an absolute, normalised path under `root` whose last component is `stateName` (a
 * `warden-sandbox-XXXXXX` name). Anything else is not judged ours and is left alone. Pure.
 */
export function recordedCgroup(text: string, stateName: string, root = CGROUP_ROOT): string | undefined {
  const path = text.endsWith('\n') ? text.slice(0, -1) : text;
  if (!/^warden-sandbox-[A-Za-z0-9]{6}$/.test(stateName)) return undefined;
  if (path.includes('\n') || path.includes('\0') || !path.startsWith(`${root}/`)) return undefined;
  if (posix.normalize(path) !== path || posix.basename(path) !== stateName) return undefined;
  return path;
}

const members = async (dir: string): Promise<number[]> => {
  try {
    return cgroupMembers(await readFile(posix.join(dir, 'cgroup.procs'), 'utf8'));
  } catch {
    return [];
  }
};

/** Kills what is left in the cgroup: `cgroup.kill` where the kernel has it (v2, 5.14+), else SIGKILL by pid, a few rounds. */
async function killMembers(dir: string): Promise<void> {
  try {
    await writeFile(posix.join(dir, 'cgroup.kill'), '1');
    return;
  } catch {
    // cgroup v1, or an older kernel.
  }
  for (let round = 0; round < 20; round++) {
    const pids = await members(dir);
    if (pids.length === 0) return;
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone.
      }
    }
  }
}

/**
 * Removes the cgroup recorded in a dead run's state directory. True when there is nothing (left)
 * to remove: no record, a record not judged ours, or the cgroup gone; false while it is still
 * there, and then the state directory is kept for a later sweep.
 */
export async function sweepRecordedCgroup(stateDir: string, root = CGROUP_ROOT): Promise<boolean> {
  let gone = true;
  for (const record of [CGROUP_RECORD, MEMORY_CGROUP_RECORD]) if (!(await sweepOne(stateDir, record, root))) gone = false;
  return gone;
}

async function sweepOne(stateDir: string, record: string, root: string): Promise<boolean> {
  const text = await readOwnSmallFile(posix.join(stateDir, record));
  if (text === undefined) return true;
  const dir = recordedCgroup(text, posix.basename(stateDir), root);
  if (dir === undefined) return true;
  try {
    if (!(await lstat(dir)).isDirectory()) return true;
  } catch {
    return true;
  }
  await killMembers(dir);
  // Killed processes take a moment to leave the cgroup.
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      await rmdir(dir);
      return true;
    } catch {
      if (!existsSync(dir)) return true;
      await sleep(50);
    }
  }
  return false;
}
