import type { ToolUseBlock } from './messages.js';
import type { ToolCallOutcome } from './tool-pipeline.js';

/**
 * The answer to a call whose input did not arrive as one complete JSON object: an error the model
 * can act on, and a record of a call that never started. Guessing the rest of a command is never safe.
 */
export function invalidInputOutcome(block: ToolUseBlock, turn: number, why: string): ToolCallOutcome {
  return notRunOutcome(block, turn, `InputValidationError: ${block.name} was not called: ${why}. This tool call did not run. Call it again with complete input.`, 'error', 'invalid_input');
}

/** The answer and record of a call that never started (bad input, cancelled): one shape for all. */
export function notRunOutcome(block: ToolUseBlock, turn: number, content: string, status: 'error' | 'cancelled', category: 'invalid_input' | 'aborted'): ToolCallOutcome {
  return {
    result: { type: 'tool_result', tool_use_id: block.id, content, is_error: true },
    record: {
      type: 'tool_call',
      turn,
      toolUseId: block.id,
      tool: block.name,
      input: block.input,
      startedAt: null,
      decision: null,
      status,
      category,
      durationMs: 0,
      resultChars: content.length,
      error: content.slice(0, 500),
    },
  };
}
