/**
 * The run's own changes, and what they carry. The worktree is captured twice — before the agent
 * starts and when the run ends — and the run's changes are the difference between the two, not
 * between the end and the starting commit: a file an earlier CI step left untracked or edited is
 * not the run's. A file the run changed too is delivered as the run left it, against the starting
 * commit (a commit holds files, not edits of edits), so an earlier step's edit to it goes along.
 */
import { randomBytes } from 'node:crypto';
import { chmod, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { containsSecret } from '../log/index.js';
import { treeChanges } from './host-git-changes.js';
import type { Changes } from './host-git-changes.js';
import { parseCatFileBatch } from './host-git-objects.js';
import { parseRawDiff } from './host-git-parse.js';
import { gitCall, rawBytes } from './host-git-types.js';

/**
 * `after` less what was already so in `before` (both captures of one snapshot): a tree that is the
 * starting commit with every path the run touched taken from `after`. Paths changed before the run
 * and left alone keep their starting-commit content, so they are in neither the patch nor a commit.
 */
export async function changesSince(before: Changes, after: Changes, call: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<Changes> {
  if (before.entries.length === 0 && before.skipped.length === 0) return after;
  const snapshot = after.snapshot;
  const { ctx, gitDir, stateDir, tmpDir } = snapshot.state;
  const bare = { ...call, cwd: stateDir };
  const touched = parseRawDiff(await gitCall(ctx, { gitDir, args: ['diff-tree', '-r', '-z', '--raw', '--no-renames', '--full-index', before.tree, after.tree] }, bare));
  const indexFile = join(tmpDir, `since-${randomBytes(6).toString('hex')}.index`);
  try {
    await gitCall(ctx, { gitDir, indexFile, args: ['read-tree', snapshot.startTree] }, bare);
    await chmod(indexFile, 0o600);
    if (touched.length > 0) {
      // Mode 0 removes the path; any other mode (re)places it with the blob `after` recorded.
      const zero = '0'.repeat(snapshot.startTree.length);
      const lines = touched.map((e) => Buffer.concat([Buffer.from(e.status === 'D' ? `0 ${zero}\t` : `${e.newMode} ${e.newId}\t`), rawBytes(e.path), Buffer.from([0])]));
      await gitCall(ctx, { gitDir, indexFile, args: ['update-index', '-z', '--index-info'] }, { ...bare, input: Buffer.concat(lines) });
    }
    const tree = (await gitCall(ctx, { gitDir, indexFile, args: ['write-tree', '--missing-ok'] }, bare)).toString('utf8').trim();
    const skippedBefore = new Set(before.skipped.map((s) => s.path));
    return await treeChanges(snapshot, tree, after.skipped.filter((s) => !skippedBefore.has(s.path)), [], call);
  } finally {
    await rm(indexFile, { force: true });
  }
}

/**
 * Whether the changes carry a secret in any of its forms: in the patch (paths, text) or in the full
 * content of any file they write — a binary file's content is not readable in a `--binary` patch,
 * and a text file's lines may be split across hunks. A blob that cannot be read counts as holding one.
 */
export async function changesHoldSecret(changes: Changes, patch: Buffer, forms: readonly string[]): Promise<boolean> {
  if (forms.length === 0) return false;
  if (containsSecret(patch, forms)) return true;
  const ids = [...new Set(changes.entries.filter((e) => e.status !== 'D' && /^(100644|100755|120000)$/.test(e.newMode)).map((e) => e.newId))];
  if (ids.length === 0) return false;
  const { ctx, gitDir, stateDir } = changes.snapshot.state;
  const entries = parseCatFileBatch(await gitCall(ctx, { gitDir, args: ['cat-file', '--batch'] }, { cwd: stateDir, input: `${ids.join('\n')}\n` }));
  if (entries.length !== ids.length) return true;
  return entries.some((e) => e.missing || containsSecret(e.content, forms));
}
