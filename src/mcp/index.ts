/** MCP servers' front door: the policy's servers connected, their tools as the run's (mcp__server__tool). */
export { startMcpServers, type McpPool, type McpStartOptions } from './mcp-servers.js';
import { createMcpTool } from './mcp-tool.js';

export { deferIfLarge, DEFER_ABOVE_TOKENS, type ToolPool } from './tool-search.js';
/** One listed tool as the run would offer it, for bench/mcp-overhead.mjs (its call is never made). */
export function createMcpToolForBench(server: string, listed: Parameters<typeof createMcpTool>[1]): ReturnType<typeof createMcpTool> {
  return createMcpTool(server, listed, () => Promise.reject(new Error('not called in the bench')));
}
