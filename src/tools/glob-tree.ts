import { VISIBLE_ROOT } from '../sandbox/index.js';
import { confinedOutput, findFiles, relativeName, type Confinement } from './confined-listing.js';
import { joinAbs, type ListedFile, type WalkResult, type WalkRoot } from './file-walk.js';
import { compileGlobFilter } from './glob-filter.js';
import { newest } from './glob-order.js';
import { pathOrderKey, TreeOpener } from './tree-opener.js';

/*
 * A large tree listed at ripgrep's speed. Walking 100,000 names in JavaScript costs a few times
 * what `rg --files` takes, so ripgrep lists them, confined as for Grep (src/sandbox/confined-exec.ts:
 * the opened directory is all of the tree it can see), filtered by the pattern itself when its
 * glob dialect agrees with ours. Every name kept is then found again from the root's descriptor,
 * one directory at a time without following links (tree-opener.ts): that lstat gives the mtime the
 * list is sorted by, and a name that is not a regular file in the opened tree now (one ripgrep saw
 * through a directory swapped for a symlink) drops out. Only names are listed; nothing is read.
 */

export interface TreeListing extends Confinement {
  rg: string;
  /**
   * GNU find, when there is one, and the number of matches above which their mtimes come from one
   * `find` in the confinement rather than a lstat each from here (a fraction of the cost); only
   * those that can be shown are then lstat-ed.
   */
  find?: { path: string; above: number };
}

/** A glob both ripgrep and our filter read the same way: no extglobs, escapes or negation. */
function sharedDialect(pattern: string): boolean {
  return !pattern.startsWith('!') && !/[()|\\]/.test(pattern);
}

/** The argv for `rg --files`, pure so it can be checked: what the judged walk lists, NUL-separated. */
export function listingArgs(pattern: string, skipDirs: ReadonlySet<string>): string[] {
  const args = ['--no-config', '--no-messages', '--files', '--null', '--hidden', '--no-ignore', '--no-follow'];
  if (sharedDialect(pattern)) args.push(`--glob=${pattern}`);
  // Last, so the pattern cannot bring a pruned directory back.
  for (const dir of [...skipDirs].sort()) args.push(`--glob=!${dir}/`);
  args.push('--', VISIBLE_ROOT);
  return args;
}


/** The files under root the pattern matches, with their mtimes; undefined when the judged walk must do it. */
export async function listTree(
  listing: TreeListing,
  root: WalkRoot & { id: string },
  pattern: string,
  skipDirs: ReadonlySet<string>,
  signal: AbortSignal,
  timeoutMs: number,
  limits: { maxFiles: number; shown: number },
): Promise<WalkResult | undefined> {
  if (!(await listing.size.exceeds(root, root.id, skipDirs, signal))) return undefined;
  const deadline = Date.now() + timeoutMs;
  const filter = compileGlobFilter([[pattern]]);
  const keep = (rel: string): boolean => !prunedOnTheWay(rel, skipDirs) && filter.includesFile(rel);
  const opener = new TreeOpener(root);
  try {
    // A pattern that names no file (`*`, `src/*.ts`) likely matches most of the tree: find lists
    // it with every mtime in one pass. Any other, ripgrep filters as it lists.
    if (listing.find !== undefined && broad(pattern)) {
      const all = await findFiles(listing, listing.find.path, root, skipDirs, signal, timeoutMs);
      if (all === 'aborted') return { files: [], truncated: true, visited: 0 };
      if (all !== undefined) return shownChecked(all.filter((file) => keep(file.rel)).map((file) => listed_(root, file.rel, file.mtimeMs)), root, opener, limits);
    }
    const listed = await confinedOutput(listing, listing.rg, listingArgs(pattern, skipDirs), root, signal, deadline - Date.now());
    if (listed === 'aborted') return { files: [], truncated: true, visited: 0 };
    if (listed === undefined) return undefined;
    const names: string[] = [];
    for (const path of listed.output.split('\0')) {
      const rel = relativeName(path);
      if (rel !== undefined && keep(rel)) names.push(rel);
    }
    if (listing.find !== undefined && names.length > listing.find.above) {
      const all = await findFiles(listing, listing.find.path, root, skipDirs, signal, deadline - Date.now());
      if (all === 'aborted') return { files: [], truncated: true, visited: 0 };
      if (all !== undefined) {
        const mtimes = new Map(all.map((file) => [file.rel, file.mtimeMs]));
        // Infinity: a name find did not see (made since) sorts first, so it is lstat-ed.
        return shownChecked(names.map((rel) => listed_(root, rel, mtimes.get(rel) ?? Infinity)), root, opener, limits);
      }
    }
    const cut = budget(names, limits.maxFiles);
    const files: ListedFile[] = [];
    // Every name's mtime by descriptor, in path order (the opener keeps one chain of directories
    // open); a name that is not a regular file there now drops out.
    for (const rel of cut.kept) {
      const mtimeMs = opener.mtimeMs(rel);
      if (mtimeMs !== undefined) files.push(listed_(root, rel, mtimeMs));
    }
    return { files, truncated: cut.truncated, visited: names.length };
  } finally {
    opener.close();
  }
}

function listed_(root: WalkRoot, rel: string, mtimeMs: number): ListedFile {
  return { abs: joinAbs(root.abs, rel), rel, mtimeMs };
}

/** The names in the walk's order, cut where its budget would cut them. */
function budget(names: readonly string[], maxFiles: number): { kept: string[]; truncated: boolean } {
  const sorted = names
    .map((rel) => ({ rel, key: pathOrderKey(rel) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((n) => n.rel);
  return sorted.length > maxFiles ? { kept: sorted.slice(0, maxFiles), truncated: true } : { kept: sorted, truncated: false };
}

/**
 * Files in Glob's order (newest first, then path) by the mtimes `find` gave, with every file that
 * could be among the first `shown` lstat-ed by descriptor: its own mtime replaces find's, and one
 * that is not a regular file there now drops out. Repeated until the first `shown` are all such
 * files; the others are only counted. Over the budget, cut in the walk's order first.
 */
function shownChecked(found: ListedFile[], root: WalkRoot, opener: TreeOpener, limits: { maxFiles: number; shown: number }): WalkResult {
  const visited = found.length;
  let files = found;
  let truncated = false;
  if (files.length > limits.maxFiles) {
    const kept = new Set(budget(files.map((f) => f.rel), limits.maxFiles).kept);
    files = files.filter((f) => kept.has(f.rel));
    truncated = true;
  }
  const checked = new Set<string>();
  for (;;) {
    const top = newest(files, limits.shown);
    const last = top[top.length - 1];
    if (last === undefined) return { files, truncated, visited };
    // find's mtimes and lstat's agree to well under a millisecond: anything within one of the
    // last shown could be shown once its own is known.
    const pending = files.filter((f) => !checked.has(f.rel) && f.mtimeMs >= last.mtimeMs - 1);
    if (pending.length === 0) return { files, truncated, visited };
    const gone = new Set<string>();
    for (const file of pending.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0))) {
      checked.add(file.rel);
      const mtimeMs = opener.mtimeMs(file.rel);
      if (mtimeMs === undefined) gone.add(file.rel);
      else file.mtimeMs = mtimeMs;
    }
    if (gone.size > 0) files = files.filter((f) => !gone.has(f.rel));
  }
}

/** A pattern whose last part names no file, only an extension at most: `*`, `**`, `src/*.ts`, `*.{ts,tsx}`. */
function broad(pattern: string): boolean {
  return /^(\*\*?|\*\.[\w.{},]+)$/.test(pattern.slice(pattern.lastIndexOf('/') + 1));
}

/** Whether the walk would not have entered some directory on the way to `rel` (ripgrep was told too). */
function prunedOnTheWay(rel: string, skipDirs: ReadonlySet<string>): boolean {
  let named = false;
  for (const dir of skipDirs) named ||= rel.includes(`${dir}/`);
  if (!named) return false;
  const parts = rel.split('/');
  for (let i = 0; i < parts.length - 1; i++) if (skipDirs.has(parts[i] ?? '')) return true;
  return false;
}
