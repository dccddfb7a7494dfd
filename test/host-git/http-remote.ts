/**
 * A real smart-HTTP git remote for push tests: `git http-backend` behind a tiny node server that,
 * like GitHub, wants HTTP Basic auth `x-access-token:<token>` and answers 401 otherwise. It records
 * every Authorization header it saw.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HttpRemote {
  url: (repo: string) => string;
  authorizations: string[];
  requests: string[];
  close: () => Promise<void>;
}

const BACKEND = '/usr/lib/git-core/git-http-backend';

export async function startHttpRemote(projectRoot: string, token: string): Promise<HttpRemote> {
  const expected = `Basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;
  const authorizations: string[] = [];
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const auth = req.headers.authorization;
    if (auth !== undefined) authorizations.push(auth);
    if (auth !== expected) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="test"' }).end('unauthorized\n');
      return;
    }
    runBackend(projectRoot, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (repo) => `http://127.0.0.1:${port}/${repo}`,
    authorizations,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function runBackend(projectRoot: string, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  const child = spawn(BACKEND, [], {
    env: {
      GIT_PROJECT_ROOT: projectRoot,
      GIT_HTTP_EXPORT_ALL: '1',
      REMOTE_USER: 'x-access-token',
      REMOTE_ADDR: '127.0.0.1',
      REQUEST_METHOD: req.method ?? 'GET',
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      ...(req.headers['content-encoding'] === undefined ? {} : { HTTP_CONTENT_ENCODING: String(req.headers['content-encoding']) }),
      ...(req.headers['git-protocol'] === undefined ? {} : { GIT_PROTOCOL: String(req.headers['git-protocol']) }),
      GIT_CONFIG_NOSYSTEM: '1',
      HOME: projectRoot,
      PATH: process.env.PATH ?? '/usr/bin:/bin',
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  req.pipe(child.stdin);
  const chunks: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => chunks.push(c));
  child.on('close', () => {
    const out = Buffer.concat(chunks);
    const split = out.indexOf('\r\n\r\n');
    const headerEnd = split >= 0 ? split : out.indexOf('\n\n');
    const sep = split >= 0 ? 4 : 2;
    const headers: Record<string, string> = {};
    let status = 200;
    for (const line of out.subarray(0, headerEnd).toString('latin1').split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
      else headers[name] = value;
    }
    res.writeHead(status, headers).end(out.subarray(headerEnd + sep));
  });
}
