import { DEFAULT_PUBLISH_CONFIG, narrowPublish, UsageError } from '../config/index.js';
import type { CiContext, PublishNarrowing } from '../config/index.js';
import { createGitlabClient, publishGitlabRun, type GitlabPublishOutcome } from '../ci/index.js';
import type { Logger } from '../log/index.js';
import type { OutboxContentsRead } from '../outbox/index.js';
import type { LoadedPolicy } from '../policy/index.js';
import type { Changes } from '../git/index.js';

/** The token GitLab publishing uses: an access token (GITLAB_TOKEN / WARDEN_GITLAB_TOKEN) if given, else the job's CI_JOB_TOKEN. */
export type GitlabToken = { kind: 'access'; value: string; gitUser: 'oauth2' } | { kind: 'job'; value: string; gitUser: 'gitlab-ci-token' };

export function gitlabToken(env: Readonly<Record<string, string | undefined>>): GitlabToken | undefined {
  const access = env.WARDEN_GITLAB_TOKEN ?? env.GITLAB_TOKEN;
  if (access !== undefined && access !== '') return { kind: 'access', value: access, gitUser: 'oauth2' };
  const job = env.CI_JOB_TOKEN;
  if (job !== undefined && job !== '') return { kind: 'job', value: job, gitUser: 'gitlab-ci-token' };
  return undefined;
}

export interface GitlabDeliveryRequest {
  ci: CiContext;
  token: GitlabToken;
  outbox: OutboxContentsRead;
  changes: Changes | undefined;
  policy: LoadedPolicy | undefined;
  narrowing: PublishNarrowing;
  author: { name: string; email: string };
  secretValues: readonly string[];
  logger: Logger;
}

/** Publishes an outbox to the pipeline's merge request (or, without one, as a draft MR). */
export async function deliverToGitlab(req: GitlabDeliveryRequest): Promise<GitlabPublishOutcome> {
  const { ci } = req;
  if (ci.kind !== 'gitlab') throw new UsageError('publish --gitlab: not in a GitLab CI job (GITLAB_CI is not true)');
  if (ci.apiUrl === undefined || ci.projectId === undefined || ci.projectUrl === undefined) throw new UsageError('publish --gitlab: CI_API_V4_URL, CI_PROJECT_ID and CI_PROJECT_URL must be set (GitLab sets them in every job)');
  const { config, ignored } = narrowPublish(req.policy?.publish ?? DEFAULT_PUBLISH_CONFIG, req.narrowing);
  for (const i of ignored) req.logger.warn(`ignored, it would widen the policy: ${i}`);
  const api = createGitlabClient({ apiUrl: ci.apiUrl, token: { kind: req.token.kind, value: req.token.value }, logger: req.logger });
  return publishGitlabRun({
    api,
    projectId: ci.projectId,
    mrIid: ci.change,
    defaultBranch: ci.defaultBranch,
    pipelineSource: ci.event ?? 'pipeline',
    config,
    policy: req.policy,
    outbox: req.outbox,
    changes: req.changes,
    secretValues: req.secretValues,
    remoteUrl: ci.projectUrl,
    token: req.token.value,
    gitUser: req.token.gitUser,
    author: req.author,
    runUrl: ci.url,
    logger: req.logger,
  });
}

export function describeGitlabOutcome(outcome: GitlabPublishOutcome): string[] {
  const lines: string[] = [];
  if (outcome.noteUrl !== undefined) lines.push(`note: ${outcome.noteUrl}`);
  if (outcome.discussions.posted > 0) lines.push(`discussions: ${outcome.discussions.posted} posted`);
  if (outcome.commitSha !== undefined) lines.push(`commit: ${outcome.commitSha} on ${outcome.branch ?? ''}`);
  if (outcome.mergeRequestUrl !== undefined) lines.push(`merge request: ${outcome.mergeRequestUrl}`);
  return lines;
}
