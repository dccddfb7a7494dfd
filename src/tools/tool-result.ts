import type { ErrorCategory, ToolOutput } from './tool.js';

/** An error the model can act on: the text says what went wrong and what to do instead. */
export function toolError(category: ErrorCategory, content: string, summary?: string): ToolOutput {
  return summary === undefined ? { isError: true, category, content } : { isError: true, category, content, summary };
}

export { errnoCode, errorMessage } from '../error-text.js';
