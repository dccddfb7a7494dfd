/**
 * What a remote branch holds before Warden overwrites it: its tip (the push's lease) and its commits
 * not on the base, with identities and Warden's trailer, so a branch that only looks like Warden's
 * is told apart (src/deliver/own-branch.ts). `ls-remote`, then a fetch limited by
 * `--shallow-exclude`, the token as for the push.
 */
import { checkBranchRef, remoteAccess, scrub } from './host-git-push-args.js';
import { gitRun } from './host-git-types.js';
import type { RepositorySnapshot } from './host-git-types.js';

export interface RemoteBranchRequest {
  remoteUrl: string;
  token?: string;
  username?: string;
  /** The branch to read, and the branch whose commits do not count as the branch's own. */
  branch: string;
  base: string;
  networkEnv?: Readonly<Record<string, string>>;
  timeoutMs?: number;
}

export interface BranchCommit {
  sha: string;
  author: { name: string; email: string };
  committer: { name: string; email: string };
  /** The values of the commit message's `Warden-Run:` trailers. */
  wardenRun: string[];
}

export type RemoteBranch =
  | { kind: 'absent' }
  /** `commits`: newest first, those not on the base; `complete` false when there were more than MAX_COMMITS. */
  | { kind: 'present'; tip: string; commits: BranchCommit[]; complete: boolean }
  | { kind: 'unknown'; message: string };

/** More than this many commits of its own: no branch Warden wrote looks like that. */
const MAX_COMMITS = 50;
const FIELD = '\x1f';
const RECORD = '\x1e';

/** `git log --format=` for parseBranchCommits: identities and Warden's trailers, one record a commit. */
export const BRANCH_COMMIT_FORMAT = ['%H', '%an', '%ae', '%cn', '%ce', '%(trailers:key=Warden-Run,valueonly,separator=%x1d)'].join('%x1f') + '%x1e';

/** The commits `git log --format=${BRANCH_COMMIT_FORMAT}` printed, in its order. */
export function parseBranchCommits(out: string): BranchCommit[] {
  return out
    .split(RECORD)
    .map((r) => r.replace(/^\n/, ''))
    .filter((r) => r !== '')
    .map((r): BranchCommit => {
      const [sha = '', an = '', ae = '', cn = '', ce = '', runs = ''] = r.split(FIELD);
      return { sha, author: { name: an, email: ae }, committer: { name: cn, email: ce }, wardenRun: runs.split('\x1d').map((v) => v.trim()).filter((v) => v !== '') };
    });
}

export async function readRemoteBranch(snapshot: RepositorySnapshot, req: RemoteBranchRequest): Promise<RemoteBranch> {
  const ref = `refs/heads/${req.branch}`;
  checkBranchRef(ref);
  checkBranchRef(`refs/heads/${req.base}`);
  const access = remoteAccess(req);
  const { ctx, gitDir, stateDir, objectSources } = snapshot.state;
  const run = async (args: string[], remote: boolean): Promise<{ ok: boolean; out: string; err: string }> => {
    const r = await gitRun(
      ctx,
      { gitDir, alternates: objectSources, args, ...(remote ? { config: access.config, allowProtocol: access.allowProtocol, env: access.env } : {}) },
      { cwd: stateDir, timeoutMs: req.timeoutMs ?? 120_000, maxStdoutBytes: 4_000_000, okCodes: [0] },
    );
    return { ok: r.code === 'ok', out: scrub(r.stdout.toString('utf8'), access.secrets), err: scrub(r.stderr, access.secrets).trim().split('\n').slice(-3).join(' | ') };
  };

  const listed = await run(['ls-remote', '--refs', access.url.href, ref], true);
  if (!listed.ok) return { kind: 'unknown', message: `git ls-remote ${ref} failed: ${listed.err}` };
  const tip = listed.out.split('\n').map((l) => l.split('\t')).find((f) => f[1] === ref)?.[0];
  if (tip === undefined) return { kind: 'absent' };
  if (!/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(tip)) return { kind: 'unknown', message: `git ls-remote ${ref}: not a commit id` };

  // Fetched by name into a private ref, then read back: the lease is the tip seen here.
  const local = `refs/warden/remote-branch/${req.branch}`;
  const fetched = await run(['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', '--no-recurse-submodules', `--shallow-exclude=refs/heads/${req.base}`, access.url.href, `+${ref}:${local}`], true);
  if (!fetched.ok) return { kind: 'unknown', message: `git fetch ${ref} (its own commits) failed: ${fetched.err}` };
  const logged = await run(['log', '--no-show-signature', `--max-count=${MAX_COMMITS + 1}`, `--format=${BRANCH_COMMIT_FORMAT}`, local, '--'], false);
  if (!logged.ok) return { kind: 'unknown', message: `git log ${ref} failed: ${logged.err}` };
  const head = (await run(['rev-parse', '--verify', '--quiet', `${local}^{commit}`], false)).out.trim();
  if (head !== tip) return { kind: 'unknown', message: `${ref} moved while it was read (${tip.slice(0, 12)}, then ${head.slice(0, 12)})` };
  const commits = parseBranchCommits(logged.out);
  return { kind: 'present', tip, commits: commits.slice(0, MAX_COMMITS), complete: commits.length <= MAX_COMMITS };
}
