/**
 * Pre-started sandboxes. Every command still gets a sandbox of its own, set up from a mount plan of
 * its own; what changes is when: bubblewrap's set-up (namespaces, root, /dev, /proc, the masks and
 * the workspace's mounts, ~9 ms) is done ahead — while the model thinks, and while a command runs
 * for the one after it — and the sandbox's shell waits for its command on a pipe
 * (`sandboxWaitingShell`). Two are kept ready (`stock`), so the second of two commands in a row,
 * or of two run together, finds one too. A command that finds none set up because the commands
 * just before it took them all (three or more in a row, or run together) raises that by one, up
 * to `maxStock`, so that the run's next burst of as many finds one each; a stock a write emptied
 * raises nothing. When a command comes, the runner plans its mounts exactly as it would for a
 * fresh sandbox, and hands the command to a waiting one only if it is provably the sandbox it
 * would start now:
 * - no Write or Edit happened since it was planned (workspace-write.ts bumps a generation, which
 *   discards every one at once: the cheap layer);
 * - the plan made now is the plan it was started from, with the same device and inode at every
 *   path it mounts, the workspace, the working directory (and what it resolves to through
 *   symlinks) and every credential mask; the hidden or protected entries the scan found are the
 *   same (`fingerprint`);
 * - and the kernel shows it (sandbox-view.ts): its mounts in the workspace are the plan's, at their
 *   paths now — a directory renamed on the host since carries its mounts along, which shows —
 *   each showing what the host has at its source now, the credential masks in place, the working
 *   directory the same. That is what makes it safe to prepare one while a command runs, or to
 *   keep one across a command: whatever that command renamed or replaced is seen, however fast.
 * And none is prepared when the shell bwrap starts could be one a command planted
 * (shell-lookup.ts: it would run before the hand-over), under a network allow-list (each command
 * gets its own proxy), or when the host has mounts inside the workspace (each sandbox copies them).
 * Otherwise it is killed (process group and the sandbox's pid 1) and the command starts fresh, as
 * it always did. A prepared sandbox runs nothing before the hand-over: its shell writes one byte
 * to say it is ready and blocks in `read`, and bwrap holds only what every command's sandbox holds
 * (no secret). Its namespaces are its own from its first instruction, so a command running beside
 * it can neither see, signal nor trace it; what they share is the file system, which its shell has
 * not read. It is taken by one command, and never outlives the run: dispose kills it, and the
 * spawner kills it when the runner dies.
 *
 * A preparation waits `delayMs`: after a command, so the request the runner is about to send the
 * model (the first one, or the one carrying the command's result) leaves first (planning is
 * synchronous); when a command takes one, so that a short command is over before its refill
 * competes with it for the CPU, while a long one has it done beside it.
 */
import { lstatSync, realpathSync } from 'node:fs';
import type { WorkspaceMount } from './bwrap-args.js';
import type { Snapshot } from './command-mounts.js';
import type { PreparedSpawn } from './spawner.js';

/** What a sandbox is started from: the plan, and the scan it was made from (none when the workspace is hidden). */
export interface PlannedMounts {
  mounts: readonly WorkspaceMount[];
  readOnlyPaths: readonly string[];
  snapshot: Snapshot | null;
}

export interface Ahead {
  /** The write generation it was planned at. */
  readonly writes: number;
  readonly cwd: string;
  readonly fingerprint: string;
  readonly spawn: PreparedSpawn;
}

export interface PreparedSandboxOptions {
  /** The working directory of the first command (later: the last command's). */
  cwd: string;
  delayMs: number;
  /** How many are kept ready (from the run's first write on, with `stockBeforeWrites`); bursts raise it. */
  stock: number;
  /**
   * How many are kept ready until the run's first write: a run starts by looking around, with
   * several read-only commands at once, and until it writes no write discards them. Default: `stock`.
   */
  stockBeforeWrites?: number;
  /** The most that are kept ready, however long the bursts of commands. */
  maxStock: number;
  /**
   * Plans the mounts for `cwd` as for a command starting now: its fingerprint, and how to start
   * bwrap from that plan, waiting for its command; null when it cannot be prepared (a refusal, a
   * directory the plan would create). `quiet()`: nothing happened since the last command's check,
   * whose scan may then be used.
   */
  plan: (cwd: string, quiet: () => boolean) => Promise<{ fingerprint: string; launch: () => PreparedSpawn } | null>;
}

/**
 * Device, inode and type of a path, or why there is none. No ctime: a command's writes change the
 * ctime of the directories it wrote in, and where a sandbox's mounts are now is the kernel's to
 * say (sandbox-view.ts), not a clock's.
 */
function place(path: string): string {
  try {
    const st = lstatSync(path, { throwIfNoEntry: false });
    return st === undefined ? 'missing' : `${st.dev}:${st.ino}:${st.mode & 0o170000}`;
  } catch (err) {
    return `error ${(err as NodeJS.ErrnoException).code ?? ''}`;
  }
}

/** Where a path leads (symlinks followed) and that directory's place, or why it leads nowhere. */
function resolvedPlace(path: string): string {
  try {
    const real = realpathSync.native(path);
    return `${real} ${place(real)}`;
  } catch (err) {
    return `error ${(err as NodeJS.ErrnoException).code ?? ''}`;
  }
}

/**
 * Everything a sandbox's mount table depends on: equal fingerprints, taken when it was prepared
 * and when the command came, mean it was started from the plan a sandbox started now would be.
 * The credential masks outside the workspace are the same paths for the whole run, but a mask is
 * mounted on what is at its path when bwrap starts: a credential file replaced on the host since
 * (a token refresh writes a new file and renames it over the old) would be seen through a stale mask.
 */
export function fingerprint(workspace: string, cwd: string, planned: PlannedMounts, masks: ReadonlyArray<{ path: string }>): string {
  const targets = planned.mounts.map((m) => (m.op === 'ro-bind' ? m.target : m.path));
  const scan = planned.snapshot?.scan;
  return JSON.stringify({
    cwd,
    mounts: planned.mounts,
    readOnly: planned.readOnlyPaths,
    found: scan?.found ?? null,
    unreadable: scan?.unreadable ?? null,
    badNames: scan?.badNames ?? null,
    rootGit: scan?.rootGit ?? null,
    git: planned.snapshot?.git ?? null,
    ids: [workspace, cwd, ...targets].map(place),
    // bwrap enters the working directory through any symlink in its path: what it leads to counts.
    cwdResolved: resolvedPlace(cwd),
    // No ctime here either: a tool writing in ~/.claude or ~/.docker all the time would discard every
    // sandbox; a file replaced at a mask's path has another inode, and leaves the mask on a deleted
    // name, which the kernel's view shows.
    masks: masks.map((m) => place(m.path)),
  });
}

/** How many preparation delays a refill waits when the command that emptied the stock starts fresh. */
const FRESH_START_DELAYS = 4;

export class PreparedSandboxes {
  /** Bumped by every Write and Edit: what was prepared before is discarded. */
  private writes = 0;
  /** Bumped when a command starts or ends and by every write: whether the last check's scan still holds. */
  private activity = 0;
  /** The activity count when the last command ended. */
  private released = -1;
  /** The activity count when the stock was last compared with a plan made while no command ran. */
  private checked = -1;
  private running = 0;
  private stock: Ahead[] = [];
  /** How many are kept ready once the run has written: `options.stock`, raised by bursts. */
  private base: number;
  /** Whether the last command took the last one (a write since clears it: what it discarded was no burst's). */
  private drained = false;
  private preparing = false;
  private timer: NodeJS.Timeout | null = null;
  private disposed = false;
  private cwd: string;
  private readonly discarding = new Set<Promise<void>>();

  constructor(private readonly options: PreparedSandboxOptions) {
    this.cwd = options.cwd;
    this.base = options.stock;
  }

  /** How many are kept ready now: more until the first write (`stockBeforeWrites`), then `base`. */
  private get target(): number {
    return this.writes === 0 ? Math.max(this.options.stockBeforeWrites ?? this.options.stock, this.base) : this.base;
  }

  /**
   * Prepares one after `delayMs`, unless one is on its way; with the stock full, only while no
   * command runs (the plan made then drops the stale ones).
   */
  schedule(delayMs = this.options.delayMs): void {
    if (this.disposed || this.preparing || this.timer !== null) return;
    if (this.stock.length >= this.target && (this.running > 0 || this.activity === this.checked)) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.prepareNow();
    }, delayMs);
    this.timer.unref();
  }

  /** A command starts: whatever is being planned now is no longer quiet, and a refill waits for its start. */
  starting(): void {
    this.activity++;
    this.running++;
    this.cancelTimer();
  }

  /**
   * The command that just started, planned now, takes the oldest sandbox prepared in `cwd` since
   * the last write that `fits` its plan (the caller still asks the kernel before handing it over);
   * null `fits`: it takes none (it is not run). Those that are stale or do not fit are discarded, and
   * the next is prepared after the delay, beside the command if it still runs.
   */
  take(cwd: string, fits: ((ahead: Ahead) => boolean) | null): Ahead | null {
    // A burst longer than the stock (the last ones taken by the commands just before, and none
    // set up again since): the next one of as many finds one each.
    if (this.drained && fits !== null && !this.stock.some((a) => a.spawn.ready)) this.base = Math.min(this.target + 1, this.options.maxStock);
    let taken: Ahead | null = null;
    const kept: Ahead[] = [];
    for (const ahead of this.stock) {
      if (ahead.writes !== this.writes || ahead.spawn.ended || ahead.cwd !== cwd) this.discard(ahead);
      else if (taken !== null || fits === null) kept.push(ahead);
      else if (fits(ahead)) taken = ahead;
      else this.discard(ahead); // planned before what the last command changed
    }
    this.stock = kept;
    this.drained = taken !== null && kept.length === 0;
    this.cwd = cwd;
    // Not at once: a short command ends before its refill would start; a long one has it beside it.
    // A command starting fresh sets up a sandbox of its own meanwhile (~10 ms of CPU): later still.
    this.schedule(taken === null ? this.options.delayMs * FRESH_START_DELAYS : this.options.delayMs);
    return taken;
  }

  /** A command ended, its check after it done. */
  release(cwd: string): void {
    this.running = Math.max(0, this.running - 1);
    this.activity++;
    this.released = this.activity;
    this.cwd = cwd;
    this.schedule();
  }

  /** Something outside the commands changed, or may have changed, the workspace. */
  changed(): void {
    this.writes++;
    this.activity++;
    this.drained = false;
    for (const ahead of this.stock) this.discard(ahead);
    this.stock = [];
    this.schedule();
  }

  /** Kills it; dispose waits for every kill. */
  discard(ahead: Ahead): void {
    const p = ahead.spawn.discard();
    this.discarding.add(p);
    void p.then(() => this.discarding.delete(p));
  }

  /** No more: the ones prepared are killed; resolves when every discarded one has exited. */
  async dispose(): Promise<void> {
    this.disposed = true;
    this.cancelTimer();
    for (const ahead of this.stock) this.discard(ahead);
    this.stock = [];
    await Promise.all([...this.discarding]);
  }

  /**
   * Plans as for a command starting now; with no command running, drops what that plan shows is
   * stale (prepared before the last command changed what is hidden or protected), then starts one
   * if the stock is short.
   */
  private async prepareNow(): Promise<void> {
    if (this.disposed || this.preparing) return;
    // With a command running, the plan shows a tree in the middle of changing: only fill up.
    if (this.running > 0 && this.stock.length >= this.target) return;
    this.preparing = true;
    const writes = this.writes;
    const cwd = this.cwd;
    const activity = this.activity;
    let planned: Awaited<ReturnType<PreparedSandboxOptions['plan']>> = null;
    try {
      planned = await this.options.plan(cwd, () => this.running === 0 && this.activity === activity && activity === this.released);
    } catch {
      planned = null; // the next command plans (and reports) for itself
    } finally {
      this.preparing = false;
    }
    if (planned === null || this.disposed) return; // refused: the next command or write tries again
    if (writes !== this.writes || cwd !== this.cwd) {
      this.schedule(); // planned for what is no longer so
      return;
    }
    // Once per change (a command's end, a write), never in a loop: something on the host that keeps
    // changing what a plan depends on would otherwise discard and start sandboxes without end.
    if (this.running === 0 && this.activity === activity && this.checked !== activity) {
      const stale = this.stock.filter((a) => a.fingerprint !== planned.fingerprint || a.spawn.ended);
      for (const ahead of stale) this.discard(ahead);
      this.stock = this.stock.filter((a) => !stale.includes(a));
      this.checked = activity;
    }
    if (this.stock.length >= this.target) return;
    let spawn: PreparedSpawn;
    try {
      spawn = planned.launch();
    } catch {
      return; // the spawner could not start it (out of processes): the next command starts fresh
    }
    this.stock.push({ writes, cwd, fingerprint: planned.fingerprint, spawn });
    this.schedule();
  }

  private cancelTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
