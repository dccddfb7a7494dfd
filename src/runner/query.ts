import { costUsd } from './pricing.js';
import type { Outcome } from './outcome.js';
import type { ContextLimits } from './context-manager.js';
import { clearOldToolResults, compactedMessages, estimateTokens, summariseConversation } from './context-manager.js';
import type { Message, ToolResultBlock, ToolUseBlock, Usage } from './messages.js';
import type { ModelClient, ModelResponse, ToolDefinition } from './model-client.js';
import { ModelError } from './model-client.js';
import { applyAggregateBudget } from './result-budget.js';
import { outcomeOfAbort } from './run-stop.js';
import { StreamingToolExecutor } from './tool-executor.js';
import type { ContextModifier } from '../tools/index.js';
import type { PipelineDeps, ToolCallOutcome } from './tool-pipeline.js';

export interface RecoveryOptions {
  /** Extra attempts after a dropped stream (the SDK itself retries HTTP errors). */
  streamRetries: number;
  /** Delay before retry `attempt` (1-based), in ms. */
  backoffMs(attempt: number): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** Continuations after a response cut off by max_tokens. */
  maxContinuations: number;
}

export interface QueryParams {
  model: ModelClient;
  /** Used for the rest of the run after the API stays overloaded (529) for the main model. */
  fallbackModel?: ModelClient | undefined;
  system: string;
  tools: readonly ToolDefinition[];
  /** The conversation so far; query() appends to it in place. */
  messages: Message[];
  /** The task, kept verbatim through compaction. */
  task: string;
  maxTurns: number;
  maxTokens: number;
  maxCostUsd: number | undefined;
  /** Spent before this query started (earlier submissions). */
  spentUsd: number;
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
}

/** What query() reports as the run unfolds. */
export type QueryEvent =
  | { type: 'model_response'; turn: number; model: string; response: ModelResponse; durationMs: number; costUsd: number | null }
  | { type: 'model_error'; turn: number; error: ModelError; durationMs: number; willRetry: boolean }
  | { type: 'text'; turn: number; text: string }
  | { type: 'tool_result'; turn: number; outcome: ToolCallOutcome }
  | { type: 'context'; turn: number; action: 'cleared_tool_results' | 'compacted' | 'compaction_failed' | 'fallback_model' | 'continued'; detail: string };

export interface QueryResult {
  outcome: Outcome;
  turns: number;
  spentUsd: number;
}

/**
 * The agent loop: ask the model, run the tool calls it makes, hand back the results, repeat
 * until it stops asking for tools or a limit ends the run. Every tool_use gets one tool_result.
 */
export async function* query(params: QueryParams): AsyncGenerator<QueryEvent, QueryResult, undefined> {
  const { signal } = params;
  const messages = params.messages;
  let turn = params.turnsTaken;
  let spent = params.spentUsd;
  let model = params.model;
  // Tools may change the context later calls run with; the change applies from the next turn on.
  let pipeline = params.pipeline;
  let lastContextTokens = 0;
  let continuations = 0;
  const stop = (outcome: Outcome): QueryResult => ({ outcome, turns: turn, spentUsd: spent });

  for (;;) {
    if (signal.aborted) return stop(outcomeOfAbort(signal));
    if (turn >= params.maxTurns) return stop({ reason: 'max_turns', limit: params.maxTurns });
    if (params.maxCostUsd !== undefined && spent >= params.maxCostUsd) {
      return stop({ reason: 'budget_exhausted', budget: 'max_cost_usd', limit: params.maxCostUsd, spent });
    }
    if (lastContextTokens > params.context.windowTokens * params.context.threshold) {
      const compacted = yield* manageContext(params, model, messages, turn, lastContextTokens);
      if (compacted !== undefined) messages.splice(0, messages.length, ...compacted);
    }
    turn += 1;

    const requested = yield* requestTurn(params, pipeline, model, turn);
    if ('outcome' in requested) return stop(requested.outcome);
    const { response, executor, started } = requested;
    model = requested.model;

    const cost = costUsd(model.model, response.usage);
    spent += cost ?? 0;
    lastContextTokens = contextTokens(response.usage);
    yield { type: 'model_response', turn, model: model.model, response, durationMs: params.now() - started, costUsd: cost };
    messages.push({ role: 'assistant', content: response.content });

    const toolUses = response.content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
    if (toolUses.length === 0) {
      if (response.stopReason === 'max_tokens' && continuations < params.recovery.maxContinuations) {
        continuations += 1;
        messages.push({ role: 'user', content: 'Your response was cut off by the output token limit. Continue exactly where you stopped, without repeating anything.' });
        yield { type: 'context', turn, action: 'continued', detail: `response hit max_tokens; continuation ${continuations} of ${params.recovery.maxContinuations}` };
        continue;
      }
      const finalText = response.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
      return stop({ reason: 'completed', finalText });
    }
    for (const block of toolUses) executor.add(block);
    if (signal.aborted) executor.discardPending(`the run was stopped (${outcomeOfAbort(signal).reason})`);

    const results: ToolResultBlock[] = [];
    const modifiers: ContextModifier[] = [];
    for await (const outcome of executor.results()) {
      results.push(outcome.result);
      if (outcome.contextModifier !== undefined) modifiers.push(outcome.contextModifier);
      yield { type: 'tool_result', turn, outcome };
    }
    // Results come out in block order, so modifiers are applied in block order too.
    if (modifiers.length > 0) pipeline = { ...pipeline, context: modifiers.reduce((ctx, modify) => modify(ctx), pipeline.context) };
    const budgeted = applyAggregateBudget(results, params.maxTurnResultChars, params.pipeline.resultsDir);
    messages.push({ role: 'user', content: budgeted.results });
    lastContextTokens += Math.ceil(budgeted.results.reduce((n, r) => n + r.content.length, 0) / 4);
  }
}

interface TurnResponse {
  response: ModelResponse;
  /** Holds the tool calls already started while the response streamed. */
  executor: StreamingToolExecutor;
  /** The model that answered (the fallback, once switched to). */
  model: ModelClient;
  started: number;
}

/**
 * One model request with its recovery: a dropped stream is retried (bounded, with backoff),
 * `prompt_too_long` compacts once and retries, lasting overload switches to the fallback model.
 * Tools start as their blocks arrive; a broken response's started calls are recorded and dropped.
 */
async function* requestTurn(params: QueryParams, pipeline: PipelineDeps, initialModel: ModelClient, turn: number): AsyncGenerator<QueryEvent, TurnResponse | { outcome: Outcome }, undefined> {
  const { signal, messages } = params;
  let model = initialModel;
  let promptTooLongHandled = false;
  let attempt = 0;
  for (;;) {
    const executor = new StreamingToolExecutor(pipeline, turn, params.maxToolConcurrency);
    const started = params.now();
    let response: ModelResponse | undefined;
    try {
      for await (const event of model.stream({ system: params.system, messages, tools: params.tools, maxTokens: params.maxTokens, signal })) {
        if (event.type === 'text') yield { type: 'text', turn, text: event.text };
        else if (event.type === 'tool_use') executor.add(event.block);
        else response = event.response;
      }
      if (response === undefined) throw new ModelError('the model stream ended without a final message', undefined, true);
      return { response, executor, model, started };
    } catch (err) {
      const error = err instanceof ModelError ? err : new ModelError((err as Error).message, undefined, false);
      // Tools already started from the broken response finish (or see the abort); the rest never
      // run. Their records are kept; the broken response itself is dropped from the conversation.
      executor.discardPending('the model response was cut off before it completed');
      for await (const outcome of executor.results()) yield { type: 'tool_result', turn, outcome };
      if (signal.aborted) {
        yield { type: 'model_error', turn, error, durationMs: params.now() - started, willRetry: false };
        return { outcome: outcomeOfAbort(signal) };
      }
      const recovery = nextStep(error, attempt, params, promptTooLongHandled, model);
      yield { type: 'model_error', turn, error, durationMs: params.now() - started, willRetry: recovery !== 'give_up' };
      switch (recovery) {
        case 'give_up':
          return { outcome: { reason: 'model_error', message: error.message, status: error.status } };
        case 'compact': {
          promptTooLongHandled = true;
          const compacted = yield* manageContext(params, model, messages, turn, Number.POSITIVE_INFINITY);
          if (compacted !== undefined) messages.splice(0, messages.length, ...compacted);
          break;
        }
        case 'fallback':
          model = params.fallbackModel ?? model;
          yield { type: 'context', turn, action: 'fallback_model', detail: `switched to ${model.model} after repeated overload` };
          break;
        case 'retry':
          attempt += 1;
          await params.recovery.sleep(params.recovery.backoffMs(attempt), signal).catch(() => undefined);
          break;
      }
    }
  }
}

type RecoveryStep = 'retry' | 'compact' | 'fallback' | 'give_up';

function nextStep(error: ModelError, attempt: number, params: QueryParams, promptTooLongHandled: boolean, model: ModelClient): RecoveryStep {
  if (error.status === 400 && /prompt is too long/i.test(error.message)) return promptTooLongHandled ? 'give_up' : 'compact';
  // The SDK has already retried HTTP 529s; a fallback model is the next thing to try.
  if (error.status === 529 && params.fallbackModel !== undefined && model !== params.fallbackModel) return 'fallback';
  // A dropped stream has no status; the SDK does not retry those, so we do, a bounded number of times.
  if (error.retryable && error.status === undefined && attempt < params.recovery.streamRetries) return 'retry';
  return 'give_up';
}

/** First clear old tool results; compact into a summary only if that was not enough. */
async function* manageContext(params: QueryParams, model: ModelClient, messages: Message[], turn: number, tokens: number): AsyncGenerator<QueryEvent, Message[] | undefined, undefined> {
  const limit = params.context.windowTokens * params.context.threshold;
  const { cleared, charsSaved } = clearOldToolResults(messages, params.context.keepRecentTurns);
  if (cleared > 0) {
    yield { type: 'context', turn, action: 'cleared_tool_results', detail: `context at ~${tokens} tokens (limit ${limit}); cleared ${cleared} old tool results (${charsSaved} characters)` };
    if (tokens !== Number.POSITIVE_INFINITY && tokens - charsSaved / 4 < limit * 0.9) return undefined;
  }
  const before = estimateTokens(messages);
  let summary: string;
  try {
    summary = await summariseConversation(model, params.system, params.tools, messages, Math.min(params.maxTokens, 8_000), params.signal);
  } catch (err) {
    // The run goes on uncompacted; if the context really overflows, the API says so and we stop then.
    yield { type: 'context', turn, action: 'compaction_failed', detail: (err as Error).message };
    return undefined;
  }
  const compacted = compactedMessages(params.task, summary);
  yield { type: 'context', turn, action: 'compacted', detail: `compacted ${messages.length} messages (~${before} tokens) into a summary (~${estimateTokens(compacted)} tokens)` };
  return compacted;
}

function contextTokens(usage: Usage): number {
  return usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens + usage.outputTokens;
}
