/**
 * Applies an outbox's patch to a fresh checkout of its starting commit (the second job of a two-job
 * workflow) through the private state: no hook, driver or workspace config; `git apply` refuses
 * paths outside the work tree and writes through no symlink. It says which paths the patch writes:
 * the checkout may hold other untracked files that are not the run's.
 */
import { gitRun, rawToDisplay, splitNul, withStartIndex } from './host-git-types.js';
import type { RepositorySnapshot } from './host-git-types.js';

/** `paths`: each file the patch leaves changed (new name of a rename, old name of a deletion), sorted. */
export type ApplyResult = { ok: true; paths: string[] } | { ok: false; message: string };

export async function applyPatch(snapshot: RepositorySnapshot, patch: Buffer, options: { timeoutMs?: number } = {}): Promise<ApplyResult> {
  if (patch.length === 0) return { ok: true, paths: [] };
  const { ctx, gitDir } = snapshot.state;
  const timeout = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
  // On a private copy of the starting index: the checkout's own index is never used or changed.
  return withStartIndex(snapshot.state, async (indexFile) => {
    const apply = (args: string[]): ReturnType<typeof gitRun> => gitRun(ctx, { gitDir, indexFile, workTree: snapshot.topLevel, args: ['apply', ...args, '-'] }, { cwd: snapshot.topLevel, input: patch, ...timeout });
    const listed = await apply(['--numstat', '-z']);
    if (listed.code !== 'ok') return { ok: false, message: failureText(listed.stderr, `git apply --numstat ${listed.code}`) };
    const paths = numstatPaths(splitNul(listed.stdout));
    const r = await apply(['--binary', '--whitespace=nowarn']);
    return r.code === 'ok' ? { ok: true, paths } : { ok: false, message: failureText(r.stderr, `git apply ${r.code}`) };
  });
}

function failureText(stderr: string, fallback: string): string {
  return stderr.trim().split('\n').slice(0, 5).join(' | ') || fallback;
}

/**
 * `git apply --numstat -z` records: `ADDED\tDELETED\tPATH`, the path being the new name (the old
 * one for a deletion). Were a record to end at the second tab, the old and new names follow as
 * two more records (diff's -z rename form); the new one is taken.
 */
function numstatPaths(records: readonly string[]): string[] {
  const out = new Set<string>();
  for (let i = 0; i < records.length; i++) {
    const rec = records[i] ?? '';
    const at = rec.indexOf('\t', rec.indexOf('\t') + 1);
    if (at < 0) continue;
    let path = rec.slice(at + 1);
    if (path === '') {
      path = records[i + 2] ?? '';
      i += 2;
    }
    if (path !== '') out.add(rawToDisplay(path));
  }
  return [...out].sort();
}
