/**
 * Reading one file as it is in a given commit (`git ls-tree` + `git cat-file blob`), never from
 * the working tree: this is how configuration is taken from a pull request's base. No textconv,
 * no filters, regular files only (a symlink in the tree would point wherever its author likes).
 */
import { GitError, gitText, type GitRunner } from '../../git/index.js';
import { isSafeRepoPath } from './ref-names.js';

export type CommitFile =
  | { kind: 'file'; text: string; blob: string }
  | { kind: 'absent' }
  /** A symlink, submodule or directory where a file was expected. */
  | { kind: 'not-a-file'; mode: string };

const MAX_BYTES = 1_000_000;

export async function readCommitFile(git: GitRunner, cwd: string, commit: string, path: string): Promise<CommitFile> {
  if (!/^[0-9a-f]{40}$/.test(commit)) throw new Error(`not a commit id: ${JSON.stringify(commit)}`);
  if (!isSafeRepoPath(path)) throw new Error(`not a repository path: ${JSON.stringify(path)}`);
  const listing = await gitText(git, { cwd, args: ['ls-tree', '-z', '--full-tree', commit, '--', path] });
  const entry = listing.split('\0').find((e) => e.endsWith(`\t${path}`));
  if (entry === undefined) return { kind: 'absent' };
  const [mode = '', type = '', blob = ''] = entry.slice(0, entry.indexOf('\t')).split(' ');
  if (type !== 'blob' || (mode !== '100644' && mode !== '100755')) return { kind: 'not-a-file', mode };
  const result = await git.run({ cwd, args: ['cat-file', 'blob', blob], maxOutputBytes: MAX_BYTES });
  if (result.exitCode !== 0) throw new GitError(['cat-file', 'blob', blob], result);
  return { kind: 'file', text: result.stdout.toString('utf8'), blob };
}
