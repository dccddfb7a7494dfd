/**
 * A local stand-in for the GitLab REST API (v4) endpoints Warden uses, for tests. Each request is
 * checked against the documented shape of its endpoint (method, path, query, JSON body; strict:
 * an unknown field is a violation), authenticated like GitLab (PRIVATE-TOKEN for access tokens;
 * JOB-TOKEN is refused for notes, discussions and merge requests, as GitLab refuses it); anything
 * else gets a 4xx and is recorded as a violation, which `close()` throws. Faults can be injected
 * (500, 429 with retry-after). State: one project, its merge requests, notes and discussions.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

export interface GitlabMergeRequest {
  iid: number;
  id: number;
  title: string;
  description: string;
  sourceBranch: string;
  targetBranch: string;
  sourceProjectId: number;
  state: 'opened' | 'closed' | 'merged';
  /** Who opened it (a username); the token's own user, `BOT`, unless a test says otherwise. */
  author: string;
  diffRefs: { base_sha: string; start_sha: string; head_sha: string } | null;
  notes: { id: number; body: string; author: string; system: boolean }[];
  discussions: { id: string; notes: { id: number; body: string; position: Record<string, unknown> | undefined }[] }[];
}

export interface GitlabRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  status: number;
  route: string | undefined;
  /** The fault injected into this request, if any. */
  fault?: GitlabFault['kind'];
}

export type GitlabFault =
  | { kind: 'status'; status: 404 | 500 | 502 | 503 }
  | { kind: 'too-many-requests'; retryAfterSeconds: number }
  /** The connection is closed without an answer. */
  | { kind: 'drop' }
  /** The request takes effect, then the connection is closed before the answer: a lost response. */
  | { kind: 'drop-after' };

export const BOT = 'project_7_bot_warden';
/** A user's id as the API gives it: the token's bot is 7, anyone else another number. */
const userJson = (username: string): { id: number; username: string } => ({ id: username === BOT ? 7 : 1000 + [...username].reduce((n, c) => n + c.charCodeAt(0), 0), username });

const Position = z.strictObject({
  base_sha: z.string().regex(/^[0-9a-f]{40}$/),
  start_sha: z.string().regex(/^[0-9a-f]{40}$/),
  head_sha: z.string().regex(/^[0-9a-f]{40}$/),
  position_type: z.enum(['text', 'image', 'file']),
  new_path: z.string().optional(),
  old_path: z.string().optional(),
  new_line: z.union([z.string(), z.number()]).optional(),
  old_line: z.union([z.string(), z.number()]).optional(),
  line_range: z.unknown().optional(),
});

interface Route {
  method: string;
  pattern: RegExp;
  name: string;
  body?: z.ZodType;
  query?: z.ZodType;
  jobTokenAllowed?: boolean;
  handle(m: RegExpExecArray, body: unknown, query: URLSearchParams): { status: number; body?: unknown; headers?: Record<string, string> };
}

export class GitlabServer {
  readonly url: string;
  readonly apiUrl: string;
  readonly requests: GitlabRequest[] = [];
  readonly mergeRequests = new Map<number, GitlabMergeRequest>();
  private readonly problems: string[] = [];
  private readonly faults: { fault: GitlabFault; route?: string; left: number }[] = [];
  private nextId = 5000;
  /** The project's default branch, as `GET /projects/:id` says it. */
  defaultBranch = 'main';
  /** Where a branch points (the test's git remote knows); for merge requests created through the API. */
  resolveBranch: (branch: string) => string | undefined = () => undefined;

  private constructor(
    private readonly server: Server,
    readonly projectId: number,
    readonly projectPath: string,
    private readonly token: string,
  ) {
    const { port } = server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    this.apiUrl = `${this.url}/api/v4`;
  }

  static async start(opts: { projectId: number; projectPath: string; token: string }): Promise<GitlabServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const gl = new GitlabServer(server, opts.projectId, opts.projectPath, opts.token);
    server.on('request', (req, res) => void gl.handle(req, res));
    return gl;
  }

  addMergeRequest(mr: Omit<GitlabMergeRequest, 'id' | 'notes' | 'discussions' | 'state' | 'author'> & Partial<Pick<GitlabMergeRequest, 'notes' | 'state' | 'author'>>): GitlabMergeRequest {
    const full: GitlabMergeRequest = { ...mr, id: ++this.nextId, state: mr.state ?? 'opened', author: mr.author ?? BOT, notes: mr.notes ?? [], discussions: [] };
    this.mergeRequests.set(mr.iid, full);
    return full;
  }

  injectFault(fault: GitlabFault, route?: string, times = 1): void {
    this.faults.push({ fault, ...(route === undefined ? {} : { route }), left: times });
  }

  requestsFor(route: string): GitlabRequest[] {
    return this.requests.filter((r) => r.route === route);
  }

  get violations(): readonly string[] {
    return this.problems;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
    if (this.problems.length > 0) throw new Error(`GitLab stand-in saw requests that do not conform:\n${this.problems.join('\n')}`);
  }

  private mrJson(mr: GitlabMergeRequest): Record<string, unknown> {
    return {
      id: mr.id,
      iid: mr.iid,
      project_id: this.projectId,
      title: mr.title,
      description: mr.description,
      author: userJson(mr.author),
      state: mr.state,
      draft: mr.title.startsWith('Draft:'),
      source_branch: mr.sourceBranch,
      target_branch: mr.targetBranch,
      source_project_id: mr.sourceProjectId,
      target_project_id: this.projectId,
      web_url: `${this.url}/${this.projectPath}/-/merge_requests/${mr.iid}`,
      sha: mr.diffRefs?.head_sha ?? null,
      diff_refs: mr.diffRefs,
    };
  }

  private noteJson(n: GitlabMergeRequest['notes'][number]): Record<string, unknown> {
    return { id: n.id, body: n.body, author: userJson(n.author), system: n.system, noteable_type: 'MergeRequest', created_at: '2026-01-01T00:00:00Z' };
  }

  private routes(): Route[] {
    const project = `/api/v4/projects/(?:${this.projectId}|${encodeURIComponent(this.projectPath)})`;
    const mrOf = (m: RegExpExecArray): GitlabMergeRequest | undefined => this.mergeRequests.get(Number(m[1]));
    const notFound = { status: 404, body: { message: '404 Not found' } };
    const page = <T>(items: T[], query: URLSearchParams): { status: number; body: T[]; headers: Record<string, string> } => {
      const per = Math.min(100, Number(query.get('per_page') ?? 20));
      const p = Math.max(1, Number(query.get('page') ?? 1));
      const slice = items.slice((p - 1) * per, p * per);
      const next = p * per < items.length ? String(p + 1) : '';
      return { status: 200, body: slice, headers: { 'x-page': String(p), 'x-next-page': next, 'x-per-page': String(per), 'x-total': String(items.length), 'x-total-pages': String(Math.max(1, Math.ceil(items.length / per))) } };
    };
    const paging = z.strictObject({ per_page: z.string().regex(/^\d+$/).optional(), page: z.string().regex(/^\d+$/).optional(), pagination: z.string().optional() });
    return [
      {
        // The token's own user (a project access token's bot); a job token may not ask.
        method: 'GET', name: 'user.show', pattern: /^\/api\/v4\/user$/, query: z.strictObject({}).passthrough(),
        handle: () => ({ status: 200, body: { ...userJson(BOT), name: 'warden', bot: true } }),
      },
      {
        method: 'GET', name: 'project.show', pattern: new RegExp(`^${project}$`), query: z.strictObject({}).passthrough(),
        handle: () => ({ status: 200, body: { id: this.projectId, path_with_namespace: this.projectPath, default_branch: this.defaultBranch, web_url: `${this.url}/${this.projectPath}` } }),
      },
      {
        method: 'GET', name: 'mr.show', pattern: new RegExp(`^${project}/merge_requests/(\\d+)$`), query: z.strictObject({}).passthrough(),
        handle: (m) => { const mr = mrOf(m); return mr === undefined ? notFound : { status: 200, body: this.mrJson(mr) }; },
      },
      {
        method: 'GET', name: 'mr.list', pattern: new RegExp(`^${project}/merge_requests$`),
        query: paging.extend({ source_branch: z.string().optional(), state: z.enum(['opened', 'closed', 'merged', 'all']).optional() }),
        handle: (_m, _b, q) => page([...this.mergeRequests.values()].filter((mr) => (q.get('source_branch') === null || mr.sourceBranch === q.get('source_branch')) && (q.get('state') === null || q.get('state') === 'all' || mr.state === q.get('state'))).map((mr) => this.mrJson(mr)), q),
      },
      {
        method: 'POST', name: 'mr.create', pattern: new RegExp(`^${project}/merge_requests$`),
        body: z.strictObject({ source_branch: z.string().min(1), target_branch: z.string().min(1), title: z.string().min(1), description: z.string().optional(), remove_source_branch: z.boolean().optional() }),
        handle: (_m, b) => {
          const body = b as { source_branch: string; target_branch: string; title: string; description?: string };
          const head = this.resolveBranch(body.source_branch);
          const base = this.resolveBranch(body.target_branch);
          if (head === undefined || base === undefined) return { status: 400, body: { message: ['Source branch or target branch does not exist'] } };
          if ([...this.mergeRequests.values()].some((mr) => mr.state === 'opened' && mr.sourceBranch === body.source_branch)) return { status: 409, body: { message: ['Another open merge request already exists for this source branch'] } };
          const iid = Math.max(0, ...this.mergeRequests.keys()) + 1;
          const mr = this.addMergeRequest({ iid, title: body.title, description: body.description ?? '', sourceBranch: body.source_branch, targetBranch: body.target_branch, sourceProjectId: this.projectId, diffRefs: { base_sha: base, start_sha: base, head_sha: head } });
          return { status: 201, body: this.mrJson(mr) };
        },
      },
      {
        method: 'PUT', name: 'mr.edit', pattern: new RegExp(`^${project}/merge_requests/(\\d+)$`),
        body: z.strictObject({ title: z.string().optional(), description: z.string().optional() }),
        handle: (m, b) => {
          const mr = mrOf(m);
          if (mr === undefined) return notFound;
          const body = b as { title?: string; description?: string };
          if (body.title !== undefined) mr.title = body.title;
          if (body.description !== undefined) mr.description = body.description;
          return { status: 200, body: this.mrJson(mr) };
        },
      },
      {
        method: 'GET', name: 'notes.list', pattern: new RegExp(`^${project}/merge_requests/(\\d+)/notes$`), query: paging.extend({ sort: z.string().optional(), order_by: z.string().optional() }),
        handle: (m, _b, q) => { const mr = mrOf(m); return mr === undefined ? notFound : page(mr.notes.map((n) => this.noteJson(n)), q); },
      },
      {
        method: 'POST', name: 'notes.create', pattern: new RegExp(`^${project}/merge_requests/(\\d+)/notes$`), body: z.strictObject({ body: z.string().min(1).max(1_000_000) }),
        handle: (m, b) => {
          const mr = mrOf(m);
          if (mr === undefined) return notFound;
          const note = { id: ++this.nextId, body: (b as { body: string }).body, author: BOT, system: false };
          mr.notes.push(note);
          return { status: 201, body: this.noteJson(note) };
        },
      },
      {
        method: 'PUT', name: 'notes.edit', pattern: new RegExp(`^${project}/merge_requests/(\\d+)/notes/(\\d+)$`), body: z.strictObject({ body: z.string().min(1).max(1_000_000) }),
        handle: (m, b) => {
          const note = mrOf(m)?.notes.find((n) => n.id === Number(m[2]));
          if (note === undefined) return notFound;
          if (note.author !== BOT) return { status: 403, body: { message: '403 Forbidden' } };
          note.body = (b as { body: string }).body;
          return { status: 200, body: this.noteJson(note) };
        },
      },
      {
        method: 'GET', name: 'discussions.list', pattern: new RegExp(`^${project}/merge_requests/(\\d+)/discussions$`), query: paging,
        handle: (m, _b, q) => { const mr = mrOf(m); return mr === undefined ? notFound : page(mr.discussions.map((d) => ({ id: d.id, individual_note: false, notes: d.notes.map((n) => ({ id: n.id, body: n.body, author: { id: 7, username: BOT }, position: n.position, type: 'DiffNote' })) })), q); },
      },
      {
        method: 'POST', name: 'discussions.create', pattern: new RegExp(`^${project}/merge_requests/(\\d+)/discussions$`), body: z.strictObject({ body: z.string().min(1), position: Position.optional(), commit_id: z.string().optional() }),
        handle: (m, b) => {
          const mr = mrOf(m);
          if (mr === undefined) return notFound;
          const body = b as { body: string; position?: z.infer<typeof Position> };
          const refs = mr.diffRefs;
          if (body.position !== undefined && (refs === null || body.position.head_sha !== refs.head_sha || body.position.base_sha !== refs.base_sha || body.position.start_sha !== refs.start_sha)) {
            return { status: 400, body: { message: '400 Bad request - Note {:line_code=>["can\'t be blank", "must be a valid line code"]}' } };
          }
          const discussion = { id: `d${++this.nextId}`, notes: [{ id: ++this.nextId, body: body.body, position: body.position }] };
          mr.discussions.push(discussion);
          return { status: 201, body: { id: discussion.id, individual_note: false, notes: discussion.notes.map((n) => ({ ...n, author: { id: 7, username: BOT }, type: 'DiffNote' })) } };
        },
      },
    ];
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const raw = Buffer.concat(chunks).toString('utf8');
    const record: GitlabRequest = { method: req.method ?? '', path: url.pathname, query: url.searchParams, body: undefined, headers: req.headers, status: 0, route: undefined };
    this.requests.push(record);
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
      record.status = status;
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    };
    const violation = (status: number, message: string): void => {
      this.problems.push(`${record.method} ${record.path}${url.search}: ${message}`);
      reply(status, { message });
    };
    const route = this.routes().map((r) => ({ r, m: r.method === record.method ? r.pattern.exec(decodeURIComponent(url.pathname)) ?? r.pattern.exec(url.pathname) : null })).find((x) => x.m !== null);
    if (route === undefined || route.m === null) return violation(404, 'no such endpoint among those Warden may use');
    record.route = route.r.name;
    const privateToken = req.headers['private-token'];
    const jobToken = req.headers['job-token'];
    if (jobToken !== undefined && route.r.jobTokenAllowed !== true) return reply(403, { message: '403 Forbidden - the job token cannot access this endpoint' });
    if (privateToken !== this.token) return reply(401, { message: '401 Unauthorized' });
    if (raw !== '') {
      const type = String(req.headers['content-type'] ?? '');
      if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
        // GitLab takes form bodies too (@gitbeaker sends discussions that way): `a[b]=v` nests.
        const form = await new Request(this.url, { method: 'POST', headers: { 'content-type': type }, body: Buffer.concat(chunks) }).formData();
        const nested: Record<string, unknown> = {};
        for (const [key, value] of form.entries()) {
          const m = /^([^[]+)\[([^\]]+)\]$/.exec(key);
          const text = typeof value === 'string' ? value : value.name;
          if (m === null) nested[key] = text;
          else ((nested[m[1] ?? ''] ??= {}) as Record<string, unknown>)[m[2] ?? ''] = text;
        }
        record.body = nested;
      } else {
        try {
          record.body = JSON.parse(raw) as unknown;
        } catch {
          return violation(400, 'body is not JSON');
        }
      }
    }
    const bodyCheck = route.r.body?.safeParse(record.body ?? {});
    if (route.r.body !== undefined && bodyCheck?.success !== true) return violation(400, `body does not match the documented shape: ${bodyCheck?.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') ?? ''}`);
    if (route.r.body === undefined && raw !== '') return violation(400, 'this endpoint takes no body');
    const queryCheck = (route.r.query ?? z.strictObject({})).safeParse(Object.fromEntries(url.searchParams));
    if (!queryCheck.success) return violation(400, `query does not match the documented parameters: ${queryCheck.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    const fault = this.faults.find((f) => f.left > 0 && (f.route === undefined || f.route === route.r.name));
    if (fault !== undefined) {
      fault.left -= 1;
      record.fault = fault.fault.kind;
      if (fault.fault.kind === 'drop') return void res.socket?.destroy();
      if (fault.fault.kind === 'status') return reply(fault.fault.status, { message: `${fault.fault.status} (injected)` });
      if (fault.fault.kind === 'too-many-requests') return reply(429, { message: 'Retry later (injected)' }, { 'retry-after': String(fault.fault.retryAfterSeconds) });
    }
    const out = route.r.handle(route.m, record.body, url.searchParams);
    if (fault?.fault.kind === 'drop-after') return void res.socket?.destroy();
    reply(out.status, out.body ?? null, out.headers);
  }
}
