import type { AssistantBlock, StopReason, ToolUseBlock } from '../../src/runner/messages.js';
import { estimateTokens, type CacheUsage } from './prompt-cache.js';
import type { FaultPoint, ReplyTurn } from './script.js';

/*
 * The Messages API wire format, built as plain data (pure, so the order and chunking are easy to
 * read and to test). The byte format is the one @anthropic-ai/sdk 1.14 parsed in build-notes §3.
 */

export interface WireUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  cache_creation: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number };
  service_tier: 'standard';
  server_tool_use?: { web_search_requests: number };
}

/** message_delta repeats the running totals, without the breakdowns. */
type DeltaUsage = Pick<WireUsage, 'input_tokens' | 'output_tokens' | 'cache_creation_input_tokens' | 'cache_read_input_tokens' | 'server_tool_use'>;

type WireBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use' | 'server_tool_use'; id: string; name: string; input: unknown }
  | { type: 'web_search_tool_result'; tool_use_id: string; content: unknown };

export interface WireMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: WireBlock[];
  stop_reason: StopReason | null;
  stop_sequence: null;
  usage: WireUsage;
}

export type StreamEvent =
  | { type: 'message_start'; message: WireMessage }
  | { type: 'ping' }
  | { type: 'content_block_start'; index: number; content_block: WireBlock }
  | { type: 'content_block_delta'; index: number; delta: { type: 'text_delta'; text: string } | { type: 'input_json_delta'; partial_json: string } }
  | { type: 'content_block_stop'; index: number }
  | { type: 'message_delta'; delta: { stop_reason: StopReason; stop_sequence: null }; usage: DeltaUsage }
  | { type: 'message_stop' };

/** One event and how long to wait before writing it. */
export interface StreamStep {
  delayMs: number;
  event: StreamEvent;
}

export interface MessageHead {
  id: string;
  model: string;
  usage: WireUsage;
}

export function formatEvent(event: StreamEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

export function stopReasonOf(turn: ReplyTurn): StopReason {
  return turn.stopReason ?? (turn.content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn');
}

/** The simulated cache figures, with whatever the turn's `usage` pins. */
export function wireUsage(cache: CacheUsage | undefined, turn: ReplyTurn): WireUsage {
  const pinned = turn.usage ?? {};
  const write = pinned.cache_creation_input_tokens ?? cache?.cacheWriteTokens ?? 0;
  const write1h = Math.min(write, cache?.cacheWrite1hTokens ?? 0);
  return {
    input_tokens: pinned.input_tokens ?? cache?.inputTokens ?? 0,
    output_tokens: pinned.output_tokens ?? outputTokens(turn),
    cache_creation_input_tokens: write,
    cache_read_input_tokens: pinned.cache_read_input_tokens ?? cache?.cacheReadTokens ?? 0,
    cache_creation: { ephemeral_5m_input_tokens: write - write1h, ephemeral_1h_input_tokens: write1h },
    service_tier: 'standard',
    ...(turn.webSearchRequests === undefined ? {} : { server_tool_use: { web_search_requests: turn.webSearchRequests } }),
  };
}

function outputTokens(turn: ReplyTurn): number {
  const chars = turn.content.reduce((n, b) => n + (b.type === 'text' ? b.text.length : JSON.stringify(b).length), 0);
  return Math.max(1, estimateTokens(chars));
}

/** The non-streaming answer. */
export function replyMessage(turn: ReplyTurn, head: MessageHead): WireMessage {
  return { ...emptyMessage(head), content: turn.content.map(wireBlock), stop_reason: stopReasonOf(turn) };
}

/** Streamed answer: text in a few text_deltas, tool input as JSON cut at arbitrary places. */
export function replySteps(turn: ReplyTurn, head: MessageHead, chunker: Chunker, ping: boolean): StreamStep[] {
  const steps = startSteps(head, ping);
  turn.content.forEach((block, index) => {
    steps.push(...blockSteps(block, index, chunker, blockDelay(turn, index), turn.rawInputJson?.[index]));
  });
  const { input_tokens, output_tokens, cache_creation_input_tokens, cache_read_input_tokens, server_tool_use } = head.usage;
  const usage = { input_tokens, output_tokens, cache_creation_input_tokens, cache_read_input_tokens, ...(server_tool_use === undefined ? {} : { server_tool_use }) };
  steps.push({ delayMs: 0, event: { type: 'message_delta', delta: { stop_reason: stopReasonOf(turn), stop_sequence: null }, usage } });
  steps.push({ delayMs: turn.delays?.beforeStopMs ?? 0, event: { type: 'message_stop' } });
  return steps;
}

/** The start of a tool_use block and about half of its input, after which the server drops the connection. */
export function cutSteps(toolUse: ToolUseBlock, head: MessageHead, chunker: Chunker, ping: boolean): StreamStep[] {
  const block = blockSteps(toolUse, 0, chunker, 0).filter((s) => s.event.type !== 'content_block_stop');
  return [...startSteps(head, ping), ...block.slice(0, Math.max(3, Math.ceil(block.length / 2)))];
}

/** How many steps are written before a fault at `point` strikes (all but `message_stop` when the point is never reached). */
export function stepsBeforeFault(steps: readonly StreamStep[], point: FaultPoint): number {
  let seen = 0;
  for (const [i, { event }] of steps.entries()) {
    if (event.type !== point.after) continue;
    if (point.index !== undefined && (!('index' in event) || event.index !== point.index)) continue;
    seen += 1;
    if (seen === (point.nth ?? 1)) return i + 1;
  }
  return Math.max(0, steps.length - 1);
}

function startSteps(head: MessageHead, ping: boolean): StreamStep[] {
  // message_start carries the prompt usage and a token of output, as the real API does.
  const start: StreamStep = { delayMs: 0, event: { type: 'message_start', message: { ...emptyMessage(head), usage: { ...head.usage, output_tokens: 1 } } } };
  return ping ? [start, { delayMs: 0, event: { type: 'ping' } }] : [start];
}

function emptyMessage(head: MessageHead): WireMessage {
  return { id: head.id, type: 'message', role: 'assistant', model: head.model, content: [], stop_reason: null, stop_sequence: null, usage: head.usage };
}

function blockSteps(block: AssistantBlock, index: number, chunker: Chunker, delayMs: number, rawInputJson?: string): StreamStep[] {
  const steps: StreamStep[] = [];
  if (block.type === 'text') {
    steps.push({ delayMs, event: { type: 'content_block_start', index, content_block: { type: 'text', text: '' } } });
    for (const text of chunker.split(block.text)) {
      steps.push({ delayMs: 0, event: { type: 'content_block_delta', index, delta: { type: 'text_delta', text } } });
    }
  } else if (block.type === 'web_search_tool_result') {
    // The API sends the search's results whole, in the block's start.
    steps.push({ delayMs, event: { type: 'content_block_start', index, content_block: block } });
  } else {
    const start = { type: block.type, id: block.id, name: block.name, input: {} };
    steps.push({ delayMs, event: { type: 'content_block_start', index, content_block: start } });
    // The real API opens with an empty partial_json.
    for (const partial of ['', ...chunker.split(rawInputJson ?? JSON.stringify(block.input ?? {}))]) {
      steps.push({ delayMs: 0, event: { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: partial } } });
    }
  }
  steps.push({ delayMs: 0, event: { type: 'content_block_stop', index } });
  return steps;
}

function wireBlock(block: AssistantBlock): WireBlock {
  if (block.type === 'text') return { type: 'text', text: block.text };
  if (block.type === 'web_search_tool_result') return block;
  return { type: block.type, id: block.id, name: block.name, input: block.input ?? {} };
}

function blockDelay(turn: ReplyTurn, index: number): number {
  const before = turn.delays?.beforeBlockMs;
  if (before === undefined) return 0;
  return typeof before === 'number' ? before : (before[index] ?? 0);
}

/**
 * Cuts strings at seeded pseudo-random places (always in two or more pieces when it can), so
 * streams differ between chunks but are the same on every run.
 */
export class Chunker {
  private state: number;

  constructor(
    seed: number,
    private readonly maxChunk = 12,
  ) {
    this.state = seed >>> 0;
  }

  split(text: string): string[] {
    if (text.length <= 1) return text === '' ? [] : [text];
    const most = Math.max(1, Math.min(this.maxChunk, Math.ceil(text.length / 2)));
    const pieces: string[] = [];
    for (let at = 0; at < text.length; ) {
      const size = 1 + Math.floor(this.next() * most);
      pieces.push(text.slice(at, at + size));
      at += size;
    }
    return pieces;
  }

  /** mulberry32 */
  private next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}
