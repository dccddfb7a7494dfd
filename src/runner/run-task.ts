import { randomUUID } from 'node:crypto';
import { createHooks } from '../hooks/index.js';
import type { Logger, Redactor } from '../log/index.js';
import { dirname, join } from 'node:path';
import type { AgentDefinition, Decider, HooksConfig } from '../policy/index.js';
import { OUTBOX_AGENTS_DIR } from '../outbox/index.js';
import { toDefinition } from '../tools/index.js';
import type { AnyTool } from '../tools/index.js';
import { AGENT_TOOL, agentTypes, createAgentTool } from './agent-tool.js';
import { RunLedger } from './run-ledger.js';
import type { ProcessRunner } from '../sandbox/index.js';
import { VERSION } from '../version.js';
import type { ModelClient, ServerToolDefinition } from './model-client.js';
import type { Outcome } from './outcome.js';
import { setLongTimeout } from './long-timer.js';
import { priceFor } from './pricing.js';
import { readProjectInstructions, workingTreeInstructions, type InstructionSource } from './project-instructions.js';
import type { QueryEvent, RecoveryOptions } from './query.js';
import { abortReason, RunStop } from './run-stop.js';
import { QueryEngine } from './query-engine.js';
import type { RunResult, ToolSet } from './query-engine.js';
import { RunRecords } from './run-records.js';
import { checkAnswer, outputInstructions, repairRequest, type StructuredOutputSpec } from './structured-output.js';
import { buildSystemPrompt } from './system-prompt.js';
import { TranscriptWriter } from './transcript.js';
import { recordedOutcome } from './transcript-records.js';
import type { ToolCallRecord, TranscriptRecord } from './transcript-records.js';
import { verdictOf, type Verdict } from './verdict.js';
import { errorMessage } from '../error-text.js';

export interface RunTaskInput {
  prompt: string;
  cwd: string;
  maxTurns: number;
  maxTokens: number;
  maxCostUsd: number | undefined;
  /** Wall-clock budget of the whole run. */
  runTimeoutMs: number | undefined;
  toolTimeoutMs: number;
  transcriptPath: string;
  resultsDir: string;
  model: ModelClient;
  fallbackModel: ModelClient | undefined;
  decider: Decider;
  processRunner: ProcessRunner;
  /**
   * Files the run changed, from a source the agent cannot fool (host git against the starting
   * commit); undefined when it cannot tell (then the tools' own reports are used).
   */
  changedFiles: () => Promise<string[] | undefined>;
  /** What the sandbox blocked during the run, for the transcript and summary. */
  sandboxViolations?: () => readonly { kind: string; message: string; command: string }[];
  tools: ToolSet;
  /** Tools the API runs itself (web search): offered only when the policy allows them (the wiring decides). */
  serverTools?: readonly ServerToolDefinition[];
  redact: Redactor;
  logger: Logger;
  /** Aborts the run from outside (signals, wall-clock budget). */
  signal: AbortSignal;
  /** --output-schema: the final answer must be JSON valid against it (one repair round). */
  structuredOutput?: StructuredOutputSpec | undefined;
  /** Sees every step of the run as it happens (progress logs, a live PR comment). */
  onEvent?: (event: QueryEvent) => void;
  /** Warnings to record at the start of the run (e.g. a dangerous flag). */
  notices: string[];
  /** Over the engine's DEFAULT_RECOVERY (tests shorten the backoff). */
  recovery?: Partial<RecoveryOptions>;
  date: string;
  /** Where CLAUDE.md / AGENTS.md come from; the working tree when not given. */
  instructionSource?: InstructionSource;
  /** Start-up steps and when each ended (ms from the process's start), for the transcript. */
  startupMarks?: () => Record<string, number>;
  /** The policy's hooks (run in the sandbox through `processRunner`) and its mode, which they are told. */
  hooks?: { config: HooksConfig; permissionMode: string } | undefined;
  /** Named subagents from the policy (the Agent tool's types beside general-purpose). */
  agents?: readonly AgentDefinition[];
  /** Where subagents' transcripts go: the outbox's agents/ folder (default: agents/ beside the transcript). */
  agentTranscriptDir?: string;
}

export interface RunTaskResult extends RunResult {
  verdict: Verdict;
  transcriptPath: string;
  durationMs: number;
  /** null when the model has no known price. */
  costUsd: number | null;
  /** The records a report needs (redacted, in order), for rendering the summary. */
  records: TranscriptRecord[];
  /** With --output-schema and a valid answer: the answer. */
  structuredOutput?: unknown;
}

/**
 * One headless run from prompt to transcript. Whatever happens inside, the transcript gets its
 * run_end record before this returns; rendering and delivering the result is the caller's.
 */
export async function runTask(input: RunTaskInput): Promise<RunTaskResult> {
  const started = performance.now();
  const records = new RunRecords();
  const transcript = new TranscriptWriter(input.transcriptPath, input.redact, undefined, records.observe);
  const ledger = new RunLedger(input.maxTurns, input.maxCostUsd);
  const base = input.tools.list().filter((t) => input.decider.offersTool(t.name));
  const baseTools: ToolSet = {
    get: (name) => base.find((t) => t.name === name),
    list: () => base,
    definitions: () => input.tools.definitions().filter((d) => input.decider.offersTool(d.name)),
  };
  const instructions = readProjectInstructions(input.instructionSource ?? workingTreeInstructions(input.cwd));
  // CLAUDE.md / AGENTS.md are the workspace's text like any file: a secret in them is masked too.
  const systemFor = (toolNames: string[], finalAnswer: string | undefined): string => input.redact(buildSystemPrompt({ cwd: input.cwd, date: input.date, toolNames, instructions, finalAnswer }));
  const hookSpec = input.hooks;
  const hooks = hookSpec === undefined ? undefined : createHooks({
    config: hookSpec.config,
    run: (request) => input.processRunner.run(request),
    cwd: input.cwd,
    sessionId: randomUUID(),
    transcriptPath: input.transcriptPath,
    permissionMode: hookSpec.permissionMode,
    mask: input.redact,
    record: (run) => transcript.append({ type: 'hook', ...run }),
    stopRun: (why) => engine.abort(new RunStop({ reason: 'aborted', why })),
    now: () => performance.now(),
  });
  // What the main loop and every subagent share: the model, the policy, the hooks, the sandbox, the run's budgets.
  const shared = {
    hooks,
    model: input.model,
    fallbackModel: input.fallbackModel,
    decider: input.decider,
    processRunner: input.processRunner,
    cwd: input.cwd,
    resultsDir: input.resultsDir,
    mask: input.redact,
    maxTokens: input.maxTokens,
    maxToolConcurrency: 10,
    defaultToolTimeoutMs: input.toolTimeoutMs,
    ...(input.recovery !== undefined ? { recovery: input.recovery } : {}),
  };
  const agent = input.decider.offersTool(AGENT_TOOL)
    ? (createAgentTool(agentTypes(input.agents ?? [], base, Math.max(1, Math.floor(input.maxTurns / 2))), {
        engine: shared,
        ledger,
        tools: baseTools,
        system: systemFor,
        transcriptDir: input.agentTranscriptDir ?? join(dirname(input.transcriptPath), OUTBOX_AGENTS_DIR),
        redact: input.redact,
      }) as unknown as AnyTool)
    : undefined;
  const offered = agent === undefined ? base : [agent, ...base].sort((a, b) => (a.name < b.name ? -1 : 1));
  const agentDefinition = agent === undefined ? [] : [toDefinition(agent)];
  const tools: ToolSet = {
    // An MCP tool withheld by a deny rule and called anyway is refused by that rule, named (the
    // decider denies it by the same rule that withheld it), not reported as unknown.
    get: (name) => offered.find((t) => t.name === name) ?? (name.startsWith('mcp__') ? input.tools.get(name) : undefined),
    list: () => offered,
    // Agent first (it sorts first among the built-ins), then the registry's order: the built-ins
    // sorted, then MCP tools and ToolSearch, so the built-ins' prefix never changes (prompt cache).
    definitions: () => [...agentDefinition, ...baseTools.definitions()],
  };
  // The API's web search is WebSearch to the policy and the reader; `web_search` to the API.
  const offeredNames = [...offered.map((t) => t.name), ...((input.serverTools ?? []).length > 0 ? ['WebSearch'] : [])];
  const system = systemFor(offeredNames, input.structuredOutput === undefined ? undefined : outputInstructions(input.structuredOutput));
  transcript.append({
    type: 'run_start',
    task: input.prompt,
    config: { version: VERSION, model: input.model.model, cwd: input.cwd, maxTurns: input.maxTurns, permissions: input.decider.description, processRunner: input.processRunner.kind, tools: offeredNames },
  });
  const record = (message: string): void => {
    transcript.append({ type: 'notice', level: 'warning', message });
    input.logger.warn(message);
  };
  input.notices.forEach(record);
  // Set-up that finishes while the first request is in flight (the sandbox, host git) adds its own.
  const noticesAtStart = input.notices.length;

  const engine = new QueryEngine({ ...shared, tools, ...(input.serverTools === undefined ? {} : { serverTools: input.serverTools }), system, transcript, maxTurns: input.maxTurns, ledger });
  const onAbort = (): void => engine.abort(abortReason(input.signal.reason, 'aborted'));
  if (input.signal.aborted) onAbort();
  else input.signal.addEventListener('abort', onAbort, { once: true });
  const limitMs = input.runTimeoutMs;
  const deadline = limitMs === undefined ? undefined : setLongTimeout(() => engine.abort(new RunStop({ reason: 'timeout', budget: 'run_timeout', limitMs })), limitMs);

  let result: RunResult;
  let structuredOutput: unknown;
  const submit = async (prompt: string): Promise<RunResult> => {
    const run = engine.submitMessage(prompt);
    for (;;) {
      const step = await run.next();
      if (step.done === true) return step.value;
      input.onEvent?.(step.value);
    }
  };
  try {
    result = await submit(input.prompt);
    const spec = input.structuredOutput;
    if (spec !== undefined && result.outcome.reason === 'completed') {
      let answer = checkAnswer(result.outcome.finalText, spec);
      if (!answer.ok) {
        // One repair round: the model sees what is wrong and answers again.
        transcript.append({ type: 'notice', level: 'warning', message: `the final answer is not valid against the output schema; asking once for a corrected one: ${answer.errors.slice(0, 5).join('; ')}` });
        result = await submit(repairRequest(answer.errors));
        if (result.outcome.reason === 'completed') answer = checkAnswer(result.outcome.finalText, spec);
      }
      if (result.outcome.reason === 'completed') {
        if (answer.ok) structuredOutput = answer.value;
        else result = { ...result, outcome: { reason: 'invalid_output', errors: answer.errors } };
      }
    }
  } catch (err) {
    // A bug of ours must not lose the run: record it and end with what was done so far.
    const message = `internal error: ${(err as Error).stack ?? String(err)}`;
    transcript.append({ type: 'notice', level: 'error', message });
    input.logger.error(message);
    result = { outcome: { reason: 'aborted', why: `internal error: ${errorMessage(err)}` }, turns: 0, usage: engine.usage, filesChanged: engine.filesChanged };
  } finally {
    deadline?.clear();
    input.signal.removeEventListener('abort', onAbort);
    await input.processRunner.dispose();
  }

  // Before the late notices: working out the changes adds its own (files changed before the run, a withheld patch).
  const filesChanged = (await input.changedFiles().catch(() => undefined)) ?? result.filesChanged;
  input.notices.slice(noticesAtStart).forEach(record);
  for (const v of input.sandboxViolations?.() ?? []) {
    transcript.append({ type: 'sandbox_violation', kind: v.kind, message: v.message, command: v.command });
  }
  const durationMs = Math.round(performance.now() - started);
  const costUsd = priceFor(input.model.model) === undefined ? null : engine.costUsd;
  const calls = records.list().filter((r): r is ToolCallRecord => r.type === 'tool_call');
  const verdict = verdictOf(filesChanged, calls);
  if (input.startupMarks !== undefined) transcript.append({ type: 'startup', marks: input.startupMarks() });
  // The run's totals: the main loop's and every subagent's requests.
  result = { ...result, turns: ledger.turns, usage: ledger.usage };
  transcript.append({ type: 'run_end', outcome: recordedOutcome(result.outcome), verdict, turns: result.turns, durationMs, usage: result.usage, costUsd, filesChanged });
  transcript.close();
  return { ...result, verdict, filesChanged, durationMs, costUsd, transcriptPath: input.transcriptPath, records: records.list(), ...(structuredOutput === undefined ? {} : { structuredOutput }) };
}

export function exitCodeFor(outcome: Outcome): number {
  return outcome.reason === 'completed' ? 0 : 1;
}
