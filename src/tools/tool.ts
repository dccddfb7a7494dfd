import type { z } from 'zod';
import type { Access } from '../access.js';
import type { ProcessRunner } from '../sandbox/index.js';
import type { FileStateCache } from './file-state.js';

/** Everything a tool may use, passed in by the runner; tools reach for nothing global. */
export interface ToolContext {
  /** Absolute, symlink-resolved workspace root. */
  readonly cwd: string;
  readonly signal: AbortSignal;
  readonly fileState: FileStateCache;
  readonly processRunner: ProcessRunner;
  /** Default per-call timeout for tools that run processes, in ms. */
  readonly defaultTimeoutMs: number;
  /** The tool_use id of the call being run, set by the pipeline for each call. */
  readonly callId?: string;
  /**
   * Keeps this call's full output in the run's results directory and returns the file's path, so
   * a result shortened for the model can say where the rest is. Set by the pipeline for each call;
   * without it nothing can be kept, so a tool shows its output whole.
   */
  readonly keepOutput?: (text: string) => string;
}

export type ErrorCategory = 'invalid_input' | 'denied' | 'not_found' | 'timeout' | 'failed' | 'fatal' | 'aborted';

export interface ToolOutput {
  /** What the model reads. */
  content: string;
  isError?: boolean;
  /** Set when isError: how the pipeline classifies the failure. */
  category?: ErrorCategory;
  /** A one-line account for people (summary, PR comment). */
  summary?: string;
  /** Where the full output was kept (`ToolContext.keepOutput`) when the content shows less of it. */
  fullOutput?: string;
  /** Files this call created or changed, workspace-relative, for the run summary. */
  filesChanged?: string[];
  /** A subagent's own transcript, relative to the outbox (the Agent tool). */
  transcript?: string;
  /** Model requests the call made itself (WebFetch's extraction): counted in the run's usage and cost. */
  usage?: ToolModelUsage;
}

/** The runner's Usage, with the model that spent it (tools know nothing of the runner). */
export interface ToolModelUsage {
  model: string;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

export type Validation = { ok: true } | { ok: false; message: string; category?: ErrorCategory };

/** A tool-specific permission verdict the generic rules cannot see (e.g. a device file). */
export type ToolPermissionCheck = { behavior: 'passthrough' } | { behavior: 'deny'; reason: string };

export interface Tool<I = unknown> {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: z.ZodType<I>;
  /** The input schema as the model is shown it, when it comes from elsewhere (an MCP server's), instead of inputSchema's. */
  readonly inputJsonSchema?: Record<string, unknown>;
  /** Results longer than this are saved to a file and the model gets a preview. Infinity: the tool limits itself. */
  readonly maxResultSizeChars: number;
  isConcurrencySafe(input: I): boolean;
  isReadOnly(input: I): boolean;
  validateInput(input: I, ctx: ToolContext): Promise<Validation>;
  access(input: I, ctx: ToolContext): Access;
  checkPermissions(input: I, ctx: ToolContext): Promise<ToolPermissionCheck>;
  call(input: I, ctx: ToolContext): Promise<ToolOutput>;
}

/** A tool with its input type erased, as the registry and pipeline hold it. */
export type AnyTool = Tool<never>;
