import { z } from 'zod';
import { createBashTool, type BashToolOptions } from './bash.js';
import { editTool } from './edit.js';
import type { SandboxedSearch } from '../sandbox/index.js';
import { createGlobTool, type GlobToolOptions } from './glob.js';
import { createGrepTool, type GrepToolOptions } from './grep.js';
import { createReadTool } from './read.js';
import type { ReadGuard } from './read-guard.js';
import { createReviewCommentTool, type ReviewCommentOptions } from './review-comment.js';
import type { AnyTool, Tool } from './tool.js';
import { createWebFetchTool, type WebFetchOptions } from './web-fetch.js';
import { writeTool } from './write.js';
import { todoWriteTool } from './todo-write.js';

/** A tool as the Messages API receives it. */
export interface ToolDefinitionJson {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

export interface ToolRegistry {
  get(name: string): AnyTool | undefined;
  /** Every tool, in a stable order (sorted by name) so the prompt prefix, and its cache, stay put. */
  list(): readonly AnyTool[];
  definitions(filter?: (tool: AnyTool) => boolean): ToolDefinitionJson[];
}

export interface ToolRegistryOptions {
  bash?: BashToolOptions;
  /** Offered only when the run reviews a pull request and the policy's publish.review allows it. */
  review?: ReviewCommentOptions;
  grep?: Omit<GrepToolOptions, 'guard'>;
  /** Glob finds `rg` on grep's searchPath unless given its own. */
  glob?: GlobToolOptions;
  /** The run's bubblewrap sandbox, where Grep and Glob run ripgrep (sandboxed-search.ts). */
  sandboxed?: SandboxedSearch;
  /**
   * Judges what Read, Grep and Glob actually opened (real path, identity) before they return a
   * byte; the wiring builds it from the policy. Without one, only the workspace can be read.
   */
  readGuard?: ReadGuard;
  /** Tools from elsewhere (MCP servers), after the built-ins in the order given: the built-ins' prefix stays byte-identical. */
  extra?: readonly AnyTool[];
  /** WebFetch, offered only when the policy has a WebFetch allow rule (the wiring decides). */
  webFetch?: WebFetchOptions;
  /** Which tools' definitions are sent now (deferred MCP tools are not, until ToolSearch loads them); default all. */
  shown?: (tool: AnyTool) => boolean;
}

/** Type erasure happens here, once: the pipeline validates input with the tool's own schema. */
function erase<I>(tool: Tool<I>): AnyTool {
  return tool as unknown as AnyTool;
}

/** A tool as the Messages API receives it (built once per tool: the same bytes every turn). */
export function toDefinition(tool: AnyTool): ToolDefinitionJson {
  if (tool.inputJsonSchema !== undefined) return { name: tool.name, description: tool.description, input_schema: tool.inputJsonSchema };
  const { $schema: _drop, ...schema } = z.toJSONSchema(tool.inputSchema) as Record<string, unknown>;
  return { name: tool.name, description: tool.description, input_schema: withoutSafeIntegerBounds(schema) };
}

/**
 * zod bounds every `.int()` by ±(2^53 − 1): a bound no input reaches, yet sent with every request
 * for the rest of the run. The tool's own schema still checks it.
 */
function withoutSafeIntegerBounds(schema: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if ((key === 'maximum' && value === Number.MAX_SAFE_INTEGER) || (key === 'minimum' && value === Number.MIN_SAFE_INTEGER)) continue;
    out[key] = isPlainObject(value) ? withoutSafeIntegerBounds(value) : value;
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function createToolRegistry(options: ToolRegistryOptions = {}): ToolRegistry {
  const tools: readonly AnyTool[] = [
    erase(createBashTool(options.bash)),
    erase(editTool),
    erase(createGlobTool(options.readGuard, { ...(options.grep?.searchPath === undefined ? {} : { searchPath: options.grep.searchPath }), ...options.glob, ...(options.sandboxed === undefined ? {} : { sandboxed: options.sandboxed }) })),
    erase(createGrepTool({ ...options.grep, ...(options.sandboxed === undefined ? {} : { sandboxed: options.sandboxed }), ...(options.readGuard === undefined ? {} : { guard: options.readGuard }) })),
    erase(createReadTool(options.readGuard)),
    erase(todoWriteTool),
    erase(writeTool),
    ...(options.review === undefined ? [] : [erase(createReviewCommentTool(options.review))]),
    ...(options.webFetch === undefined ? [] : [erase(createWebFetchTool(options.webFetch))]),
  ].sort((a, b) => (a.name < b.name ? -1 : 1)).concat(options.extra ?? []);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  // Built once: the same bytes every turn keep the prompt cache warm.
  const definitions = new Map(tools.map((tool) => [tool, toDefinition(tool)]));
  return {
    get: (name) => byName.get(name),
    list: () => tools,
    definitions: (filter) => tools.filter((tool) => (options.shown?.(tool) ?? true) && (filter?.(tool) ?? true)).map((tool) => definitions.get(tool) ?? toDefinition(tool)),
  };
}
