/**
 * A local stand-in for GitHub's REST API, for tests and benchmarks. Every request is checked
 * against GitHub's published OpenAPI description (@octokit/openapi): the method and path must be
 * a documented operation, and its path and query parameters and JSON body must validate. A request
 * that does not conform gets a 4xx and is recorded as a violation, which `close()` (or
 * `assertNoViolations()`) throws, so the test fails. So does a request to an operation no route
 * handles, and a reply of ours that does not match the description.
 *
 * State lives in memory (state.ts), routes are registered per operation id (routes.ts; add more
 * with `route()`), every request is recorded (POST /graphql too, which answers only who the token
 * acts as: `state.identity`), and faults can be injected: 5xx, a secondary rate
 * limit (403 + retry-after), 429, or a dropped connection.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorBody } from './github/objects.js';
import { checkRequest, checkResponse, matchOperation } from './github/openapi.js';
import type { ErasedHandler, ErasedReply, Handler, OperationId, RouteContext, RouteTable } from './github/route-types.js';
import { registerActionsRoutes } from './github/actions-routes.js';
import { registerBranchRoutes } from './github/branch-routes.js';
import { registerGitDataRoutes } from './github/git-data-routes.js';
import { registerPublishRoutes } from './github/publish-routes.js';
import { registerDefaultRoutes } from './github/routes.js';
import { GithubState, type RepoFixture } from './github/state.js';
import type { AppStandIn } from './github/app-routes.js';

export { GithubState } from './github/state.js';
export type { AuthorAssociation, CommentFixture, IssueFixture, JobFixture, PullFixture, RepoFixture, RepoRole, ReviewCommentFixture, ReviewFixture, TokenIdentity, UserFixture } from './github/state.js';
export { TOKEN_USER } from './github/state.js';
export { AppStandIn, rsaKeyPair, type AppOptions, type IssuedToken } from './github/app-routes.js';
export { commentableLines } from './github/publish-routes.js';
export type { Handler, OperationId, Reply, RouteContext } from './github/route-types.js';
export { isError, issueOf, notFound, paginate, repoOf } from './github/routes.js';

export interface GithubRequest {
  seq: number;
  method: string;
  path: string;
  /** With its `?`, or ''. */
  query: string;
  /** The operation id it matched, if any. */
  operation: string | undefined;
  params: Record<string, string>;
  headers: Record<string, string>;
  rawBody: string;
  status: number | undefined;
  /** How it departs from the description (empty when it conforms). */
  violations: string[];
  fault: Fault['kind'] | undefined;
  /** When the request arrived (Date.now), for benchmarks. */
  receivedAt: number;
}

export type Fault =
  | { kind: 'status'; status: 500 | 502 | 503 | 504 }
  /** GitHub's secondary rate limit: 403 with `retry-after`. */
  | { kind: 'secondary-rate-limit'; retryAfterSeconds: number }
  /** The primary rate limit: 403 with `x-ratelimit-remaining: 0` and `x-ratelimit-reset`. */
  | { kind: 'rate-limit'; resetInSeconds: number }
  | { kind: 'too-many-requests'; retryAfterSeconds: number }
  /** The connection is closed without an answer. */
  | { kind: 'drop' }
  /** The request takes effect, then the connection is closed before the answer: a lost response. */
  | { kind: 'drop-after' };

export interface FaultRule {
  fault: Fault;
  /** Only requests for this operation (default: any). */
  operation?: OperationId | 'graphql';
  /** How many requests it hits (default 1). */
  times?: number;
}

export interface GithubServerOptions {
  /** Seeded into the state before the server starts. */
  repos?: RepoFixture[];
  /** When set, a request without `Authorization: token <this>` gets 401 and is a violation. */
  token?: string;
  /** Check our replies against the description too (default true). */
  checkResponses?: boolean;
  /**
   * A GitHub App: its routes answer, the App's two JWT-signed operations need a JWT that passes
   * GitHub's check (else 401, as GitHub answers, and the reason in `app.refusals`), and every
   * other request needs a live token the App issued (instead of `token`).
   */
  app?: AppStandIn;
}

/** The App's operations signed with its JWT rather than a token. */
const JWT_OPERATIONS: readonly string[] = ['apps/get-repo-installation', 'apps/create-installation-access-token'];

export class GithubServer implements RouteTable {
  readonly url: string;
  readonly state = new GithubState();
  private readonly routes = new Map<string, ErasedHandler>();
  private readonly log: GithubRequest[] = [];
  private readonly problems: string[] = [];
  private readonly faults: (FaultRule & { left: number })[] = [];
  private readonly barriers: { operation: OperationId; count: number; waiting: (() => void)[] }[] = [];
  private seq = 0;

  private constructor(
    private readonly server: Server,
    private readonly options: GithubServerOptions,
  ) {
    const { port } = server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    for (const repo of options.repos ?? []) this.state.addRepo(repo);
    registerDefaultRoutes(this);
    registerPublishRoutes(this);
    registerBranchRoutes(this);
    registerGitDataRoutes(this);
    options.app?.register(this);
    registerActionsRoutes(this);
  }

  static async start(options: GithubServerOptions = {}): Promise<GithubServer> {
    const server = createServer({ keepAlive: true });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const github = new GithubServer(server, options);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      void github.handle(req, res).catch((err: unknown) => {
        github.problems.push(`stand-in error: ${String(err)}`);
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    return github;
  }

  route<O extends OperationId>(operation: O, handler: Handler<O>): void {
    // The server validated params and body against this operation before the handler runs.
    this.routes.set(operation, async (ctx): Promise<ErasedReply> => handler(ctx as unknown as RouteContext<O>));
  }

  injectFault(rule: FaultRule): void {
    this.faults.push({ ...rule, left: rule.times ?? 1 });
  }

  /**
   * The first `count` requests for `operation` are held until all `count` have arrived, then
   * answered together: runs that started at once are made to look before any of them acts,
   * whatever their timing. (A test that never sends them all hangs and fails on its timeout.)
   */
  holdUntilAll(operation: OperationId, count: number): void {
    this.barriers.push({ operation, count, waiting: [] });
  }

  get requests(): readonly GithubRequest[] {
    return this.log;
  }

  /** Requests for one operation, e.g. `repos/get-collaborator-permission-level`. */
  requestsFor(operation: OperationId | 'graphql'): GithubRequest[] {
    return this.log.filter((r) => r.operation === operation);
  }

  get violations(): readonly string[] {
    return this.problems;
  }

  assertNoViolations(): void {
    if (this.problems.length === 0) return;
    throw new Error(`GitHub stand-in: ${this.problems.length} request(s) did not conform:\n${this.problems.map((p) => `  - ${p}`).join('\n')}`);
  }

  async close(): Promise<void> {
    if (this.server.listening) {
      await new Promise<void>((resolve) => {
        this.server.close(() => resolve());
        this.server.closeAllConnections();
      });
    }
    this.assertNoViolations();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const record: GithubRequest = {
      seq: ++this.seq,
      method: req.method ?? '',
      path: url.pathname,
      query: url.search,
      operation: undefined,
      params: {},
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')])),
      rawBody: Buffer.concat(chunks).toString('utf8'),
      status: undefined,
      violations: [],
      fault: undefined,
      receivedAt: Date.now(),
    };
    this.log.push(record);
    const label = `${record.method} ${record.path}${record.query}`;
    const violation = (status: number, message: string): void => {
      record.violations.push(message);
      this.problems.push(`${label}: ${message}`);
      this.send(res, record, status, errorBody(`stand-in: ${message}`));
    };

    if (record.method === 'POST' && record.path === '/graphql') return this.graphql(res, record, violation);
    const matched = matchOperation(record.method, record.path);
    if (matched === undefined) return violation(404, 'no such path in the OpenAPI description');
    if ('methods' in matched) return violation(405, `method not in the OpenAPI description (it has ${matched.methods.join(', ')})`);
    record.operation = matched.op.id;
    record.params = matched.params;

    const problems = checkRequest(matched.op, matched.params, url.searchParams, record.headers['content-type'] ?? '', record.rawBody);
    if (problems.length > 0) return violation(422, `${matched.op.id}: ${problems.join('; ')}`);

    const token = /^(?:token|bearer)\s+(\S+)$/i.exec(record.headers.authorization ?? '')?.[1] ?? '';
    const app = this.options.app;
    if (app !== undefined && JWT_OPERATIONS.includes(matched.op.id)) {
      app.jwtRequests.push({ operation: matched.op.id, at: performance.now() });
      const refused = app.jwtProblem(token);
      if (refused !== undefined) {
        app.refusals.push(`${matched.op.id}: ${refused}`);
        return this.send(res, record, 401, errorBody('A JSON web token could not be decoded'));
      }
    } else if (app !== undefined ? !app.isLive(token) : this.options.token !== undefined && token !== this.options.token) {
      return violation(401, `${matched.op.id}: not authenticated with the expected token`);
    }

    const fault = this.takeFault(matched.op.id);
    if (fault !== undefined && fault.kind !== 'drop-after') return this.applyFault(res, record, fault);

    const barrier = this.barriers.find((b) => b.operation === matched.op.id && b.count > 0);
    if (barrier !== undefined) {
      barrier.count -= 1;
      await new Promise<void>((resolve) => {
        barrier.waiting.push(resolve);
        if (barrier.count === 0) for (const release of barrier.waiting) release();
      });
    }
    const handler = this.routes.get(matched.op.id);
    if (handler === undefined) return violation(501, `${matched.op.id}: no route in the stand-in handles this operation`);
    const body: unknown = record.rawBody.trim() === '' ? undefined : JSON.parse(record.rawBody);
    const reply = await handler({ params: matched.params, query: url.searchParams, body, state: this.state, token, baseUrl: this.url });
    if (this.options.checkResponses !== false) {
      const wrong = checkResponse(matched.op, reply.status, reply.body);
      if (wrong.length > 0) this.problems.push(`${label}: the stand-in's reply does not match the description: ${wrong.join('; ')}`);
    }
    if (fault?.kind === 'drop-after') {
      record.fault = fault.kind;
      res.socket?.destroy();
      return;
    }
    this.send(res, record, reply.status, reply.body, reply.headers);
  }

  /**
   * GraphQL is not in the REST description: the one query Warden sends (who the token acts as) is
   * answered, any other query is a violation. Faults apply to it as to an operation named `graphql`.
   */
  private graphql(res: ServerResponse, record: GithubRequest, violation: (status: number, message: string) => void): void {
    record.operation = 'graphql';
    const token = /^(?:token|bearer)\s+(\S+)$/i.exec(record.headers.authorization ?? '')?.[1] ?? '';
    if (this.options.app !== undefined ? !this.options.app.isLive(token) : this.options.token !== undefined && token !== this.options.token) return violation(401, 'graphql: not authenticated with the expected token');
    let query: unknown;
    try {
      query = (JSON.parse(record.rawBody) as { query?: unknown }).query;
    } catch {
      return violation(400, 'graphql: the body is not JSON');
    }
    if (typeof query !== 'string' || query.replace(/\s+/g, ' ').trim() !== '{ viewer { login } }') return violation(400, `graphql: the stand-in answers only \`{ viewer { login } }\`, not ${JSON.stringify(query)}`);
    const fault = this.takeFault('graphql');
    if (fault !== undefined) return this.applyFault(res, record, fault);
    if (!this.state.identity.graphql) return this.send(res, record, 403, errorBody('Resource not accessible by integration'));
    this.send(res, record, 200, { data: { viewer: { login: this.state.identity.user.login } } });
  }

  private takeFault(operation: string): Fault | undefined {
    const rule = this.faults.find((f) => f.left > 0 && (f.operation === undefined || f.operation === operation));
    if (rule === undefined) return undefined;
    rule.left -= 1;
    return rule.fault;
  }

  private applyFault(res: ServerResponse, record: GithubRequest, fault: Fault): void {
    record.fault = fault.kind;
    switch (fault.kind) {
      case 'drop':
      case 'drop-after':
        res.socket?.destroy();
        return;
      case 'status':
        return this.send(res, record, fault.status, errorBody('Server Error (injected)'));
      case 'secondary-rate-limit':
        return this.send(res, record, 403, errorBody('You have exceeded a secondary rate limit. Please wait a few minutes before you try again.'), { 'retry-after': String(fault.retryAfterSeconds) });
      case 'rate-limit':
        return this.send(res, record, 403, errorBody('API rate limit exceeded (injected).'), {
          'x-ratelimit-limit': '5000',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-used': '5000',
          'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + fault.resetInSeconds),
        });
      case 'too-many-requests':
        return this.send(res, record, 429, errorBody('Too many requests (injected).'), { 'retry-after': String(fault.retryAfterSeconds) });
    }
  }

  private send(res: ServerResponse, record: GithubRequest, status: number, body: unknown, headers: Record<string, string> = {}): void {
    record.status = status;
    const text = body === undefined ? '' : JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'x-github-api-version-selected': '2022-11-28', ...headers });
    res.end(text);
  }
}
