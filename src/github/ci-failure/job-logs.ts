/**
 * The failed jobs' logs, fetched by the host with the workflow's token (`actions: read`) and
 * written as files for the agent, who never gets the token: list the run's jobs, download each
 * failed job's log (GitHub answers 302 to a storage URL, followed here with the guarded fetch and
 * no credential), trim it to the failed steps (log-trim.ts), cap it per job and in all. A log that
 * cannot be had is a note in the task, not the end of the run.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Octokit } from '@octokit/rest';
import { hostFetch } from '../../sandbox/index.js';
import { errorMessage } from '../../error-text.js';
// Not JSON.stringify: it leaves line separators and bidirectional controls as they are.
import { jsonQuoted } from '../../quoted-text.js';
import { trimJobLog, type StepInfo } from './log-trim.js';

export const CI_LOG_LIMITS = {
  /** Characters kept of one job's log. */
  perJobChars: 200_000,
  /** Characters kept of all of them. */
  totalChars: 500_000,
  /** Bytes downloaded of one job's log; the rest is not read. */
  downloadBytes: 64 * 1024 * 1024,
  /** Characters of each log's end shown in the task itself. */
  tailChars: 2_000,
  /** Failed jobs whose logs are fetched. */
  maxJobs: 8,
  timeoutMs: 120_000,
} as const;

export type CiLogLimits = typeof CI_LOG_LIMITS;

export interface CiLogFile {
  /** Absolute path of the file the agent reads. */
  path: string;
  job: string;
  jobId: number;
  /** The failed steps it holds, `#N name`. */
  steps: string[];
  chars: number;
  originalChars: number;
  cuts: string[];
  /** The end of the kept text, for the task itself (fenced there as untrusted data). */
  tail: string;
}

export interface CiLogs {
  dir: string;
  files: CiLogFile[];
  /** What could not be fetched, or was left out. */
  notes: string[];
}

export interface CiLogRequest {
  owner: string;
  repo: string;
  upstream: { runId?: number; checkSuiteId?: number; jobId?: number };
  /** Where the files go: outside the workspace, read-only to the agent. */
  dir: string;
  /** GITHUB_API_URL: its host may be private (GHES); any other download host must be public. */
  apiUrl: string;
  limits?: CiLogLimits;
  signal?: AbortSignal;
}

interface Job {
  id: number;
  name: string;
  conclusion: string | null;
  steps?: StepInfo[] | undefined;
}

const FAILED = new Set(['failure', 'timed_out']);

export async function fetchCiLogs(octokit: Octokit, req: CiLogRequest): Promise<CiLogs> {
  const limits = req.limits ?? CI_LOG_LIMITS;
  const notes: string[] = [];
  const jobs = await failedJobs(octokit, req, notes);
  const files: CiLogFile[] = [];
  let left: number = limits.totalChars;
  for (const [i, job] of jobs.entries()) {
    if (i >= limits.maxJobs) {
      notes.push(`${jobs.length - limits.maxJobs} more failed job${jobs.length - limits.maxJobs === 1 ? '' : 's'} left out (${jobs.slice(limits.maxJobs).map((j) => jsonQuoted(j.name)).join(', ')})`);
      break;
    }
    if (left <= 0) {
      notes.push(`the log of job ${jsonQuoted(job.name)} left out: the logs already fill ${limits.totalChars} characters`);
      continue;
    }
    const text = await downloadLog(octokit, req, job, limits);
    if ('error' in text) {
      notes.push(`the log of job ${jsonQuoted(job.name)} could not be fetched: ${text.error}`);
      continue;
    }
    const trimmed = trimJobLog(text.log, job.steps ?? [], Math.min(limits.perJobChars, left));
    if (text.truncated) trimmed.cuts.push(`the download stopped at ${limits.downloadBytes} bytes`);
    const path = join(req.dir, `job-${job.id}-${job.name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 60)}.log`);
    writeFileSync(path, trimmed.text, { mode: 0o444 });
    left -= trimmed.text.length;
    files.push({ path, job: job.name, jobId: job.id, steps: trimmed.steps, chars: trimmed.text.length, originalChars: trimmed.originalChars, cuts: trimmed.cuts, tail: trimmed.text.slice(-limits.tailChars) });
  }
  return { dir: req.dir, files, notes };
}

async function failedJobs(octokit: Octokit, req: CiLogRequest, notes: string[]): Promise<Job[]> {
  const { owner, repo, upstream } = req;
  try {
    if (upstream.jobId !== undefined) {
      const { data } = await octokit.rest.actions.getJobForWorkflowRun({ owner, repo, job_id: upstream.jobId });
      return [data];
    }
    let runId = upstream.runId;
    if (runId === undefined && upstream.checkSuiteId !== undefined) {
      const { data } = await octokit.rest.actions.listWorkflowRunsForRepo({ owner, repo, check_suite_id: upstream.checkSuiteId, per_page: 1 });
      runId = data.workflow_runs[0]?.id;
      if (runId === undefined) notes.push(`check suite ${upstream.checkSuiteId} has no GitHub Actions run (another CI app?), so there are no job logs`);
    }
    if (runId === undefined) return [];
    const jobs = await octokit.paginate(octokit.rest.actions.listJobsForWorkflowRun, { owner, repo, run_id: runId, filter: 'latest', per_page: 100 });
    const failed = jobs.filter((j) => FAILED.has(j.conclusion ?? ''));
    if (failed.length === 0) notes.push(`workflow run ${runId} lists no failed job`);
    return failed;
  } catch (err) {
    notes.push(`the failed jobs could not be listed: ${errorMessage(err)}`);
    return [];
  }
}

async function downloadLog(octokit: Octokit, req: CiLogRequest, job: Job, limits: CiLogLimits): Promise<{ log: string; truncated: boolean } | { error: string }> {
  let location: string | undefined;
  try {
    // Not followed by the client: the redirect would carry the token to the storage host.
    const r = await octokit.request('GET /repos/{owner}/{repo}/actions/jobs/{job_id}/logs', { owner: req.owner, repo: req.repo, job_id: job.id, request: { redirect: 'manual' } });
    location = typeof r.headers.location === 'string' ? r.headers.location : undefined;
    if (location === undefined) {
      if (typeof r.data !== 'string') return { error: `GitHub answered ${r.status} without a download URL` };
      return { log: r.data.slice(0, limits.downloadBytes), truncated: r.data.length > limits.downloadBytes };
    }
  } catch (err) {
    return { error: errorMessage(err) };
  }
  const apiHost = new URL(req.apiUrl).hostname;
  const fetched = await hostFetch(location, {
    // The storage host is public on github.com; only the API's own host may be private (GHES).
    judge: (url) => Promise.resolve(/^https?:$/.test(new URL(url).protocol) ? null : 'not http(s)'),
    allowPrivate: [apiHost],
    maxBytes: limits.downloadBytes,
    timeoutMs: limits.timeoutMs,
    maxRedirects: 3,
    signal: req.signal ?? new AbortController().signal,
  });
  // A storage URL's query is a signature granting access: it goes into no note the model reads.
  if (!fetched.ok) return { error: fetched.reason.replace(/(https?:\/\/[^\s?#]*)[?#]\S*/g, '$1') };
  if (fetched.status !== 200) return { error: `the download answered ${fetched.status}` };
  return { log: fetched.body.toString('utf8'), truncated: fetched.truncated };
}
