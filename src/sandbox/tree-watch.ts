/**
 * Which workspace directories may have changed since the last look, from inotify (Node's
 * `fs.watch`, one watch per directory the scan enters), so a scan of an unchanged 20,000-file tree
 * need not `stat` every directory (tree-scan.ts). A directory is reused without a look only when
 * this can prove no event about it was lost:
 *
 * - Order. Every watch of the process shares libuv's one inotify queue, which is FIFO. `settle()`
 *   creates a file in our own watched directory and waits for that event: every change made before
 *   it has then been seen. Only a scan right after `settle()` may reuse anything.
 * - A watch exists before a directory is looked at, so a change after the look is an event.
 *   Watches are added only while no sandboxed command runs (a command could swap a directory for
 *   another between our watch and our look, leaving the watch on the wrong one).
 * - Overflow. libuv drops the kernel's overflow notice, so it is inferred: the kernel queue only
 *   overflows when it holds `max_queued_events` events, all of which reach us before the next
 *   sentinel; half that many in one interval means events may be lost. An interval ends at a
 *   barrier only when no other barrier is still in the queue (parallel commands' barriers would
 *   cut one overflow into parts none of which is half). A loss seen at a barrier: the scan right
 *   after looks at every directory and watches each again (a watch may have died unheard, its
 *   inode number handed to the directory now there). On a watch error or too many watches, every
 *   watch is closed and built again by a full scan (closing first, so the barrier after it drains
 *   the closed watches' events). A sentinel that does not come, or a watch limit met while
 *   rebuilding, ends watching for the run.
 * - A directory replaced or deleted (its watch follows the old inode, or died with it) shows as an
 *   event naming it in its parent, or as an event on its own watch; either makes it "suspect", and
 *   it gets a new watch before its next look. One found on another inode at its next look was
 *   renamed away whole: nothing watched below its path is trusted again. One the walk does not
 *   reach (moved into node_modules or under a hidden name, below a locked directory) is forgotten:
 *   what happens to it out there is not looked at, so it is watched anew if it comes back.
 * - Only local file systems (ext4, xfs, btrfs, tmpfs), and a tree with no mount inside it:
 *   elsewhere (NFS, FUSE, another device) changes need not raise events. Such a tree is not watched.
 */
import { mkdirSync, readFileSync, statfsSync, unlinkSync, watch, writeFileSync } from 'node:fs';
import { basename } from 'node:path';

/** What `fs.watch` gives us: the handle's events and errors. */
export type WatchFn = (path: string, onEvent: (type: string, name: string | null) => void, onError: () => void) => { close(): void };

export interface TreeWatchOptions {
  /** A directory of our own, outside the workspace, for the barrier's file. */
  sentinelDir: string;
  watch: WatchFn;
  /** Events in one interval from which events may have been lost (half the kernel's queue). */
  lossAt: number;
  /** How long a barrier may take before everything is assumed lost. */
  barrierMs: number;
  /** Watches kept at most (a directory replaced keeps its old watch until a rebuild). */
  maxWatches: number;
  /** Below this many directories a whole scan (about 0.1 ms per 25) is cheaper than a barrier. */
  minDirectories: number;
  createFile: (path: string) => void;
  removeFile: (path: string) => void;
}

/**
 * trusted: every directory the last scan walked is watched, no event lost. refill: no event lost,
 * but some directory is not watched (one made while a command ran): the next scan looks at every
 * directory and adds what is missing. rebuild: events may have been lost: every watch is closed
 * and made again. off: no watching for the rest of the run.
 */
type State = 'trusted' | 'refill' | 'rebuild' | 'off';

export class TreeWatch {
  private state: State = 'rebuild';
  private handles: Array<{ close(): void }> = [];
  /** rel → `dev:ino` the directory had when its watch was added. */
  private readonly watched = new Map<string, string>();
  private readonly dirty = new Set<string>();
  private readonly suspect = new Set<string>();
  private events = 0;
  private settled = false;
  private running = 0;
  private barrierSeq = 0;
  private sentinel: { close(): void } | null = null;
  private readonly waiting = new Map<string, () => void>();
  private everWatched = false;
  private worthIt = true;
  /** A rebuilding scan met the watch limit or a mount: the tree cannot be watched whole. */
  private capHit = false;
  /** During a scan: whether this scan may use the watches, and whether it keeps them trusted. */
  private scanUses = false;
  private scanKeeps = false;
  private scanBegan = false;
  /** Events were lost since the watches were built: the scan after the barrier watches every directory again. */
  private relookAll = false;
  /** During a scan that may keep the watches: the directories it reached (looked at or reused). */
  private readonly reached = new Set<string>();

  constructor(private readonly opts: TreeWatchOptions) {}

  /** For tests and the bench: why nothing is reused. */
  get mode(): State {
    return this.state;
  }

  /** No watching at all from now on: every scan looks at every directory. */
  disable(): void {
    this.state = 'off';
    this.closeAll();
    this.sentinel?.close();
    this.sentinel = null;
  }

  commandStarted(): void {
    this.running++;
  }

  commandEnded(): void {
    this.running = Math.max(0, this.running - 1);
  }

  /**
   * Every change made before this resolves has been seen, and the scan that follows at once (in
   * the same turn of the event loop) may use the watches.
   */
  async settle(): Promise<void> {
    if (this.state === 'off' || !this.worthIt) return;
    const rebuilding = this.state === 'rebuild';
    if (rebuilding) this.closeAll(); // before the barrier, which drains their events
    if (!this.ensureSentinel()) return;
    const name = `b${++this.barrierSeq}`;
    const seen = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), this.opts.barrierMs);
      this.waiting.set(name, () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    try {
      this.opts.createFile(`${this.opts.sentinelDir}/${name}`);
      this.opts.removeFile(`${this.opts.sentinelDir}/${name}`);
    } catch {
      this.waiting.delete(name);
      this.disable();
      return;
    }
    const ok = await seen;
    this.waiting.delete(name);
    if (!ok) {
      // Our own change raised no event in time: nothing here can be relied on, and waiting for it
      // again before every look would cost every command the wait.
      this.disable();
      return;
    }
    if (this.events >= this.opts.lossAt) this.loseAll();
    // A barrier still in the queue splits it further: count on until none is, or an overflow's
    // events could fall into three parts, none of them half the queue.
    if (this.waiting.size === 0) this.events = 0;
    // Lost since these watches were built (overflow, a watch error): one may be dead, its inode
    // number handed to the directory now at its path (same id); the next scan watches every one again.
    this.relookAll = this.state === 'rebuild' && !rebuilding;
    this.settled = true;
    // Events that arrive after this turn are news the next scan would not have waited for.
    setImmediate(() => { this.settled = false; });
  }

  /**
   * A scan starts. Only one right after `settle()` uses watches or builds them again; the first
   * build needs no barrier (no earlier watch has events to drain), so the run's first scan, done
   * while the model thinks about its first request, can build them.
   */
  beginScan(): void {
    this.scanUses = this.settled && this.state === 'trusted';
    this.scanKeeps = (this.settled || !this.everWatched) && this.state !== 'off';
    this.scanBegan = this.scanKeeps;
    this.settled = false;
    this.reached.clear();
  }

  /** The directory's cached listing may be used without looking: watched, and nothing about it seen. */
  unchanged(rel: string): boolean {
    if (!this.scanUses || !this.watched.has(rel) || this.dirty.has(rel)) return false; // every suspect is dirty too
    this.reached.add(rel);
    return true;
  }

  /**
   * About to look at a directory: watch it first, when it has no watch or its watch may be on
   * another inode. `id` is what a `stat` just before said; false when this scan cannot vouch for it.
   */
  beforeLook(rel: string, abs: string, id: string, sameDevice: boolean): boolean {
    const known = this.watched.get(rel);
    // Another directory at this path (the old one renamed away with its subtree): nothing cached
    // below the path is about this one, and its subdirectories raised no event we saw.
    if (known !== undefined && known !== id) this.forgetBelow(rel);
    if (!this.scanKeeps) return false;
    this.reached.add(rel);
    if (!sameDevice) {
      // A mount inside the workspace: changes there need not raise events here.
      this.capHit = true;
      this.scanKeeps = false;
      return false;
    }
    if (known === id && !this.suspect.has(rel) && !this.relookAll) return false;
    if (this.handles.length >= this.opts.maxWatches) this.capHit = true;
    if (this.running > 0 || this.capHit) {
      this.scanKeeps = false;
      return false;
    }
    try {
      this.handles.push(this.opts.watch(abs, (type, name) => this.onEvent(rel, type, name), () => this.loseAll()));
    } catch {
      // ENOSPC (the user's watch limit) and the like: the tree cannot be watched whole.
      this.capHit = true;
      this.scanKeeps = false;
      return false;
    }
    this.everWatched = true;
    this.watched.set(rel, id);
    return true;
  }

  /** A `stat` after the watch named another inode: the watch may be on the old one. */
  lookedAt(rel: string, id: string): void {
    if (this.scanKeeps && this.watched.has(rel) && this.watched.get(rel) !== id) {
      this.watched.delete(rel);
      this.scanKeeps = false;
    }
  }

  /** The scan finished (`complete`: it walked the whole tree without meeting a change). */
  endScan(complete: boolean, directories: number): void {
    // In a small tree the barrier costs more than the look it saves.
    this.worthIt = directories >= this.opts.minDirectories;
    const relooked = this.relookAll;
    this.relookAll = false;
    if (this.capHit) {
      // More directories than watches: looking at all of them is all there is.
      // A rebuild keeps only live directories' watches; if even those are too many, stop watching.
      // (Watching every directory again on top of the old watches is no rebuild.)
      if (this.state === 'rebuild' && !relooked) this.disable();
      else this.state = 'rebuild';
      this.capHit = false;
      return;
    }
    if (!this.scanBegan) return; // not right after a barrier: it neither used nor built anything
    if (!this.scanKeeps || !complete) {
      // Nothing was lost; some directory is not watched, or was not reached. After a loss, a watch
      // not made again may be dead (its directory made again on its inode number, the events
      // dropped): only a scan that watches every directory again ends the rebuild.
      if (!relooked) this.state = 'refill';
      return;
    }
    // A directory the walk did not reach (moved into node_modules, under one that cannot be
    // listed) is no longer vouched for: the events that said it was deleted and made again on the
    // same inode number, out there, are forgotten below, and its old watch is dead.
    if (this.watched.size > this.reached.size) for (const rel of this.watched.keys()) if (!this.reached.has(rel)) this.watched.delete(rel);
    // Everything seen before the barrier has been looked at; what arrives later is news.
    this.dirty.clear();
    this.suspect.clear();
    this.state = 'trusted';
  }

  close(): void {
    this.disable();
  }

  private forgetBelow(rel: string): void {
    const prefix = rel === '' ? '' : `${rel}/`;
    for (const key of this.watched.keys()) if (key !== rel && key.startsWith(prefix)) this.watched.delete(key);
  }

  private onEvent(rel: string, type: string, name: string | null): void {
    this.events++;
    // Once everything is to be looked at and watched again, which names changed no longer matters;
    // past half the queue it will be (a loss is inferred at the next barrier), and a command
    // touching millions of names must not grow these sets without end (they are emptied only by
    // a scan that keeps the watches, which a small tree, below minDirectories, never has).
    if (this.state === 'rebuild' || this.state === 'off') return;
    if (this.events >= this.opts.lossAt || this.dirty.size >= this.opts.lossAt) {
      this.loseAll();
      return;
    }
    this.dirty.add(rel);
    const dirName = rel === '' ? null : basename(rel);
    // libuv names an event on the directory itself by the directory's basename; a child of the
    // same name cannot be told apart, so both readings are taken.
    if (name === null || name === dirName) {
      if (type !== 'change') this.suspect.add(rel);
      if (rel !== '') this.dirty.add(parentOf(rel));
    }
    if (name !== null) {
      const child = rel === '' ? name : `${rel}/${name}`;
      this.dirty.add(child);
      if (type !== 'change') this.suspect.add(child);
    }
  }

  private ensureSentinel(): boolean {
    if (this.sentinel !== null) return true;
    try {
      this.sentinel = this.opts.watch(this.opts.sentinelDir, (_type, name) => {
        this.events++;
        const done = name === null ? undefined : this.waiting.get(name);
        done?.();
      }, () => this.loseAll());
      return true;
    } catch {
      this.disable();
      return false;
    }
  }

  /** Events may have been lost: trust nothing, and build every watch again. */
  private loseAll(): void {
    if (this.state !== 'off') this.state = 'rebuild';
  }

  private closeAll(): void {
    for (const h of this.handles) h.close();
    this.handles = [];
    this.watched.clear();
    this.dirty.clear();
    this.suspect.clear();
  }
}

function parentOf(rel: string): string {
  const i = rel.lastIndexOf('/');
  return i < 0 ? '' : rel.slice(0, i);
}

/** Local file systems whose changes always raise inotify events (statfs magic numbers). */
const WATCHABLE_FS: ReadonlySet<number> = new Set([0xef53 /* ext2/3/4 */, 0x58465342 /* xfs */, 0x9123683e /* btrfs */, 0x01021994 /* tmpfs */]);

function procNumber(path: string, fallback: number): number {
  try {
    const n = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isFinite(n) && n > 0 ? n : fallback;
  } catch {
    return fallback;
  }
}

/**
 * A watch of the workspace, or null where it cannot be trusted: an unknown file system, or no
 * inotify (the scan then looks at every directory, as without one).
 */
export function watchWorkspace(workspace: string, sentinelDir: string): TreeWatch | null {
  try {
    if (!WATCHABLE_FS.has(statfsSync(workspace).type)) return null;
    mkdirSync(sentinelDir, { recursive: true, mode: 0o700 });
  } catch {
    return null;
  }
  const queue = procNumber('/proc/sys/fs/inotify/max_queued_events', 16_384);
  const userWatches = procNumber('/proc/sys/fs/inotify/max_user_watches', 8_192);
  return new TreeWatch({
    sentinelDir,
    watch: nodeWatch,
    lossAt: Math.floor(queue / 2),
    barrierMs: 2_000,
    // Leave most of the user's watches to everything else on the machine; each costs ~4 KB here.
    maxWatches: Math.min(MAX_WATCHES, Math.floor(userWatches / 4)),
    minDirectories: 64,
    createFile: (path) => writeFileSync(path, '', { flag: 'wx', mode: 0o600 }),
    removeFile: (path) => unlinkSync(path),
  });
}

export const MAX_WATCHES = 8_192;

export const nodeWatch: WatchFn = (path, onEvent, onError) => {
  // Not persistent: a watch never keeps the runner alive.
  const watcher = watch(path, { persistent: false }, (type, name) => onEvent(type, typeof name === 'string' ? name : null));
  watcher.on('error', onError);
  return watcher;
};
