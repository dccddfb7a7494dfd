/**
 * Pre-started sandboxes. Every command still gets a sandbox of its own, set up from a mount plan of
 * its own; what changes is when: bubblewrap's set-up (namespaces, root, /dev, /proc, the masks and
 * the workspace's mounts, ~9 ms) is done while the model thinks, after the run's setup and after
 * each command's check, and the sandbox's shell waits for its command on a pipe
 * (`sandboxWaitingShell`). When a command comes, the runner plans its mounts exactly as it would for
 * a fresh sandbox, and hands the command to the waiting one only if it is provably the sandbox it
 * would start now:
 * - nothing the runner knows of ran or wrote since it was planned: a generation, bumped when a
 *   command starts and when it ends (after its check), and around every host-side write into the
 *   workspace (workspace-write.ts: Write, Edit). A bump discards it at once and prepares another;
 * - the plan made now is the plan it was started with, down to the identity (device, inode, mode,
 *   ctime) of every path it mounts, of the workspace, of the working directory (and of what it
 *   resolves to through symlinks) and of every credential mask, and the hidden or protected entries the scan found (`fingerprint`). That
 *   covers what no generation sees (another process on the host): a denied file that appeared,
 *   was replaced or relinked, a pinned directory moved. ctime cannot be set by a process, and an
 *   entry added, removed or renamed changes its directory's;
 * - the same working directory; and no network allow-list (each command then gets its own proxy).
 * And none is prepared when the shell bwrap starts could be one a command planted
 * (`shellLookupIsFixed`): it would run before the hand-over.
 * Otherwise it is killed (process group and the sandbox's pid 1) and the command starts fresh, as
 * it always did. A prepared sandbox runs nothing before the hand-over: its shell is blocked in
 * `read`, and bwrap holds only what every command's sandbox holds (no secret). It is made only
 * while no command runs, after the last one's processes are all gone (the spawner reports an exit
 * once the sandbox's pid 1 is) and its check is done; it is taken by the first command (parallel
 * ones start fresh), and never outlives the run: dispose kills it, and the spawner kills it when
 * the runner dies.
 *
 * The preparation waits `delayMs`, so the request the runner is about to send the model (the
 * first one, or the one carrying the command's result) leaves first: planning is synchronous.
 */
import { accessSync, constants, lstatSync, realpathSync } from 'node:fs';
import { posix } from 'node:path';
import { isInside } from '../path-inside.js';
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
  /** The generation it was planned at. */
  readonly generation: number;
  readonly cwd: string;
  readonly fingerprint: string;
  readonly spawn: PreparedSpawn;
}

export interface PreparedSandboxOptions {
  /** The working directory of the first command (later: the last command's). */
  cwd: string;
  delayMs: number;
  /**
   * Plans the mounts for `cwd` as for a command starting now and starts bwrap waiting for its
   * command; null when it cannot be prepared (a refusal, a directory the plan would create).
   * `quiet`: nothing happened since the last command's check, whose scan may then be used.
   */
  start: (cwd: string, quiet: boolean) => { fingerprint: string; spawn: PreparedSpawn } | null;
}

/** Device, inode, type and ctime of a path, or why there is none. */
function identity(path: string): string {
  try {
    const st = lstatSync(path, { throwIfNoEntry: false });
    return st === undefined ? 'missing' : `${st.dev}:${st.ino}:${st.mode}:${st.ctimeMs}`;
  } catch (err) {
    return `error ${(err as NodeJS.ErrnoException).code ?? ''}`;
  }
}

/** Where a path leads (symlinks followed) and that directory's identity, or why it leads nowhere. */
function resolvedIdentity(path: string): string {
  try {
    const real = realpathSync.native(path);
    return `${real} ${identity(real)}`;
  } catch (err) {
    return `error ${(err as NodeJS.ErrnoException).code ?? ''}`;
  }
}

/**
 * Everything a sandbox's mount table depends on: equal fingerprints, taken when it was prepared
 * and when the command came, mean it mounts what a sandbox started now would. The credential
 * masks outside the workspace are the same paths for the whole run, but a mask is mounted on what
 * is at its path when bwrap starts: a credential file replaced on the host since (a token refresh
 * writes a new file and renames it over the old) would be seen through a stale mask.
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
    ids: [workspace, cwd, ...targets].map(identity),
    // bwrap enters the working directory through any symlink in its path: what it leads to counts.
    cwdResolved: resolvedIdentity(cwd),
    masks: masks.map((m) => identity(m.path)),
  });
}

/**
 * Whether bwrap's look-up of `bash` along the sandbox's PATH can only find a shell no command can
 * plant: every PATH entry up to the first that holds one is absolute and outside what commands
 * may write (the workspace, the sandbox's /tmp and its fresh directories), and so is that shell.
 * A shell under a credential mask does not count: the sandbox cannot see it, so its look-up goes on.
 * Otherwise a prepared sandbox would run code a previous command left, before any command is
 * allowed, with no timeout, while the check after commands believes nothing runs.
 *
 * Where an entry leads is judged by what it resolves to, not by its name, whether or not a shell
 * is there now: a directory that is (or whose nearest existing ancestor is) a symlink into the
 * workspace or /tmp is one a command can fill, and a `bash` that is there but cannot be run (a
 * dangling symlink, say) is one a command may complete. Either ends the look-up: not fixed.
 */
export function shellLookupIsFixed(path: string | undefined, writable: readonly string[], hidden: readonly string[] = []): boolean {
  const under = (roots: readonly string[], p: string): boolean => roots.some((w) => w === p || isInside(w, p));
  const reachable = (p: string): boolean => under(writable, p);
  for (const entry of (path ?? '').split(':')) {
    if (!posix.isAbsolute(entry)) return false; // empty or relative: looked up from the working directory
    const dir = posix.normalize(entry);
    const resolved = resolvedAncestor(dir);
    if (resolved === null || reachable(dir) || reachable(resolved)) return false;
    const shell = posix.join(dir, 'bash');
    if (!present(shell)) continue;
    let real: string;
    try {
      accessSync(shell, constants.X_OK);
      real = realpathSync.native(shell);
    } catch {
      return false; // there, but not a shell now: a command could make it one
    }
    if (under(hidden, shell) || under(hidden, real)) continue; // masked in the sandbox: the look-up goes on
    return !reachable(real);
  }
  return false;
}

/** Whether anything is at `path`; true when that cannot be told (fail closed). */
function present(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return true;
  }
}

/**
 * What `dir` resolves to, or, when it does not exist, what its nearest existing ancestor does;
 * null when a component is there but does not resolve (a dangling symlink: where it leads could
 * be created).
 */
function resolvedAncestor(dir: string): string | null {
  for (let p = dir; ; p = posix.dirname(p)) {
    try {
      return realpathSync.native(p);
    } catch {
      if (present(p) || p === '/') return null;
    }
  }
}

export class PreparedSandboxes {
  private generation = 0;
  private running = 0;
  private ahead: Ahead | null = null;
  private timer: NodeJS.Timeout | null = null;
  private disposed = false;
  private cwd: string;
  /** The generation the last command ended at. */
  private released = -1;
  private readonly discarding = new Set<Promise<void>>();

  constructor(private readonly options: PreparedSandboxOptions) {
    this.cwd = options.cwd;
  }

  /** Prepares one after the delay, unless one is ready or on its way, or a command runs. */
  schedule(): void {
    if (this.disposed || this.running > 0 || this.ahead !== null || this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.prepareNow();
    }, this.options.delayMs);
    this.timer.unref();
  }

  /**
   * A command starts. Returns the prepared sandbox when nothing happened since it was planned (the
   * caller still compares fingerprints and the working directory), else null (it is discarded).
   */
  claim(): Ahead | null {
    this.cancelTimer();
    const ahead = this.ahead;
    this.ahead = null;
    const current = ahead !== null && ahead.generation === this.generation && !ahead.spawn.ended;
    this.generation++;
    this.running++;
    if (ahead !== null && !current) this.discard(ahead);
    return current ? ahead : null;
  }

  /** A command ended, its check after it done; the next one prepares from the workspace as it is now. */
  release(cwd: string): void {
    this.running = Math.max(0, this.running - 1);
    this.generation++;
    this.released = this.generation;
    this.cwd = cwd;
    this.schedule();
  }

  /** Something outside the commands changed, or may have changed, the workspace. */
  changed(): void {
    this.generation++;
    const ahead = this.ahead;
    this.ahead = null;
    if (ahead !== null) this.discard(ahead);
    this.schedule();
  }

  /** Kills it; dispose waits for every kill. */
  discard(ahead: Ahead): void {
    const p = ahead.spawn.discard();
    this.discarding.add(p);
    void p.then(() => this.discarding.delete(p));
  }

  /** No more: the one prepared is killed; resolves when every discarded one has exited. */
  async dispose(): Promise<void> {
    this.disposed = true;
    this.cancelTimer();
    const ahead = this.ahead;
    this.ahead = null;
    if (ahead !== null) this.discard(ahead);
    await Promise.all([...this.discarding]);
  }

  private prepareNow(): void {
    if (this.disposed || this.running > 0 || this.ahead !== null) return;
    const generation = this.generation;
    const cwd = this.cwd;
    const started = this.options.start(cwd, generation === this.released);
    if (started !== null) this.ahead = { generation, cwd, ...started };
  }

  private cancelTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
