/**
 * The private index of the starting commit, built before the run. Reusing the checkout's stat data
 * saves hashing every file again; the checkout's index is still trusted then (the agent has not
 * started), but its flags are not carried over: the result must be exactly the starting tree.
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
