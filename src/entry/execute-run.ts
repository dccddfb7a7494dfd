import { readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PUBLISH_CONFIG, secretValuesOf, UsageError } from '../config/index.js';
import type { ProcessIo, RunConfig, SandboxConfig } from '../config/index.js';
import { createStreamLogger, createRedactor } from '../log/index.js';
import type { Logger } from '../log/index.js';
import { composePermissions, isReadOnlyBashCommand, presetPolicy } from '../policy/index.js';
import type { HooksConfig, LoadedPolicy, PresetName } from '../policy/index.js';
import { localActionsOf } from '../deliver/index.js';
import { describeInput, describeOutcome, markdownForTerminal, renderSummary } from '../report/index.js';
import { connectProvider, createReplayClient, exitCodeFor, parseScenario, runTask, ScenarioError } from '../runner/index.js';
import type { ModelClient, QueryEvent, RunTaskResult } from '../runner/index.js';
import { createSandboxRunner, SandboxUnavailableError } from '../sandbox/index.js';
import type { SandboxRunner } from '../sandbox/index.js';
import type { Changes, HistoryListing } from '../git/index.js';
import { deferIfLarge, startMcpServers } from '../mcp/index.js';
import { OUTBOX_AGENTS_DIR, OUTBOX_FILES } from '../outbox/index.js';
import { createReviewSink, createToolRegistry, toDefinition } from '../tools/index.js';
import type { AnyTool, ReviewTarget } from '../tools/index.js';
import { loadPolicyOrUsageError, parsePolicyOrUsageError } from './load-policy.js';
import { writeOutbox } from './outbox-writer.js';
import { startSetup } from './run-setup.js';
import { webTools } from './web-tools.js';
import { cancelOnSignals } from './cancel-signals.js';
import { trackRunChanges } from './run-changes.js';
import { ownPathsInWorkspace, prepareOutputs } from './output-paths.js';
import { writeOwnFile } from './own-file.js';
import { openRunDirectory } from './run-directory.js';
import { markStartup, startupMarks } from './startup-marks.js';
import { errorReason } from '../error-text.js';

export interface ExecuteOptions {
  /** Let the sandbox probe apply the AppArmor/userns fix with sudo (GitHub-hosted runners; the action only). */
  allowSudoFix?: boolean;
  /** Told every secret value before the run starts (the action registers them for masking with the runner). */
  registerSecret?: (value: string) => void;
  /** The pull request under review, when there is one: the agent may then propose review comments. */
  review?: { target: ReviewTarget } | undefined;
  /** Called once the policy is known and before anything runs (the action posts its "working" comment). */
  onStart?: (policy: LoadedPolicy | undefined) => Promise<void> | void;
  /** Sees every step of the run (the action's progress comment). */
  onEvent?: (event: QueryEvent) => void;
  /** Called with the finished run once its outbox is written, e.g. for the action's outputs, job summary and publishing. */
  onResult?: (finished: FinishedRun) => Promise<void> | void;
  /**
   * Configuration from a trusted commit (a pull request's base) instead of the working tree: the
   * policy (null: the base has none) and CLAUDE.md / AGENTS.md. `config.policyFile` is then ignored.
   */
  trusted?: TrustedSources;
  /** Narrow the policy to at most this preset (a fork pull request): never widens it. */
  ceiling?: PresetName;
  /** Notices for the transcript and summary (e.g. that the pull request changes the policy). */
  notices?: readonly string[];
  /** Real paths of directories outside the workspace the host filled for the agent (CI logs): Read and Grep, never written, never delivered. */
  readOnlyDirs?: readonly string[];
}

/** A finished run, as the publisher needs it. */
export interface FinishedRun {
  result: RunTaskResult;
  summary: string;
  outDir: string;
  /** What changed, from host git (undefined when it cannot tell). */
  changes: Changes | undefined;
  patch: Buffer;
  policy: LoadedPolicy | undefined;
  /** Every value redacted from this run's output (the publisher keeps them out of commits too). */
  secretValues: readonly string[];
}

export interface TrustedSources {
  /** The commit they were read from, for messages. */
  commit: string;
  policy: { file: string; text: string } | null;
  instructions: readonly { file: string; text: string }[];
}

/** Wires a parsed RunConfig into a run: the one place where real dependencies are chosen. */
export async function executeRun(config: RunConfig, io: ProcessIo, options: ExecuteOptions = {}): Promise<number> {
  // Swept of killed runs' leftovers first; what only this run needed is removed however it ends.
  const runDirectory = openRunDirectory(config);
  try {
    return await executeInRunDirectory(config, io, options);
  } finally {
    await runDirectory.finish();
  }
}

async function executeInRunDirectory(config: RunConfig, io: ProcessIo, options: ExecuteOptions): Promise<number> {
  // Before anything is spent: every output path can be written, or exit 2 naming the flag.
  prepareOutputs(
    [
      { path: config.transcriptPath, flag: config.outputNames.transcript },
      ...(config.summaryPath === undefined ? [] : [{ path: config.summaryPath, flag: config.outputNames.summary }]),
      ...Object.values(OUTBOX_FILES).map((name) => ({ path: join(config.outDir, name), flag: config.outputNames.out })),
    ],
    [{ path: config.resultsDir, flag: 'the run directory (TMPDIR)' }],
  );
  const clients = await modelClients(config);
  const model = markingFirstRequest(clients.model);
  // ajv loads only for runs that use it: start-up time goes to the first request.
  const structuredOutput = config.outputSchema === undefined ? undefined : (await import('./output-schema.js')).compileOutputSchema(config.outputSchema.file, config.outputSchema.schema);
  // The local actions the workspace's workflows run are CI configuration: read before anything
  // runs, and protected from tools and commands like the fixed list (the publisher reads them again).
  const localActions = localActionsOf(undefined, config.cwd);
  const chosen = await choosePolicy(config, options.trusted);
  const ceiling = options.ceiling === undefined ? undefined : { name: options.ceiling, policy: await presetPolicy([options.ceiling], config.cwd, { homeDir: homedir() }) };
  // Filled in by the set-up's git snapshot, which every decision waits for (run-setup.ts).
  let history: HistoryListing | undefined;
  const ownPaths = ownPathsInWorkspace(config.cwd, [config.outDir, config.transcriptPath, config.summaryPath, config.runDir]);
  const { policy, decider, sandbox, narrowedBy, notices: permissionNotices } = composePermissions({
    policy: chosen,
    allowAll: config.dangerouslyAllowAll,
    ceiling,
    localActions: localActions.entries,
    ownPaths,
    workspace: realpathSync(config.cwd),
    resultsDir: config.resultsDir,
    readOnlyDirs: options.readOnlyDirs ?? [],
    history: () => history,
  });
  markStartup('policy');

  // The policy names secrets of its own: they are redacted like the built-in ones.
  const secrets = [...new Set([...config.secretValues, ...secretValuesOf(config.hostEnv, policy?.sandbox.secrets)])];
  for (const value of secrets) options.registerSecret?.(value);
  const redact = createRedactor(secrets);
  const logger = createStreamLogger((line) => io.stderr(line), redact);
  // Recorded in the transcript and logged once, by the run.
  const notices: string[] = [...(options.notices ?? []), ...localActions.problems, ...permissionNotices];
  for (const problem of localActions.problems) logger.warn(problem);
  const controller = new AbortController();
  // From here a cancelled job still ends with its outbox and its report.
  const stopWatching = cancelOnSignals(controller, logger);
  try {
    await options.onStart?.(policy);
    const trusted = options.trusted;
    const instructionSource = trusted === undefined ? undefined : (file: string) => trusted.instructions.find((i) => i.file === file)?.text;
    // Started now, finished while the first request is in flight; every tool call waits for it.
    // Read, Grep and Glob judge what they opened with the same decider, and the files the policy
    // denies are found before any tool runs, so a later hard link or rename cannot hide one; host
    // git's snapshot is taken before the agent can change anything.
    const setup = startSetup({
      decider,
      policy,
      narrowedBy,
      cwd: config.cwd,
      hostEnv: config.hostEnv,
      runnerKind: sandbox.mode === 'off' ? 'direct' : 'bwrap',
      changes: async () => {
        const tracked = await trackRunChanges(config, { notice: (m) => notices.push(m), warn: (m) => logger.warn(m) }, secrets);
        history = tracked.snapshot?.history;
        return tracked;
      },
      sandbox: () => startSandbox(sandbox, config, (m) => notices.push(m), options.allowSudoFix === true, options.readOnlyDirs ?? []),
      onFailure: (err) => controller.abort(err instanceof Error ? err : new Error(String(err))),
    });
    const processRunner = setup.processRunner;
    // The policy's MCP servers, connected before the first request: their tools are in every request's list.
    const mcp = (policy?.mcpServers ?? []).length === 0 ? undefined : await startMcpServers({
      servers: policy?.mcpServers ?? [], runner: processRunner, cwd: config.cwd, hostEnv: config.hostEnv, network: sandbox.network,
      notice: (m) => notices.push(m),
    });

    const reviewAllowed = options.review !== undefined && (policy?.publish.review ?? DEFAULT_PUBLISH_CONFIG.review);
    const review = reviewAllowed && options.review !== undefined ? { target: options.review.target, sink: createReviewSink() } : undefined;

    const web = await webTools({ policy, decider, runDecider: setup.decider, sandbox, model, cwd: realpathSync(config.cwd), notice: (m) => notices.push(m) });

    const result = await runTask({
      prompt: config.prompt,
      cwd: config.cwd,
      maxTurns: config.maxTurns,
      maxTokens: config.maxTokens,
      maxCostUsd: config.maxCostUsd,
      runTimeoutMs: config.runTimeoutMs,
      toolTimeoutMs: config.toolTimeoutMs,
      transcriptPath: config.transcriptPath,
      resultsDir: config.resultsDir,
      model,
      fallbackModel: clients.fallback,
      decider: setup.decider,
      // The servers end before the sandbox does, so their end is not reported as a crash.
      processRunner: mcp === undefined ? processRunner : { ...processRunner, dispose: () => mcp.close().then(() => processRunner.dispose()) },
      changedFiles: () => setup.changedFiles(),
      sandboxViolations: () => processRunner.violations(),
      tools: createToolRegistry({
        grep: { searchPath: config.hostPath },
        bash: { isReadOnlyCommand: isReadOnlyBashCommand },
        readGuard: setup.readGuard,
        ...(setup.processRunner.search === undefined ? {} : { sandboxed: setup.processRunner.search }),
        ...(review === undefined ? {} : { review: { target: review.target, sink: review.sink } }),
        ...(mcp === undefined ? {} : mcpPool(mcp.tools)),
        ...(web.webFetch === undefined ? {} : { webFetch: web.webFetch }),
      }),
      serverTools: web.serverTools,
      redact,
      logger,
      onEvent: (event) => {
        logProgress(event, logger);
        options.onEvent?.(event);
      },
      structuredOutput,
      signal: controller.signal,
      notices,
      date: new Date().toISOString().slice(0, 10),
      ...(instructionSource === undefined ? {} : { instructionSource }),
      startupMarks,
      hooks: hooksOf(policy),
      ...(policy?.agents === undefined ? {} : { agents: policy.agents }),
      agentTranscriptDir: join(config.outDir, OUTBOX_AGENTS_DIR),
    });
    // The sandbox could not start (while the first request was in flight): nothing ran; exit 2, as before any request.
    const failed = setup.failure();
    if (failed instanceof UsageError) throw failed;
    const changes = setup.changes();
    // Rendered from redacted records; redacted once more as it leaves the process.
    const summary = redact(renderSummary(result.records));
    if (config.summaryPath !== undefined) writeOwnFile(config.summaryPath, summary);
    const patch = (await changes?.patch()) ?? Buffer.alloc(0);
    writeOutbox(config.outDir, {
      records: result.records,
      summary,
      transcriptPath: result.transcriptPath,
      startingCommit: changes?.snapshot?.startCommit ?? null,
      trigger: config.trigger,
      patch,
      patchWithheld: changes?.withheld(),
      changedBeforeRun: changes?.changedBeforeRun() ?? [],
      review: review?.sink.items() ?? [],
      structuredOutput: result.structuredOutput,
      policy: policyText(config, options.trusted),
      finishedAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    }, redact);
    io.stdout(`${markdownForTerminal(summary)}\n`);
    logger.info(`outcome: ${describeOutcome(result.outcome)}`);
    // A withheld patch leaves nothing to deliver here either (the publisher also refuses it from result.json).
    const delivered = changes?.withheld() === undefined ? changes?.changes() : undefined;
    await options.onResult?.({ result, summary, outDir: config.outDir, changes: delivered, patch, policy, secretValues: secrets });
    logger.info(`outbox: ${config.outDir}`);
    return exitCodeFor(result.outcome);
  } finally {
    stopWatching();
  }
}

/** The policy's hooks, when it declares any (a run without them pays nothing for them). */
function hooksOf(policy: LoadedPolicy | undefined): { config: HooksConfig; permissionMode: string } | undefined {
  const config = policy?.hooks;
  if (policy === undefined || config === undefined || config.PreToolUse.length + config.PostToolUse.length + config.Stop.length === 0) return undefined;
  return { config, permissionMode: policy.mode };
}

/** The MCP tools for the registry: deferred behind ToolSearch when their definitions are large (src/mcp/tool-search.ts). */
function mcpPool(tools: readonly AnyTool[]): { extra: readonly AnyTool[]; shown: (tool: AnyTool) => boolean } {
  const pool = deferIfLarge(tools, (tool) => Buffer.byteLength(JSON.stringify(toDefinition(tool))));
  return { extra: pool.tools, shown: pool.shown };
}

/** The text of the policy that governs the run, kept in the outbox so a later publish job applies the same rules. */
function policyText(config: RunConfig, trusted: TrustedSources | undefined): { file: string; text: string } | undefined {
  if (trusted !== undefined) return trusted.policy ?? undefined;
  return config.policyFile === undefined ? undefined : { file: config.policyFile, text: readFileSync(config.policyFile, 'utf8') };
}

/** The working tree's policy file, or the trusted commit's when the entry passes one. */
async function choosePolicy(config: RunConfig, trusted: TrustedSources | undefined): Promise<LoadedPolicy | undefined> {
  if (trusted === undefined) return config.policyFile === undefined ? undefined : loadPolicyOrUsageError(config.policyFile, config.cwd);
  if (trusted.policy === null) return undefined;
  return parsePolicyOrUsageError(trusted.policy.text, trusted.policy.file, config.cwd, `the base commit ${trusted.commit.slice(0, 12)}`);
}

function logProgress(event: QueryEvent, logger: Logger): void {
  if (event.type === 'tool_result') {
    const r = event.outcome.record;
    logger.info(`[turn ${event.turn}] ${r.tool} ${describeInput(r.tool, r.input)} → ${r.status}`);
  } else if (event.type === 'model_error') {
    logger.warn(`model request failed (attempt ${event.attempt}): ${event.error.message}`);
  } else if (event.type === 'retry') {
    logger.info(`retrying the model request in ${(event.delayMs / 1000).toFixed(1)} s (attempt ${event.attempt}, after ${event.after})`);
  }
}

/** The sandbox is required unless the policy opts out; when it cannot start, nothing runs (exit 2). */
async function startSandbox(sandbox: SandboxConfig, config: RunConfig, warn: (message: string) => void, allowSudoFix: boolean, readOnlyDirs: readonly string[]): Promise<SandboxRunner> {
  try {
    return await createSandboxRunner({ config: sandbox, workspace: config.cwd, hostEnv: config.hostEnv, allowSudoFix, warn, readOnlyDirs });
  } catch (err) {
    if (err instanceof SandboxUnavailableError) throw new UsageError(err.message);
    throw err;
  }
}

/** The model client, marking when the run's first request is handed to it. */
function markingFirstRequest(client: ModelClient): ModelClient {
  return {
    model: client.model,
    stream: (request) => {
      markStartup('request_sent');
      return client.stream(request);
    },
  };
}

/** The model and its fallback; a provider's credentials are found first (exit 2 when missing). */
async function modelClients(config: RunConfig): Promise<{ model: ModelClient; fallback: ModelClient | undefined }> {
  const { model, fallbackModel } = config;
  switch (model.kind) {
    case 'replay':
      return { model: createReplayClient(replayTurns(model.file), model.file), fallback: undefined };
    case 'api': {
      const connect = await connectProvider(model.provider);
      const limits = requestLimits(config);
      return { model: connect({ model: model.name, ...limits }), fallback: fallbackModel === undefined ? undefined : connect({ model: fallbackModel, ...limits }) };
    }
  }
}

/** A replay file that cannot be used stops the run before anything executes (exit 2). */
function replayTurns(file: string): ReturnType<typeof parseScenario> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`--model replay:${file}: cannot read (${errorReason(err)})`);
  }
  try {
    const turns = parseScenario(text, file);
    if (turns.length === 0) throw new UsageError(`--model replay:${file}: the file holds no assistant turns`);
    return turns;
  } catch (err) {
    if (err instanceof ScenarioError) throw new UsageError(`--model replay: ${err.message}`);
    throw err;
  }
}

function requestLimits(config: RunConfig): { requestIdleTimeoutMs: number; requestTimeoutMs: number } {
  return { requestIdleTimeoutMs: config.requestIdleTimeoutMs, requestTimeoutMs: config.requestTimeoutMs };
}
