/**
 * An MCP server's tool as one of the run's tools: named `mcp__<server>__<tool>` (Claude Code's
 * names, which the policy's MCP rules match), its input schema shown to the model as the server
 * gave it, judged like any tool (it needs an allow rule naming it or its server), and a write
 * (serial) unless the server marks it read-only.
 */
import { z } from 'zod';
import type { CallToolResult, Tool as ListedTool } from '@modelcontextprotocol/sdk/types.js';
import { buildTool, type AnyTool, type ToolOutput } from '../tools/index.js';
import { errorMessage } from '../error-text.js';

/** Claude Code's cap on an MCP tool's description: a server cannot flood every request. */
export const MAX_DESCRIPTION_CHARS = 2_048;
/** About 25,000 tokens, Claude Code's default cap on an MCP result; longer ones are saved to a file. */
export const MCP_RESULT_CHARS = 100_000;
/** What the Messages API accepts as a tool name. */
const API_TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export type CallMcpTool = (name: string, args: Record<string, unknown>, signal: AbortSignal) => Promise<CallToolResult>;

export function mcpToolName(server: string, tool: string): string {
  return `mcp__${server}__${tool}`;
}

/** Why a listed tool cannot be offered (its name), or null. */
export function unusableName(server: string, tool: string): string | null {
  const name = mcpToolName(server, tool);
  if (!/^[A-Za-z0-9_-]+$/.test(tool)) return `its name "${tool.slice(0, 80)}" has characters a tool name cannot hold`;
  if (!API_TOOL_NAME.test(name)) return `${name} is longer than the 64 characters a tool name may have`;
  return null;
}

export function createMcpTool(server: string, listed: ListedTool, call: CallMcpTool): AnyTool {
  const readOnly = listed.annotations?.readOnlyHint === true;
  const description = (listed.description ?? listed.title ?? '').trim();
  const { $schema: _drop, ...schema } = listed.inputSchema as Record<string, unknown>;
  const tool = buildTool<Record<string, unknown>>({
    name: mcpToolName(server, listed.name),
    description: description.length > MAX_DESCRIPTION_CHARS ? `${description.slice(0, MAX_DESCRIPTION_CHARS)}… [truncated]` : description === '' ? `${listed.name} (MCP server ${server})` : description,
    // The server checks its own input; the model is shown its schema as given.
    inputSchema: z.record(z.string(), z.unknown()),
    inputJsonSchema: schema,
    maxResultSizeChars: MCP_RESULT_CHARS,
    // The server runs apart from the pipeline's path checks: the decision is on the tool's name.
    access: () => ({ kind: 'none' }),
    isReadOnly: () => readOnly,
    isConcurrencySafe: () => readOnly,
    async call(input, ctx): Promise<ToolOutput> {
      try {
        return resultText(await call(listed.name, input, ctx.signal), server, listed.name);
      } catch (err) {
        const timedOut = /timed out|timeout/i.test(errorMessage(err));
        return { content: `The MCP server ${server} did not answer the call to ${listed.name}: ${errorMessage(err)}`, isError: true, category: timedOut ? 'timeout' : 'failed' };
      }
    },
  });
  return tool as unknown as AnyTool;
}

/** The result as text for the model: text parts as they are, other parts described. */
export function resultText(result: CallToolResult, server: string, tool: string): ToolOutput {
  const parts = (result.content ?? []).map((part) => {
    switch (part.type) {
      case 'text':
        return part.text;
      case 'resource':
        return 'text' in part.resource ? part.resource.text : `[resource ${part.resource.uri}: binary, not shown]`;
      case 'resource_link':
        return `[resource ${part.uri}]`;
      default:
        return `[${part.type} content from ${server}, not shown]`;
    }
  });
  if (parts.length === 0 && result.structuredContent !== undefined) parts.push(JSON.stringify(result.structuredContent));
  const content = parts.join('\n');
  if (result.isError === true) return { content: content === '' ? `${tool} failed (the server gave no reason)` : content, isError: true, category: 'failed' };
  return { content: content === '' ? '(no output)' : content };
}
