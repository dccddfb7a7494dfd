import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { DEFAULT_PUBLISH_CONFIG, detectCi, githubEnvironment, narrowPublish, parseAuthor, parseFlags, PUSH_MODES, secretValuesOf, UsageError, wantsHelp } from '../config/index.js';
import type { ProcessIo, PushMode } from '../config/index.js';
import { createGithubClient, eventFactsFor, parseEvent, publishRun } from '../github/index.js';
import { createRedactor, createStreamLogger } from '../log/index.js';
import { OutboxError, readOutbox } from '../outbox/index.js';
import type { OutboxContentsRead } from '../outbox/index.js';
import type { LoadedPolicy } from '../policy/index.js';
import { makeOwnedTempDir, removeOwned } from '../sandbox/index.js';
import { parsePolicyOrUsageError } from './load-policy.js';
import { changesFromPatch } from './patch-changes.js';
import { deliverToGitlab, describeGitlabOutcome, gitlabToken } from './gitlab-delivery.js';
import { errorReason } from '../error-text.js';

export const PUBLISH_USAGE = `Usage:
  warden publish [--gitlab] OUTBOX [--cwd DIR] [--push none|branch|pull-request] [--no-comment] [--no-review]
                        [--commit-author "Name <email>"]
      deliver an outbox written earlier (warden run --out, or the action's \`outbox\` output):
      the sticky comment, the review and the changes, in a GitHub Actions job holding the write
      token (GITHUB_TOKEN), or with --gitlab on the pipeline's merge request (GITLAB_TOKEN, else
      CI_JOB_TOKEN); DIR is a fresh checkout of the outbox's starting commit
`;

const PUBLISH_OUTSIDE =
  '`warden publish OUTBOX` posts to GitHub from a GitHub Actions job (the second job of a workflow, with `GITHUB_TOKEN`); ' +
  'in a GitLab pipeline use `warden publish --gitlab OUTBOX`; elsewhere the outbox is the result (summary.md, changes.patch: `git apply OUTBOX/changes.patch`)';

/**
 * `warden publish`: the second job of the safest workflow. The agent ran in a job with a read-only
 * token; this one, which holds the write token, never runs the agent and takes nothing on trust:
 * the outbox is checked against its schemas, the patch is applied to a fresh checkout of the commit
 * it was made against through host git with a fixed configuration, and the result goes through the
 * same checks as in one job — under the policy that governed the run, narrowed by these flags.
 */
export async function runPublishCli(args: string[], io: ProcessIo): Promise<number> {
  if (wantsHelp(args)) {
    io.stdout(PUBLISH_USAGE);
    return 0;
  }
  const { values, positionals } = parseFlags({
    args,
    options: {
      gitlab: { type: 'boolean' },
      cwd: { type: 'string' },
      push: { type: 'string' },
      'no-comment': { type: 'boolean' },
      'no-review': { type: 'boolean' },
      'commit-author': { type: 'string' },
    },
    allowPositionals: true,
  }, 'publish');
  if (positionals.length !== 1) throw new UsageError(`publish: give exactly one outbox directory\n${PUBLISH_USAGE}`);
  const dir = resolve(io.cwd, positionals[0] ?? '');
  const push = values.push;
  if (push !== undefined && !(PUSH_MODES as readonly string[]).includes(push)) throw new UsageError(`--push ${push}: expected ${PUSH_MODES.join(', ')}`);
  let outbox: OutboxContentsRead;
  try {
    outbox = readOutbox(dir);
  } catch (err) {
    if (err instanceof OutboxError) throw new UsageError(`publish: ${err.message}`);
    throw err;
  }
  const narrowing = { ...(values['no-comment'] === true ? { comment: false } : {}), ...(values['no-review'] === true ? { review: false } : {}), ...(push === undefined ? {} : { push: push as PushMode }) };
  const author = parseAuthor(values['commit-author'] ?? '');
  const cwd = resolve(io.cwd, values.cwd ?? io.env.GITHUB_WORKSPACE ?? '.');
  // Host git's state for rebuilding the changes; removed once they are delivered.
  const scratch = makeOwnedTempDir(tmpdir(), 'warden-publish-');
  try {
    if (values.gitlab === true) return await publishGitlab(io, outbox, cwd, narrowing, author, scratch);
    return await publishGithub(io, outbox, cwd, narrowing, author, scratch);
  } finally {
    await removeOwned(scratch);
  }
}

async function publishGitlab(io: ProcessIo, outbox: OutboxContentsRead, cwd: string, narrowing: Parameters<typeof narrowPublish>[1], author: { name: string; email: string }, scratch: string): Promise<number> {
  const token = gitlabToken(io.env);
  if (token === undefined) throw new UsageError('publish --gitlab: no token (set GITLAB_TOKEN to a project access token with api and write_repository scopes, as a masked CI/CD variable)');
  const logger = createStreamLogger((line) => io.stderr(line), createRedactor([token.value]));
  const policy = await governingPolicy(outbox, cwd);
  const changes = await changesFromPatch(outbox, cwd, io.env.PATH ?? '/usr/bin:/bin', logger, scratch);
  const outcome = await deliverToGitlab({ ci: detectCi(io.env), token, outbox, changes, policy, narrowing, author, secretValues: [token.value, ...secretValuesOf(io.env, policy?.sandbox.secrets)], logger });
  for (const line of describeGitlabOutcome(outcome)) io.stdout(`${line}\n`);
  if (outcome.failures.length > 0) {
    io.stderr(`warden publish: failed: ${outcome.failures.map((f) => `${f.call}: ${f.message}`).join('; ')}\n`);
    return 1;
  }
  return 0;
}

async function publishGithub(io: ProcessIo, outbox: OutboxContentsRead, cwd: string, narrowing: Parameters<typeof narrowPublish>[1], author: { name: string; email: string }, scratch: string): Promise<number> {
  const env = githubEnvironment(io.env, PUBLISH_OUTSIDE);
  const token = io.env.GITHUB_TOKEN ?? io.env.GH_TOKEN ?? '';
  if (token === '') throw new UsageError('publish: GITHUB_TOKEN is not set (give the job `permissions:` and `env: GITHUB_TOKEN: ${{ github.token }}`)');
  const logger = createStreamLogger((line) => io.stderr(line), createRedactor([token]));
  let payload: string;
  try {
    payload = readFileSync(env.eventPath, 'utf8');
  } catch (err) {
    throw new UsageError(`GITHUB_EVENT_PATH ${env.eventPath}: cannot read (${errorReason(err)})`);
  }
  const parsed = parseEvent(env.eventName, payload, `${env.owner}/${env.repo}`);
  if (parsed.kind === 'invalid') throw new UsageError(parsed.message);
  if (parsed.kind === 'ignored') {
    io.stdout(`warden publish: ${parsed.reason}; nothing to publish.\n`);
    return 0;
  }
  const octokit = createGithubClient({ token, apiUrl: env.apiUrl, logger });
  const facts = await eventFactsFor(parsed.event, octokit, env.owner, env.repo, env.workflow, env.ref);
  const policy = await governingPolicy(outbox, cwd);
  const { config, ignored } = narrowPublish(policy?.publish ?? DEFAULT_PUBLISH_CONFIG, narrowing);
  for (const i of ignored) logger.warn(`flag ignored, it would widen the policy: ${i}`);
  const changes = await changesFromPatch(outbox, cwd, io.env.PATH ?? '/usr/bin:/bin', logger, scratch);

  const published = await publishRun({
    octokit,
    owner: env.owner,
    repo: env.repo,
    facts,
    config,
    policy,
    outbox,
    changes,
    // This job's own secrets too: the run's job withheld a patch holding its secrets, but a
    // publish job may hold others (a deploy key), and what it commits must not carry them.
    secretValues: [token, ...secretValuesOf(io.env, policy?.sandbox.secrets)],
    token,
    remoteUrl: `${env.serverUrl}/${env.owner}/${env.repo}`,
    author,
    runUrl: env.runUrl,
    logger,
    sticky: undefined,
  });
  const outputs: Record<string, string | undefined> = {
    comment_url: published.commentUrl,
    commit_sha: published.commitSha,
    branch: published.branch,
    pull_request_url: published.pullRequestUrl,
  };
  writeOutputs(io.env.GITHUB_OUTPUT, outputs);
  for (const [k, v] of Object.entries(outputs)) if (v !== undefined) io.stdout(`${k}: ${v}\n`);
  if (published.failures.length > 0) {
    io.stderr(`warden publish: failed: ${published.failures.map((f) => `${f.call}: ${f.message}`).join('; ')}\n`);
    return 1;
  }
  return 0;
}

/** The policy recorded in the outbox (as the run loaded it), anchored at this checkout. */
export async function governingPolicy(outbox: OutboxContentsRead, cwd: string): Promise<LoadedPolicy | undefined> {
  if (outbox.policy === undefined) return undefined;
  return parsePolicyOrUsageError(outbox.policy.text, outbox.policy.file, cwd, `the outbox ${outbox.dir}`);
}

export function writeOutputs(file: string | undefined, outputs: Record<string, string | undefined>): void {
  if (file === undefined || file === '') return;
  writeFileSync(file, '', { flag: 'a' });
  for (const [name, value] of Object.entries(outputs)) {
    const delimiter = `warden_${Math.random().toString(36).slice(2)}`;
    appendFileSync(file, `${name}<<${delimiter}\n${value ?? ''}\n${delimiter}\n`);
  }
}
