/** MCP servers' front door: the policy's servers connected, their tools as the run's (mcp__server__tool). */
export { startMcpServers, type McpPool, type McpStartOptions } from './mcp-servers.js';
export { MCP_RESULT_CHARS, mcpToolName } from './mcp-tool.js';
