/**
 * Pushes a commit made by commitChanges to one branch of one remote, from the private GIT_DIR (no
 * remotes, helpers or hooks), the token in that one process's environment only. When the remote
 * lacks the starting commit, git also sends its files, read unverified from the workspace store:
 * the remote hashes every object it receives.
 */
import { buildPushInvocation, scrub } from './host-git-push-args.js';
import type { PushSpec } from './host-git-push-args.js';
import { parsePushPorcelain } from './host-git-parse.js';
import type { PushRefStatus } from './host-git-parse.js';
import { gitRun } from './host-git-types.js';
import type { RepositorySnapshot } from './host-git-types.js';

export interface PushRequest extends PushSpec {
  timeoutMs?: number;
  signal?: AbortSignal;
}

export type PushResult =
  | { ok: true; status: Exclude<PushRefStatus, 'rejected' | 'deleted'>; ref: string; commit: string }
  | { ok: false; reason: 'rejected' | 'failed' | 'timeout' | 'aborted'; message: string };

const PUSH_TIMEOUT_MS = 120_000;

export async function pushCommit(snapshot: RepositorySnapshot, req: PushRequest): Promise<PushResult> {
  const inv = buildPushInvocation(req);
  const { ctx, gitDir, stateDir, objectSources } = snapshot.state;
  const r = await gitRun(
    ctx,
    { gitDir, alternates: objectSources, args: inv.args, config: inv.config, allowProtocol: inv.allowProtocol, env: inv.env },
    { cwd: stateDir, timeoutMs: req.timeoutMs ?? PUSH_TIMEOUT_MS, maxStdoutBytes: 1_000_000, okCodes: [0, 1], ...(req.signal === undefined ? {} : { signal: req.signal }) },
  );
  const stdout = scrub(r.stdout.toString('utf8'), inv.secrets);
  const stderr = scrub(r.stderr, inv.secrets);
  const tail = (s: string): string => s.trim().split('\n').slice(-5).join('\n');
  if (r.code === 'timeout' || r.code === 'aborted') return { ok: false, reason: r.code, message: `git push to ${inv.url} ${r.code === 'timeout' ? 'timed out' : 'was aborted'}: ${tail(stderr)}` };
  const line = parsePushPorcelain(stdout).find((l) => l.to === req.ref);
  if (r.code === 'ok' && r.exitCode === 0 && line !== undefined && line.status !== 'rejected' && line.status !== 'deleted') {
    return { ok: true, status: line.status, ref: req.ref, commit: req.commit };
  }
  if (line?.status === 'rejected') return { ok: false, reason: 'rejected', message: `push to ${req.ref} rejected: ${line.summary}\n${tail(stderr)}`.trim() };
  return { ok: false, reason: 'failed', message: `git push to ${inv.url} failed (exit ${r.exitCode}): ${tail(stderr) || tail(stdout)}` };
}
