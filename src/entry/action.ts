import type * as ActionsCore from '@actions/core';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { actionInvocation, actionOutputDir, actionRunConfig, DEFAULT_PUBLISH_CONFIG, githubEnvironment, modelName, narrowPublish, readActionInputs, realProcessIo, runTriggerOf, secretValuesOf, UsageError } from '../config/index.js';
import type { GithubEnvironment, PublishConfig } from '../config/index.js';
import { stickyKeyFor, subjectOf } from '../deliver/index.js';
import type { EventFacts } from '../deliver/index.js';
import { createAppToken, createGithubClient, knownDefaultBranch, prepareRun, PullFetchError, readEarlierRunOnGithub, StickyComment } from '../github/index.js';
import type { AppToken, PreparedRun } from '../github/index.js';
import { createRedactor, createStreamLogger, terminalSafe } from '../log/index.js';
import { OUTBOX_FILES } from '../outbox/index.js';
import { describeInput, describeOutcome, latestTasks, renderInterrupted, renderNotStarted, renderProgress, renderWorking } from '../report/index.js';
import type { RecentCall, Task } from '../report/index.js';
import type { QueryEvent, RunTaskResult } from '../runner/index.js';
import { createGitRunner } from '../git/index.js';
import type { GitRunner } from '../git/index.js';
import { reviewTargetFromDiff } from '../tools/index.js';
import { EarlyErrorOutbox } from './early-outbox.js';
import { executeRun } from './execute-run.js';
import { publishFinished } from './publish-finished.js';
import { terminalSafeIo } from './terminal-safe-io.js';
import { cleanUpOnSignals } from './cancel-signals.js';
import { markStartup } from './startup-marks.js';
import { listedName } from '../quoted-text.js';
import { errorMessage, errorReason } from '../error-text.js';

type Core = typeof ActionsCore;
type Octokit = ReturnType<typeof createGithubClient>;

/** How often the sticky comment may change while the run goes. */
const PROGRESS_EVERY_MS = 5_000;

/**
 * The GitHub Action entry: the event and the inputs become a `warden run` (or, for an event that
 * does not concern Warden or an actor who may not start runs, a notice and exit 0 before any model
 * request); the run is delivered — sticky comment, review, changes — and its outcome becomes step
 * outputs and the job summary. The step fails when the run did not complete or delivery failed.
 */
export async function runAction(): Promise<number> {
  const core = await import('@actions/core');
  const io = terminalSafeIo(realProcessIo());
  // setFailed writes a workflow command itself; what goes into it must not carry escape sequences.
  const fail = (message: string): void => core.setFailed(terminalSafe(`warden: ${message}`));
  let sticky: { comment: StickyComment; key: string; what: string; runUrl: string | undefined; outbox: string } | undefined;
  let git: GitRunner | undefined;
  let app: { token: AppToken; unguard: () => void } | undefined;
  let readOnlyDirs: readonly string[] = [];
  // The action's outbox has a known place from the start: an error before the run (a bad input,
  // policy or event; exit 2) leaves a complete one there, and the outputs a workflow gates on say so.
  const secrets = [core.getInput('anthropic_api_key'), core.getInput('github_token'), ...secretValuesOf(io.env)];
  const early = new EarlyErrorOutbox((text) => createRedactor(secrets)(text));
  // Only inside a job (RUNNER_TEMP): started by hand elsewhere, an early error writes nothing.
  if ((io.env.RUNNER_TEMP ?? '') !== '') early.aim(join(actionOutputDir(io.env), 'outbox'), { trigger: runTriggerOf(io.env), model: undefined });
  try {
    // Masked at once, before anything can print it; the run registers the other secrets later.
    const masked = new Set<string>();
    const mask = (value: string): void => {
      if (value === '' || masked.has(value)) return;
      masked.add(value);
      secrets.push(value);
      core.setSecret(value);
    };
    mask(core.getInput('anthropic_api_key'));
    mask(core.getInput('github_token'));
    // The runner masks a multi-line secret line by line (its BEGIN and END lines are no secret).
    for (const line of core.getInput('app_private_key').split('\n')) if (!line.includes('-----')) mask(line.trim());
    const given = readActionInputs((name) => core.getInput(name));
    const env = githubEnvironment(io.env);
    // A GitHub App's token stands in for `github_token` on the host — the API client, fetch and
    // push — so that Warden's commits and pull requests start workflows; revoked however the run ends.
    const appToken = given.app === undefined ? undefined : await createAppToken(given.app, { owner: env.owner, repo: env.repo, apiUrl: env.apiUrl });
    mask(appToken?.token ?? '');
    const logger = createStreamLogger((line) => io.stderr(line), createRedactor(secrets));
    if (appToken !== undefined) app = { token: appToken, unguard: cleanUpOnSignals(() => appToken.revoke(), logger) };
    const inputs = appToken === undefined ? given : { ...given, githubToken: appToken.token };
    git = await createGitRunner({ hostPath: io.env.PATH ?? '/usr/bin:/bin', untrustedRoots: [env.workspace] });
    if (git === undefined) throw new UsageError('git is not on PATH: the action needs it to read the event\'s commits');
    let octokit: Octokit | undefined;
    const client = (): Octokit => {
      if (inputs.githubToken === '') throw new UsageError('action inputs: `github_token` is empty (its default is `${{ github.token }}`)');
      octokit ??= createGithubClient({ token: inputs.githubToken, apiUrl: env.apiUrl, logger });
      return octokit;
    };
    // A follow-up request reads the previous run's summary from the sticky comment it will reuse.
    const earlierRun = (number: number) => readEarlierRunOnGithub(client(), { owner: env.owner, repo: env.repo, number, key: stickyKeyFor({ workflow: env.workflow, eventName: env.eventName, number }) ?? '' }, logger);
    const prepared = await prepareRun({ env, inputs, payloadText: readEventFile(env.eventPath), git, octokit: client, earlierRun: inputs.continue ? earlierRun : undefined, scratchRoot: io.env.RUNNER_TEMP ?? tmpdir() });
    if (prepared.kind === 'skip') {
      core.notice(terminalSafe(`warden: ${prepared.notice}`));
      if (prepared.comment !== undefined) await postNotStarted(client(), env, prepared.comment, logger);
      core.setOutput('outcome', 'skipped');
      await core.summary.addRaw(`## Warden: nothing to do\n\n${terminalSafe(prepared.notice)}\n`).write();
      return 0;
    }
    readOnlyDirs = prepared.readOnlyDirs;
    const invocation = actionInvocation(inputs, io.env, { prompt: prepared.prompt, policyFromBase: prepared.trusted !== undefined });
    const parsed = actionRunConfig(invocation);
    if (parsed === 'help') return 0;
    markStartup('config');
    // The event says what GITHUB_REF cannot (an issue_comment runs on the default branch): the number and the verified actor.
    const config = { ...parsed, trigger: { ...parsed.trigger, ...prepared.trigger }, secretValues: [...parsed.secretValues, ...(app === undefined ? [] : [app.token.token])] };
    early.aim(config.outDir, { trigger: config.trigger, model: modelName(config.model) });
    const facts = eventFacts(prepared, env);
    const key = stickyKeyFor(facts);
    const what = subjectOf(facts);
    let publish: PublishConfig = DEFAULT_PUBLISH_CONFIG;
    const progress = progressTracker();
    let publishFailed = false;

    const code = await executeRun(config, io, {
      allowSudoFix: true,
      registerSecret: mask,
      review: prepared.reviewDiff === undefined ? undefined : { target: reviewTargetFromDiff(prepared.reviewDiff) },
      ...(prepared.trusted === undefined ? {} : { trusted: prepared.trusted }),
      ...(prepared.ceiling === undefined ? {} : { ceiling: prepared.ceiling }),
      notices: prepared.notices,
      readOnlyDirs: prepared.readOnlyDirs,
      onStart: async (policy) => {
        app?.unguard(); // the run now watches for cancellation itself
        const narrowed = narrowPublish(policy?.publish ?? DEFAULT_PUBLISH_CONFIG, inputs.publish);
        publish = narrowed.config;
        for (const ignored of narrowed.ignored) core.warning(terminalSafe(`warden: input ignored, it would widen the policy: ${ignored}`));
        if (!publish.comment || key === undefined || facts.number === undefined) return;
        const comment = StickyComment.onGithub(client(), { owner: env.owner, repo: env.repo, number: facts.number, key }, logger, { throttleMs: PROGRESS_EVERY_MS });
        sticky = { comment, key, what, runUrl: env.runUrl, outbox: config.outDir };
        // Best effort: a run is not refused because its first comment could not be posted.
        await comment.start(renderWorking(key, { runUrl: env.runUrl, what })).catch((err: unknown) => logger.warn(`could not post the working comment: ${errorMessage(err)}`));
      },
      onEvent: (event) => {
        if (sticky === undefined || !progress.see(event)) return;
        sticky.comment.progress(renderProgress(sticky.key, { runUrl: env.runUrl, what, turn: progress.turn, maxTurns: config.maxTurns, recent: progress.recent(), tasks: progress.tasks() }));
      },
      onResult: async (finished) => {
        early.runWroteOutbox();
        const { result, summary, outDir } = finished;
        setRunOutputs(core, result, outDir);
        await core.summary.addRaw(summary).write();
        const published = await publishFinished({
          finished,
          facts,
          config: publish,
          octokit: inputs.githubToken === '' ? undefined : client(),
          env,
          token: inputs.githubToken,
          author: inputs.commitAuthor,
          sticky: sticky?.comment,
          logger,
          memory: inputs.continue && prepared.request !== undefined ? { request: prepared.request, tasks: latestTasks(finished.result.records.filter((r) => r.type === 'tool_call')) } : undefined,
        });
        const set = (name: string, value: string | undefined): void => core.setOutput(name, value ?? '');
        set('comment_url', published.commentUrl);
        set('commit_sha', published.commitSha);
        set('branch', published.branch);
        set('pull_request_url', published.pullRequestUrl);
        sticky = undefined; // the final report is written (or its failure is below)
        if (published.failures.length > 0) {
          publishFailed = true;
          fail(`publishing failed: ${published.failures.map((f) => `${f.call}: ${f.message}`).join('; ')} (the outbox is at ${outDir})`);
        } else if (result.outcome.reason !== 'completed') {
          fail(describeOutcome(result.outcome));
        }
      },
    });
    return publishFailed ? 1 : code;
  } catch (err) {
    const message = failureMessage(err);
    const outbox = err instanceof UsageError ? early.write(message) : undefined;
    if (outbox !== undefined) await setConfigErrorOutputs(core, outbox);
    await finishInterrupted(sticky, message);
    fail(message);
    return err instanceof UsageError ? 2 : 1;
  } finally {
    app?.unguard();
    const unrevoked = await app?.token.revoke();
    if (unrevoked !== undefined) core.warning(terminalSafe(`warden: ${unrevoked}`));
    git?.dispose();
    for (const dir of readOnlyDirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** Why no run started, as Warden's sticky comment for this workflow on the pull request (best effort: the notice and outputs say it too). */
async function postNotStarted(octokit: Octokit, env: GithubEnvironment, comment: { number: number; body: string }, logger: ReturnType<typeof createStreamLogger>): Promise<void> {
  const facts: EventFacts = { eventName: env.eventName, workflow: env.workflow, number: comment.number, pull: undefined, writeDelivery: false, defaultBranch: undefined };
  const key = stickyKeyFor(facts);
  if (key === undefined) return;
  const sticky = StickyComment.onGithub(octokit, { owner: env.owner, repo: env.repo, number: comment.number, key }, logger, { throttleMs: PROGRESS_EVERY_MS });
  await sticky.finish(renderNotStarted(key, { runUrl: env.runUrl, what: `pull request #${comment.number}`, reason: comment.body })).catch((err: unknown) => logger.warn(`could not post why no run started: ${errorMessage(err)}`));
}

function setRunOutputs(core: Core, result: RunTaskResult, outDir: string): void {
  core.setOutput('outcome', result.outcome.reason);
  core.setOutput('verdict', result.verdict);
  core.setOutput('transcript', result.transcriptPath);
  core.setOutput('summary', join(outDir, OUTBOX_FILES.summary));
  core.setOutput('outbox', outDir);
  if (result.structuredOutput !== undefined) core.setOutput('structured_output', JSON.stringify(result.structuredOutput));
  // One line per file: a name that could break its line (or starts with a quote) is a JSON string.
  core.setOutput('files_changed', result.filesChanged.map(listedName).join('\n'));
  core.setOutput('turns', String(result.turns));
  core.setOutput('cost_usd', result.costUsd === null ? '' : result.costUsd.toFixed(4));
  core.setOutput('input_tokens', String(result.usage.inputTokens + result.usage.cacheReadTokens + result.usage.cacheWriteTokens));
  core.setOutput('output_tokens', String(result.usage.outputTokens));
  core.setOutput('denials', String(result.records.filter((r) => r.type === 'tool_call' && r.status === 'denied').length));
}

/** The outputs a workflow gates on, for a run refused before it started: as after any run, from its outbox. */
async function setConfigErrorOutputs(core: Core, outDir: string): Promise<void> {
  core.setOutput('outcome', 'config_error');
  core.setOutput('verdict', 'no_changes');
  core.setOutput('outbox', outDir);
  core.setOutput('transcript', join(outDir, OUTBOX_FILES.transcript));
  core.setOutput('summary', join(outDir, OUTBOX_FILES.summary));
  core.setOutput('files_changed', '');
  core.setOutput('turns', '0');
  core.setOutput('cost_usd', '0.0000');
  core.setOutput('input_tokens', '0');
  core.setOutput('output_tokens', '0');
  core.setOutput('denials', '0');
  // Best effort: outside a job (no GITHUB_STEP_SUMMARY) the error itself is what matters.
  await core.summary.addRaw(readFileSync(join(outDir, OUTBOX_FILES.summary), 'utf8')).write().catch(() => undefined);
}

/** Never a silent run: a crash after the working comment still ends it with what happened. */
async function finishInterrupted(sticky: { comment: StickyComment; key: string; what: string; runUrl: string | undefined; outbox: string } | undefined, reason: string): Promise<void> {
  if (sticky === undefined) return;
  await sticky.comment.finish(renderInterrupted(sticky.key, { runUrl: sticky.runUrl, what: sticky.what, reason: `Warden stopped: ${reason}`, outbox: sticky.outbox })).catch(() => undefined);
}

function eventFacts(prepared: Extract<PreparedRun, { kind: 'run' }>, env: GithubEnvironment): EventFacts {
  const pull = prepared.pull;
  return {
    eventName: env.eventName,
    workflow: env.workflow,
    number: prepared.trigger.number,
    pull: pull === undefined ? undefined : { headRef: pull.headRef, headSha: pull.headSha, baseRef: pull.baseRef, sameRepository: !pull.fork },
    writeDelivery: prepared.writeDelivery,
    defaultBranch: knownDefaultBranch(prepared.event, env.ref),
  };
}

/** The current turn, the last few tool calls and the task list, for the progress comment; says when it changed. */
function progressTracker(): { turn: number; see(event: QueryEvent): boolean; recent(): RecentCall[]; tasks(): Task[] | undefined } {
  const calls: RecentCall[] = [];
  let turn = 0;
  let tasks: Task[] | undefined;
  return {
    get turn() {
      return turn;
    },
    see(event) {
      if (event.type === 'model_response') turn = event.turn;
      else if (event.type === 'tool_result') {
        const r = event.outcome.record;
        calls.push({ tool: r.tool, input: describeInput(r.tool, r.input), status: r.status });
        if (calls.length > 5) calls.shift();
        tasks = latestTasks([r]) ?? tasks;
      } else return false;
      return true;
    },
    recent: () => [...calls],
    tasks: () => tasks,
  };
}

function readEventFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new UsageError(`GITHUB_EVENT_PATH ${path}: cannot read (${errorReason(err)})`);
  }
}

function failureMessage(err: unknown): string {
  if (err instanceof UsageError || err instanceof PullFetchError) return err.message;
  return apiFailure(err) ?? `internal error: ${(err as Error).stack ?? String(err)}`;
}

/** An Octokit RequestError, named by its call: "GitHub API GET /repos/o/r/…: 500 …". */
function apiFailure(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null || !('status' in err) || !('request' in err)) return undefined;
  const request = err.request as { method?: unknown; url?: unknown };
  const message = err instanceof Error ? err.message : '';
  return `GitHub API ${String(request.method)} ${String(request.url)} failed (${String(err.status)}): ${message}`;
}

