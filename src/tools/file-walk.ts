import { lstatSync, type Dirent } from 'node:fs';
import { opendir } from 'node:fs/promises';
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

/**
 * Yields the regular files under root, depth-first with each directory's entries in name order, the
 * order `rg --sort path` uses. Every directory is entered through its parent's descriptor with
 * O_NOFOLLOW (a directory swapped for a symlink mid-walk is not followed), and only if its real path
 * is still under the root's and is not a kernel tree. Symlinks are never followed (ripgrep's
 * default). Unreadable directories are skipped silently, as `rg --no-messages` does. An abort is
 * seen at the next entry, even inside one huge directory.
 */
export async function* walkTree(root: WalkRoot, options: WalkOptions, progress: WalkProgress): AsyncGenerator<WalkEntry, void, undefined> {
  let stopped = false;
  const stop = (): void => {
    stopped = true;
    progress.truncated = true;
  };
  const overBudget = (): boolean => {
    if (options.signal.aborted || progress.visited >= options.maxEntries) stop();
    return stopped;
  };

  async function* visit(dirFd: number, absDir: string, relDir: string, depth: number): AsyncGenerator<WalkEntry, void, undefined> {
    // A directory is read whole, so the budget cuts it in name order; only an abort, or a
    // directory far past any budget, stops the reading itself.
    const entries = await listDirectory(dirFd, (listed) => options.signal.aborted || listed > LISTING_FACTOR * options.maxEntries);
    if (entries === undefined || overBudget()) return;
    for (const entry of entries) {
      if (overBudget()) return;
      progress.visited++;
      const rel = relDir === '' ? entry.name : `${relDir}/${entry.name}`;
      const abs = `${absDir === '/' ? '' : absDir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (depth >= MAX_DEPTH || options.skipDirs.has(entry.name) || options.pruneDir?.(rel) === true) continue;
        const child = openDirectoryEntry(dirFd, entry.name, root.real);
        if (child === undefined) continue;
        try {
          yield* visit(child, abs, rel, depth + 1);
        } finally {
          closeFd(child);
        }
        if (stopped) return;
      } else if (entry.isFile()) {
        yield { abs, rel, dirFd, name: entry.name };
      }
    }
  }
  yield* visit(root.fd, root.abs, '', 0);
}

/** The names in a directory, sorted; `enough` is asked before each name, so an abort stops the reading. */
async function listDirectory(dirFd: number, enough: (listed: number) => boolean): Promise<Dirent[] | undefined> {
  const entries: Dirent[] = [];
  try {
    const dir = await opendir(fdPath(dirFd), { bufferSize: 512 });
    for await (const entry of dir) {
      if (enough(entries.length)) break;
      entries.push(entry);
    }
  } catch {
    return undefined;
  }
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The child directory `name` of dirFd, not followed if it is a symlink, and only if it is still under root. */
function openDirectoryEntry(dirFd: number, name: string, rootReal: string): number | undefined {
  let fd: number;
  try {
    fd = openPathFd(fdPath(dirFd, name), false);
  } catch {
    return undefined;
  }
  try {
    const { real, stats } = inspectFd(fd);
    if (stats.isDirectory() && isInside(rootReal, real) && !isSystemPath(real)) return fd;
  } catch {
    // Gone or unreadable: skipped like any unreadable directory.
  }
  closeFd(fd);
  return undefined;
}

export interface ListedFile {
  abs: string;
  rel: string;
  mtimeMs: number;
}

export interface WalkResult {
  files: ListedFile[];
  /** True when maxEntries (or an abort) stopped the walk early. */
  truncated: boolean;
  visited: number;
}

/**
 * Lists the regular files under an opened root (names only, nothing is read), with the mtime of
 * those `include` keeps, taken from the entry itself (lstat relative to its directory).
 */
export async function listFiles(root: WalkRoot, options: WalkOptions, include: (rel: string) => boolean = () => true): Promise<WalkResult> {
  const progress: WalkProgress = { visited: 0, truncated: false };
  const files: ListedFile[] = [];
  for await (const entry of walkTree(root, options, progress)) {
    if (!include(entry.rel)) continue;
    let mtimeMs = 0;
    try {
      mtimeMs = lstatSync(fdPath(entry.dirFd, entry.name)).mtimeMs;
    } catch {
      // Deleted between listing and stat: sorted last rather than failing the whole search.
    }
    files.push({ abs: entry.abs, rel: entry.rel, mtimeMs });
  }
  return { files, truncated: progress.truncated, visited: progress.visited };
}

/** listFiles from a path: opens the root itself (following symlinks in it) and walks from the descriptor. */
export async function walkFiles(root: string, options: WalkOptions, include?: (rel: string) => boolean): Promise<WalkResult> {
  const fd = openPathFd(root, true);
  try {
    const { real } = inspectFd(fd);
    return await listFiles({ fd, abs: root, real }, options, include);
  } finally {
    closeFd(fd);
  }
}
