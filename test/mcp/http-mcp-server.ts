import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/** A streamable-HTTP MCP server on loopback (stateless), recording the headers of every request it gets. */
export interface HttpMcpServer {
  url: string;
  /** The Authorization header of each request, in order. */
  authorizations: (string | undefined)[];
  close(): Promise<void>;
}

export async function startHttpMcpServer(): Promise<HttpMcpServer> {
  const authorizations: (string | undefined)[] = [];
  const server = http.createServer((req, res) => {
    authorizations.push(req.headers.authorization);
    const mcp = new McpServer({ name: 'tracker', version: '1.0.0' });
    mcp.registerTool('get_issue', { description: 'Get an issue by number.', inputSchema: { number: z.number() }, annotations: { readOnlyHint: true } }, ({ number }) => ({
      // Echoes the credential it was sent: the runner must mask it before anyone sees it.
      content: [{ type: 'text', text: `issue ${number}: the build is slow (asked with ${req.headers.authorization ?? 'no credential'})` }],
    }));
    const transport = new StreamableHTTPServerTransport({});
    res.on('close', () => void transport.close());
    void mcp.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    authorizations,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
