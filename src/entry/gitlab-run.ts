import { DEFAULT_COMMIT_AUTHOR } from '../config/index.js';
import type { ProcessIo, RunConfig } from '../config/index.js';
import { createRedactor, createStreamLogger } from '../log/index.js';
import { readOutbox } from '../outbox/index.js';
import { createGitRunner, gitText } from '../git/index.js';
import { reviewTargetFromDiff } from '../tools/index.js';
import type { ExecuteOptions } from './execute-run.js';
import { deliverToGitlab, describeGitlabOutcome, gitlabToken } from './gitlab-delivery.js';

/**
 * `warden run` in a GitLab merge-request pipeline: the agent may propose review comments on the
 * MR's diff (from local git, CI_MERGE_REQUEST_DIFF_BASE_SHA to HEAD), and when an access token is
 * given (GITLAB_TOKEN) the outbox is published to the MR when the run ends. Without a token the
 * outbox waits for a `warden publish --gitlab` job.
 */
export async function gitlabRunOptions(config: RunConfig, io: ProcessIo): Promise<{ options: ExecuteOptions; publishFailed: () => boolean }> {
  const ci = config.ci;
  let failed = false;
  const options: ExecuteOptions = {};
  if (ci.kind !== 'gitlab') return { options, publishFailed: () => false };
  if (ci.change !== undefined && ci.diffBaseSha !== undefined && /^[0-9a-f]{40}$/.test(ci.diffBaseSha)) {
    const git = await createGitRunner({ hostPath: config.hostPath, untrustedRoots: [config.cwd] });
    if (git !== undefined) {
      const diff = await gitText(git, { cwd: config.cwd, args: ['diff', '-U3', '--no-renames', '--no-ext-diff', '--no-textconv', '--no-color', ci.diffBaseSha, 'HEAD', '--'], maxOutputBytes: 50_000_000 }).catch(() => undefined);
      git.dispose();
      if (diff !== undefined) options.review = { target: reviewTargetFromDiff(diff) };
    }
  }
  const token = gitlabToken(io.env);
  if (token?.kind === 'access') {
    options.onResult = async (finished) => {
      const logger = createStreamLogger((line) => io.stderr(line), createRedactor([token.value, ...finished.secretValues]));
      const outcome = await deliverToGitlab({
        ci,
        token,
        outbox: readOutbox(finished.outDir),
        changes: finished.changes,
        policy: finished.policy,
        narrowing: {},
        author: DEFAULT_COMMIT_AUTHOR,
        secretValues: [token.value, ...finished.secretValues],
        logger,
      });
      for (const line of describeGitlabOutcome(outcome)) logger.info(line);
      if (outcome.failures.length > 0) {
        failed = true;
        logger.error(`publishing to GitLab failed: ${outcome.failures.map((f) => `${f.call}: ${f.message}`).join('; ')} (the outbox is at ${finished.outDir})`);
      }
    };
  }
  return { options, publishFailed: () => failed };
}
