/**
 * Temp directories a Warden process owns, and the sweep of those whose owner is gone: a SIGKILLed
 * run cannot remove its sandbox state and host-git snapshot. An owner file names the process (pid,
 * start time, boot, pid namespace, host: a reused pid has another start time); a later run removes
 * only what it can prove orphaned, and leaves alone anything it cannot judge (no owner file,
 * another pid namespace or host, no /proc, another user, a symlink).
 */
import { mkdtempSync, readFileSync, readlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { removeOwnedDir } from './owned-removal.js';
import { readRegularFile } from './safe-read.js';
import { errnoCode } from '../error-text.js';

export const OWNER_FILE = '.warden-owner';

/**
 * The names of Warden's own temp directories: a run's directory (`warden-<time>-<pid>-<hex>`,
 * src/config/run-config.ts), the sandbox's state (sandbox-session.ts), host git's private HOME
 * (src/git/git-runner.ts) and publish's checkout state (src/entry/patch-changes.ts).
 */
export function isWardenTempDirName(name: string): boolean {
  return /^warden-[0-9a-z]+-\d+-[0-9a-f]{8}$/.test(name) || /^warden-(sandbox|git|publish)-[A-Za-z0-9]{6}$/.test(name);
}

export interface Owner {
  pid: number;
  /** Field 22 of /proc/PID/stat: clock ticks after boot at which the process started. */
  start: string;
  boot: string;
  pidns: string;
  host: string;
}

/** This process as an owner record; undefined without /proc (then nothing is ever swept). */
function currentOwner(): Owner | undefined {
  try {
    const start = startTime(readFileSync('/proc/self/stat', 'utf8'));
    if (start === undefined) return undefined;
    return {
      pid: process.pid,
      start,
      boot: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
      pidns: readlinkSync('/proc/self/ns/pid'),
      host: hostname(),
    };
  } catch {
    return undefined;
  }
}

/** The start time from a /proc/PID/stat line; the command name in parentheses may hold spaces. */
function startTime(stat: string): string | undefined {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields after the name start at field 3 (state); starttime is field 22.
  const value = fields[19];
  return value !== undefined && /^\d+$/.test(value) ? value : undefined;
}

function isZombie(stat: string): boolean {
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state === 'Z' || state === 'X';
}

/** Marks a directory this process just created as its own, so a later run may sweep it once this process is gone. */
export function claimDir(dir: string): void {
  const owner = currentOwner();
  if (owner === undefined) return;
  try {
    writeFileSync(join(dir, OWNER_FILE), `${JSON.stringify(owner)}\n`, { flag: 'wx', mode: 0o600 });
  } catch {
    // Bookkeeping only: without the file the directory is never swept, and the run still removes it.
  }
}

/** A new directory `root/prefixXXXXXX` (mode 0700), owned by this process. */
export function makeOwnedTempDir(root: string, prefix: string): string {
  const dir = mkdtempSync(join(root, prefix));
  claimDir(dir);
  return dir;
}

/** Removes a directory this process owns, its owner file last: false when some of it stays for a later sweep. */
export function removeOwned(dir: string): Promise<boolean> {
  return removeOwnedDir(dir, OWNER_FILE);
}

/** What is left in the directory is the user's (outputs the transcript points into): never swept. */
export function releaseDir(dir: string): void {
  try {
    unlinkSync(join(dir, OWNER_FILE));
  } catch {
    // Already gone.
  }
}

export type OwnerState = 'alive' | 'gone' | 'unknown';

/** /proc/PID/stat's text, or that there is no such process, or that it cannot be read (hidepid). */
export type StatRead = { text: string } | 'missing' | 'unreadable';

/** Whether the recorded owner still runs, seen from `me`: pure, given how /proc/PID/stat reads. */
export function ownerState(owner: Owner, me: Owner, readStat: (pid: number) => StatRead = procStat): OwnerState {
  if (owner.host !== me.host) return 'unknown';
  // Same host, another boot: every process of that boot is gone.
  if (owner.boot !== me.boot) return 'gone';
  if (owner.pidns !== me.pidns) return 'unknown';
  if (owner.pid === me.pid) return owner.start === me.start ? 'alive' : 'gone';
  const stat = readStat(owner.pid);
  if (stat === 'missing') return 'gone';
  if (stat === 'unreadable') return 'unknown';
  const start = startTime(stat.text);
  if (start === undefined) return 'unknown';
  // Another start time: the pid was reused by a later process. A zombie is dead, only not yet reaped.
  return start === owner.start && !isZombie(stat.text) ? 'alive' : 'gone';
}

function procStat(pid: number): StatRead {
  try {
    return { text: readFileSync(`/proc/${pid}/stat`, 'utf8') };
  } catch (err) {
    return errnoCode(err) === 'ENOENT' ? 'missing' : 'unreadable';
  }
}

/**
 * Removes the directories directly under `root` whose name `isOurs` accepts and whose owner file
 * says their process is gone. Only real directories of this user (lstat: a symlink is never
 * followed), the owner file read without following a symlink; returns what was removed.
 * Asynchronous: a TMPDIR with thousands of entries must not hold up a run's first request.
 */
export async function sweepStaleDirs(root: string, isOurs: (name: string) => boolean): Promise<string[]> {
  const me = currentOwner();
  if (me === undefined) return [];
  let names: string[];
  try {
    names = await readdir(root);
  } catch {
    return [];
  }
  const uid = process.getuid?.();
  const removed: string[] = [];
  for (const name of names) {
    if (!isOurs(name)) continue;
    const dir = join(root, name);
    try {
      const st = await lstat(dir);
      if (!st.isDirectory() || (uid !== undefined && st.uid !== uid)) continue;
      const owner = readOwner(dir);
      if (owner === undefined || ownerState(owner, me) !== 'gone') continue;
      // The sandbox's processes died with their run (bwrap --die-with-parent). What they left may be
      // locked (chmod 000): opened up as it goes, the owner file last, so a failure is retried later.
      if (await removeOwnedDir(dir, OWNER_FILE)) removed.push(dir);
    } catch {
      // Vanished meanwhile (another run swept it) or unreadable: left alone.
    }
  }
  return removed;
}

/** The owner file, read without following a link or waiting on a FIFO (the directory is this user's, checked before). */
function readOwner(dir: string): Owner | undefined {
  const text = readRegularFile(join(dir, OWNER_FILE), 4096);
  if (text === null) return undefined;
  try {
    const v = JSON.parse(text) as Record<string, unknown>;
    const { pid, start, boot, pidns, host } = v;
    if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return undefined;
    if (typeof start !== 'string' || typeof boot !== 'string' || typeof pidns !== 'string' || typeof host !== 'string') return undefined;
    if (boot === '' || pidns === '') return undefined;
    return { pid, start, boot, pidns, host };
  } catch {
    return undefined;
  }
}
