/**
 * The policy's `mcp_servers:` section: MCP servers whose tools join the run's pool as
 * `mcp__<server>__<tool>`. Declared only here, in the trusted policy file, never by the code under
 * review. A stdio server is started inside the sandbox like a command; an HTTP server is reached
 * by the host, only at a host sandbox.network.allow lets through.
 */
import { z } from 'zod';
import type { SandboxConfig } from '../config/index.js';
import type { PolicyFile } from './policy-schema.js';

/** A server name as an MCP rule can name it (rule-parse.ts): no `__`, which separates the tool. */
export const MCP_SERVER_NAME = /^[A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export const McpServerSchema = z
  .strictObject({
    command: z.string().min(1).optional().describe('stdio: the program, started inside the sandbox with the workspace as its directory.'),
    args: z.array(z.string()).optional().describe('stdio: its arguments (relative paths resolve against the workspace).'),
    env: z.record(z.string().regex(ENV_NAME, 'a variable name is letters, digits and _'), z.string()).optional().describe('stdio: variables set for it, over the sandbox\'s environment (never the runner\'s secrets).'),
    url: z.url({ protocol: /^https?$/ }).optional().describe('Streamable HTTP: the endpoint; its host must be in sandbox.network.allow.'),
    headers_from_env: z.record(z.string().regex(HEADER_NAME, 'not an HTTP header name'), z.string().regex(ENV_NAME)).optional().describe('HTTP: headers the host adds, each from a runner variable (the agent never sees it).'),
    timeout_ms: z.number().int().min(100).max(600_000).optional().describe('Start-up and per-call time limit, in ms. Default 30000.'),
  })
  .superRefine((s, ctx) => {
    if ((s.command === undefined) === (s.url === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'give either `command` (a stdio server) or `url` (an HTTP server)' });
    }
    const wrong = s.command !== undefined ? (['headers_from_env'] as const) : (['args', 'env'] as const);
    for (const key of wrong) {
      if (s[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: `${key} belongs to ${key === 'headers_from_env' ? 'an HTTP server (url)' : 'a stdio server (command)'}` });
    }
  });

export const McpServersSchema = z
  .record(z.string().regex(MCP_SERVER_NAME, 'a server name is letters, digits, - and single _ (its tools are mcp__<server>__<tool>)'), McpServerSchema)
  .optional()
  .describe('MCP servers whose tools the agent may call, as mcp__<server>__<tool> (each still needs an allow rule).');

/** One server, as the run starts it. */
export type McpServerConfig =
  | { name: string; kind: 'stdio'; command: string; args: string[]; env: Record<string, string>; timeoutMs: number }
  | { name: string; kind: 'http'; url: string; headersFromEnv: Record<string, string>; timeoutMs: number };

export const MCP_DEFAULT_TIMEOUT_MS = 30_000;

/** The section as the run uses it, sorted by name: the tools' order, and so the prompt cache, never depends on how the file is written. */
export function mcpServersOf(file: PolicyFile): McpServerConfig[] {
  return Object.entries(file.mcp_servers ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, s]): McpServerConfig => {
      const timeoutMs = s.timeout_ms ?? MCP_DEFAULT_TIMEOUT_MS;
      if (s.url !== undefined) return { name, kind: 'http', url: s.url, headersFromEnv: { ...s.headers_from_env }, timeoutMs };
      return { name, kind: 'stdio', command: s.command ?? '', args: s.args ?? [], env: { ...s.env }, timeoutMs };
    });
}

/** The variables `headers_from_env` names are secrets: never passed into the sandbox, redacted everywhere. */
export function withMcpSecrets(sandbox: SandboxConfig, file: PolicyFile): SandboxConfig {
  const names = Object.values(file.mcp_servers ?? {}).flatMap((s) => Object.values(s.headers_from_env ?? {}));
  return names.length === 0 ? sandbox : { ...sandbox, secrets: [...new Set([...sandbox.secrets, ...names])] };
}
