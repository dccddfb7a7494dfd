import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Decider } from '../policy/decision.js';
import { gitChangedFiles } from '../report/git-changes.js';
import type { Logger } from '../report/logger.js';
import type { Outcome } from '../report/outcome.js';
import { describeOutcome, isSuccess } from '../report/outcome.js';
import { priceFor } from '../report/pricing.js';
import type { Redactor } from '../report/redaction.js';
import { renderSummary } from '../report/summary.js';
import { describeInput } from '../report/summary.js';
import type { ProcessRunner } from '../sandbox/process-runner.js';
import { VERSION } from '../version.js';
import type { ModelClient } from './model-client.js';
import { readProjectInstructions } from './project-instructions.js';
import { RunStop } from './run-stop.js';
import { QueryEngine } from './query-engine.js';
import type { RunResult, ToolSet } from './query-engine.js';
import { buildSystemPrompt } from './system-prompt.js';
import { TranscriptWriter } from './transcript.js';
import { readTranscript } from './transcript-read.js';

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
  summaryPath: string | undefined;
  resultsDir: string;
  hostPath: string;
  model: ModelClient;
  fallbackModel: ModelClient | undefined;
  decider: Decider;
  processRunner: ProcessRunner;
  /** What the sandbox blocked during the run, for the transcript and summary. */
  sandboxViolations?: () => readonly { kind: string; message: string; command: string }[];
  tools: ToolSet;
  redact: Redactor;
  logger: Logger;
  /** Aborts the run from outside (signals, wall-clock budget). */
  signal: AbortSignal;
  /** Warnings to record at the start of the run (e.g. a dangerous flag). */
  notices: string[];
  date: string;
}

export interface RunTaskResult extends RunResult {
  summary: string;
  transcriptPath: string;
}

/**
 * One headless run from prompt to transcript and summary. Whatever happens inside, the
 * transcript gets its run_end record and the summary is written before this returns.
 */
export async function runTask(input: RunTaskInput): Promise<RunTaskResult> {
  const started = performance.now();
  const transcript = new TranscriptWriter(input.transcriptPath, input.redact);
  const offered = input.tools.list().filter((t) => input.decider.offersTool(t.name));
  const tools: ToolSet = {
    get: (name) => offered.find((t) => t.name === name),
    list: () => offered,
    definitions: () => input.tools.definitions().filter((d) => input.decider.offersTool(d.name)),
  };
  const system = buildSystemPrompt({ cwd: input.cwd, date: input.date, toolNames: offered.map((t) => t.name), instructions: readProjectInstructions(input.cwd) });
  transcript.append({
    type: 'run_start',
    task: input.prompt,
    config: { version: VERSION, model: input.model.model, cwd: input.cwd, maxTurns: input.maxTurns, permissions: input.decider.description, processRunner: input.processRunner.kind, tools: offered.map((t) => t.name) },
  });
  for (const message of input.notices) {
    transcript.append({ type: 'notice', level: 'warning', message });
    input.logger.warn(message);
  }

  const engine = new QueryEngine({
    model: input.model,
    fallbackModel: input.fallbackModel,
    maxCostUsd: input.maxCostUsd,
    tools,
    decider: input.decider,
    processRunner: input.processRunner,
    cwd: input.cwd,
    system,
    transcript,
    resultsDir: input.resultsDir,
    maxTurns: input.maxTurns,
    maxTokens: input.maxTokens,
    maxToolConcurrency: 10,
    defaultToolTimeoutMs: input.toolTimeoutMs,
  });
  const onAbort = (): void => engine.abort(abortText(input.signal));
  if (input.signal.aborted) onAbort();
  else input.signal.addEventListener('abort', onAbort, { once: true });
  const limitMs = input.runTimeoutMs;
  const deadline = limitMs === undefined ? undefined : setTimeout(() => engine.abort(new RunStop({ reason: 'timeout', budget: 'run_timeout', limitMs })), limitMs);

  let result: RunResult;
  try {
    const run = engine.submitMessage(input.prompt);
    for (;;) {
      const step = await run.next();
      if (step.done === true) {
        result = step.value;
        break;
      }
      const event = step.value;
      if (event.type === 'tool_result') {
        const r = event.outcome.record;
        input.logger.info(`[turn ${event.turn}] ${r.tool} ${describeInput(r.tool, r.input)} → ${r.status}`);
      } else if (event.type === 'model_error') {
        input.logger.warn(`model request failed: ${event.error.message}`);
      }
    }
  } catch (err) {
    // A bug of ours must not lose the run: record it and end with what was done so far.
    const message = `internal error: ${(err as Error).stack ?? String(err)}`;
    transcript.append({ type: 'notice', level: 'error', message });
    input.logger.error(message);
    result = { outcome: { reason: 'aborted', why: `internal error: ${(err as Error).message}` }, turns: 0, usage: engine.usage, filesChanged: engine.filesChanged };
  } finally {
    clearTimeout(deadline);
    input.signal.removeEventListener('abort', onAbort);
    await input.processRunner.dispose();
  }

  for (const v of input.sandboxViolations?.() ?? []) {
    transcript.append({ type: 'sandbox_violation', kind: v.kind, message: v.message, command: v.command });
  }
  const filesChanged = (await gitChangedFiles(input.cwd, input.hostPath).catch(() => undefined)) ?? result.filesChanged;
  const final: RunResult = { ...result, filesChanged };
  transcript.append({
    type: 'run_end',
    outcome: final.outcome,
    turns: final.turns,
    durationMs: Math.round(performance.now() - started),
    usage: final.usage,
    costUsd: priceFor(input.model.model) === undefined ? null : engine.costUsd,
    filesChanged,
  });
  transcript.close();

  const summary = renderSummary(readTranscript(input.transcriptPath));
  if (input.summaryPath !== undefined) {
    mkdirSync(dirname(input.summaryPath), { recursive: true });
    writeFileSync(input.summaryPath, summary);
  }
  input.logger.info(`outcome: ${describeOutcome(final.outcome)}`);
  return { ...final, summary, transcriptPath: input.transcriptPath };
}

export function exitCodeFor(outcome: Outcome): number {
  return isSuccess(outcome) ? 0 : 1;
}

function abortText(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : 'aborted';
}
