/** `mcp__server`, `mcp__server__*` (every tool on the server), `mcp__server__tool`, `mcp__server__get_*`. */
import type { RuleTarget } from './rule-compile.js';

type McpTarget = Extract<RuleTarget, { kind: 'mcp' }>;

export function splitMcpName(name: string): { server: string; tool: string } | null {
  if (!name.startsWith('mcp__')) return null;
  const rest = name.slice('mcp__'.length);
  const sep = rest.indexOf('__');
  if (sep <= 0) return null;
  return { server: rest.slice(0, sep), tool: rest.slice(sep + 2) };
}

export function matchMcp(target: McpTarget, toolName: string): boolean {
  const parts = splitMcpName(toolName);
  if (parts === null || parts.server !== target.server) return false;
  if (target.tool === null) return true;
  return target.tool.endsWith('*') ? parts.tool.startsWith(target.tool.slice(0, -1)) : parts.tool === target.tool;
}

