import type { z } from 'zod';
import type { Access } from '../access.js';
import type { Tool, ToolContext, ToolOutput, ToolPermissionCheck, Validation } from './tool.js';

export interface ToolDefinition<I> {
  name: string;
  description: string;
  inputSchema: z.ZodType<I>;
  inputJsonSchema?: Record<string, unknown>;
  maxResultSizeChars: number;
  call(input: I, ctx: ToolContext): Promise<ToolOutput>;
  access(input: I, ctx: ToolContext): Access;
  isConcurrencySafe?(input: I): boolean;
  isReadOnly?(input: I): boolean;
  validateInput?(input: I, ctx: ToolContext): Promise<Validation>;
  checkPermissions?(input: I, ctx: ToolContext): Promise<ToolPermissionCheck>;
}

// Fail closed: a tool that forgets to say otherwise is treated as a serial, writing tool.
const DEFAULTS = {
  isConcurrencySafe: (): boolean => false,
  isReadOnly: (): boolean => false,
  validateInput: (): Promise<Validation> => Promise.resolve({ ok: true }),
  checkPermissions: (): Promise<ToolPermissionCheck> => Promise.resolve({ behavior: 'passthrough' }),
};

export function buildTool<I>(definition: ToolDefinition<I>): Tool<I> {
  return { ...DEFAULTS, ...definition };
}
