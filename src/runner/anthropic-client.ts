import Anthropic from '@anthropic-ai/sdk';
import type { AssistantBlock, Message, StopReason, Usage } from './messages.js';
import { ModelError } from './model-client.js';
import type { ModelClient, ModelRequest, ModelResponse, ModelStreamEvent, ToolDefinition } from './model-client.js';

export interface AnthropicClientOptions {
  apiKey: string;
  model: string;
  baseURL?: string | undefined;
  /** Retries of the SDK for 408/409/429/5xx/529, honouring `retry-after`. */
  maxRetries: number;
  requestTimeoutMs?: number | undefined;
}

type CacheControl = { type: 'ephemeral' };
const EPHEMERAL: CacheControl = { type: 'ephemeral' };

/** The Anthropic Messages API through the official SDK, streamed. */
export function createAnthropicClient(options: AnthropicClientOptions): ModelClient {
  const client = new Anthropic({
    apiKey: options.apiKey,
    baseURL: options.baseURL ?? null,
    maxRetries: options.maxRetries,
    timeout: options.requestTimeoutMs ?? 10 * 60_000,
  });
  return {
    model: options.model,
    async *stream(request: ModelRequest): AsyncGenerator<ModelStreamEvent, void, undefined> {
      const stream = client.messages.stream(toParams(options.model, request), { signal: request.signal });
      try {
        for await (const event of stream) {
          if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
            yield { type: 'text', text: event.delta.text };
          } else if (event.type === 'content_block_stop') {
            const block = stream.currentMessage?.content[event.index];
            if (block?.type === 'tool_use') {
              yield { type: 'tool_use', block: { type: 'tool_use', id: block.id, name: block.name, input: block.input } };
            }
          }
        }
        const final = await stream.finalMessage();
        yield { type: 'done', response: fromMessage(final) };
      } catch (err) {
        throw toModelError(err);
      }
    },
  };
}

/**
 * Prompt-cache breakpoints sit on the last tool, the system prompt and the last block of the
 * conversation; the tool list order is stable, so the cached prefix survives between turns.
 */
function toParams(model: string, request: ModelRequest): Anthropic.MessageCreateParamsStreaming {
  const tools = request.tools.map((tool: ToolDefinition, index) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.input_schema as Anthropic.Tool.InputSchema,
    ...(index === request.tools.length - 1 ? { cache_control: EPHEMERAL } : {}),
  }));
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

function fromMessage(message: Anthropic.Message): ModelResponse {
  const content: AssistantBlock[] = [];
  for (const block of message.content) {
    if (block.type === 'text') content.push({ type: 'text', text: block.text });
    else if (block.type === 'tool_use') content.push({ type: 'tool_use', id: block.id, name: block.name, input: block.input });
  }
  return { id: message.id, model: message.model, content, stopReason: toStopReason(message.stop_reason), usage: toUsage(message.usage) };
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
  };
}

function toModelError(err: unknown): ModelError {
  if (err instanceof ModelError) return err;
  if (err instanceof Anthropic.APIUserAbortError) return new ModelError('request aborted', undefined, false);
  if (err instanceof Anthropic.APIError) {
    const status = err.status as number | undefined;
    // A dropped connection (no status) or an overloaded/limited API is worth another try.
    const retryable = status === undefined || status === 429 || status === 529 || status >= 500;
    return new ModelError(`Anthropic API error${status !== undefined ? ` ${status}` : ''}: ${err.message}`, status, retryable);
  }
  const message = err instanceof Error ? err.message : String(err);
  return new ModelError(`model stream failed: ${message}`, undefined, true);
}
