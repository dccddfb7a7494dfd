import { constants, type Stats } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { bytesDigest, type FileStateCache } from './file-state.js';
import type { ToolOutput } from './tool.js';
import { errnoCode, errorMessage, toolError } from './tool-result.js';

/** What is on disk now at a path a tool is about to write. */
/** `content` is `bytes` decoded as UTF-8, lossy where they are not valid UTF-8 (see `decodesLosslessly`). */
export type DiskFile = { exists: false } | { exists: true; info: Stats; content: string; bytes: Buffer };

export type FreshnessCheck = { ok: true; file: DiskFile } | { ok: false; error: ToolOutput };

/**
 * The rule Write and Edit share: an existing file may only be changed if the agent read it and
 * it has not changed on disk since. A changed mtime alone is forgiven when the digest of the bytes
 * read shows they are the same (a touch, a checkout that rewrote the file unchanged).
 */
export async function checkFresh(abs: string, fileState: FileStateCache, verb: 'edit' | 'write'): Promise<FreshnessCheck> {
  // One descriptor for the status and the bytes, so both describe the same file; not through a
  // final symlink (the write refuses one anyway, and its target could have changed since the
  // decision), and non-blocking so a FIFO cannot hang the read.
  let handle: FileHandle;
  try {
    handle = await open(abs, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return { ok: true, file: { exists: false } };
    if (errnoCode(err) === 'ELOOP') return { ok: false, error: toolError('denied', `${abs} is a symlink; ${verb} the file it points to instead.`) };
    if (errnoCode(err) === 'EISDIR') return { ok: false, error: toolError('invalid_input', `${abs} is a directory; give a file path.`) };
    return { ok: false, error: toolError('failed', `Cannot ${verb} ${abs}: ${errorMessage(err)}`) };
  }
  try {
    return await compare(abs, handle, fileState, verb);
  } finally {
    await handle.close();
  }
}

async function compare(abs: string, handle: FileHandle, fileState: FileStateCache, verb: 'edit' | 'write'): Promise<FreshnessCheck> {
  const info = await handle.stat();
  if (info.isDirectory()) return { ok: false, error: toolError('invalid_input', `${abs} is a directory; give a file path.`) };
  if (!info.isFile()) return { ok: false, error: toolError('denied', `${abs} is not a regular file (device, FIFO or socket); refusing to ${verb} it.`) };

  const record = fileState.get(abs);
  if (record === undefined) {
    return { ok: false, error: toolError('invalid_input', `File has not been read yet: ${abs}. Read it first before you ${verb} it.`) };
  }
  let bytes: Buffer;
  try {
    bytes = await handle.readFile();
  } catch (err) {
    return { ok: false, error: toolError('failed', `Cannot read ${abs} before changing it: ${errorMessage(err)}`) };
  }
  const digest = bytesDigest(bytes);
  const untouched = info.mtimeMs === record.mtimeMs && info.size === record.size;
  const sameBytes = record.sha256 !== undefined && record.sha256 === digest;
  if (!untouched && !sameBytes) {
    return {
      ok: false,
      error: toolError('invalid_input', `File has been modified since it was last read (by a command, another tool, or someone else): ${abs}. Read it again before you ${verb} it.`),
    };
  }
  if (record.sha256 !== undefined && record.sha256 !== digest) {
    // Same mtime and size but different bytes: a same-second rewrite. The bytes are the better witness.
    return { ok: false, error: toolError('invalid_input', `File has been modified since it was last read: ${abs}. Read it again before you ${verb} it.`) };
  }
  return { ok: true, file: { exists: true, info, content: bytes.toString('utf8'), bytes } };
}

/** Whether `content` written back as UTF-8 gives exactly `bytes` (false: some were not valid UTF-8 and decoded to U+FFFD). */
export function decodesLosslessly(file: { content: string; bytes: Buffer }): boolean {
  return Buffer.byteLength(file.content, 'utf8') === file.bytes.length && Buffer.from(file.content, 'utf8').equals(file.bytes);
}

/** After a successful write the agent's view is the file as written. */
export async function recordWritten(abs: string, content: string, fileState: FileStateCache): Promise<void> {
  const info = await stat(abs);
  fileState.set(abs, { mtimeMs: info.mtimeMs, size: info.size, sha256: bytesDigest(Buffer.from(content, 'utf8')) });
}
