import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { actionInvocation, githubEnvironment, parseRunConfig, readActionInputs, realProcessIo, UsageError } from '../config/index.js';
import { createGithubClient, prepareRun, PullFetchError } from '../github/index.js';
import { createRedactor, createStreamLogger, terminalSafe } from '../log/index.js';
import { OUTBOX_FILES } from '../outbox/index.js';
import { describeOutcome } from '../report/index.js';
import { createGitRunner } from '../sandbox/index.js';
import { reviewTargetFromDiff } from '../tools/index.js';
import { executeRun } from './execute-run.js';
import { terminalSafeIo } from './terminal-safe-io.js';

/**
 * The GitHub Action entry: the event and the inputs become a `warden run` (or, for an event that
 * does not concern Warden or an actor who may not start runs, a notice and exit 0 before any model
 * request); the outcome becomes step outputs and the job summary. The step fails when the run did
 * not complete.
 */
export async function runAction(): Promise<number> {
  const core = await import('@actions/core');
  const io = terminalSafeIo(realProcessIo());
  // setFailed writes a workflow command itself; what goes into it must not carry escape sequences.
  const fail = (message: string): void => core.setFailed(terminalSafe(`warden: ${message}`));
  try {
    // Masked at once, before anything can print it; the run registers the other secrets later.
    const masked = new Set<string>();
    const mask = (value: string): void => {
      if (value === '' || masked.has(value)) return;
      masked.add(value);
      core.setSecret(value);
    };
    mask(core.getInput('anthropic_api_key'));
    mask(core.getInput('github_token'));
    const inputs = readActionInputs((name) => core.getInput(name));
    const env = githubEnvironment(io.env);
    const logger = createStreamLogger((line) => io.stderr(line), createRedactor([inputs.anthropicApiKey, inputs.githubToken]));
    const git = await createGitRunner({ hostPath: io.env.PATH ?? '/usr/bin:/bin', untrustedRoots: [env.workspace] });
    if (git === undefined) throw new UsageError('git is not on PATH: the action needs it to read the event\'s commits');
    let octokit: ReturnType<typeof createGithubClient> | undefined;
    const prepared = await prepareRun({
      env,
      inputs,
      payloadText: readEventFile(env.eventPath),
      git,
      octokit: () => {
        if (inputs.githubToken === '') throw new UsageError('action inputs: `github_token` is empty (its default is `${{ github.token }}`)');
        octokit ??= createGithubClient({ token: inputs.githubToken, apiUrl: env.apiUrl, logger });
        return octokit;
      },
    });
    if (prepared.kind === 'skip') {
      core.notice(terminalSafe(`warden: ${prepared.notice}`));
      core.setOutput('outcome', 'skipped');
      await core.summary.addRaw(`## Warden: nothing to do\n\n${terminalSafe(prepared.notice)}\n`).write();
      return 0;
    }
    const invocation = actionInvocation(inputs, io.env, { prompt: prepared.prompt, policyFromBase: prepared.trusted !== undefined });
    const parsed = parseRunConfig(invocation.args, invocation.env, invocation.cwd);
    if (parsed === 'help') return 0;
    // The event says what GITHUB_REF cannot (an issue_comment runs on the default branch): the number and the verified actor.
    const config = { ...parsed, trigger: { ...parsed.trigger, ...prepared.trigger } };
    return await executeRun(config, io, {
      allowSudoFix: true,
      registerSecret: mask,
      review: prepared.reviewDiff === undefined ? undefined : { target: reviewTargetFromDiff(prepared.reviewDiff) },
      ...(prepared.trusted === undefined ? {} : { trusted: prepared.trusted }),
      ...(prepared.ceiling === undefined ? {} : { ceiling: prepared.ceiling }),
      notices: prepared.notices,
      onResult: async (result, summary, outDir) => {
        core.setOutput('outcome', result.outcome.reason);
        core.setOutput('verdict', result.verdict);
        core.setOutput('transcript', result.transcriptPath);
        core.setOutput('summary', join(outDir, OUTBOX_FILES.summary));
        core.setOutput('outbox', outDir);
        if (result.structuredOutput !== undefined) core.setOutput('structured_output', JSON.stringify(result.structuredOutput));
        core.setOutput('files_changed', result.filesChanged.join('\n'));
        core.setOutput('turns', String(result.turns));
        await core.summary.addRaw(summary).write();
        if (result.outcome.reason !== 'completed') fail(describeOutcome(result.outcome));
      },
    });
  } catch (err) {
    if (err instanceof UsageError) {
      fail(err.message);
      return 2;
    }
    if (err instanceof PullFetchError) {
      fail(err.message);
      return 1;
    }
    const api = apiFailure(err);
    if (api !== undefined) {
      fail(api);
      return 1;
    }
    fail(`internal error: ${(err as Error).stack ?? String(err)}`);
    return 1;
  }
}

function readEventFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new UsageError(`GITHUB_EVENT_PATH ${path}: cannot read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

/** An Octokit RequestError, named by its call: "GitHub API GET /repos/o/r/…: 500 …". */
function apiFailure(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null || !('status' in err) || !('request' in err)) return undefined;
  const request = err.request as { method?: unknown; url?: unknown };
  const message = err instanceof Error ? err.message : '';
  return `GitHub API ${String(request.method)} ${String(request.url)} failed (${String(err.status)}): ${message}`;
}
