import type Anthropic from '@anthropic-ai/sdk';
import type { AssistantBlock, ServerToolUseBlock, WebSearchResultBlock } from './messages.js';
import type { ModelStreamEvent, PartialResponse } from './model-client.js';
import { errorMessage } from '../error-text.js';

type Building =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; json: string }
  | { type: 'server'; block: ServerToolUseBlock | WebSearchResultBlock; json: string }
  | { type: 'other' };

/**
 * Builds a response from the raw stream events, block by block, instead of trusting the SDK's
 * snapshot: the SDK "repairs" an unfinished tool input with its partial-JSON parser (a command
 * whose JSON lacks its closing brace would run), and takes a stream that ends before
 * `message_stop` for a whole message. Here a tool input must be one complete JSON object, and
 * only blocks that reached `content_block_stop` count.
 */
export class StreamAssembler {
  private readonly building = new Map<number, Building>();
  private readonly done = new Map<number, AssistantBlock>();
  private readonly invalid: Record<string, string> = {};
  private sawStop = false;

  /** Whether `message_stop` arrived: only then is the response whole. */
  get complete(): boolean {
    return this.sawStop;
  }

  /** Feeds one raw event; returns what the loop should hear of it, if anything. */
  add(event: Anthropic.MessageStreamEvent): ModelStreamEvent | undefined {
    switch (event.type) {
      case 'content_block_start': {
        const block = event.content_block;
        if (block.type === 'text') this.building.set(event.index, { type: 'text', text: block.text });
        else if (block.type === 'tool_use') this.building.set(event.index, { type: 'tool_use', id: block.id, name: block.name, json: '' });
        // The web search's call (its input streams like a tool's) and its results (whole at the start).
        else if (block.type === 'server_tool_use' && block.name === 'web_search') this.building.set(event.index, { type: 'server', block: { type: 'server_tool_use', id: block.id, name: block.name, input: {} }, json: '' });
        else if (block.type === 'web_search_tool_result') this.building.set(event.index, { type: 'server', block: { type: 'web_search_tool_result', tool_use_id: block.tool_use_id, content: block.content }, json: '' });
        else this.building.set(event.index, { type: 'other' });
        return undefined;
      }
      case 'content_block_delta': {
        const block = this.building.get(event.index);
        if (event.delta.type === 'text_delta' && block?.type === 'text') {
          block.text += event.delta.text;
          return { type: 'text', text: event.delta.text };
        }
        if (event.delta.type === 'input_json_delta' && (block?.type === 'tool_use' || block?.type === 'server')) block.json += event.delta.partial_json;
        return undefined;
      }
      case 'content_block_stop':
        return this.finish(event.index);
      case 'message_stop':
        this.sawStop = true;
        return undefined;
      default:
        return undefined;
    }
  }

  /** The finished blocks in order (all of them once `complete`). */
  content(): AssistantBlock[] {
    return [...this.done.entries()].sort((a, b) => a[0] - b[0]).map(([, block]) => block);
  }

  invalidToolInputs(): Readonly<Record<string, string>> {
    return { ...this.invalid };
  }

  /**
   * What a broken response leaves: its finished blocks (empty text dropped: the API refuses it; the
   * web search's blocks too, as a search call may have lost its results).
   */
  partial(): PartialResponse {
    const kept = this.content().filter((b) => (b.type === 'text' ? b.text !== '' : b.type === 'tool_use'));
    return { content: kept, invalidToolInputs: this.invalidToolInputs() };
  }

  private finish(index: number): ModelStreamEvent | undefined {
    const block = this.building.get(index);
    this.building.delete(index);
    if (block === undefined || block.type === 'other') return undefined;
    if (block.type === 'text') {
      this.done.set(index, { type: 'text', text: block.text });
      return undefined;
    }
    if (block.type === 'server') {
      const server = block.block;
      const parsed = server.type === 'server_tool_use' ? parseToolInput(block.json) : undefined;
      this.done.set(index, server.type === 'server_tool_use' && parsed !== undefined && 'input' in parsed ? { ...server, input: parsed.input } : server);
      return undefined;
    }
    const parsed = parseToolInput(block.json);
    const toolUse = { type: 'tool_use' as const, id: block.id, name: block.name, input: 'input' in parsed ? parsed.input : {} };
    this.done.set(index, toolUse);
    if ('error' in parsed) {
      this.invalid[block.id] = parsed.error;
      return { type: 'tool_use', block: toolUse, inputError: parsed.error };
    }
    return { type: 'tool_use', block: toolUse };
  }
}

/** The input of a tool_use as streamed: nothing at all (no parameters), or one whole JSON object. */
export function parseToolInput(json: string): { input: Record<string, unknown> } | { error: string } {
  if (json.trim() === '') return { input: {} };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (err) {
    return { error: `its input did not arrive as complete JSON (${errorMessage(err)}); received: ${clip(json)}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: `its input is not a JSON object; received: ${clip(json)}` };
  return { input: value as Record<string, unknown> };
}

function clip(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
