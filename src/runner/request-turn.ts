import { cutNote, heldReason, keptContent, mayStartBeforeResponseEnds } from './cut-response.js';
import type { Message, ToolUseBlock } from './messages.js';
import type { ModelClient, ModelResponse } from './model-client.js';
import { ModelError } from './model-client.js';
import type { Outcome } from './outcome.js';
import type { QueryEvent, QueryParams } from './query.js';
import { decideRecovery, failureLabel } from './retry-policy.js';
import type { RecoveryStep } from './retry-policy.js';
import { outcomeOfAbort } from './run-stop.js';
import { StreamingToolExecutor } from './tool-executor.js';
import { errorMessage } from '../error-text.js';

/** A wait before the next request, made after the cut response's records are written. */
export interface PendingRetry {
  delayMs: number;
  basis: 'retry-after' | 'backoff';
  after: string;
}

export type TurnResult =
  /** A whole response; its held calls start on `executor.release()`. */
  | { kind: 'response'; response: ModelResponse; executor: StreamingToolExecutor; model: ModelClient; started: number; attempt: number }
  /**
   * A broken response in which calls ran (see cut-response.ts): `response` holds its finished
   * blocks, the executor their outcomes. After recording them the loop goes on (`next`) or stops.
   */
  | { kind: 'cut'; response: ModelResponse; executor: StreamingToolExecutor; model: ModelClient; note: string; next: { retry: PendingRetry } | { fallback: ModelClient } | { stop: Outcome } }
  | { kind: 'stop'; outcome: Outcome };

type Compact = (messages: Message[], turn: number) => AsyncGenerator<QueryEvent, Message[] | undefined, undefined>;

/**
 * One model request with its recovery. Each attempt is one HTTP request (the SDK does not retry)
 * and one `model_error`/`model_response` event; each wait before a retry is a `retry` event.
 * Retryable failures are retried with backoff or as `retry-after` says, `prompt_too_long`
 * compacts once, lasting overload switches to the fallback model.
 */
export async function* requestTurn(params: QueryParams, initialModel: ModelClient, turn: number, compact: Compact): AsyncGenerator<QueryEvent, TurnResult, undefined> {
  const { signal, messages, pipeline } = params;
  const recovery = params.recovery;
  let model = initialModel;
  const state = { failures: 0, timeouts: 0, overloadedInARow: 0, promptTooLongHandled: false };
  for (let attempt = 1; ; attempt++) {
    const executor = new StreamingToolExecutor(pipeline, turn, params.maxToolConcurrency);
    executor.holdUntilReleased((block) => mayStartBeforeResponseEnds(pipeline, block));
    const given: ToolUseBlock[] = [];
    const started = params.now();
    try {
      let response: ModelResponse | undefined;
      for await (const event of model.stream({ system: params.system, messages, tools: params.tools, maxTokens: params.maxTokens, signal })) {
        if (event.type === 'text') yield { type: 'text', turn, text: event.text };
        else if (event.type === 'tool_use') {
          given.push(event.block);
          executor.add(event.block, event.inputError);
        } else response = event.response;
      }
      if (response === undefined) throw new ModelError('the model stream ended without a final message', undefined, true, { kind: 'incomplete_stream' });
      return { kind: 'response', response, executor, model, started, attempt };
    } catch (err) {
      const error = err instanceof ModelError ? err : new ModelError(errorMessage(err), undefined, false);
      // Held calls never run for a broken response; calls already running finish (or see the abort).
      executor.discardPending(heldReason(error));
      const outcomes = [];
      for await (const outcome of executor.results()) outcomes.push(outcome);
      const ran = outcomes.some((o) => o.record.startedAt !== null);

      state.failures += 1;
      if (error.kind === 'idle_timeout' || error.kind === 'request_timeout') state.timeouts += 1;
      state.overloadedInARow = error.kind === 'overloaded' ? state.overloadedInARow + 1 : 0;
      const step: RecoveryStep = signal.aborted
        ? { step: 'give_up', why: 'the run was stopped' }
        : decideRecovery(error, { ...state, fallbackAvailable: params.fallbackModel !== undefined && model !== params.fallbackModel }, recovery);
      yield {
        type: 'model_error',
        turn,
        attempt,
        model: model.model,
        error,
        durationMs: params.now() - started,
        willRetry: step.step !== 'give_up',
      };
      const stopOutcome = (): Outcome => (signal.aborted ? outcomeOfAbort(signal) : { reason: 'model_error', message: step.step === 'give_up' ? `${error.message} (${step.why})` : error.message, status: error.status });

      if (ran) {
        const content = keptContent(error.partial?.content ?? [], given);
        const response: ModelResponse = { id: `cut_${turn}_${attempt}`, model: model.model, content, stopReason: 'tool_use', usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 } };
        const cut = { kind: 'cut' as const, response, executor, model, note: cutNote(error) };
        switch (step.step) {
          case 'give_up':
            return { ...cut, next: { stop: stopOutcome() } };
          case 'fallback':
            return { ...cut, next: { fallback: params.fallbackModel ?? model } };
          case 'compact':
          case 'retry': {
            const delayMs = step.step === 'retry' ? step.delayMs : 0;
            return { ...cut, next: { retry: { delayMs, basis: step.step === 'retry' ? step.basis : 'backoff', after: failureLabel(error) } } };
          }
        }
      }

      switch (step.step) {
        case 'give_up':
          return { kind: 'stop', outcome: stopOutcome() };
        case 'compact': {
          state.promptTooLongHandled = true;
          const compacted = yield* compact(messages, turn);
          if (compacted !== undefined) messages.splice(0, messages.length, ...compacted);
          break;
        }
        case 'fallback':
          model = params.fallbackModel ?? model;
          // The fallback gets a fresh set of retries.
          state.failures = 0;
          state.timeouts = 0;
          state.overloadedInARow = 0;
          yield { type: 'context', turn, action: 'fallback_model', detail: `switched to ${model.model} after ${recovery.overloadedBeforeFallback} overloaded answers in a row` };
          break;
        case 'retry':
          yield { type: 'retry', turn, attempt: attempt + 1, delayMs: step.delayMs, basis: step.basis, after: failureLabel(error) };
          await recovery.sleep(step.delayMs, signal).catch(() => undefined);
          break;
      }
    }
  }
}
