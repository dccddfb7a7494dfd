/**
 * The private index of the starting commit, built before the run, reusing the checkout's stat data
 * (still trusted then) but not its flags.
 */
import { chmod, copyFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { HostGitContext } from './host-git-env.js';
import { gitCall, gitRun, splitNul } from './host-git-types.js';

export interface IndexFlags {
  skipWorktree: boolean;
  assumeUnchanged: boolean;
  unmerged: boolean;
  /** Where the workspace's index file is (a linked worktree has its own). */
  path: string;
}

export type CallOpts = { cwd: string; timeoutMs?: number; signal?: AbortSignal };

export async function indexFlags(ctx: HostGitContext, opts: CallOpts): Promise<IndexFlags> {
  const tags = splitNul(await gitCall(ctx, { args: ['ls-files', '-v', '-z'] }, opts)).map((e) => e.slice(0, 1));
  const path = resolve(opts.cwd, (await gitCall(ctx, { args: ['rev-parse', '--git-path', 'index'] }, opts)).toString('utf8').trim());
  return {
    skipWorktree: tags.some((t) => t === 'S' || t === 's'),
    assumeUnchanged: tags.some((t) => t !== t.toUpperCase()),
    unmerged: tags.some((t) => t === 'M' || t === 'm'),
    path,
  };
}

/**
 * The private index of the starting commit, reusing the stat data of the checkout's own index where
 * an entry is the same blob (`read-tree -m` with one tree), so files are not all hashed again.
 * Only for a plain index; anything unusual (flags, conflicts, split or unreadable index) returns
 * false and the caller builds the index from the tree alone.
 */
export async function reuseCheckoutStat(
  ctx: HostGitContext,
  at: { gitDir: string; workTree: string; startIndex: string },
  tree: string,
  flags: IndexFlags,
  opts: CallOpts,
): Promise<boolean> {
  const { gitDir, workTree, startIndex } = at;
  if (flags.assumeUnchanged || flags.unmerged) return false;
  try {
    await copyFile(flags.path, startIndex);
    await chmod(startIndex, 0o600);
  } catch {
    return false;
  }
  // -m wants a work tree, though without -u it writes nothing there.
  const merged = await gitRun(ctx, { gitDir, workTree, indexFile: startIndex, args: ['read-tree', '-m', tree] }, { ...opts, cwd: workTree });
  if (merged.code !== 'ok') return false;
  const after = await gitRun(ctx, { gitDir, indexFile: startIndex, args: ['ls-files', '-v', '-z'] }, opts);
  return after.code === 'ok' && splitNul(after.stdout).every((e) => e.startsWith('H '));
}

/**
 * Drops the stat data of entries whose ctime is in the current second, so the capture hashes those
 * files from the worktree. Git compares whole seconds, and the agent can put an mtime
 * back (it cannot set a ctime): a file it rewrites, same size, in the second its entry was recorded
 * would match the entry in stat. Git would catch that as "racily clean" only while the index is no
 * newer than the entry, and the capture works on a fresh copy of the index. Returns how many.
 */
export async function forgetRecentStat(ctx: HostGitContext, at: { gitDir: string; indexFile: string }, opts: CallOpts): Promise<number> {
  // 50 ms back: the kernel stamps files from a coarse clock that can lag the one Date.now() reads.
  const since = Math.floor((Date.now() - 50) / 1000);
  const out = await gitCall(ctx, { ...at, args: ['ls-files', '--stage', '--debug', '-z'] }, opts);
  const recent = recentEntries(out.toString('latin1'), since);
  if (recent.length > 0) {
    await gitCall(ctx, { ...at, args: ['update-index', '-z', '--index-info'] }, { ...opts, input: Buffer.from(recent.map((e) => `${e}\0`).join(''), 'latin1') });
  }
  return recent.length;
}

/**
 * The `mode id stage\tpath` heads of `ls-files --stage --debug -z` entries whose ctime second is
 * `since` or later. Each head ends in NUL and is followed by five debug lines (no NUL in them).
 */
export function recentEntries(listing: string, since: number): string[] {
  const parts = listing.split('\0');
  const recent: string[] = [];
  let head = parts[0] ?? '';
  for (const part of parts.slice(1)) {
    const lines = part.split('\n');
    const ctime = /^ {2}ctime: (\d+):/.exec(lines[0] ?? '');
    // Unreadable debug data counts as recent: hashing a file again is the safe side.
    if (head !== '' && (ctime === null || Number(ctime[1]) >= since)) recent.push(head);
    head = lines.slice(5).join('\n');
  }
  return recent;
}
