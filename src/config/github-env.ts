import { isAbsolute } from 'node:path';
import { UsageError } from './usage-error.js';

/** What the Actions runner tells a step about the job, read once from its environment. */
export interface GithubEnvironment {
  eventName: string;
  /** The webhook payload file. */
  eventPath: string;
  /** From GITHUB_REPOSITORY: the authority on which repository this job runs for. */
  owner: string;
  repo: string;
  /** REST API base, e.g. https://api.github.com (GHES: https://HOST/api/v3). */
  apiUrl: string;
  /** Where the repository's git lives, e.g. https://github.com (tests: a local git server). */
  serverUrl: string;
  workspace: string;
  /** GITHUB_ACTOR: informational only; trust is decided from the payload. */
  actor: string;
  /** Link to this workflow run, when the runner says which run it is. */
  runUrl: string | undefined;
  /** GITHUB_WORKFLOW: the workflow's name (sticky comments and Warden's branches are per workflow). */
  workflow: string;
  /** GITHUB_REF: the ref the run was started on (`refs/heads/…` for a branch), when the runner says. */
  ref: string | undefined;
}

/** What the action says outside a job; `warden publish` says its own (see publish-command.ts). */
const ACTION_OUTSIDE = 'the action runs inside a GitHub Actions job (use `warden run` elsewhere)';

/** Reads the job's environment; a step outside a GitHub Actions job is a usage error, `outside` says what to do instead. */
export function githubEnvironment(env: NodeJS.ProcessEnv, outside = ACTION_OUTSIDE): GithubEnvironment {
  const need = (name: string): string => {
    const value = env[name];
    if (value === undefined || value === '') throw new UsageError(`${name} is not set: ${outside}`);
    return value;
  };
  const eventName = need('GITHUB_EVENT_NAME');
  const eventPath = need('GITHUB_EVENT_PATH');
  const repository = need('GITHUB_REPOSITORY');
  const match = /^([A-Za-z0-9-]+)\/([A-Za-z0-9._-]+)$/.exec(repository);
  if (match === null) throw new UsageError(`GITHUB_REPOSITORY ${JSON.stringify(repository)}: expected owner/name`);
  const workspace = need('GITHUB_WORKSPACE');
  if (!isAbsolute(workspace)) throw new UsageError(`GITHUB_WORKSPACE ${workspace}: expected an absolute path`);
  const serverUrl = trimSlash(env.GITHUB_SERVER_URL ?? 'https://github.com');
  const runId = env.GITHUB_RUN_ID;
  return {
    eventName,
    eventPath,
    owner: match[1] ?? '',
    repo: match[2] ?? '',
    apiUrl: trimSlash(env.GITHUB_API_URL ?? 'https://api.github.com'),
    serverUrl,
    workspace,
    actor: env.GITHUB_ACTOR ?? '',
    runUrl: runId === undefined || runId === '' ? undefined : `${serverUrl}/${repository}/actions/runs/${runId}`,
    workflow: env.GITHUB_WORKFLOW ?? 'warden',
    ref: env.GITHUB_REF === undefined || env.GITHUB_REF === '' ? undefined : env.GITHUB_REF,
  };
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
