/**
 * A real git remote over HTTP for tests: bare repositories in a temp dir served by
 * `git http-backend` (smart HTTP, as github.com speaks it), behind HTTP Basic auth with the
 * `x-access-token:<token>` user that actions/checkout uses. Every request is recorded, so a test
 * can see which credentials each git process sent.
 */
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GitHttpRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  status: number;
}

export class GitHttpServer {
  readonly url: string;
  readonly requests: GitHttpRequest[] = [];

  private constructor(
    private readonly server: Server,
    readonly root: string,
    private readonly token: string | ((token: string) => boolean),
    private readonly username: string,
  ) {
    const { port } = server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Serves `ROOT/owner/name` (bare repositories) at `URL/owner/name`; `token` may be a check (a GitHub App's live tokens). */
  static async start(root: string, token: string | ((token: string) => boolean), username = 'x-access-token'): Promise<GitHttpServer> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const git = new GitHttpServer(server, root, token, username);
    server.on('request', (req, res) => git.handle(req, res));
    return git;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    const record: GitHttpRequest = { method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization, status: 0 };
    this.requests.push(record);
    // The scheme is case-insensitive (actions/checkout sends `basic`), the credentials are not.
    const [scheme = '', credentials = ''] = (req.headers.authorization ?? '').split(' ');
    const [user, ...password] = Buffer.from(credentials, 'base64').toString('utf8').split(':');
    const token = password.join(':');
    const accepted = typeof this.token === 'string' ? token === this.token : this.token(token);
    if (scheme.toLowerCase() !== 'basic' || user !== this.username || !accepted) {
      record.status = 401;
      res.writeHead(401, { 'www-authenticate': 'Basic realm="test"' }).end('authentication required\n');
      return;
    }
    const child = spawn('git', ['http-backend'], {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        GIT_PROJECT_ROOT: this.root,
        GIT_HTTP_EXPORT_ALL: '1',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        // Lets a test fetch any commit by id, as github.com allows for reachable ones.
        GIT_CONFIG_COUNT: '1',
        GIT_CONFIG_KEY_0: 'uploadpack.allowAnySHA1InWant',
        GIT_CONFIG_VALUE_0: 'true',
        REQUEST_METHOD: req.method ?? 'GET',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.replace(/^\?/, ''),
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        REMOTE_USER: this.username,
        REMOTE_ADDR: '127.0.0.1',
        ...(req.headers['content-encoding'] === undefined ? {} : { HTTP_CONTENT_ENCODING: String(req.headers['content-encoding']) }),
        ...(req.headers['git-protocol'] === undefined ? {} : { GIT_PROTOCOL: String(req.headers['git-protocol']) }),
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
      const sepLength = split >= 0 ? 4 : 2;
      const head = out.subarray(0, Math.max(0, headerEnd)).toString('utf8');
      const headers: Record<string, string> = {};
      let status = 200;
      for (const line of head.split(/\r?\n/)) {
        const i = line.indexOf(':');
        if (i < 0) continue;
        const name = line.slice(0, i).trim().toLowerCase();
        const value = line.slice(i + 1).trim();
        if (name === 'status') status = Number(value.split(' ')[0]);
        else headers[name] = value;
      }
      record.status = status;
      res.writeHead(status, headers).end(out.subarray(headerEnd + sepLength));
    });
  }
}
