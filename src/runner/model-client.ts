import type { AssistantBlock, Message, StopReason, ToolUseBlock, Usage } from './messages.js';

/** A tool as the model is told about it. */
export interface ToolDefinition {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

export interface ModelRequest {
  system: string;
  messages: readonly Message[];
  tools: readonly ToolDefinition[];
  maxTokens: number;
  signal: AbortSignal;
}

export interface ModelResponse {
  id: string;
  model: string;
  content: AssistantBlock[];
  stopReason: StopReason;
  usage: Usage;
}

/**
 * Events of one streamed response. `tool_use` arrives as soon as that block has finished
 * streaming, so a caller may start the tool before the rest of the response is in.
 */
export type ModelStreamEvent =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; block: ToolUseBlock }
  | { type: 'done'; response: ModelResponse };

/** The narrow seam between the loop and whatever answers it (the API, a replay file). */
export interface ModelClient {
  readonly model: string;
  stream(request: ModelRequest): AsyncGenerator<ModelStreamEvent, void, undefined>;
}

/** A failure after the client's own retries; ends the run with outcome `model_error`. */
export class ModelError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ModelError';
  }
}
