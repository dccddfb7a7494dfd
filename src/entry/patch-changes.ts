import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../config/index.js';
import type { Logger } from '../log/index.js';
import type { OutboxContentsRead } from '../outbox/index.js';
import { applyPatch, changedFiles, changedPaths, snapshotRepository } from '../git/index.js';
import type { Changes } from '../git/index.js';

/**
 * The run's changes, rebuilt on this checkout: it must be the commit the patch was made against.
 * Only the patch's files are changes. The outbox itself often sits in the checkout (GitLab restores
 * an artifact where it was made, inside the project directory), and other untracked files may too:
 * none of them is counted or committed — Warden's own files never are, wherever they are.
 * Host git's state goes into `scratch`, which the caller removes once the changes are delivered.
 */
export async function changesFromPatch(outbox: OutboxContentsRead, cwd: string, hostPath: string, logger: Logger, scratch: string): Promise<Changes | undefined> {
  // A withheld patch is refused by the publisher (deliver/plan.ts), never rebuilt.
  if (outbox.result.verdict !== 'changes' || outbox.result.patchWithheld !== undefined || outbox.patch.length === 0) return undefined;
  const snap = await snapshotRepository({ workspace: cwd, hostPath, stateDir: join(scratch, 'host-git') });
  if (snap.kind !== 'repository') throw new UsageError(`publish: ${cwd} is not a checkout git can read (${snap.reason})`);
  const want = outbox.result.startingCommit;
  if (want === null || snap.snapshot.startCommit !== want) {
    throw new UsageError(`publish: ${cwd} is at ${snap.snapshot.startCommit ?? 'no commit'}, but the patch was made against ${want ?? 'no commit'}: check out that commit (actions/checkout with ref: ${want ?? '…'})`);
  }
  if (snap.snapshot.modifiedAtStart.length > 0) throw new UsageError(`publish: ${cwd} has local changes (${snap.snapshot.modifiedAtStart.slice(0, 3).join(', ')}): publish from a clean checkout`);
  const applied = await applyPatch(snap.snapshot, outbox.patch);
  if (!applied.ok) throw new UsageError(`publish: the outbox's changes.patch does not apply to ${want}: ${applied.message}`);
  const changes = await changedFiles(snap.snapshot, { exclude: [outbox.dir, realpathSync(outbox.dir)], untrackedOnly: applied.paths });
  const found = new Set(changedPaths(changes));
  const lost = applied.paths.filter((p) => !found.has(p));
  // A patch file that is not among the changes would be silently left out of the commit: refuse.
  if (lost.length > 0) throw new UsageError(`publish: changes.patch writes ${lost.slice(0, 3).map((p) => `\`${p}\``).join(', ')}, which cannot be delivered from ${cwd} (inside the outbox directory ${outbox.dir}, or a name git refuses)`);
  logger.info(`applied changes.patch to ${want.slice(0, 12)}: ${applied.paths.length} file(s)`);
  return changes;
}

