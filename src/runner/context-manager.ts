import type { Message, ToolUseBlock } from './messages.js';
import type { ModelClient, RequestTool } from './model-client.js';

export interface ContextLimits {
  /** The model's context window, in tokens. */
  windowTokens: number;
  /** Fraction of the window at which old tool results are cleared and, if that is not enough, the conversation compacted. */
  threshold: number;
  /** Tool results of this many most recent turns are never cleared. */
  keepRecentTurns: number;
}

export const DEFAULT_CONTEXT_LIMITS: ContextLimits = { windowTokens: 200_000, threshold: 0.8, keepRecentTurns: 3 };

// Results shorter than this are not worth clearing: the note that replaces them is nearly as long.
const MIN_CLEARABLE_CHARS = 1_000;

/**
 * How far under the threshold (as a share of the window) a clearing must bring the context, or
 * the conversation is compacted instead. A clearing rewrites the cached prompt from the first
 * result it clears to the end, so it must buy many turns before the next one: small clears run
 * turn after turn would each pay that rewrite.
 */
export const MIN_CLEAR_MARGIN = 0.1;

/**
 * What to do when the context is over the threshold (`tokens` is infinite when the API refused the
 * prompt as too long), given how many tokens clearing the old bulky results would free. Clear
 * only when that brings the context MIN_CLEAR_MARGIN of the window under the threshold; otherwise
 * compact the conversation as it stands. A prompt already too long is cleared, then compacted.
 */
export function contextAction(tokens: number, clearingFrees: number, limits: ContextLimits): 'clear' | 'clear_then_compact' | 'compact' {
  if (tokens === Number.POSITIVE_INFINITY) return clearingFrees > 0 ? 'clear_then_compact' : 'compact';
  const target = limits.windowTokens * (limits.threshold - MIN_CLEAR_MARGIN);
  return clearingFrees > 0 && tokens - clearingFrees <= target ? 'clear' : 'compact';
}

/** A rough token estimate (≈4 characters a token), used only to decide whether clearing was enough. */
export function estimateTokens(messages: readonly Message[]): number {
  return Math.ceil(JSON.stringify(messages).length / 4);
}

/** One tool result that clearing would replace, and the note it would get. */
export interface ClearableResult {
  messageIndex: number;
  blockIndex: number;
  callId: string;
  note: string;
  charsSaved: number;
}

/**
 * The bulky tool results of older turns, with the note each would get: a pure plan, so the caller
 * can weigh it before touching the conversation. The note depends only on the call and the
 * result's length, so a cleared result reads the same in every later request.
 */
export function clearableResults(messages: readonly Message[], keepRecentTurns: number): ClearableResult[] {
  const uses = new Map<string, ToolUseBlock>();
  for (const m of messages) if (m.role === 'assistant') for (const b of m.content) if (b.type === 'tool_use') uses.set(b.id, b);
  const userIndexes = messages.flatMap((m, i) => (m.role === 'user' && typeof m.content !== 'string' ? [i] : []));
  const protectedFrom = userIndexes[Math.max(0, userIndexes.length - keepRecentTurns)] ?? messages.length;
  const plan: ClearableResult[] = [];
  for (const [messageIndex, message] of messages.entries()) {
    if (messageIndex >= protectedFrom || message.role !== 'user' || typeof message.content === 'string') continue;
    for (const [blockIndex, block] of message.content.entries()) {
      if (block.type !== 'tool_result' || block.content.length < MIN_CLEARABLE_CHARS) continue;
      const use = uses.get(block.tool_use_id);
      const what = use ? `${use.name} ${JSON.stringify(use.input).slice(0, 200)}` : 'a tool call';
      const note = `[Old tool result cleared to save context: ${what} returned ${block.content.length} characters. Call the tool again if you need it.]`;
      plan.push({ messageIndex, blockIndex, callId: block.tool_use_id, note, charsSaved: block.content.length - note.length });
    }
  }
  return plan;
}

/** Replaces the planned results with their notes, in place; every tool_use keeps its tool_result. */
export function applyClearing(messages: Message[], plan: readonly ClearableResult[]): { cleared: number; charsSaved: number } {
  for (const item of plan) {
    const message = messages[item.messageIndex];
    if (message?.role !== 'user' || typeof message.content === 'string') continue;
    message.content = message.content.map((block, i) => (i === item.blockIndex && block.type === 'tool_result' ? { ...block, content: item.note } : block));
  }
  return { cleared: plan.length, charsSaved: plan.reduce((n, item) => n + item.charsSaved, 0) };
}

const COMPACT_INSTRUCTION = `The conversation is about to exceed the context window. Write a summary that lets you continue the task without the earlier messages. Include: the task as given; what you have done so far and what you found; every file you changed and how; commands you ran and their results (especially test results); what remains to be done and your next step. Be specific (paths, names, errors). Reply with the summary only; do not call tools.`;

/**
 * Asks the model for a summary of the conversation so far; the caller replaces the messages with it.
 * The request carries the run's own system prompt and tools, so its prefix is served from the
 * prompt cache like any other turn (without them every token would be sent uncached).
 */
export async function summariseConversation(model: ModelClient, system: string, tools: readonly RequestTool[], messages: readonly Message[], maxTokens: number, signal: AbortSignal): Promise<string> {
  const last = messages.at(-1);
  const request: Message[] =
    last?.role === 'user'
      ? [...messages.slice(0, -1), { role: 'user', content: [...toBlocks(last.content), { type: 'text', text: COMPACT_INSTRUCTION }] }]
      : [...messages, { role: 'user', content: COMPACT_INSTRUCTION }];
  let text = '';
  for await (const event of model.stream({ system, messages: request, tools, maxTokens, signal })) {
    if (event.type === 'done') text = event.response.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
  }
  if (text.trim() === '') throw new Error('the model returned an empty summary');
  return text;
}

/** The conversation after compaction: the original task plus the summary, as one user message. */
export function compactedMessages(task: string, summary: string): Message[] {
  return [
    {
      role: 'user',
      content: `${task}\n\n<earlier-work-summary>\nThe earlier part of this run was compacted to save context. Your own summary of it:\n${summary}\n</earlier-work-summary>\n\nContinue the task from here.`,
    },
  ];
}

function toBlocks(content: Extract<Message, { role: 'user' }>['content']) {
  return typeof content === 'string' ? [{ type: 'text' as const, text: content }] : content;
}
