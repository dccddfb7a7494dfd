import { opendirSync, type Dir, type Dirent } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { isInside } from '../path-inside.js';
import { closeFd, fdPath, inspectFd, openPathFd } from './fd-paths.js';
import { isSystemPath } from './tool-paths.js';

/** Version-control metadata: never what the model is looking for, and full of packed binaries. */
export const VCS_DIRS: readonly string[] = ['.git', '.svn', '.hg', '.bzr', '.jj', '.sl'];

/** The directories to prune: VCS always, node_modules unless the search names it. */
export function skippedDirs(mentionsNodeModules: boolean): Set<string> {
  return new Set(mentionsNodeModules ? VCS_DIRS : [...VCS_DIRS, 'node_modules']);
}

// Each level holds one descriptor open; far deeper than any real tree.
const MAX_DEPTH = 256;
// Names read from one directory before giving up on it, as a multiple of the entry budget (memory).
const LISTING_FACTOR = 2;
// Entries looked at between two yields to the event loop: a walk of 100,000 files must not hold it
// for the whole walk (timers, the model's stream, an abort), nor pay a hop per file.
const ENTRIES_PER_TURN = 2_000;

export interface WalkOptions {
  /** Directory names pruned wherever they appear. */
  skipDirs: ReadonlySet<string>;
  /** Further pruning by workspace-relative (posix) directory path. */
  pruneDir?: (rel: string) => boolean;
  signal: AbortSignal;
  /** Entries visited before the walk gives up, so a huge tree cannot stall a turn. */
  maxEntries: number;
}

/** The opened directory a walk starts from: its descriptor, the path shown for it, and its real path. */
export interface WalkRoot {
  fd: number;
  abs: string;
  real: string;
}

/** A regular file met by the walk. `dirFd` and `name` are valid only until the next entry is asked for. */
export interface WalkEntry {
  abs: string;
  /** Relative to the walk root, with `/` separators. */
  rel: string;
  dirFd: number;
  name: string;
}

export interface WalkProgress {
  /** Entries (files, directories, anything) looked at so far. */
  visited: number;
  /** True when maxEntries or an abort stopped the walk early. */
  truncated: boolean;
}

/** `dir` + `/` + `name`, for a root-relative path ('' is the root) or a shown path ('/' is the root of the disk). */
export function joinRel(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}
export function joinAbs(dir: string, name: string): string {
  return `${dir === '/' ? '' : dir}/${name}`;
}

/**
 * Yields the regular files under root, depth-first with each directory's entries in name order, the
 * order `rg --sort path` uses. Every directory is entered through its parent's descriptor with
 * O_NOFOLLOW (a directory swapped for a symlink mid-walk is not followed), and only if its real path
 * is still under the root's and is not a kernel tree. Symlinks are never followed (ripgrep's
 * default). Unreadable directories are skipped silently, as `rg --no-messages` does.
 *
 * Directories are read synchronously (getdents takes microseconds), with a yield to the event loop
 * every few thousand entries. An abort is seen at the next entry, even inside one huge directory.
 */
export async function* walkTree(root: WalkRoot, options: WalkOptions, progress: WalkProgress): AsyncGenerator<WalkEntry, void, undefined> {
  let stopped = false;
  let sinceTurn = 0;
  const overBudget = (): boolean => {
    if (!stopped && (options.signal.aborted || progress.visited >= options.maxEntries)) {
      stopped = true;
      progress.truncated = true;
    }
    return stopped;
  };

  async function* visit(dirFd: number, absDir: string, relDir: string, depth: number): AsyncGenerator<WalkEntry, void, undefined> {
    // A directory is read whole, so the budget cuts it in name order; only an abort, or a
    // directory far past any budget, stops the reading itself.
    const entries = listDirectory(dirFd, (listed) => options.signal.aborted || listed > LISTING_FACTOR * options.maxEntries);
    if (entries === undefined || overBudget()) return;
    for (const entry of entries) {
      if (overBudget()) break;
      progress.visited++;
      if (++sinceTurn >= ENTRIES_PER_TURN) {
        sinceTurn = 0;
        await nextTurn();
        if (overBudget()) return;
      }
      const rel = joinRel(relDir, entry.name);
      if (entry.isFile()) {
        yield { abs: joinAbs(absDir, entry.name), rel, dirFd, name: entry.name };
        continue;
      }
      if (!entry.isDirectory() || depth >= MAX_DEPTH || options.skipDirs.has(entry.name) || options.pruneDir?.(rel) === true) continue;
      // Opened only now, after the files before it were handled: what is entered is what is there now.
      const child = openDirectoryEntry(dirFd, entry.name, root.real);
      if (child === undefined) continue;
      try {
        yield* visit(child.fd, joinAbs(absDir, entry.name), rel, depth + 1);
      } finally {
        closeFd(child.fd);
      }
      if (stopped) return;
    }
  }
  yield* visit(root.fd, root.abs, '', 0);
}

/** The names in a directory, sorted; `enough` is asked before each name, so an abort or a directory of millions stops the reading. */
function listDirectory(dirFd: number, enough: (listed: number) => boolean): Dirent[] | undefined {
  const entries: Dirent[] = [];
  let dir: Dir | undefined;
  try {
    dir = opendirSync(fdPath(dirFd), { bufferSize: 1024 });
    for (let entry = dir.readSync(); entry !== null; entry = dir.readSync()) {
      if (enough(entries.length)) break;
      entries.push(entry);
    }
  } catch {
    return undefined;
  } finally {
    try {
      dir?.closeSync();
    } catch {
      // Already closed.
    }
  }
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The child directory `name` of dirFd (its descriptor), not followed if it is a symlink, and only if it is still under root. */
export function openDirectoryEntry(dirFd: number, name: string, rootReal: string): { fd: number } | undefined {
  let fd: number;
  try {
    fd = openPathFd(fdPath(dirFd, name), false);
  } catch {
    return undefined;
  }
  try {
    const { real, stats } = inspectFd(fd);
    if (stats.isDirectory() && isInside(rootReal, real) && !isSystemPath(real)) return { fd };
  } catch {
    // Gone or unreadable: skipped like any unreadable directory.
  }
  closeFd(fd);
  return undefined;
}

/** A regular file a listing found: the path shown for it and its path under the root. */
export interface ListedName {
  abs: string;
  rel: string;
}

/** One with its modification time (Glob's order). */
export interface ListedFile extends ListedName {
  mtimeMs: number;
}

export interface WalkResult {
  files: ListedName[];
  /** True when maxEntries (or an abort) stopped the walk early. */
  truncated: boolean;
  visited: number;
}

/**
 * Lists the regular files under an opened root that `include` keeps, in the walk's order: names
 * only, nothing is read or stat-ed (Glob finds again, by descriptor, those it needs an mtime of).
 */
export async function listFiles(root: WalkRoot, options: WalkOptions, include: (rel: string) => boolean = () => true): Promise<WalkResult> {
  const progress: WalkProgress = { visited: 0, truncated: false };
  const files: ListedName[] = [];
  for await (const { abs, rel } of walkTree(root, options, progress)) if (include(rel)) files.push({ abs, rel });
  return { files, truncated: progress.truncated, visited: progress.visited };
}
