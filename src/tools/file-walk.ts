import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Version-control metadata: never what the model is looking for, and full of packed binaries. */
export const VCS_DIRS: readonly string[] = ['.git', '.svn', '.hg', '.bzr', '.jj', '.sl'];

/** The directories to prune: VCS always, node_modules unless the search names it. */
export function skippedDirs(mentionsNodeModules: boolean): Set<string> {
  return new Set(mentionsNodeModules ? VCS_DIRS : [...VCS_DIRS, 'node_modules']);
}

export interface WalkOptions {
  /** Directory names pruned wherever they appear. */
  skipDirs: ReadonlySet<string>;
  /** Further pruning by workspace-relative (posix) directory path. */
  pruneDir?: (rel: string) => boolean;
  signal: AbortSignal;
  /** Entries visited before the walk gives up, so a huge tree cannot stall a turn. */
  maxEntries: number;
}

export interface WalkEntry {
  abs: string;
  /** Relative to the walk root, with `/` separators. */
  rel: string;
}

export interface WalkResult {
  files: WalkEntry[];
  /** True when maxEntries stopped the walk early. */
  truncated: boolean;
}

/**
 * Lists regular files under root, depth-first with each directory's entries in name order, the
 * order `rg --sort path` uses, so the JS fallback and ripgrep list files the same way.
 * Symlinks are not followed (ripgrep's default), which also keeps the walk inside the tree.
 * Unreadable directories are skipped silently, as `rg --no-messages` does.
 */
export async function walkFiles(root: string, options: WalkOptions): Promise<WalkResult> {
  const files: WalkEntry[] = [];
  let visited = 0;
  const visit = async (dir: string, relDir: string): Promise<boolean> => {
    if (options.signal.aborted) return false;
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return true;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (++visited > options.maxEntries) return false;
      const rel = relDir === '' ? entry.name : `${relDir}/${entry.name}`;
      const abs = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (options.skipDirs.has(entry.name) || options.pruneDir?.(rel) === true) continue;
        if (!(await visit(abs, rel))) return false;
      } else if (entry.isFile()) {
        files.push({ abs, rel });
      }
    }
    return true;
  };
  const complete = await visit(root, '');
  return { files, truncated: !complete };
}
