/** Finding the sandboxes a runner has prepared (src/sandbox/prepared-sandbox.ts), from the host's /proc. */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { HANG_GUARD_MS } from '../support/wait-for.js';
import { sleep } from './sandbox-fixture.js';

/** What a command prints to say which sandbox ran it: its PID namespace. */
export const NS = 'readlink /proc/self/ns/pid';

export const cmdline = (pid: number | string): string[] => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
};

/** A process's parent and start time (clock ticks since boot), from /proc/<pid>/stat. */
const statOf = (pid: number | string): { ppid: number; started: number } => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(fields[1]), started: Number(fields[19]) };
};

/**
 * The shells of the sandboxes prepared for `ws`, waiting for their command, oldest first (the
 * next command takes the oldest): a `bash -c` running the waiting prelude, in a bwrap whose mounts
 * name `ws`, that still holds the command pipe (fd 6, a socket pair as Node makes them: it closes
 * it once it has read the command, before the command runs). Oldest by when the runner started
 * its bwrap (the sandbox's pid 1's parent), not by when its shell started: under load a sandbox
 * started later can finish setting up first.
 */
export function waitingShells(ws: string): Array<{ pid: number; ns: string }> {
  const found: Array<{ pid: number; ns: string; started: number; launcher: number }> = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const argv = cmdline(name);
    if (argv[0] !== 'bash' || argv[1] !== '-c' || !(argv[2] ?? '').includes('__warden_command')) continue;
    try {
      const init = statOf(name).ppid;
      if (!cmdline(init).includes(ws)) continue;
      if (!/^(pipe|socket):/.test(readlinkSync(`/proc/${name}/fd/6`))) continue;
      const launcher = statOf(init).ppid;
      found.push({ pid: Number(name), ns: readlinkSync(`/proc/${name}/ns/pid`), started: statOf(launcher).started, launcher });
    } catch {
      continue; // it has read its command, or exited meanwhile
    }
  }
  return found.sort((x, y) => x.started - y.started || x.launcher - y.launcher).map(({ pid, ns }) => ({ pid, ns }));
}

/**
 * The sandboxes prepared for `ws` once there are `count` (the stock is two) and the stock has
 * settled (the same ones for a while: after a command the runner drops the stale ones 15 ms on
 * and prepares others), oldest first.
 */
export async function preparedAll(ws: string, count = 2): Promise<Array<{ pid: number; ns: string }>> {
  let last = '';
  // The bound is a hang guard: under load a sandbox can take many seconds to be set up.
  for (let i = 0; i < HANG_GUARD_MS / 50; i++) {
    const found = waitingShells(ws);
    const now = found.map((w) => w.ns).join(' ');
    if (found.length >= count && now === last) return found;
    last = found.length >= count ? now : '';
    await sleep(found.length >= count ? 250 : 50);
  }
  throw new Error(`fewer than ${count} sandboxes were prepared for ${ws}, or they kept changing`);
}
