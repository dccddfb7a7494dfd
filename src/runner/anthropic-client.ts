import type Anthropic from '@anthropic-ai/sdk';
import { APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/sdk/core/error';
import { BaseAnthropic } from '@anthropic-ai/sdk/client';
import { Messages } from '@anthropic-ai/sdk/resources/messages';
import type { AssistantBlock, Message, StopReason, Usage } from './messages.js';
import { ModelError } from './model-client.js';
import { apiErrorText } from './api-error-text.js';
import type { ModelClient, ModelErrorKind, ModelRequest, ModelResponse, ModelStreamEvent, PartialResponse, RequestTool } from './model-client.js';
import { MAX_TIMER_MS, RequestWatch } from './request-watch.js';
import type { RequestLimitError, RequestLimits } from './request-watch.js';
import { StreamAssembler } from './stream-assembler.js';
import { errorMessage } from '../error-text.js';
import type { ProviderName } from '../config/index.js';

export interface AnthropicClientOptions {
  /** The model's ID at the provider. */
  model: string;
  /** For Anthropic's API (no `sdk`). */
  apiKey?: string;
  baseURL?: string | undefined;
  /** Builds a cloud's SDK client instead (provider-clients.ts); the loop around it is the same. */
  sdk?: SdkFactory | undefined;
  /** Names the service in error messages. */
  provider?: ProviderName;
  /** No byte from the API for this long ends the attempt (default 60 s). */
  requestIdleTimeoutMs?: number | undefined;
  /** One attempt may take no longer than this (default 10 min). */
  requestTimeoutMs?: number | undefined;
  /** For tests and benches: the fetch under the watch. */
  fetch?: typeof fetch;
}

/**
 * A client with the Messages API: ours below, or a cloud's (AnthropicBedrock, AnthropicVertex,
 * AnthropicFoundry), which all extend BaseAnthropic and rewrite, sign and decode inside it.
 */
export type MessagesSdk = BaseAnthropic & { messages: Pick<Messages, 'stream'> };
/** What every SDK client is built with, whichever the provider. */
export interface CommonSdkOptions {
  maxRetries: 0;
  logLevel: 'off';
  timeout: number;
}
export type SdkFactory = (common: CommonSdkOptions) => MessagesSdk;

export const DEFAULT_REQUEST_LIMITS: RequestLimits = { idleTimeoutMs: 60_000, requestTimeoutMs: 10 * 60_000 };

type CacheControl = { type: 'ephemeral' };
const EPHEMERAL: CacheControl = { type: 'ephemeral' };

/**
 * The SDK's client with only the Messages API: the full `Anthropic` class pulls every resource
 * (admin, beta, skills, …) into the bundle, and parsing them is most of the SDK's share of the
 * time before the first request (bench/first-request.mjs). The SDK documents this split.
 */
class MessagesClient extends BaseAnthropic {
  messages = new Messages(this);
}

/**
 * The Anthropic Messages API through the official SDK, streamed. One call of `stream()` is
 * exactly one HTTP attempt: the SDK's own retries are off (they left no trace and ignored our
 * limits), the loop retries and records each attempt, and every attempt is watched for stalls.
 */
export function createAnthropicClient(options: AnthropicClientOptions): ModelClient {
  const limits: RequestLimits = {
    idleTimeoutMs: options.requestIdleTimeoutMs ?? DEFAULT_REQUEST_LIMITS.idleTimeoutMs,
    requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_LIMITS.requestTimeoutMs,
  };
  const common: CommonSdkOptions = {
    maxRetries: 0,
    // Its console logging would bypass our logger and its redaction; every failure reaches the transcript anyway.
    logLevel: 'off',
    // Ours fire first; the SDK's covers only the wait for headers. Kept inside one Node timer
    // (past 2^31-1 ms it fires at once) even if a caller skips the configuration's range check.
    timeout: Math.min(limits.requestTimeoutMs + 1_000, MAX_TIMER_MS),
  };
  const client: MessagesSdk = options.sdk?.(common) ?? new MessagesClient({ ...common, apiKey: options.apiKey ?? null, baseURL: options.baseURL ?? null });
  const provider = options.provider ?? 'anthropic';
  return {
    model: options.model,
    async *stream(request: ModelRequest): AsyncGenerator<ModelStreamEvent, void, undefined> {
      const watch = new RequestWatch(limits, options.fetch);
      const stream = client.withOptions({ fetch: watch.fetch }).messages.stream(toParams(options.model, request), { signal: request.signal });
      const assembler = new StreamAssembler();
      try {
        for await (const event of stream) {
          const out = assembler.add(event);
          if (out !== undefined) yield out;
        }
        if (!assembler.complete) {
          throw new ModelError('the response stream ended before message_stop', undefined, true, { kind: 'incomplete_stream', partial: assembler.partial() });
        }
        const final = await stream.finalMessage();
        yield { type: 'done', response: fromMessage(final, assembler.content(), assembler.invalidToolInputs()) };
      } catch (err) {
        throw toModelError(err, watch.fired, assembler.partial(), request.signal, provider);
      } finally {
        watch.stop();
        if (!stream.ended) stream.abort();
      }
    },
  };
}

/**
 * Prompt-cache breakpoints sit on the last tool, the system prompt and the last block of the
 * conversation; the tool list order is stable, so the cached prefix survives between turns.
 */
function toParams(model: string, request: ModelRequest): Anthropic.MessageCreateParamsStreaming {
  const tools = request.tools.map((tool: RequestTool, index): Anthropic.ToolUnion => {
    const cache = index === request.tools.length - 1 ? { cache_control: EPHEMERAL } : {};
    // A server tool goes as the API defines it; the client tools before it keep their bytes.
    if ('type' in tool) return { ...tool, ...cache };
    return { name: tool.name, description: tool.description, input_schema: tool.input_schema as Anthropic.Tool.InputSchema, ...cache };
  });
  return {
    model,
    max_tokens: request.maxTokens,
    system: [{ type: 'text', text: request.system, cache_control: EPHEMERAL }],
    messages: withMovingBreakpoint(request.messages),
    ...(tools.length > 0 ? { tools } : {}),
    stream: true,
  };
}

function withMovingBreakpoint(messages: readonly Message[]): Anthropic.MessageParam[] {
  return messages.map((message, index) => {
    const last = index === messages.length - 1;
    if (!last) return message;
    const blocks = typeof message.content === 'string' ? [{ type: 'text' as const, text: message.content }] : message.content;
    const content = blocks.map((block, i) => (i === blocks.length - 1 ? { ...block, cache_control: EPHEMERAL } : block));
    return { role: message.role, content };
  });
}

/** Blocks as assembled from the events; id, stop reason and usage as the SDK totalled them. */
function fromMessage(message: Anthropic.Message, content: AssistantBlock[], invalidToolInputs: Readonly<Record<string, string>>): ModelResponse {
  const response: ModelResponse = { id: message.id, model: message.model, content, stopReason: toStopReason(message.stop_reason), usage: toUsage(message.usage) };
  return Object.keys(invalidToolInputs).length === 0 ? response : { ...response, invalidToolInputs };
}

function toStopReason(reason: string | null): StopReason {
  switch (reason) {
    case 'end_turn':
    case 'tool_use':
    case 'max_tokens':
    case 'stop_sequence':
    case 'pause_turn':
    case 'refusal':
      return reason;
    default:
      return 'other';
  }
}

function toUsage(usage: Anthropic.Usage): Usage {
  return {
    inputTokens: usage.input_tokens,
    outputTokens: usage.output_tokens,
    cacheReadTokens: usage.cache_read_input_tokens ?? 0,
    cacheWriteTokens: usage.cache_creation_input_tokens ?? 0,
    ...(usage.server_tool_use?.web_search_requests ? { webSearchRequests: usage.server_tool_use.web_search_requests } : {}),
  };
}

function toModelError(err: unknown, fired: RequestLimitError | undefined, partial: PartialResponse, signal: AbortSignal, provider: ProviderName): ModelError {
  if (err instanceof ModelError) return err;
  // Our own limits first: the SDK reports them as whatever the abort looked like to it.
  if (fired !== undefined) return new ModelError(fired.message, undefined, true, { kind: fired.limit, partial });
  if (err instanceof APIUserAbortError || signal.aborted) return new ModelError('request aborted', undefined, false, { kind: 'aborted', partial });
  if (err instanceof APIError) {
    const status = err.status as number | undefined;
    const headers = err.headers as Headers | undefined;
    const kind = errorKind(err as APIError, status);
    // Retried as the SDK would: 408, 409, 429, 5xx, dropped connections, mid-stream errors — unless the API says otherwise.
    const said = headers?.get('x-should-retry');
    const retryable = said === 'true' ? true : said === 'false' ? false : status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
    // A connection error has no status: its message is the SDK's own, about the connection.
    const text = status !== undefined ? apiErrorText(status, err.error, provider) : `${provider === 'anthropic' ? 'Anthropic API' : provider} error: ${err.message}`;
    return new ModelError(text, status, retryable, { kind, retryAfterMs: retryAfter(headers), partial });
  }
  const message = errorMessage(err);
  const cause = err instanceof Error ? err.cause : undefined;
  const invalid = cause instanceof SyntaxError || /unexpected event order/i.test(message);
  return new ModelError(`model stream failed: ${message}`, undefined, true, { kind: invalid ? 'invalid_stream' : 'connection', partial });
}

function errorKind(err: APIError, status: number | undefined): ModelErrorKind {
  if (err instanceof APIConnectionError) return 'connection';
  const body = err.error as { error?: { type?: unknown } } | undefined;
  if (status === 529 || body?.error?.type === 'overloaded_error') return 'overloaded';
  return status === undefined ? 'other' : 'http';
}

/** `retry-after-ms` (milliseconds), else `retry-after` (seconds or an HTTP date). */
export function retryAfter(headers: Headers | undefined, now = Date.now()): number | undefined {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers?.get('retry-after');
  if (raw === undefined || raw === null || raw.trim() === '') return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
