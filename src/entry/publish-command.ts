import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_PUBLISH_CONFIG, githubEnvironment, narrowPublish, parseAuthor, parseFlags, PUSH_MODES, UsageError, wantsHelp } from '../config/index.js';
import type { ProcessIo, PushMode } from '../config/index.js';
import { createGithubClient, eventFactsFor, parseEvent, publishRun } from '../github/index.js';
import { createRedactor, createStreamLogger } from '../log/index.js';
import { OutboxError, readOutbox } from '../outbox/index.js';
import type { OutboxContentsRead } from '../outbox/index.js';
import type { LoadedPolicy } from '../policy/index.js';
import { applyPatch, changedFiles, snapshotRepository } from '../sandbox/index.js';
import type { Changes } from '../sandbox/index.js';
import { parsePolicyOrUsageError } from './load-policy.js';

export const PUBLISH_USAGE = `Usage:
  warden publish OUTBOX [--cwd DIR] [--push none|branch|pull-request] [--no-comment] [--no-review]
                        [--commit-author "Name <email>"]
      deliver an outbox written earlier (warden run --out, or the action's \`outbox\` output):
      the sticky comment, the review and the changes, in a GitHub Actions job holding the write
      token (GITHUB_TOKEN); DIR is a fresh checkout of the outbox's starting commit
`;

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
      cwd: { type: 'string' },
      push: { type: 'string' },
      'no-comment': { type: 'boolean' },
      'no-review': { type: 'boolean' },
      'commit-author': { type: 'string' },
    },
    allowPositionals: true,
  });
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
  return publishGithub(io, outbox, cwd, narrowing, author);
}

async function publishGithub(io: ProcessIo, outbox: OutboxContentsRead, cwd: string, narrowing: Parameters<typeof narrowPublish>[1], author: { name: string; email: string }): Promise<number> {
  const env = githubEnvironment(io.env);
  const token = io.env.GITHUB_TOKEN ?? io.env.GH_TOKEN ?? '';
  if (token === '') throw new UsageError('publish: GITHUB_TOKEN is not set (give the job `permissions:` and `env: GITHUB_TOKEN: ${{ github.token }}`)');
  const logger = createStreamLogger((line) => io.stderr(line), createRedactor([token]));
  let payload: string;
  try {
    payload = readFileSync(env.eventPath, 'utf8');
  } catch (err) {
    throw new UsageError(`GITHUB_EVENT_PATH ${env.eventPath}: cannot read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  const parsed = parseEvent(env.eventName, payload, `${env.owner}/${env.repo}`);
  if (parsed.kind === 'invalid') throw new UsageError(parsed.message);
  if (parsed.kind === 'ignored') {
    io.stdout(`warden publish: ${parsed.reason}; nothing to publish.\n`);
    return 0;
  }
  const octokit = createGithubClient({ token, apiUrl: env.apiUrl, logger });
  const facts = await eventFactsFor(parsed.event, octokit, env.owner, env.repo, env.workflow);
  const policy = await governingPolicy(outbox, cwd);
  const { config, ignored } = narrowPublish(policy?.publish ?? DEFAULT_PUBLISH_CONFIG, narrowing);
  for (const i of ignored) logger.warn(`flag ignored, it would widen the policy: ${i}`);
  const changes = await changesFromPatch(outbox, cwd, io.env.PATH ?? '/usr/bin:/bin', logger);

  const published = await publishRun({
    octokit,
    owner: env.owner,
    repo: env.repo,
    facts,
    config,
    policy,
    outbox,
    changes,
    secretValues: [token],
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
async function governingPolicy(outbox: OutboxContentsRead, cwd: string): Promise<LoadedPolicy | undefined> {
  if (outbox.policy === undefined) return undefined;
  return parsePolicyOrUsageError(outbox.policy.text, outbox.policy.file, cwd, `the outbox ${outbox.dir}`);
}

/** The run's changes, rebuilt on this checkout: it must be the commit the patch was made against. */
async function changesFromPatch(outbox: OutboxContentsRead, cwd: string, hostPath: string, logger: ReturnType<typeof createStreamLogger>): Promise<Changes | undefined> {
  if (outbox.result.verdict !== 'changes' || outbox.patch.length === 0) return undefined;
  const snap = await snapshotRepository({ workspace: cwd, hostPath, stateDir: join(mkdtempSync(join(tmpdir(), 'warden-publish-')), 'host-git') });
  if (snap.kind !== 'repository') throw new UsageError(`publish: ${cwd} is not a checkout git can read (${snap.reason})`);
  const want = outbox.result.startingCommit;
  if (want === null || snap.snapshot.startCommit !== want) {
    throw new UsageError(`publish: ${cwd} is at ${snap.snapshot.startCommit ?? 'no commit'}, but the patch was made against ${want ?? 'no commit'}: check out that commit (actions/checkout with ref: ${want ?? '…'})`);
  }
  if (snap.snapshot.modifiedAtStart.length > 0) throw new UsageError(`publish: ${cwd} has local changes (${snap.snapshot.modifiedAtStart.slice(0, 3).join(', ')}): publish from a clean checkout`);
  const applied = await applyPatch(snap.snapshot, outbox.patch);
  if (!applied.ok) throw new UsageError(`publish: the outbox's changes.patch does not apply to ${want}: ${applied.message}`);
  logger.info(`applied changes.patch to ${want.slice(0, 12)}`);
  return changedFiles(snap.snapshot, {});
}

function writeOutputs(file: string | undefined, outputs: Record<string, string | undefined>): void {
  if (file === undefined || file === '') return;
  writeFileSync(file, '', { flag: 'a' });
  for (const [name, value] of Object.entries(outputs)) {
    const delimiter = `warden_${Math.random().toString(36).slice(2)}`;
    appendFileSync(file, `${name}<<${delimiter}\n${value ?? ''}\n${delimiter}\n`);
  }
}
