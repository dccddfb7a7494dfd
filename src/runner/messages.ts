// The conversation as the loop sees it. These mirror the Messages API shapes so they pass
// to the SDK unchanged, but the loop depends on these types, never on the SDK.

export interface TextBlock {
  type: 'text';
  text: string;
}

export interface ToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}

export interface ToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: string;
  is_error?: boolean;
}

/**
 * The API's own web search, inside a response: its call and its results. Kept as they came and
 * sent back unchanged (a paused turn goes on from them); never answered by us.
 */
export interface ServerToolUseBlock {
  type: 'server_tool_use';
  id: string;
  name: 'web_search';
  input: unknown;
}

export interface WebSearchResultBlock {
  type: 'web_search_tool_result';
  tool_use_id: string;
  content: { type: 'web_search_result'; url: string; title: string; encrypted_content: string; page_age?: string | null }[] | { type: 'web_search_tool_result_error'; error_code: WebSearchErrorCode };
}

type WebSearchErrorCode = 'invalid_tool_input' | 'unavailable' | 'max_uses_exceeded' | 'too_many_requests' | 'query_too_long' | 'request_too_large';

export type AssistantBlock = TextBlock | ToolUseBlock | ServerToolUseBlock | WebSearchResultBlock;
export type UserBlock = TextBlock | ToolResultBlock;

export type Message =
  | { role: 'user'; content: string | UserBlock[] }
  | { role: 'assistant'; content: AssistantBlock[] };

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** Searches the API's web search made (billed per search); absent when none. */
  webSearchRequests?: number;
}

export const ZERO_USAGE: Usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };

export function addUsage(a: Usage, b: Usage): Usage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
    ...(a.webSearchRequests === undefined && b.webSearchRequests === undefined ? {} : { webSearchRequests: (a.webSearchRequests ?? 0) + (b.webSearchRequests ?? 0) }),
  };
}

export type StopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'pause_turn' | 'refusal' | 'other';
