/**
 * A commit of the captured changes on top of the starting commit, made in the private store with
 * plumbing (`commit-tree` runs no hook and signs nothing), with the identity given here: a runner
 * has none, and the workspace's config is never asked.
 */
import type { Changes } from './host-git-changes.js';
import { HostGitUsageError } from './host-git-env.js';
import { displayToRaw, gitCall, rawToDisplay, startTreeWith } from './host-git-types.js';

export interface GitIdentity {
  name: string;
  email: string;
}

export interface CommitRequest {
  message: string;
  author: GitIdentity;
  /** Defaults to the author. */
  committer?: GitIdentity;
  /** Defaults to now; passed in so commits can be reproduced. */
  date?: Date;
  /**
   * Only these changed paths (as in changedPaths: a rename is its old and its new path); every
   * other path stays as in the starting commit. A path that is not a change is refused.
   */
  files?: readonly string[];
  timeoutMs?: number;
}

export type CommitResult =
  | { kind: 'committed'; commit: string; tree: string; parent: string | null; paths: string[] }
  | { kind: 'no-changes' };

/** Refuses what git would reject or silently mangle in an identity. Pure. */
export function checkIdentity(who: GitIdentity, role: string): void {
  if (who.name.trim() === '' || /[<>\n\r\0]/.test(who.name)) throw new HostGitUsageError(`${role} name is empty or has <, > or a line break`);
  if (!/^[^\s<>@]+@[^\s<>@]+$/.test(who.email)) throw new HostGitUsageError(`${role} email is not an address: ${who.email}`);
}

/** The message as commit-tree stores it: ends with a newline; no NUL. Pure. */
export function commitMessage(message: string): string {
  if (message.includes('\0')) throw new HostGitUsageError('commit message contains NUL');
  const trimmed = message.replace(/\s+$/, '');
  if (trimmed === '') throw new HostGitUsageError('commit message is empty');
  return `${trimmed}\n`;
}

export async function commitChanges(changes: Changes, req: CommitRequest): Promise<CommitResult> {
  checkIdentity(req.author, 'author');
  const committer = req.committer ?? req.author;
  checkIdentity(committer, 'committer');
  const message = commitMessage(req.message);
  const snapshot = changes.snapshot;
  const { ctx, gitDir, stateDir } = snapshot.state;
  const call = { cwd: stateDir, ...(req.timeoutMs === undefined ? {} : { timeoutMs: req.timeoutMs }) };

  let entries = changes.entries;
  let tree = changes.tree;
  if (req.files !== undefined) {
    const wanted = new Set(req.files.map(displayToRaw));
    const known = new Set(entries.map((e) => e.path));
    const unknown = [...wanted].filter((p) => !known.has(p));
    if (unknown.length > 0) throw new HostGitUsageError(`not among the changes: ${unknown.map(rawToDisplay).join(', ')}`);
    entries = entries.filter((e) => wanted.has(e.path));
    tree = await startTreeWith(snapshot.state, entries, req.timeoutMs === undefined ? {} : { timeoutMs: req.timeoutMs });
  }
  if (entries.length === 0 || tree === snapshot.startTree) return { kind: 'no-changes' };

  const date = `${Math.floor((req.date ?? new Date()).getTime() / 1000)} +0000`;
  const args = ['commit-tree', tree, ...(snapshot.startCommit === null ? [] : ['-p', snapshot.startCommit]), '--no-gpg-sign', '-F', '-'];
  const env = {
    GIT_AUTHOR_NAME: req.author.name, GIT_AUTHOR_EMAIL: req.author.email, GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_NAME: committer.name, GIT_COMMITTER_EMAIL: committer.email, GIT_COMMITTER_DATE: date,
  };
  const commit = (await gitCall(ctx, { gitDir, args, env }, { ...call, input: message })).toString('utf8').trim();
  return { kind: 'committed', commit, tree, parent: snapshot.startCommit, paths: entries.map((e) => rawToDisplay(e.path)).sort() };
}
