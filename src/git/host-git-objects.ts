/**
 * Old file content lives in the workspace's object store, which the agent could write: it is read
 * once, hashed here against the id the snapshot recorded, and only then written into the private
 * store. A mismatch throws HostGitIntegrityError.
 */
import { createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { gitCall, HostGitIntegrityError, rawToDisplay } from './host-git-types.js';
import type { ObjectFormat, RepositorySnapshot } from './host-git-types.js';
import { errorMessage } from '../error-text.js';

export type BatchEntry = { id: string; missing: true } | { id: string; missing: false; type: string; content: Buffer };

/** Parses `git cat-file --batch` output: `<id> <type> <size>\n<content>\n` or `<id> missing\n`. Pure. */
export function parseCatFileBatch(out: Buffer): BatchEntry[] {
  const entries: BatchEntry[] = [];
  let pos = 0;
  while (pos < out.length) {
    const nl = out.indexOf(0x0a, pos);
    if (nl < 0) throw new Error('cat-file: truncated header');
    const header = out.subarray(pos, nl).toString('latin1').split(' ');
    pos = nl + 1;
    const id = header[0] ?? '';
    if (header.length === 2 && header[1] === 'missing') {
      entries.push({ id, missing: true });
      continue;
    }
    const size = Number(header[2]);
    if (header.length !== 3 || !Number.isSafeInteger(size) || size < 0 || pos + size + 1 > out.length || out[pos + size] !== 0x0a) {
      throw new Error(`cat-file: bad entry header ${header.join(' ')}`);
    }
    entries.push({ id, missing: false, type: header[1] ?? '', content: out.subarray(pos, pos + size) });
    pos += size + 1;
  }
  return entries;
}

/** The id git gives an object: the hash of `<type> <size>\0<content>`. */
export function objectId(format: ObjectFormat, type: string, content: Buffer): string {
  return createHash(format === 'sha1' ? 'sha1' : 'sha256')
    .update(`${type} ${content.length}\0`)
    .update(content)
    .digest('hex');
}

const ID_PATTERN: Record<ObjectFormat, RegExp> = { sha1: /^[0-9a-f]{40}$/, sha256: /^[0-9a-f]{64}$/ };

export function isObjectId(format: ObjectFormat, id: string): boolean {
  return ID_PATTERN[format].test(id);
}

/** Writes a loose object into a store: `objects/xx/rest`, zlib-compressed, created afresh. */
export async function writeLooseObject(gitDir: string, type: string, content: Buffer, id: string): Promise<void> {
  const dir = join(gitDir, 'objects', id.slice(0, 2));
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `tmp_obj_${randomBytes(6).toString('hex')}`);
  await writeFile(tmp, deflateSync(Buffer.concat([Buffer.from(`${type} ${content.length}\0`), content])), { mode: 0o444, flag: 'wx' });
  await rename(tmp, join(dir, id.slice(2)));
}

/** Which of these ids the private store lacks (it never reads the workspace store). */
export async function missingFromPrivateStore(snapshot: RepositorySnapshot, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { ctx, gitDir, stateDir } = snapshot.state;
  const out = await gitCall(ctx, { gitDir, args: ['cat-file', '--batch-check=%(objectname)'] }, { cwd: stateDir, input: `${ids.join('\n')}\n` });
  const lines = out.toString('latin1').split('\n');
  return ids.filter((_, i) => lines[i] !== ids[i]);
}

/**
 * Makes every blob named here readable from the private store, copying from the workspace store the
 * ones it lacks after checking each hashes to its id. `path` (raw) only names the object in errors.
 */
export async function copyVerifiedBlobs(snapshot: RepositorySnapshot, wanted: ReadonlyArray<{ id: string; path: string }>): Promise<void> {
  const byId = new Map<string, string>();
  for (const w of wanted) {
    if (!isObjectId(snapshot.objectFormat, w.id)) throw new HostGitIntegrityError(w.id, rawToDisplay(w.path), 'is not an object id');
    byId.set(w.id, w.path);
  }
  const missing = await missingFromPrivateStore(snapshot, [...byId.keys()]);
  if (missing.length === 0) return;
  const { ctx, gitDir, stateDir, objectSources } = snapshot.state;
  let entries: BatchEntry[];
  try {
    const out = await gitCall(
      ctx,
      { gitDir, alternates: objectSources, args: ['cat-file', '--batch'] },
      { cwd: stateDir, input: `${missing.join('\n')}\n` },
    );
    entries = parseCatFileBatch(out);
  } catch (err) {
    // A store git cannot even parse (a corrupted loose object or pack) is tampering just the same.
    throw new HostGitIntegrityError(missing[0] ?? '', rawToDisplay(byId.get(missing[0] ?? '') ?? ''), `could not be read (${errorMessage(err)})`);
  }
  for (const [i, id] of missing.entries()) {
    const path = rawToDisplay(byId.get(id) ?? '');
    const entry = entries[i];
    if (entry === undefined || entry.id !== id) throw new HostGitIntegrityError(id, path, 'was not returned by git');
    if (entry.missing) throw new HostGitIntegrityError(id, path, 'is missing');
    if (entry.type !== 'blob') throw new HostGitIntegrityError(id, path, `is a ${entry.type}, not a blob`);
    const actual = objectId(snapshot.objectFormat, 'blob', entry.content);
    if (actual !== id) throw new HostGitIntegrityError(id, path, `has content that hashes to ${actual}`);
    await writeLooseObject(gitDir, 'blob', entry.content, id);
  }
}

/**
 * Hard links to the workspace's loose objects and packs (not info/: alternates stay the
 * workspace's). Best effort: false when links are impossible (another file system), and the
 * workspace directory is then the only source.
 */
export async function linkObjectFiles(from: string, to: string): Promise<boolean> {
  try {
    await mkdir(to, { mode: 0o700 });
    for (const entry of await readdir(from, { withFileTypes: true })) {
      if (!entry.isDirectory() || !(/^[0-9a-f]{2}$/.test(entry.name) || entry.name === 'pack')) continue;
      await mkdir(join(to, entry.name), { mode: 0o700 });
      for (const file of await readdir(join(from, entry.name), { withFileTypes: true })) {
        if (!file.isFile() || (entry.name === 'pack' && !/\.(pack|idx|rev)$/.test(file.name))) continue;
        await link(join(from, entry.name, file.name), join(to, entry.name, file.name));
      }
    }
    return true;
  } catch {
    return false;
  }
}
