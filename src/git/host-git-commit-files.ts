/**
 * What a commit made by commitChanges writes, path by path, for a forge that builds the same commit
 * through its API (GitHub's commit signing: src/github/publish/api-commit.ts). Each new blob's bytes
 * are read from the private store only and checked against their id: what is sent is what was
 * judged, and a blob the store lacks is an error, never a read of the workspace's store.
 */
import { objectId, parseCatFileBatch } from './host-git-objects.js';
import { parseRawDiff } from './host-git-parse.js';
import { gitCall, rawBytes } from './host-git-types.js';
import type { RepositorySnapshot } from './host-git-types.js';

export type CommitFile =
  /** `content` is absent when the blob is the parent's at this path (only the mode changed) or a gitlink's. */
  | { kind: 'write'; path: Buffer; mode: string; id: string; content: Buffer | undefined }
  | { kind: 'delete'; path: Buffer };

/** Every path `toTree` adds, changes or removes against `fromTree` (no rename pairing), with new blobs' bytes. */
export async function commitFiles(snapshot: RepositorySnapshot, fromTree: string, toTree: string): Promise<CommitFile[]> {
  const { ctx, gitDir, stateDir } = snapshot.state;
  const entries = parseRawDiff(await gitCall(ctx, { gitDir, args: ['diff-tree', '-r', '-z', '--raw', '--no-renames', '--full-index', fromTree, toTree] }, { cwd: stateDir }));
  const wanted = [...new Set(entries.filter((e) => e.status !== 'D' && e.newMode !== '160000' && e.newId !== e.oldId).map((e) => e.newId))];
  const blobs = new Map<string, Buffer>();
  if (wanted.length > 0) {
    const read = parseCatFileBatch(await gitCall(ctx, { gitDir, args: ['cat-file', '--batch'] }, { cwd: stateDir, input: `${wanted.join('\n')}\n` }));
    for (const [i, id] of wanted.entries()) {
      const entry = read[i];
      if (entry === undefined || entry.id !== id || entry.missing || entry.type !== 'blob') throw new Error(`the committed blob ${id} is not in the private store`);
      if (objectId(snapshot.objectFormat, 'blob', entry.content) !== id) throw new Error(`the committed blob ${id} does not hash to its id`);
      blobs.set(id, entry.content);
    }
  }
  return entries.map((e): CommitFile =>
    e.status === 'D' ? { kind: 'delete', path: rawBytes(e.path) } : { kind: 'write', path: rawBytes(e.path), mode: e.newMode, id: e.newId, content: blobs.get(e.newId) },
  );
}
