import type { AssistantBlock, Message, StopReason, ToolUseBlock, Usage } from './messages.js';

/** A tool as the model is told about it. */
export interface ToolDefinition {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

/**
 * A tool the API runs itself (its web search): sent in `tools` after the client tools, never
 * answered by us. Its results come back inside the response.
 */
export interface ServerToolDefinition {
  type: 'web_search_20250305';
  name: 'web_search';
  max_uses: number;
  allowed_domains?: string[];
  blocked_domains?: string[];
}

export type RequestTool = ToolDefinition | ServerToolDefinition;

export interface ModelRequest {
  system: string;
  messages: readonly Message[];
  tools: readonly RequestTool[];
  maxTokens: number;
  signal: AbortSignal;
}

export interface ModelResponse {
  id: string;
  model: string;
  content: AssistantBlock[];
  stopReason: StopReason;
  usage: Usage;
  /**
   * tool_use ids whose streamed input was not one complete JSON object, with why. Such a call
   * must be answered with an error, never run on a guess at what the model meant.
   */
  invalidToolInputs?: Readonly<Record<string, string>>;
}

/**
 * Events of one streamed response. `tool_use` arrives as soon as that block has finished
 * streaming, so a caller may start the tool before the rest of the response is in;
 * `inputError` says its input is unusable (see `ModelResponse.invalidToolInputs`).
 */
export type ModelStreamEvent =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; block: ToolUseBlock; inputError?: string }
  | { type: 'done'; response: ModelResponse };

/** The narrow seam between the loop and whatever answers it (the API, a replay file). */
export interface ModelClient {
  readonly model: string;
  stream(request: ModelRequest): AsyncGenerator<ModelStreamEvent, void, undefined>;
}

/**
 * What went wrong with one request: `http` an error status, `overloaded` a 529 or a mid-stream
 * overloaded_error, `connection` no usable connection (refused, reset, dropped),
 * `idle_timeout`/`request_timeout` our own limits, `incomplete_stream` the stream ended before
 * `message_stop`, `invalid_stream` bytes that are not the Messages API's events.
 */
export type ModelErrorKind = 'http' | 'overloaded' | 'connection' | 'idle_timeout' | 'request_timeout' | 'incomplete_stream' | 'invalid_stream' | 'aborted' | 'other';

/** The blocks of a broken response that had finished streaming before it broke. */
export interface PartialResponse {
  content: AssistantBlock[];
  invalidToolInputs: Readonly<Record<string, string>>;
}

export interface ModelErrorDetails {
  kind?: ModelErrorKind;
  /** From `retry-after-ms` or `retry-after`: how long the API asked us to wait. */
  retryAfterMs?: number | undefined;
  partial?: PartialResponse | undefined;
}

/** One failed model request (the client never retries; the loop decides). */
export class ModelError extends Error {
  readonly kind: ModelErrorKind;
  readonly retryAfterMs: number | undefined;
  readonly partial: PartialResponse | undefined;

  constructor(
    message: string,
    readonly status: number | undefined,
    readonly retryable: boolean,
    details: ModelErrorDetails = {},
  ) {
    super(message);
    this.name = 'ModelError';
    this.kind = details.kind ?? (status !== undefined ? 'http' : 'other');
    this.retryAfterMs = details.retryAfterMs;
    this.partial = details.partial;
  }
}
