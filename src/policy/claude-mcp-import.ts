/**
 * `.mcp.json`-style `mcpServers` (Claude Code's settings and project files) as the policy's
 * `mcp_servers:`. What Warden cannot carry is dropped with a warning: a `${VAR}` in a stdio
 * server's env (Warden passes no runner variable to a server), a literal header (a secret written
 * in a file), SSE servers. A header that is one `${VAR}` (or `Bearer ${VAR}`) becomes
 * `headers_from_env`, which the host adds and the agent never sees.
 */
import { z } from 'zod';
import { MCP_SERVER_NAME } from './mcp-servers.js';

export const ClaudeMcpServersSchema = z.record(z.string(), z.looseObject({
  type: z.string().optional(),
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  url: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
}));

type ClaudeServers = z.infer<typeof ClaudeMcpServersSchema>;
const VAR_ONLY = /^(Bearer )?\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

export function convertMcpServers(servers: ClaudeServers, warnings: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(servers).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const drop = (why: string): void => void warnings.push(`mcpServers.${name}: ${why}; dropped`);
    if (!MCP_SERVER_NAME.test(name)) {
      drop('a Warden server name is letters, digits, - and single _ (its tools are mcp__<server>__<tool>)');
      continue;
    }
    if (s.type === 'sse') {
      drop('SSE servers are not supported (streamable HTTP and stdio are)');
      continue;
    }
    if (s.url !== undefined) {
      const headers: Record<string, string> = {};
      for (const [header, value] of Object.entries(s.headers ?? {})) {
        const m = VAR_ONLY.exec(value);
        if (m?.[2] === undefined) {
          warnings.push(`mcpServers.${name}.headers.${header}: only a header taken from a variable is kept (headers_from_env); dropped`);
          continue;
        }
        headers[header] = m[2];
        if (m[1] !== undefined) warnings.push(`mcpServers.${name}.headers.${header}: ${m[2]} must now hold the whole value, "Bearer …" included`);
      }
      out[name] = { url: s.url, ...(Object.keys(headers).length > 0 ? { headers_from_env: headers } : {}) };
      warnings.push(`mcpServers.${name}: add its host to sandbox.network.allow, or it is not reached`);
      continue;
    }
    if (s.command === undefined) {
      drop('neither command nor url');
      continue;
    }
    const env = Object.fromEntries(Object.entries(s.env ?? {}).filter(([key, value]) => {
      const keep = !value.includes('${');
      if (!keep) warnings.push(`mcpServers.${name}.env.${key}: a runner variable is never passed to a server; dropped`);
      return keep;
    }));
    out[name] = { command: s.command, ...(s.args === undefined ? {} : { args: s.args }), ...(Object.keys(env).length > 0 ? { env } : {}) };
  }
  return out;
}
