/**
 * Deferred MCP tools, as Claude Code's tool search defers them: when the MCP tools' definitions
 * would take more than a fixed share of the context, none of them is sent; one `ToolSearch` tool
 * is, and the tools it finds are sent from the next request on (after the built-ins, so the cached
 * prefix stays). Calling a tool is judged by the policy as always; finding it changes nothing.
 */
import { z } from 'zod';
import { buildTool, type AnyTool } from '../tools/index.js';

/** 10% of a 200k-token context, at ≈ 4 bytes a token: Claude Code's default share for MCP tools. */
export const DEFER_ABOVE_TOKENS = 20_000;
const MAX_RESULTS = 5;

export interface ToolPool {
  /** ToolSearch first when the tools are deferred, then every MCP tool (each callable once found). */
  tools: readonly AnyTool[];
  /** Whether a tool's definition is sent now (any tool not deferred is). */
  shown: (tool: AnyTool) => boolean;
}

export function deferIfLarge(tools: readonly AnyTool[], definitionBytes: (tool: AnyTool) => number): ToolPool {
  const tokens = Math.ceil(tools.reduce((sum, t) => sum + definitionBytes(t), 0) / 4);
  if (tokens <= DEFER_ABOVE_TOKENS) return { tools, shown: () => true };
  const loaded = new Set<string>();
  const search = buildTool<{ query: string; max_results?: number | undefined }>({
    name: 'ToolSearch',
    description: `Finds tools of the MCP servers (${tools.length} tools, not listed to save context) and makes them callable from your next turn. Query with keywords from the tool's name or purpose, or "select:<name>,<name>" for exact names.`,
    inputSchema: z.strictObject({ query: z.string().min(1), max_results: z.number().int().min(1).max(20).optional() }),
    maxResultSizeChars: 20_000,
    access: () => ({ kind: 'none' }),
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    call: ({ query, max_results }) => {
      const found = find(tools, query, max_results ?? MAX_RESULTS);
      for (const t of found) loaded.add(t.name);
      const content = found.length === 0 ? `No tool matches "${query}".` : `Now callable:\n${found.map((t) => `- ${t.name}: ${t.description.split('\n')[0] ?? ''}`).join('\n')}`;
      return Promise.resolve({ content });
    },
  }) as unknown as AnyTool;
  const deferred = new Set(tools);
  return { tools: [search, ...tools], shown: (t) => !deferred.has(t) || loaded.has(t.name) };
}

/** `select:a,b` by name; else tools ranked by how many query words their name and description hold. */
function find(tools: readonly AnyTool[], query: string, max: number): AnyTool[] {
  if (query.startsWith('select:')) {
    const names = new Set(query.slice('select:'.length).split(',').map((n) => n.trim()));
    return tools.filter((t) => names.has(t.name)).slice(0, max);
  }
  const words = query.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 0);
  return tools
    .map((t) => ({ t, score: words.filter((w) => `${t.name} ${t.description}`.toLowerCase().includes(w)).length }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, max)
    .map((x) => x.t);
}
