/** The longest delay a Node timer takes; a longer one fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export interface RequestLimits {
  /** No byte (headers or body) for this long ends the attempt. */
  idleTimeoutMs: number;
  /** The whole attempt, headers to last byte, may take no longer than this. */
  requestTimeoutMs: number;
}

/** One of our limits ended an HTTP attempt. */
export class RequestLimitError extends Error {
  constructor(
    readonly limit: 'idle_timeout' | 'request_timeout',
    readonly ms: number,
  ) {
    super(limit === 'idle_timeout' ? `no data from the API for ${seconds(ms)} (request idle timeout)` : `the request took longer than ${seconds(ms)} (request timeout)`);
    // Not "AbortError": the SDK swallows those mid-stream and would take a cut response for a whole one.
    this.name = 'RequestLimitError';
  }
}

/**
 * Watches one HTTP attempt byte by byte, which the SDK cannot do: its `timeout` covers only the
 * wait for headers, and a body that stalls is left to the socket's 300 s timeouts. Pass `fetch`
 * to the SDK for exactly one request; `stop()` when done with it. A server that never sends
 * headers trips the idle timer just as a stalled body does.
 */
export class RequestWatch {
  private idle: NodeJS.Timeout | undefined;
  private total: NodeJS.Timeout | undefined;
  private readonly controller = new AbortController();
  private failBody: ((error: Error) => void) | undefined;
  private firedError: RequestLimitError | undefined;
  private stopped = false;
  private lastActivity = 0;
  private readonly idleMs: number;
  private readonly totalMs: number;

  constructor(
    limits: RequestLimits,
    private readonly base: typeof fetch = globalThis.fetch,
  ) {
    this.idleMs = Math.min(limits.idleTimeoutMs, MAX_TIMER_MS);
    this.totalMs = Math.min(limits.requestTimeoutMs, MAX_TIMER_MS);
  }

  /** Set when a limit ended the attempt. */
  get fired(): RequestLimitError | undefined {
    return this.firedError;
  }

  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    this.arm();
    const signals = init?.signal ? [this.controller.signal, init.signal] : [this.controller.signal];
    let response: Response;
    try {
      response = await this.base(input, { ...init, signal: AbortSignal.any(signals) });
    } catch (err) {
      throw this.firedError ?? err;
    }
    this.touch();
    if (response.body === null) return response;
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        start: (controller) => {
          this.failBody = (error) => controller.error(error);
        },
        transform: (chunk, controller) => {
          this.touch();
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };

  stop(): void {
    this.stopped = true;
    clearTimeout(this.idle);
    clearTimeout(this.total);
  }

  private arm(): void {
    if (this.stopped) return;
    this.lastActivity = performance.now();
    this.idle = setTimeout(this.onIdle, this.idleMs);
    this.total = setTimeout(() => this.fire(new RequestLimitError('request_timeout', this.totalMs)), this.totalMs);
  }

  private touch(): void {
    if (this.stopped) return;
    this.lastActivity = performance.now();
    this.idle?.refresh();
  }

  /**
   * After the event loop was blocked, expired timers run before the socket is read: look again
   * once the poll phase has run, so bytes that did arrive in time are not taken for silence.
   */
  private readonly onIdle = (): void => {
    setImmediate(() => {
      if (this.stopped) return;
      const quiet = performance.now() - this.lastActivity;
      if (quiet >= this.idleMs) this.fire(new RequestLimitError('idle_timeout', this.idleMs));
      else this.idle = setTimeout(this.onIdle, this.idleMs - quiet);
    });
  };

  private fire(error: RequestLimitError): void {
    if (this.stopped || this.firedError !== undefined) return;
    this.firedError = error;
    this.stop();
    // The body first, so the reader sees our error rather than a generic abort.
    this.failBody?.(error);
    this.controller.abort(error);
  }
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(2))} s`;
}
