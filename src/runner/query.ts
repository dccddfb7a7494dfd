import { costUsd } from './pricing.js';
import type { Outcome } from './outcome.js';
import type { ContextLimits } from './context-manager.js';
import { applyClearing, clearableResults, compactedMessages, contextAction, estimateTokens, summariseConversation } from './context-manager.js';
import type { AssistantBlock, Message, ToolResultBlock, ToolUseBlock, Usage } from './messages.js';
import type { ModelClient, ModelError, ModelResponse, RequestTool } from './model-client.js';
import { requestTurn } from './request-turn.js';
import { applyAggregateBudget } from './result-budget.js';
import type { RetryPolicy } from './retry-policy.js';
import { outcomeOfAbort } from './run-stop.js';
import type { StreamingToolExecutor } from './tool-executor.js';
import type { PipelineDeps, ToolCallOutcome } from './tool-pipeline.js';
import type { RunLedger } from './run-ledger.js';
import { errorMessage } from '../error-text.js';

export interface RecoveryOptions extends RetryPolicy {
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** Continuations after a response cut off by max_tokens. */
  maxContinuations: number;
}

export interface QueryParams {
  model: ModelClient;
  /** Used for the rest of the run after the API stays overloaded (529) for the main model. */
  fallbackModel?: ModelClient | undefined;
  system: string;
  tools: readonly RequestTool[];
  /** The conversation so far; query() appends to it in place. */
  messages: Message[];
  /** The task, kept verbatim through compaction. */
  task: string;
  maxTurns: number;
  maxTokens: number;
  /** The run's spending and limits, shared with its subagents (run-ledger.ts); `maxTurns` is this loop's own. */
  ledger: RunLedger;
  maxToolConcurrency: number;
  /** Aggregate budget for the tool results of one turn, in characters. */
  maxTurnResultChars: number;
  context: ContextLimits;
  recovery: RecoveryOptions;
  signal: AbortSignal;
  pipeline: PipelineDeps;
  now: () => number;
  /** Turns already taken in this conversation (counted as model requests). */
  turnsTaken: number;
  /** Asked when the model is done: a message sends it back to work (the policy's Stop hooks, bounded there). */
  onStop?: ((finalText: string, signal: AbortSignal) => Promise<string | undefined>) | undefined;
}

/** What query() reports as the run unfolds. */
export type QueryEvent =
  | { type: 'model_response'; turn: number; attempt: number; model: string; response: ModelResponse; durationMs: number; costUsd: number | null }
  | { type: 'model_error'; turn: number; attempt: number; model: string; error: ModelError; durationMs: number; willRetry: boolean }
  /** The wait before attempt `attempt` of turn `turn`'s request. */
  | { type: 'retry'; turn: number; attempt: number; delayMs: number; basis: 'retry-after' | 'backoff'; after: string }
  /** A broken response kept for the calls that ran in it (see cut-response.ts). */
  | { type: 'cut_response'; turn: number; content: AssistantBlock[]; reason: string }
  | { type: 'text'; turn: number; text: string }
  | { type: 'tool_result'; turn: number; outcome: ToolCallOutcome }
  | { type: 'context'; turn: number; action: 'cleared_tool_results' | 'compacted' | 'compaction_failed' | 'fallback_model' | 'continued' | 'stop_hook'; detail: string };

export interface QueryResult {
  outcome: Outcome;
  turns: number;
}

/**
 * The agent loop: ask the model, run the tool calls it makes, hand back the results, repeat
 * until it stops asking for tools or a limit ends the run. Every tool_use gets one tool_result.
 */
export async function* query(params: QueryParams): AsyncGenerator<QueryEvent, QueryResult, undefined> {
  const { signal, ledger } = params;
  const messages = params.messages;
  let turn = params.turnsTaken;
  let model = params.model;
  let lastContextTokens = 0;
  let continuations = 0;
  const stop = (outcome: Outcome): QueryResult => ({ outcome, turns: turn });

  for (;;) {
    if (signal.aborted) return stop(outcomeOfAbort(signal));
    if (turn >= params.maxTurns) return stop({ reason: 'max_turns', limit: params.maxTurns });
    // The run's own limits, which its subagents' requests count against too.
    if (ledger.turns >= ledger.maxTurns) return stop({ reason: 'max_turns', limit: ledger.maxTurns });
    if (ledger.maxCostUsd !== undefined && ledger.spentUsd >= ledger.maxCostUsd) {
      return stop({ reason: 'budget_exhausted', budget: 'max_cost_usd', limit: ledger.maxCostUsd, spent: ledger.spentUsd });
    }
    if (lastContextTokens > params.context.windowTokens * params.context.threshold) {
      const compacted = yield* manageContext(params, model, messages, turn, lastContextTokens);
      if (compacted !== undefined) messages.splice(0, messages.length, ...compacted);
    }
    turn += 1;
    ledger.turns += 1;

    const requested = yield* requestTurn(params, model, turn, (msgs, t) => manageContext(params, model, msgs, t, Number.POSITIVE_INFINITY));
    if (requested.kind === 'stop') return stop(requested.outcome);
    model = requested.model;

    if (requested.kind === 'cut') {
      const { response, executor, note, next } = requested;
      yield { type: 'cut_response', turn, content: response.content, reason: note };
      messages.push({ role: 'assistant', content: response.content });
      const results = yield* collectResults(params, executor, turn);
      messages.push({ role: 'user', content: [...results, { type: 'text', text: note }] });
      if ('stop' in next) return stop(next.stop);
      if ('fallback' in next) {
        model = next.fallback;
        yield { type: 'context', turn, action: 'fallback_model', detail: `switched to ${model.model} after repeated overload` };
      } else {
        yield { type: 'retry', turn: turn + 1, attempt: 1, delayMs: next.retry.delayMs, basis: next.retry.basis, after: next.retry.after };
        await params.recovery.sleep(next.retry.delayMs, signal).catch(() => undefined);
      }
      continue;
    }

    const { response, executor, started, attempt } = requested;
    const cost = costUsd(model.model, response.usage);
    ledger.add(response.usage, cost);
    lastContextTokens = contextTokens(response.usage);
    yield { type: 'model_response', turn, attempt, model: model.model, response, durationMs: params.now() - started, costUsd: cost };
    messages.push({ role: 'assistant', content: response.content });

    const toolUses = response.content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
    if (toolUses.length === 0) {
      if (response.stopReason === 'max_tokens' && continuations < params.recovery.maxContinuations) {
        continuations += 1;
        messages.push({ role: 'user', content: 'Your response was cut off by the output token limit. Continue exactly where you stopped, without repeating anything.' });
        yield { type: 'context', turn, action: 'continued', detail: `response hit max_tokens; continuation ${continuations} of ${params.recovery.maxContinuations}` };
        continue;
      }
      if (response.stopReason === 'pause_turn' && continuations < params.recovery.maxContinuations) {
        // The API paused a long web search: sent back as it stands, the turn goes on from there.
        continuations += 1;
        yield { type: 'context', turn, action: 'continued', detail: `the API paused the turn (web search); continuation ${continuations} of ${params.recovery.maxContinuations}` };
        continue;
      }
      const finalText = response.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
      const again = await params.onStop?.(finalText, signal);
      if (again !== undefined && !signal.aborted) {
        messages.push({ role: 'user', content: again });
        yield { type: 'context', turn, action: 'stop_hook', detail: 'a Stop hook sent the agent back to work' };
        continue;
      }
      return stop({ reason: 'completed', finalText });
    }
    for (const block of toolUses) executor.add(block, response.invalidToolInputs?.[block.id]);
    if (signal.aborted) executor.discardPending(`the run was stopped (${outcomeOfAbort(signal).reason})`);
    // The response is whole: calls held back while it streamed may start now.
    executor.release();

    const results = yield* collectResults(params, executor, turn);
    messages.push({ role: 'user', content: results });
    lastContextTokens += Math.ceil(results.reduce((n, r) => n + r.content.length, 0) / 4);
  }
}

/** The results of one response's calls, in block order, budgeted. */
async function* collectResults(params: QueryParams, executor: StreamingToolExecutor, turn: number): AsyncGenerator<QueryEvent, ToolResultBlock[], undefined> {
  const results: ToolResultBlock[] = [];
  for await (const outcome of executor.results()) {
    results.push(outcome.result);
    // A tool's own model request (WebFetch's extraction) is spent like a turn's.
    const usage = outcome.record.usage;
    if (usage !== undefined) params.ledger.add(usage, costUsd(usage.model, usage));
    yield { type: 'tool_result', turn, outcome };
  }
  const budgeted = applyAggregateBudget(results, params.maxTurnResultChars, params.pipeline.resultsDir).results;
  // A result replaced by a preview no longer shows its file: a later Read must show it again.
  const replaced = budgeted.filter((r, i) => r.content !== results[i]?.content).map((r) => r.tool_use_id);
  if (replaced.length > 0) params.pipeline.context.fileState.forgetShown(replaced);
  return budgeted;
}

/**
 * Keeps the context under its limit at the least cost to the prompt cache. Clearing old tool
 * results rewrites the cached prompt from the first one cleared, so it is done in one batch and
 * only when it brings the context well under the threshold (MIN_CLEAR_MARGIN), which leaves many
 * turns before the next one. Otherwise the conversation is compacted as it stands: the summary
 * request then reads the whole conversation from the cache instead of rewriting a cleared one.
 * A prompt the API refused as too long (`tokens` infinite) is cleared first, then compacted.
 */
async function* manageContext(params: QueryParams, model: ModelClient, messages: Message[], turn: number, tokens: number): AsyncGenerator<QueryEvent, Message[] | undefined, undefined> {
  const limit = params.context.windowTokens * params.context.threshold;
  const fileState = params.pipeline.context.fileState;
  const plan = clearableResults(messages, params.context.keepRecentTurns);
  const action = contextAction(tokens, plan.reduce((n, item) => n + item.charsSaved, 0) / 4, params.context);
  const clear = function* (): Generator<QueryEvent, void, undefined> {
    const { cleared, charsSaved } = applyClearing(messages, plan);
    // The Read results cleared are no longer there to point to: those files are shown again when read.
    fileState.forgetShown(plan.map((item) => item.callId));
    yield { type: 'context', turn, action: 'cleared_tool_results', detail: `context at ~${tokens} tokens (limit ${limit}); cleared ${cleared} old tool results (${charsSaved} characters)` };
  };
  if (action !== 'compact') yield* clear();
  if (action === 'clear') return undefined;
  const before = estimateTokens(messages);
  let summary: string;
  try {
    summary = await summariseConversation(model, params.system, params.tools, messages, Math.min(params.maxTokens, 8_000), params.signal);
  } catch (err) {
    // The run goes on uncompacted, cleared as far as it can be; if the context really overflows, the API says so and we stop then.
    yield { type: 'context', turn, action: 'compaction_failed', detail: errorMessage(err) };
    if (action === 'compact' && plan.length > 0) yield* clear();
    return undefined;
  }
  const compacted = compactedMessages(params.task, summary);
  fileState.forgetShown();
  yield { type: 'context', turn, action: 'compacted', detail: `compacted ${messages.length} messages (~${before} tokens) into a summary (~${estimateTokens(compacted)} tokens)` };
  return compacted;
}

function contextTokens(usage: Usage): number {
  return usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens + usage.outputTokens;
}
