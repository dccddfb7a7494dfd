import type { ErrorCategory, ToolOutput } from './tool.js';

/** An error the model can act on: the text says what went wrong and what to do instead. */
export function toolError(category: ErrorCategory, content: string, summary?: string): ToolOutput {
  return summary === undefined ? { isError: true, category, content } : { isError: true, category, content, summary };
}

/** Node's errno code, if the value is a system error. */
export function errnoCode(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string') return err.code;
  return undefined;
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
