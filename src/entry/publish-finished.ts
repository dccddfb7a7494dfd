import type { GithubEnvironment, PublishConfig } from '../config/index.js';
import { publishRun } from '../github/index.js';
import type { EventFacts } from '../deliver/index.js';
import type { createGithubClient, PublishOutcome, PublishRequest, StickyComment } from '../github/index.js';
import type { Logger } from '../log/index.js';
import { readOutbox } from '../outbox/index.js';
import type { FinishedRun } from './execute-run.js';

export interface PublishFinishedRequest {
  finished: FinishedRun;
  facts: EventFacts;
  config: PublishConfig;
  /** Undefined without a token: nothing can be published. */
  octokit: ReturnType<typeof createGithubClient> | undefined;
  env: GithubEnvironment;
  token: string;
  author: { name: string; email: string };
  sticky: StickyComment | undefined;
  logger: Logger;
  /** Kept in the sticky comment for a follow-up request. */
  memory?: PublishRequest['memory'];
}

/** Publishes a run that just finished in this job, from its outbox as written (the same path `warden publish` takes). */
export async function publishFinished(req: PublishFinishedRequest): Promise<PublishOutcome> {
  if (req.octokit === undefined) return { delivery: { kind: 'none', why: 'no github_token' }, failures: [] };
  const outbox = readOutbox(req.finished.outDir);
  return publishRun({
    octokit: req.octokit,
    owner: req.env.owner,
    repo: req.env.repo,
    facts: req.facts,
    config: req.config,
    policy: req.finished.policy,
    outbox,
    changes: req.finished.changes,
    secretValues: req.finished.secretValues,
    token: req.token,
    // As the pull request was fetched: github.com answers with or without `.git`.
    remoteUrl: `${req.env.serverUrl}/${req.env.owner}/${req.env.repo}`,
    author: req.author,
    runUrl: req.env.runUrl,
    logger: req.logger,
    sticky: req.sticky,
    memory: req.memory,
  });
}
