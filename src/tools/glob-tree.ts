import { confinedExec, confinementFailed, VISIBLE_ROOT } from '../sandbox/index.js';
import { hasMoreEntries, joinAbs, type ListedFile, type WalkResult, type WalkRoot } from './file-walk.js';
import { compileGlobFilter } from './glob-filter.js';
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

export interface TreeListing {
  rg: string;
  bwrap: string;
  /** Entries (files and directories) a tree must exceed for ripgrep to list it; 0: always. */
  above: number;
  /** Told when bwrap cannot build the confinement on this host: the caller stops asking. */
  unavailable: () => void;
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
  root: WalkRoot,
  pattern: string,
  skipDirs: ReadonlySet<string>,
  signal: AbortSignal,
  timeoutMs: number,
  maxFiles: number,
): Promise<WalkResult | undefined> {
  if (listing.above > 0 && !(await hasMoreEntries(root, skipDirs, signal, listing.above))) return undefined;
  const result = await confinedExec({ bwrap: listing.bwrap, dirFd: root.fd, file: listing.rg, args: listingArgs(pattern, skipDirs), timeoutMs, signal, maxOutputChars: 200_000_000 });
  if (result.aborted || signal.aborted) return { files: [], truncated: true, visited: 0 };
  if (confinementFailed(result)) {
    listing.unavailable();
    return undefined;
  }
  // Anything else (a timeout, a crash, output cut short): the judged walk lists it instead.
  if (result.timedOut || result.droppedChars > 0 || (result.exitCode !== 0 && result.exitCode !== 1)) return undefined;

  const filter = compileGlobFilter([[pattern]]);
  const prefix = `${VISIBLE_ROOT}/`;
  const names: Array<{ rel: string; key: string }> = [];
  for (const path of result.output.split('\0')) {
    if (!path.startsWith(prefix)) continue;
    const rel = path.slice(prefix.length);
    if (rel !== '' && !prunedOnTheWay(rel, skipDirs) && filter.includesFile(rel)) names.push({ rel, key: pathOrderKey(rel) });
  }
  // The walk's order, so a budget cuts where the walk would, and the opener keeps one chain of directories.
  names.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const truncated = names.length > maxFiles;
  const files: ListedFile[] = [];
  const opener = new TreeOpener(root);
  try {
    for (const { rel } of truncated ? names.slice(0, maxFiles) : names) {
      const mtimeMs = opener.mtimeMs(rel);
      if (mtimeMs !== undefined) files.push({ abs: joinAbs(root.abs, rel), rel, mtimeMs });
    }
  } finally {
    opener.close();
  }
  return { files, truncated, visited: names.length };
}

/** Whether the walk would not have entered some directory on the way to `rel` (ripgrep was told too). */
function prunedOnTheWay(rel: string, skipDirs: ReadonlySet<string>): boolean {
  const parts = rel.split('/');
  for (let i = 0; i < parts.length - 1; i++) if (skipDirs.has(parts[i] ?? '')) return true;
  return false;
}
