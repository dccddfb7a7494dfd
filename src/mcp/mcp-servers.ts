/**
 * Connecting the policy's MCP servers at the start of a run, and their tools as the run's. A
 * server that cannot start, or whose host the network rules refuse, is reported (a notice) and its
 * tools are left out; one that ends during the run is reported, and its tools then answer with an
 * error. Either way the run goes on. Servers are taken in name order and their tools in name
 * order, so the tools' definitions, and the prompt cache, stay the same from run to run.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, Tool as ListedTool } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerConfig } from '../policy/index.js';
import { checkTarget, guardedFetch, networkTargetRules, type Lookup, type NetworkRules, type ProcessRunner } from '../sandbox/index.js';
import type { AnyTool } from '../tools/index.js';
import { VERSION } from '../version.js';
import { errorMessage } from '../error-text.js';
import { createMcpTool, unusableName } from './mcp-tool.js';
import { ServerProcessTransport } from './stdio-transport.js';

export interface McpStartOptions {
  servers: readonly McpServerConfig[];
  /** Where stdio servers start (the run's sandbox). */
  runner: Pick<ProcessRunner, 'start'>;
  cwd: string;
  /** The runner's environment: only `headers_from_env` values are taken from it. */
  hostEnv: Readonly<Record<string, string | undefined>>;
  network: NetworkRules;
  lookup?: Lookup;
  /** A warning for the transcript and the summary. */
  notice: (message: string) => void;
}

export interface McpPool {
  /** Every server's tools, server by server. */
  tools: readonly AnyTool[];
  /** Ends every server (end of run); what ends now is not reported. */
  close(): Promise<void>;
}

/** More pages than any real server lists: a server cannot keep the run listing forever. */
const MAX_LIST_PAGES = 20;

export async function startMcpServers(opts: McpStartOptions): Promise<McpPool> {
  const clients: Client[] = [];
  let closing = false;
  const connected = await Promise.all(opts.servers.map(async (server): Promise<AnyTool[]> => {
    let transport: Transport | undefined;
    try {
      transport = await transportFor(server, opts);
      const client = new Client({ name: 'warden', version: VERSION });
      clients.push(client);
      await client.connect(transport, { timeout: server.timeoutMs });
      const listed = await listTools(client, server.timeoutMs);
      client.onclose = () => {
        if (!closing) opts.notice(`MCP server ${server.name} ended during the run${stderrOf(transport)}; its tools answer with an error from now on`);
      };
      return toolsOf(server, listed, client, opts.notice);
    } catch (err) {
      await transport?.close().catch(() => undefined);
      opts.notice(`MCP server ${server.name} did not start: ${errorMessage(err)}${stderrOf(transport)}; its tools are left out`);
      return [];
    }
  }));
  return {
    tools: connected.flat(),
    async close(): Promise<void> {
      closing = true;
      await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    },
  };
}

async function transportFor(server: McpServerConfig, opts: McpStartOptions): Promise<Transport> {
  if (server.kind === 'stdio') {
    if (opts.runner.start === undefined) throw new Error('this runner cannot start servers');
    return new ServerProcessTransport(await opts.runner.start({ name: server.name, command: server.command, args: server.args, env: server.env, cwd: opts.cwd }));
  }
  const url = new URL(server.url);
  const rules = networkTargetRules(opts.network, opts.lookup);
  const target = await checkTarget(url.href, rules);
  if (!target.ok) throw new Error(`${url.host} is not reached: ${target.reason}`);
  const headers: Record<string, string> = {};
  for (const [header, name] of Object.entries(server.headersFromEnv)) {
    const value = opts.hostEnv[name];
    if (value === undefined || value === '') throw new Error(`headers_from_env.${header}: the runner has no ${name}`);
    headers[header] = value;
  }
  return new StreamableHTTPClientTransport(url, { fetch: guardedFetch(rules), requestInit: { headers } });
}

async function listTools(client: Client, timeout: number): Promise<ListedTool[]> {
  const tools: ListedTool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const listed = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout });
    tools.push(...listed.tools);
    cursor = listed.nextCursor;
    if (cursor === undefined) break;
  }
  return tools;
}

function toolsOf(server: McpServerConfig, listed: readonly ListedTool[], client: Client, notice: (m: string) => void): AnyTool[] {
  const seen = new Set<string>();
  const tools: AnyTool[] = [];
  for (const tool of [...listed].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const problem = unusableName(server.name, tool.name);
    if (problem !== null || seen.has(tool.name)) {
      notice(`MCP server ${server.name}: a tool is left out: ${problem ?? `${tool.name} is listed twice`}`);
      continue;
    }
    seen.add(tool.name);
    tools.push(createMcpTool(server.name, tool, async (name, args, signal) => {
      // Without a result schema the SDK checks the answer against CallToolResult's.
      return (await client.callTool({ name, arguments: args }, undefined, { signal, timeout: server.timeoutMs })) as CallToolResult;
    }));
  }
  return tools;
}

function stderrOf(transport: Transport | undefined): string {
  const text = transport instanceof ServerProcessTransport ? transport.stderr() : '';
  return text === '' ? '' : ` (its last output: ${JSON.stringify(text.slice(-500))})`;
}
