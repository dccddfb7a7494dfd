/**
 * GitHub Actions in the stand-in: a workflow run's jobs and a job's log, which GitHub answers with
 * a 302 to a short-lived storage URL on another host (`state.actions.logUrl`; the test serves it).
 */
import type { RouteTable } from './route-types.js';
import type { JobFixture, RepoState } from './state.js';
import { isError, notFound, repoOf } from './routes.js';

const AT = '2026-12-07T21:00:00Z';

function job(repo: RepoState, runId: number, j: JobFixture, baseUrl: string): Record<string, unknown> {
  return {
    id: j.id,
    run_id: runId,
    run_url: `${baseUrl}/repos/${repo.fullName}/actions/runs/${runId}`,
    run_attempt: 1,
    node_id: `CR_${j.id}`,
    head_sha: j.headSha,
    url: `${baseUrl}/repos/${repo.fullName}/actions/jobs/${j.id}`,
    html_url: `https://github.com/${repo.fullName}/actions/runs/${runId}/job/${j.id}`,
    status: 'completed',
    conclusion: j.conclusion,
    created_at: AT,
    started_at: AT,
    completed_at: AT,
    name: j.name,
    steps: j.steps.map((s) => ({ ...s, status: 'completed', started_at: AT, completed_at: AT })),
    check_run_url: `${baseUrl}/repos/${repo.fullName}/check-runs/${j.id}`,
    labels: ['ubuntu-latest'],
    runner_id: 1,
    runner_name: 'GitHub Actions 1',
    runner_group_id: 1,
    runner_group_name: 'GitHub Actions',
    workflow_name: 'CI',
    head_branch: 'changes',
  };
}

export function registerActionsRoutes(table: RouteTable): void {
  table.route('actions/list-jobs-for-workflow-run', ({ params, state, baseUrl }) => {
    const repo = repoOf(state, params);
    if (isError(repo)) return repo;
    const runId = Number(params.run_id);
    const jobs = state.actions.runs.get(runId);
    if (jobs === undefined) return notFound();
    // The stand-in's typing of a job is GitHub's; the object above is checked against the description on the way out.
    return { status: 200, body: { total_count: jobs.length, jobs: jobs.map((j) => job(repo, runId, j, baseUrl)) as never } };
  });

  // A check run of GitHub Actions is a job: its id is the job's.
  table.route('actions/get-job-for-workflow-run', ({ params, state, baseUrl }) => {
    const repo = repoOf(state, params);
    if (isError(repo)) return repo;
    for (const [runId, jobs] of state.actions.runs) {
      const found = jobs.find((j) => j.id === Number(params.job_id));
      if (found !== undefined) return { status: 200, body: job(repo, runId, found, baseUrl) as never };
    }
    return notFound();
  });

  table.route('actions/download-job-logs-for-workflow-run', ({ params, state }) => {
    const repo = repoOf(state, params);
    if (isError(repo)) return repo;
    const location = state.actions.logUrl(Number(params.job_id));
    if (location === undefined) return notFound();
    return { status: 302, headers: { location } };
  });
}
