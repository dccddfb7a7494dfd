import type { Hooks } from '../hooks/index.js';
import type { Decider } from '../policy/index.js';
import type { Outcome } from './outcome.js';
import type { ProcessRunner } from '../sandbox/index.js';
import { FileStateCache } from '../tools/index.js';
import type { AnyTool, ToolContext } from '../tools/index.js';
import { addUsage, ZERO_USAGE } from './messages.js';
import type { Message, Usage } from './messages.js';
import type { ModelClient, ServerToolDefinition, ToolDefinition } from './model-client.js';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ContextLimits } from './context-manager.js';
import { DEFAULT_CONTEXT_LIMITS } from './context-manager.js';
import { query } from './query.js';
import { exponentialBackoff } from './retry-policy.js';
import type { QueryEvent, RecoveryOptions } from './query.js';
import type { RunStop } from './run-stop.js';
import type { TranscriptWriter } from './transcript.js';
import { RunLedger } from './run-ledger.js';

export interface ToolSet {
  get(name: string): AnyTool | undefined;
  list(): readonly AnyTool[];
  /** Definitions sent to the model, in a stable order (the prompt cache depends on it). */
  definitions(): readonly ToolDefinition[];
}

export interface QueryEngineOptions {
  model: ModelClient;
  fallbackModel?: ModelClient | undefined;
  tools: ToolSet;
  /** Tools the API runs itself (web search), sent after the client tools. */
  serverTools?: readonly ServerToolDefinition[];
  decider: Decider;
  processRunner: ProcessRunner;
  /** Absolute, symlink-resolved workspace root. */
  cwd: string;
  system: string;
  transcript: TranscriptWriter;
  resultsDir: string;
  /** Masks secret values in tool results before the model sees them. */
  mask: (text: string) => string;
  maxTurns: number;
  maxTokens: number;
  maxCostUsd?: number | undefined;
  /** The run's ledger when this engine is a subagent's; else the engine keeps one of its own from maxTurns and maxCostUsd. */
  ledger?: RunLedger;
  maxToolConcurrency: number;
  maxTurnResultChars?: number;
  defaultToolTimeoutMs: number;
  context?: ContextLimits;
  /** Over DEFAULT_RECOVERY, field by field. */
  recovery?: Partial<RecoveryOptions>;
  now?: () => number;
  /** The policy's hooks, if any. */
  hooks?: Hooks | undefined;
}

/**
 * Five attempts per request, of which at most two may time out: a stalled API ends the run after
 * about two idle timeouts (2 × 60 s by default) instead of holding a CI job.
 */
export const DEFAULT_RECOVERY: RecoveryOptions = {
  maxRetries: 4,
  maxTimeoutRetries: 1,
  overloadedBeforeFallback: 3,
  maxRetryAfterMs: 120_000,
  backoffMs: exponentialBackoff(),
  sleep: (ms, signal) => sleep(ms, undefined, { signal }),
  maxContinuations: 3,
};

export interface RunResult {
  outcome: Outcome;
  turns: number;
  usage: Usage;
  filesChanged: string[];
}

/**
 * Owns one headless run's state — conversation, abort controller, file-read cache, usage — and
 * drives query() with it, writing every event to the transcript as it happens.
 */
export class QueryEngine {
  readonly messages: Message[] = [];
  readonly abortController = new AbortController();
  readonly fileState = new FileStateCache();
  private usageTotal: Usage = ZERO_USAGE;
  private turnsTaken = 0;
  readonly ledger: RunLedger;
  private task: string | undefined;
  private readonly changed = new Set<string>();
  private readonly now: () => number;

  constructor(private readonly options: QueryEngineOptions) {
    this.now = options.now ?? (() => performance.timeOrigin + performance.now());
    this.ledger = options.ledger ?? new RunLedger(options.maxTurns, options.maxCostUsd);
  }

  get usage(): Usage {
    return this.usageTotal;
  }

  get filesChanged(): string[] {
    return [...this.changed].sort();
  }

  /** What the whole run has spent (this engine's and its subagents'). */
  get costUsd(): number {
    return this.ledger.spentUsd;
  }

  /** Stops the run: running tools see the signal, nothing new starts. A RunStop carries the outcome. */
  abort(reason: string | RunStop): void {
    this.abortController.abort(typeof reason === 'string' ? new Error(reason) : reason);
  }

  /** Adds a user message and runs the loop until the model stops or a limit ends the run. */
  async *submitMessage(prompt: string): AsyncGenerator<QueryEvent, RunResult, undefined> {
    const { options } = this;
    this.messages.push({ role: 'user', content: prompt });
    this.task ??= prompt;
    const context: ToolContext = {
      cwd: options.cwd,
      signal: this.abortController.signal,
      fileState: this.fileState,
      processRunner: options.processRunner,
      defaultTimeoutMs: options.defaultToolTimeoutMs,
    };
    const { tools, hooks } = options;
    const loop = query({
      model: options.model,
      fallbackModel: options.fallbackModel,
      system: options.system,
      // Read at each request: tools found by ToolSearch join the list (src/mcp/tool-search.ts).
      get tools() {
        return [...tools.definitions(), ...(options.serverTools ?? [])];
      },
      messages: this.messages,
      task: this.task,
      maxTurns: options.maxTurns,
      maxTokens: options.maxTokens,
      ledger: this.ledger,
      maxToolConcurrency: options.maxToolConcurrency,
      maxTurnResultChars: options.maxTurnResultChars ?? 200_000,
      context: options.context ?? DEFAULT_CONTEXT_LIMITS,
      recovery: { ...DEFAULT_RECOVERY, ...options.recovery },
      signal: this.abortController.signal,
      now: this.now,
      turnsTaken: this.turnsTaken,
      onStop: hooks === undefined ? undefined : (finalText, signal) => hooks.stop(finalText, signal),
      pipeline: {
        findTool: (name) => tools.get(name),
        toolNames: () => tools.list().map((t) => t.name),
        decider: options.decider,
        context,
        resultsDir: options.resultsDir,
        mask: options.mask,
        now: this.now,
        hooks: options.hooks,
      },
    });
    for (;;) {
      const step = await loop.next();
      if (step.done === true) {
        this.turnsTaken = step.value.turns;
        return { outcome: step.value.outcome, turns: step.value.turns, usage: this.usageTotal, filesChanged: this.filesChanged };
      }
      this.record(step.value);
      yield step.value;
    }
  }

  private record(event: QueryEvent): void {
    const { transcript } = this.options;
    switch (event.type) {
      case 'text':
        return;
      case 'model_response': {
        const { response } = event;
        this.usageTotal = addUsage(this.usageTotal, response.usage);
        transcript.append({ type: 'model_request', turn: event.turn, attempt: event.attempt, model: event.model, durationMs: round(event.durationMs), stopReason: response.stopReason, usage: response.usage, costUsd: event.costUsd });
        transcript.append({ type: 'assistant', turn: event.turn, content: response.content, stop_reason: response.stopReason });
        return;
      }
      case 'model_error': {
        const { error } = event;
        transcript.append({
          type: 'model_request',
          turn: event.turn,
          attempt: event.attempt,
          model: event.model,
          durationMs: round(event.durationMs),
          stopReason: null,
          usage: ZERO_USAGE,
          costUsd: null,
          error: error.message,
          errorKind: error.kind,
          ...(error.status !== undefined ? { status: error.status } : {}),
          willRetry: event.willRetry,
        });
        return;
      }
      case 'retry':
        transcript.append({ type: 'model_retry', turn: event.turn, attempt: event.attempt, delayMs: Math.round(event.delayMs), basis: event.basis, after: event.after });
        return;
      case 'cut_response':
        transcript.append({ type: 'assistant', turn: event.turn, content: event.content, stop_reason: 'tool_use', cut: event.reason });
        return;
      case 'context':
        transcript.append({ type: 'notice', level: event.action === 'compaction_failed' ? 'warning' : 'info', message: `${event.action}: ${event.detail}` });
        return;
      case 'tool_result':
        if (event.outcome.record.usage !== undefined) this.usageTotal = addUsage(this.usageTotal, event.outcome.record.usage);
        for (const file of event.outcome.record.filesChanged ?? []) this.changed.add(file);
        transcript.append(event.outcome.record);
        return;
    }
  }
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
