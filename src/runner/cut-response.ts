/*
 * Tool calls of a streamed response that breaks off (issue 9). (a) Only a read-only,
 * concurrency-safe call starts before the response is complete; every other waits for
 * message_stop, so no side effect runs for a response later discarded. (b) A broken response in
 * which calls did run keeps its finished blocks: each call is answered (its result, or "did not
 * run" if (a) held it back) and a note says the rest was lost, so no call that ran is an orphan
 * and a retry does not run it twice. A broken response in which nothing ran is retried.
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
