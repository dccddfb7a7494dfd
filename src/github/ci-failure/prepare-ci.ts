/**
 * A failed CI run on a pull request, after the trust gate and with the pull request's head checked
 * out: is it still the head's failure, is it a fix loop, and what do the failed jobs' logs say.
 */
import { mkdtempSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import type { Octokit } from '@octokit/rest';
import type { GitIdentity, GitRunner } from '../../git/index.js';
import type { CiFailure } from '../event/github-event.js';
import type { CiFailureInfo } from '../event/ci-task.js';
import { fixLoopStop, recentCommits, wardenStreak } from './fix-attempts.js';
import { fetchCiLogs } from './job-logs.js';
import { apiCommitSigner, GITHUB_COMMITTER } from '../publish/api-commit.js';

export interface CiPrepareRequest {
  octokit: Octokit;
  git: GitRunner;
  workspace: string;
  owner: string;
  repo: string;
  apiUrl: string;
  /** Where the logs' directory is made: outside the workspace (RUNNER_TEMP). */
  scratchRoot: string;
  maxFixAttempts: number;
  identity: GitIdentity;
}

export type CiPrepared =
  /** `comment`: the people on the pull request must hear it (a stopped fix loop), not only the log. */
  | { kind: 'stop'; notice: string; comment: boolean }
  | { kind: 'go'; info: CiFailureInfo };

export async function prepareCiFailure(req: CiPrepareRequest, event: CiFailure, pullHead: string): Promise<CiPrepared> {
  if (pullHead !== event.headSha) {
    return { kind: 'stop', notice: `the pull request's head moved on since the failed run (it tested ${event.headSha.slice(0, 12)}; the head is ${pullHead.slice(0, 12)}), so the newer commit's own CI decides. Nothing was run.`, comment: false };
  }
  const commits = await recentCommits(req.git, req.workspace, event.headSha, req.maxFixAttempts + 1);
  // Warden's fix commits made through the API (commit_signing) are GitHub's, as the token's bot:
  // counted too, whatever this run's setting, or such fixes would loop without end.
  const signer = commits.some((c) => c.committer.email.toLowerCase() === GITHUB_COMMITTER.email) ? await apiCommitSigner(req.octokit) : undefined;
  const stop = fixLoopStop(wardenStreak(commits, req.identity, signer), req.maxFixAttempts, event.headSha);
  if (stop !== undefined) return { kind: 'stop', notice: stop, comment: true };
  const dir = realpathSync(mkdtempSync(join(req.scratchRoot, 'warden-ci-logs-')));
  const logs = await fetchCiLogs(req.octokit, { owner: req.owner, repo: req.repo, upstream: event.upstream, dir, apiUrl: req.apiUrl });
  return { kind: 'go', info: { source: event.source, name: event.upstream.name, url: event.upstream.url, headSha: event.headSha, logs } };
}
