import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ToolUseBlock } from '../../src/runner/messages.js';
import { estimateInputTokens, PromptCache } from './prompt-cache.js';
import type { MessagesRequest, RecordedRequest } from './recorded-request.js';
import { checkCountTokensBody, checkMessagesBody, type MessagesBody } from './request-body.js';
import { errorBody, errorType, isCutTurn, isDropTurn, isErrorTurn, type ReplyTurn, type ScriptTurn, type StaticTurn, type StreamFault } from './script.js';
import { frameFor, routeProviderRequest, type ProviderWire } from './provider-wire.js';
import { Chunker, cutSteps, formatEvent, replyMessage, replySteps, stepsBeforeFault, wireUsage, type MessageHead, type StreamStep, type WireUsage } from './sse.js';

// The front door: tests import the server, its script types and helpers from here.
export type { CacheUsage } from './prompt-cache.js';
export type { MessagesRequest, RecordedRequest, WrittenEvent } from './recorded-request.js';
export { lastToolResults, type MessagesBody, type ToolResultParam } from './request-body.js';
export type { ProviderWire } from './provider-wire.js';
export { turnsFromJsonl, type CutTurn, type DropTurn, type ErrorTurn, type FaultPoint, type ReplyTurn, type ScriptTurn, type StreamFault, type TurnDelays } from './script.js';

export interface ModelServerOptions {
  script?: readonly ScriptTurn[];
  /** Prompt-cache floor; the real API's is 1024 tokens. Tests with small prompts pass 0. */
  minCacheableTokens?: number;
  /** Seed for where text and tool input are cut into deltas. */
  chunkSeed?: number;
  /** Send a `ping` after `message_start`, as the real API does. Default true. */
  ping?: boolean;
  /** Milliseconds; Date.now by default, so times compare across processes. */
  clock?: () => number;
  /** Speak a cloud's wire protocol (Bedrock, Vertex, Foundry) in front of the Messages API; default Anthropic's own. */
  provider?: ProviderWire;
}

const DEFAULT_CUT_TOOL: ToolUseBlock = { type: 'tool_use', id: 'toolu_cut_01', name: 'bash', input: { command: 'echo this input never finishes' } };

/**
 * A scripted Anthropic Messages API on 127.0.0.1 for tests and benchmarks. Each valid
 * `POST /v1/messages` takes the next turn of the script. Anything unexpected is answered with an
 * API error (so the client fails) and recorded as a failure, which `close()` throws.
 */
export class ModelServer {
  readonly url: string;
  private readonly script: ScriptTurn[];
  private nextTurn = 0;
  private seq = 0;
  private messageCount = 0;
  private readonly all: RecordedRequest[] = [];
  private readonly answered: MessagesRequest[] = [];
  private readonly problems: string[] = [];
  private readonly cache: PromptCache;
  private readonly chunker: Chunker;
  private readonly ping: boolean;
  private readonly clock: () => number;
  private readonly wire: ProviderWire;
  private readonly frame: ReturnType<typeof frameFor>;
  private readonly closing = new AbortController();

  private constructor(
    private readonly server: Server,
    options: ModelServerOptions,
  ) {
    const { port } = server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    this.script = [...(options.script ?? [])];
    this.clock = options.clock ?? Date.now;
    this.cache = new PromptCache({ minCacheableTokens: options.minCacheableTokens ?? 1024, now: this.clock });
    this.chunker = new Chunker(options.chunkSeed ?? 1);
    this.ping = options.ping ?? true;
    this.wire = options.provider ?? { kind: 'anthropic' };
    this.frame = frameFor(this.wire);
  }

  static async start(options: ModelServerOptions = {}): Promise<ModelServer> {
    // noDelay: each SSE event leaves when written, so event timestamps mean something.
    const server = createServer({ noDelay: true, keepAlive: true });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const model = new ModelServer(server, options);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      void model.handle(req, res).catch((err: unknown) => model.fail(res, undefined, 500, `server error: ${String(err)}`));
    });
    return model;
  }

  /** Valid `POST /v1/messages` requests that got a turn, in order. */
  get requests(): readonly MessagesRequest[] {
    return this.answered;
  }

  /** Every request, including rejected ones, count_tokens and 404s. */
  get allRequests(): readonly RecordedRequest[] {
    return this.all;
  }

  get failures(): readonly string[] {
    return this.problems;
  }

  get remainingTurns(): number {
    return this.script.length - this.nextTurn;
  }

  /** Adds turns to the end of the script. */
  push(...turns: ScriptTurn[]): void {
    this.script.push(...turns);
  }

  assertNoFailures(): void {
    if (this.problems.length === 0) return;
    throw new Error(`model server saw ${this.problems.length} unexpected request(s):\n${this.problems.map((p) => `  - ${p}`).join('\n')}`);
  }

  /** For tests where a turn left over means the client stopped early. */
  assertAllTurnsUsed(): void {
    if (this.remainingTurns > 0) throw new Error(`model server: ${this.remainingTurns} scripted turn(s) never requested (used ${this.nextTurn} of ${this.script.length})`);
  }

  /** Stops the server (dropping open streams), then throws if anything unexpected happened. */
  async close(): Promise<void> {
    this.closing.abort();
    if (this.server.listening) {
      await new Promise<void>((resolve) => {
        this.server.close(() => resolve());
        this.server.closeAllConnections();
      });
    }
    this.assertNoFailures();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const record: RecordedRequest = {
      seq: ++this.seq,
      method: req.method ?? '',
      path: url.pathname,
      query: url.search,
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')])),
      rawBody: Buffer.concat(chunks).toString('utf8'),
      receivedAt: this.clock(),
      status: undefined,
    };
    this.all.push(record);
    const route = `${record.method} ${record.path}`;
    if (this.wire.kind !== 'anthropic') {
      const routed = routeProviderRequest(this.wire, record);
      switch (routed.kind) {
        case 'messages':
          return this.messages(record, res, routed.body);
        case 'refused':
          return this.send(res, record, routed.status, routed.body, routed.headers);
        case 'json':
          return this.sendJson(res, record, routed.status, routed.body);
        case 'unknown':
          return this.fail(res, record, 404, routed.problem);
      }
    }
    if (route === 'POST /v1/messages') return this.messages(record, res);
    if (route === 'POST /v1/messages/count_tokens') return this.countTokens(record, res);
    // Probes such as Claude Code's `HEAD /api/hello` are normal; an API call to a wrong path is not.
    if (record.method === 'POST' || record.path.startsWith('/v1/')) return this.fail(res, record, 404, `no scripted endpoint ${route}`);
    this.sendError(res, record, 404, `Not found: ${route}`);
  }

  /** `body`: the Messages request a provider's request stands for (its credential already checked). */
  private async messages(record: RecordedRequest, res: ServerResponse, body?: string): Promise<void> {
    if (body === undefined && !hasAuth(record)) return this.fail(res, record, 401, 'no x-api-key or Authorization: Bearer header');
    const check = checkMessagesBody(body ?? record.rawBody);
    if (!check.ok) return this.fail(res, record, 400, `invalid body: ${check.message}`);
    const turnIndex = this.nextTurn;
    const scripted = this.script[turnIndex];
    if (scripted === undefined) {
      return this.fail(res, record, 400, `script exhausted: no turn ${turnIndex + 1} (script has ${this.script.length}); last message: ${lastMessage(check.body)}`);
    }
    this.nextTurn++;
    const request: MessagesRequest = Object.assign(record, { body: check.body, stream: check.body.stream === true, turn: turnIndex, cache: undefined, events: [] });
    this.answered.push(request);
    let turn: StaticTurn;
    try {
      turn = typeof scripted === 'function' ? await scripted(request) : scripted;
    } catch (err) {
      return this.fail(res, record, 500, `turn ${turnIndex} function threw: ${String(err)}`);
    }
    if (typeof turn === 'function') return this.fail(res, record, 500, `turn ${turnIndex} function returned a function`);
    if (isErrorTurn(turn)) {
      const { status, type, message, retryAfterSeconds, retryAfterMs } = turn.error;
      const headers: Record<string, string> = {};
      if (retryAfterSeconds !== undefined) headers['retry-after'] = String(retryAfterSeconds);
      if (retryAfterMs !== undefined) headers['retry-after-ms'] = String(retryAfterMs);
      return this.sendError(res, record, status, message, type, headers);
    }
    if (isDropTurn(turn)) {
      if (turn.drop === 'reset') res.socket?.resetAndDestroy();
      else await this.untilGone(res);
      return;
    }
    request.cache = this.cache.apply(check.body);
    if (isCutTurn(turn)) return this.cut(res, request, turn.toolUse ?? DEFAULT_CUT_TOOL);
    const head = this.head(check.body, wireUsage(request.cache, turn));
    if (request.stream && turn.fault !== undefined) return this.faultyStream(res, request, replySteps(turn, head, this.chunker, this.ping), turn.fault);
    if (request.stream) return this.stream(res, request, replySteps(turn, head, this.chunker, this.ping), false, turn.holdStop);
    await this.pause(totalDelay(turn));
    this.sendJson(res, record, 200, replyMessage(turn, head));
  }

  private countTokens(record: RecordedRequest, res: ServerResponse): void {
    if (!hasAuth(record)) return this.fail(res, record, 401, 'no x-api-key or Authorization: Bearer header');
    const check = checkCountTokensBody(record.rawBody);
    if (!check.ok) return this.fail(res, record, 400, `invalid count_tokens body: ${check.message}`);
    this.sendJson(res, record, 200, { input_tokens: estimateInputTokens(check.body) });
  }

  private async cut(res: ServerResponse, request: MessagesRequest, toolUse: ToolUseBlock): Promise<void> {
    if (!request.stream) {
      res.socket?.destroy(); // nothing to stream: the client sees a dropped connection
      return;
    }
    const head = this.head(request.body, wireUsage(request.cache, { content: [toolUse] }));
    await this.stream(res, request, cutSteps(toolUse, head, this.chunker, this.ping), true);
  }

  /** `cut` drops the connection after the steps, `hold` leaves it open for the caller. */
  private async stream(res: ServerResponse, request: MessagesRequest, steps: StreamStep[], cut: boolean | 'hold', holdStop?: () => Promise<void>): Promise<void> {
    request.status = 200;
    res.writeHead(200, { 'content-type': this.frame.contentType, 'cache-control': 'no-cache', 'request-id': requestId(request) });
    res.flushHeaders();
    for (const { delayMs, event } of steps) {
      if (!(await this.pause(delayMs)) || res.destroyed) return;
      if (event.type === 'message_stop' && holdStop !== undefined && (!(await this.held(holdStop)) || res.destroyed)) return;
      request.events.push({ type: event.type, index: 'index' in event ? event.index : undefined, at: this.clock() });
      await written(res, this.frame.encode(formatEvent(event)));
    }
    if (cut === 'hold') return;
    if (cut) res.socket?.destroy();
    else res.end();
  }

  /** Streams the steps up to the fault's point, then misbehaves as it says. */
  private async faultyStream(res: ServerResponse, request: MessagesRequest, steps: StreamStep[], fault: StreamFault): Promise<void> {
    const count = stepsBeforeFault(steps, fault.at);
    await this.stream(res, request, steps.slice(0, count), 'hold');
    if (res.destroyed || this.closing.signal.aborted) return;
    switch (fault.kind) {
      case 'cut':
        res.socket?.destroy();
        return;
      case 'reset':
        res.socket?.resetAndDestroy();
        return;
      case 'end':
        res.end();
        return;
      case 'stall':
        return this.untilGone(res);
      case 'garbage':
        await written(res, this.frame.encode(fault.text));
        res.socket?.destroy();
        return;
      case 'sse_error':
        await written(res, this.frame.encode(`event: error\ndata: ${JSON.stringify({ type: 'error', error: { type: fault.errorType, message: `${fault.errorType} (scripted, mid-stream)` } })}\n\n`));
        res.end();
        return;
    }
  }

  /** Holds a request open until the client goes away or the server closes. */
  private untilGone(res: ServerResponse): Promise<void> {
    if (res.destroyed || this.closing.signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        res.off('close', done);
        this.closing.signal.removeEventListener('abort', done);
        resolve();
      };
      res.once('close', done);
      this.closing.signal.addEventListener('abort', done, { once: true });
    });
  }

  /** Once `hold` settles; false when the server closes first. */
  private async held(hold: () => Promise<void>): Promise<boolean> {
    const closing = this.closing.signal;
    if (closing.aborted) return false;
    let onClose = (): void => undefined;
    const closed = new Promise<false>((resolve) => {
      onClose = () => resolve(false);
      closing.addEventListener('abort', onClose, { once: true });
    });
    try {
      const settled = hold().then(
        () => true,
        (err: unknown) => {
          this.problems.push(`holdStop failed: ${String(err)}`);
          return false;
        },
      );
      return await Promise.race([settled, closed]);
    } finally {
      closing.removeEventListener('abort', onClose);
    }
  }

  /** False when the server is closing. */
  private async pause(ms: number): Promise<boolean> {
    if (ms <= 0) return !this.closing.signal.aborted;
    try {
      await sleep(ms, undefined, { signal: this.closing.signal });
      return true;
    } catch {
      return false;
    }
  }

  private head(body: MessagesBody, usage: WireUsage): MessageHead {
    this.messageCount++;
    return { id: `msg_test_${String(this.messageCount).padStart(4, '0')}`, model: body.model, usage };
  }

  private fail(res: ServerResponse, record: RecordedRequest | undefined, status: number, problem: string): void {
    const where = record === undefined ? 'request' : `#${record.seq} ${record.method} ${record.path}${record.query}`;
    this.problems.push(`${where}: ${problem}`);
    // Not retryable: a retry would only repeat the failure and slow the test down.
    this.sendError(res, record, status, `[model-server] ${problem}`, undefined, { 'x-should-retry': 'false' });
  }

  private sendError(res: ServerResponse, record: RecordedRequest | undefined, status: number, message?: string, type = errorType(status), headers: Record<string, string> = {}): void {
    const id = record === undefined ? undefined : requestId(record);
    this.send(res, record, status, errorBody(status, message, type, id), headers);
  }

  private sendJson(res: ServerResponse, record: RecordedRequest, status: number, body: object): void {
    this.send(res, record, status, JSON.stringify(body), {});
  }

  private send(res: ServerResponse, record: RecordedRequest | undefined, status: number, body: string, headers: Record<string, string>): void {
    if (res.headersSent || res.destroyed) return;
    if (record !== undefined) record.status = status;
    const id = record === undefined ? {} : { 'request-id': requestId(record) };
    res.writeHead(status, { 'content-type': 'application/json', ...id, ...headers });
    res.end(body);
  }
}

export function startModelServer(options: ModelServerOptions = {}): Promise<ModelServer> {
  return ModelServer.start(options);
}

/** Resolves once the bytes have left (so a cut drops the connection after them) or the client has gone. */
function written(res: ServerResponse, chunk: string | Buffer): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('close', done);
      resolve();
    };
    res.once('close', done);
    res.write(chunk, done);
  });
}

function hasAuth(record: RecordedRequest): boolean {
  const key = record.headers['x-api-key'] ?? '';
  const bearer = /^Bearer\s+\S+/i.test(record.headers['authorization'] ?? '');
  return key.trim() !== '' || bearer;
}

function requestId(record: RecordedRequest): string {
  return `req_test_${String(record.seq).padStart(4, '0')}`;
}

function totalDelay(turn: ReplyTurn): number {
  const before = turn.delays?.beforeBlockMs ?? 0;
  const blocks = typeof before === 'number' ? before * turn.content.length : before.reduce((a, b) => a + b, 0);
  return blocks + (turn.delays?.beforeStopMs ?? 0);
}

function lastMessage(body: MessagesBody): string {
  const last = body.messages[body.messages.length - 1];
  if (last === undefined) return '(none)';
  const text = typeof last.content === 'string' ? last.content : JSON.stringify(last.content);
  return `${last.role}: ${text.length > 160 ? `${text.slice(0, 160)}…` : text}`;
}
