/**
 * The run's own changes: the worktree captured before the agent starts and at the end, and the
 * paths that differ between the two taken as they are at the end against the starting commit, so
 * a file an earlier CI step changed is not the run's.
 */
import { containsSecret } from '../log/index.js';
import { treeChanges } from './host-git-changes.js';
import type { Changes } from './host-git-changes.js';
import { parseCatFileBatch } from './host-git-objects.js';
import { parseRawDiff } from './host-git-parse.js';
import type { RawEntry } from './host-git-parse.js';
import { gitCall, rawBytes, rawToDisplay, startTreeWith } from './host-git-types.js';
import type { SecretFinding } from '../policy/index.js';

/**
 * `after` less what was already so in `before` (both captures of one snapshot): a tree that is the
 * starting commit with every path the run touched taken from `after`. Paths changed before the run
 * and left alone keep their starting-commit content, so they are in neither the patch nor a commit.
 */
export async function changesSince(before: Changes, after: Changes, call: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<Changes> {
  if (before.entries.length === 0 && before.skipped.length === 0) return after;
  const snapshot = after.snapshot;
  const { ctx, gitDir, stateDir } = snapshot.state;
  const touched = parseRawDiff(await gitCall(ctx, { gitDir, args: ['diff-tree', '-r', '-z', '--raw', '--no-renames', '--full-index', before.tree, after.tree] }, { ...call, cwd: stateDir }));
  const tree = await startTreeWith(snapshot.state, touched, call);
  const skippedBefore = new Set(before.skipped.map((s) => s.path));
  return treeChanges(snapshot, tree, after.skipped.filter((s) => !skippedBefore.has(s.path)), [], call);
}

/** Modes whose entry is a blob a commit stores (files and symlinks; a submodule stores no content). */
const BLOB_MODE = /^(100644|100755|120000)$/;

/** One path a commit of the changes writes or removes. */
export interface CommittedEntry {
  /** Decoded for people (ChangedFile.path). */
  path: string;
  /** The git mode after the change; absent when deleted. */
  mode: string | undefined;
  /** Size of the content stored (a symlink: its target); absent when deleted or a submodule. */
  bytes: number | undefined;
}

/**
 * Every path a commit of the changes writes or removes, with the size of what it stores: what
 * `publish.max_bytes` bounds (a patch compresses binary content, so its length says little).
 * Asked of the private store, where every new blob was written when the worktree was captured.
 */
export async function committedEntries(changes: Changes): Promise<CommittedEntry[]> {
  const ids = [...new Set(changes.entries.filter(storesBlob).map((e) => e.newId))];
  const sizes = new Map<string, number>();
  if (ids.length > 0) {
    const { ctx, gitDir, stateDir } = changes.snapshot.state;
    const out = await gitCall(ctx, { gitDir, args: ['cat-file', '--batch-check=%(objectname) %(objecttype) %(objectsize)'] }, { cwd: stateDir, input: `${ids.join('\n')}\n` });
    for (const line of out.toString('latin1').split('\n')) {
      const [id = '', type, size] = line.split(' ');
      if (type === 'blob' && /^\d+$/.test(size ?? '')) sizes.set(id, Number(size));
    }
    const unknown = ids.find((id) => !sizes.has(id));
    if (unknown !== undefined) throw new Error(`git has no size for the committed blob ${unknown}`);
  }
  return changes.entries.map((e) => ({ path: rawToDisplay(e.path), mode: e.status === 'D' ? undefined : e.newMode, bytes: storesBlob(e) ? sizes.get(e.newId) : undefined }));
}

/**
 * Where the changes carry a secret in any of its forms: each file whose full content holds one — a
 * binary file's content is not readable in a `--binary` patch, and a text file's lines may be split
 * across hunks — a path that holds one, and the patch itself (lines it removes or keeps). A blob
 * that cannot be read counts as holding one. Empty: none found.
 */
export async function secretFindings(changes: Changes, patch: Buffer, forms: readonly string[]): Promise<SecretFinding[]> {
  if (forms.length === 0) return [];
  const findings: SecretFinding[] = [];
  if (changes.entries.some((e) => containsSecret(rawBytes(e.path), forms))) findings.push({ in: 'name' });
  const written = changes.entries.filter(storesBlob);
  const ids = [...new Set(written.map((e) => e.newId))];
  if (ids.length > 0) {
    const { ctx, gitDir, stateDir } = changes.snapshot.state;
    const entries = parseCatFileBatch(await gitCall(ctx, { gitDir, args: ['cat-file', '--batch'] }, { cwd: stateDir, input: `${ids.join('\n')}\n` }));
    const holding = new Set(entries.length === ids.length ? entries.filter((e) => e.missing || containsSecret(e.content, forms)).map((e) => e.id) : ids);
    for (const e of written) {
      if (!holding.has(e.newId)) continue;
      // A name that holds a secret is already said, and is never printed.
      if (!containsSecret(rawBytes(e.path), forms)) findings.push({ in: 'content', path: rawToDisplay(e.path) });
    }
  }
  if (findings.length === 0 && containsSecret(patch, forms)) findings.push({ in: 'patch' });
  return findings;
}

function storesBlob(e: RawEntry): boolean {
  return e.status !== 'D' && BLOB_MODE.test(e.newMode);
}
