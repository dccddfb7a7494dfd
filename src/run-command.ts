import { homedir } from 'node:os';
import type { ProcessIo } from './config/process-io.js';
import type { RunConfig } from './config/run-config.js';
import { DEFAULT_POLICY_FILE } from './config/run-config.js';
import { UsageError } from './config/usage-error.js';
import { createPolicyDecider, ensureBashParser, loadPolicy, PolicyError } from './policy/index.js';
import type { LoadedPolicy } from './policy/index.js';
import type { Decider } from './policy/decision.js';
import { createAllowAllDecider, createReadOnlyDecider } from './policy/placeholder-decider.js';
import { withRunnerReadAccess } from './policy/runner-read-access.js';
import { createStreamLogger } from './report/logger.js';
import { createRedactor } from './report/redaction.js';
import { createAnthropicClient } from './runner/anthropic-client.js';
import type { ModelClient } from './runner/model-client.js';
import { createReplayClient } from './runner/replay-client.js';
import { exitCodeFor, runTask } from './runner/run-task.js';
import type { RunTaskResult } from './runner/run-task.js';
import { createSandboxRunner, DEFAULT_SANDBOX_CONFIG, SandboxUnavailableError } from './sandbox/index.js';
import type { SandboxConfig, SandboxRunner } from './sandbox/index.js';
import type { Logger } from './report/logger.js';
import { createToolRegistry } from './tools/registry.js';

export interface ExecuteOptions {
  /** Let the sandbox probe apply the AppArmor/userns fix with sudo (GitHub-hosted runners; the action only). */
  allowSudoFix?: boolean;
  /** Called with the finished run, e.g. for the action's outputs and job summary. */
  onResult?: (result: RunTaskResult) => Promise<void> | void;
}

/** Wires a parsed RunConfig into a run: the one place where real dependencies are chosen. */
export async function executeRun(config: RunConfig, io: ProcessIo, options: ExecuteOptions = {}): Promise<number> {
  const redact = createRedactor(config.secretValues);
  const logger = createStreamLogger((line) => io.stderr(line), redact);
  const notices: string[] = [];

  let decider: Decider;
  let policy: LoadedPolicy | undefined;
  if (config.policyFile !== undefined) policy = await loadRunPolicy(config.policyFile, config.cwd);
  if (config.dangerouslyAllowAll) {
    decider = createAllowAllDecider();
    notices.push('--dangerously-allow-all is set: every tool call is allowed without any policy check. Never use this in CI.');
  } else if (policy !== undefined) {
    decider = createPolicyDecider(policy);
  } else {
    decider = createReadOnlyDecider();
    notices.push(`no policy file (${DEFAULT_POLICY_FILE} or --policy): only reads inside the workspace are allowed.`);
  }
  decider = withRunnerReadAccess(decider, config.resultsDir);

  const sandboxConfig = policy?.sandbox ?? DEFAULT_SANDBOX_CONFIG;
  if (sandboxConfig.mode === 'off') notices.push('sandbox.mode is off: commands run on the host with no confinement (only the environment is filtered).');
  // Loaded up front: besides judging Bash, the parser tells which commands may run side by side.
  await ensureBashParser();
  const processRunner = await startSandbox(sandboxConfig, config, logger, options.allowSudoFix === true);

  const controller = new AbortController();
  const onSignal = (signal: NodeJS.Signals): void => controller.abort(new Error(`received ${signal}`));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const result = await runTask({
      prompt: config.prompt,
      cwd: config.cwd,
      maxTurns: config.maxTurns,
      maxTokens: config.maxTokens,
      maxCostUsd: config.maxCostUsd,
      runTimeoutMs: config.runTimeoutMs,
      toolTimeoutMs: config.toolTimeoutMs,
      transcriptPath: config.transcriptPath,
      summaryPath: config.summaryPath,
      resultsDir: config.resultsDir,
      hostPath: config.hostPath,
      model: modelClient(config),
      fallbackModel: fallbackClient(config),
      decider,
      processRunner,
      sandboxViolations: () => processRunner.violations(),
      tools: createToolRegistry({ grep: { searchPath: config.hostPath } }),
      redact,
      logger,
      signal: controller.signal,
      notices,
      date: new Date().toISOString().slice(0, 10),
    });
    io.stdout(`${result.summary}\n`);
    await options.onResult?.(result);
    logger.info(`transcript: ${result.transcriptPath}`);
    return exitCodeFor(result.outcome);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** The sandbox is required unless the policy opts out; when it cannot start, nothing runs (exit 2). */
async function startSandbox(sandbox: SandboxConfig, config: RunConfig, logger: Logger, allowSudoFix: boolean): Promise<SandboxRunner> {
  try {
    const runner = await createSandboxRunner({ config: sandbox, workspace: config.cwd, hostEnv: config.hostEnv, allowSudoFix, warn: (m) => logger.warn(m) });
    const fix = runner.probe?.fixApplied ?? null;
    if (fix !== null) logger.warn(`sandbox: applied \`${fix}\` so that bubblewrap can create namespaces on this runner`);
    return runner;
  } catch (err) {
    if (err instanceof SandboxUnavailableError) throw new UsageError(err.message);
    throw err;
  }
}

/** A policy that cannot be used stops the run before anything executes (exit 2, file:line:col). */
async function loadRunPolicy(file: string, cwd: string): Promise<LoadedPolicy> {
  try {
    return await loadPolicy(file, { homeDir: homedir(), root: cwd });
  } catch (err) {
    if (err instanceof PolicyError) throw new UsageError(`invalid policy:\n${err.message}`);
    throw err;
  }
}

function modelClient(config: RunConfig): ModelClient {
  const { model } = config;
  switch (model.kind) {
    case 'replay':
      return createReplayClient(model.turns, model.file);
    case 'anthropic':
      return createAnthropicClient({ apiKey: model.apiKey, model: model.name, baseURL: model.baseURL, maxRetries: 4 });
  }
}

function fallbackClient(config: RunConfig): ModelClient | undefined {
  const { model, fallbackModel } = config;
  if (fallbackModel === undefined || model.kind !== 'anthropic') return undefined;
  return createAnthropicClient({ apiKey: model.apiKey, model: fallbackModel, baseURL: model.baseURL, maxRetries: 4 });
}
