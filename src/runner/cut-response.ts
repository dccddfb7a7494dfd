/*
 * What happens to tool calls when a streamed response breaks off (issue 9, defect 1).
 *
 * Tools used to start as soon as their tool_use block had streamed. When the stream was then
 * cut, the partial response was dropped and the request retried: a command had run, the model
 * was never told, the transcript held an orphan tool_call, and the retry ran the command again.
 *
 * The two ways out, and why we take both, in this order:
 *
 * (a) Only calls without effects start before the response is complete. A call that is
 *     read-only and concurrency-safe (Read, Glob, Grep, a read-only Bash line) may start at its
 *     content_block_stop; every other call waits for message_stop. A side effect therefore only
 *     ever happens for a response that arrived whole, so nothing needs undoing or explaining
 *     when one breaks. The cost is small: tool_use blocks come last in a response, and calls
 *     with effects run one at a time anyway, so they wait for the tail of the stream (usually
 *     milliseconds), while reads keep their head start.
 *
 * (b) A broken response in which calls did run keeps its finished blocks. The reads that ran
 *     cannot be taken back from the transcript, and a record of a call the model never asked
 *     for (in any message it can see) is exactly the orphan we are removing. So the finished
 *     blocks become the assistant message, each of their calls is answered — with its real
 *     result if it ran, with "did not run" if it was held back by (a) — and a note says the
 *     rest of the response was lost. The model goes on from there, informed, and asks again
 *     for what did not run.
 *
 * (a) alone would leave the reads' orphans; (b) alone would let commands run for a response
 * that might be cut half a second later, and a model that retried blind would repeat them. With
 * both, a side effect never runs for a response that is later discarded, every call that ran is
 * in the conversation and the transcript, and a call asked again after a cut runs once: the
 * first time it was held back, and the model was told so. A broken response in which nothing ran
 * is dropped and the request retried, as before: there is nothing to report.
 */
import type { Tool } from '../tools/index.js';
import type { AssistantBlock, ToolUseBlock } from './messages.js';
import type { ModelError } from './model-client.js';
import type { PipelineDeps } from './tool-pipeline.js';

/** May this call start before its response is complete? Only if it cannot change anything. */
export function mayStartBeforeResponseEnds(deps: Pick<PipelineDeps, 'findTool'>, block: ToolUseBlock): boolean {
  const tool = deps.findTool(block.name) as Tool<unknown> | undefined;
  if (tool === undefined) return true; // answered at once with "no such tool"
  const parsed = tool.inputSchema.safeParse(block.input);
  if (!parsed.success) return true; // rejected by the schema before it can touch anything
  try {
    return tool.isReadOnly(parsed.data) && tool.isConcurrencySafe(parsed.data);
  } catch {
    return false;
  }
}

/** Why a held call did not run (the executor says "Cancelled: … This tool call did not run."). */
export function heldReason(error: ModelError): string {
  return `the response broke off before it was complete (${error.message}); calls that change anything wait for a complete response, so this one was held back`;
}

/**
 * The blocks of a broken response to keep: those that finished streaming, up to the last
 * tool_use (text after it said nothing the calls depend on). Every tool_use the executor was
 * given is among them, whatever the client's partial says.
 */
export function keptContent(partial: readonly AssistantBlock[], started: readonly ToolUseBlock[]): AssistantBlock[] {
  const blocks = [...partial];
  for (const block of started) if (!blocks.some((b) => b.type === 'tool_use' && b.id === block.id)) blocks.push(block);
  const last = blocks.findLastIndex((b) => b.type === 'tool_use');
  return blocks.slice(0, last + 1);
}

/** Sent after the results of a kept broken response, so the model knows the rest was lost. */
export function cutNote(error: ModelError): string {
  return (
    `[Warden] Your previous response broke off before it was complete (${error.message}). ` +
    'Only the blocks above arrived; the rest of it was lost. The tool calls above that ran have their results; ' +
    'those answered "did not run" had no effect. Continue from here, and call again whatever you still need.'
  );
}
