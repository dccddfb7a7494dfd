/**
 * Applies an outbox's `changes.patch` to a fresh checkout of the commit it was made against — the
 * second job of a two-job workflow, where the agent never ran — through the snapshot's private
 * state and fixed configuration: no hook, no driver, no workspace config. `git apply` itself
 * refuses paths outside the work tree and writes through no symlink; what the patch may carry
 * out of the runner is the publisher's check, made afterwards on the resulting changes.
 */
import { randomBytes } from 'node:crypto';
import { chmod, copyFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { gitRun } from './host-git-types.js';
import type { RepositorySnapshot } from './host-git-types.js';

export type ApplyResult = { ok: true } | { ok: false; message: string };

export async function applyPatch(snapshot: RepositorySnapshot, patch: Buffer, options: { timeoutMs?: number } = {}): Promise<ApplyResult> {
  if (patch.length === 0) return { ok: true };
  const { ctx, gitDir, startIndex, tmpDir } = snapshot.state;
  // A private copy of the starting index: the checkout's own index is never used or changed.
  const indexFile = join(tmpDir, `apply-${randomBytes(6).toString('hex')}.index`);
  await copyFile(startIndex, indexFile);
  await chmod(indexFile, 0o600);
  try {
    const r = await gitRun(
      ctx,
      { gitDir, indexFile, workTree: snapshot.topLevel, args: ['apply', '--binary', '--whitespace=nowarn', '-'] },
      { cwd: snapshot.topLevel, input: patch, ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }) },
    );
    return r.code === 'ok' ? { ok: true } : { ok: false, message: r.stderr.trim().split('\n').slice(0, 5).join(' | ') || `git apply ${r.code}` };
  } finally {
    await rm(indexFile, { force: true });
  }
}
