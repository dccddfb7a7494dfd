import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { AssistantBlock, StopReason, ToolUseBlock } from '../../src/runner/messages.js';
import { parseScenario, ScenarioError, type ScenarioTurn } from '../../src/runner/scenario.js';
import type { MessagesRequest } from './recorded-request.js';

/** Pauses written into a streamed reply, so tests can see what a client does before `message_stop`. */
export interface TurnDelays {
  /** Before each `content_block_start`: one value for every block, or one per block index. */
  beforeBlockMs?: number | readonly number[];
  /** Before `message_stop` (after `message_delta`). */
  beforeStopMs?: number;
}

/**
 * A normal answer. A `ScenarioTurn` from `parseScenario` is one as it stands, so the same fixture
 * drives this server and the replay model; `stopReason` defaults the way `parseScenario` does.
 */
export interface ReplyTurn {
  content: AssistantBlock[];
  stopReason?: StopReason;
  usage?: ScenarioTurn['usage'];
  /** The API's count of its own web searches in this answer (`usage.server_tool_use`). */
  webSearchRequests?: number;
  delays?: TurnDelays;
  /** Streamed as this block's `partial_json` instead of its input, e.g. JSON that never closes. */
  rawInputJson?: Readonly<Record<number, string>>;
  /** Something that goes wrong part way through the stream (streaming requests only). */
  fault?: StreamFault;
  /**
   * A streamed reply's `message_stop` waits for this too: what the client did before it is then
   * shown by cause (the hold waits for the client's act) rather than by a clock and a pause.
   */
  holdStop?: () => Promise<void>;
}

/**
 * Where in a streamed reply a fault strikes: right after the `nth` (default 1st) event of type
 * `after` (for block events, of block `index`). A point the reply never reaches strikes just
 * before `message_stop`.
 */
export interface FaultPoint {
  after: 'message_start' | 'ping' | 'content_block_start' | 'content_block_delta' | 'content_block_stop' | 'message_delta';
  index?: number;
  nth?: number;
}

/**
 * A fault inside a stream: `cut` drops the connection, `reset` sends a TCP reset, `end` ends the
 * response cleanly without `message_stop`, `stall` stops writing and keeps the connection open,
 * `garbage` writes bytes that are not SSE (then cuts), `sse_error` sends an `event: error`.
 */
export type StreamFault =
  | { kind: 'cut' | 'reset' | 'end' | 'stall'; at: FaultPoint }
  | { kind: 'garbage'; at: FaultPoint; text: string }
  | { kind: 'sse_error'; at: FaultPoint; errorType: string };

/** An HTTP error before any stream starts, with Anthropic's error body. */
export interface ErrorTurn {
  error: { status: number; type?: string; message?: string; retryAfterSeconds?: number; retryAfterMs?: number };
}

/** The request is taken, then the connection is reset at once, or never answered at all. */
export interface DropTurn {
  drop: 'reset' | 'no_headers';
}

/** Streams part of a tool_use block, then drops the connection. */
export interface CutTurn {
  cut: 'mid_tool_use';
  toolUse?: ToolUseBlock;
}

export type StaticTurn = ReplyTurn | ErrorTurn | CutTurn | DropTurn;

/** Decides the answer from the request itself (it is already recorded when this runs). */
export type TurnFunction = (request: MessagesRequest) => StaticTurn | Promise<StaticTurn>;

export type ScriptTurn = StaticTurn | TurnFunction;

export function isErrorTurn(turn: StaticTurn): turn is ErrorTurn {
  return 'error' in turn;
}

export function isCutTurn(turn: StaticTurn): turn is CutTurn {
  return 'cut' in turn;
}

export function isDropTurn(turn: StaticTurn): turn is DropTurn {
  return 'drop' in turn;
}

/** The `error.type` the real API uses for each status. */
const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  504: 'timeout_error',
  529: 'overloaded_error',
};

const DEFAULT_MESSAGES: Record<string, string> = {
  rate_limit_error: 'Number of request tokens has exceeded your per-minute rate limit (scripted).',
  api_error: 'Internal server error (scripted).',
  overloaded_error: 'Overloaded (scripted).',
};

export function errorType(status: number): string {
  return ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
}

/** The JSON body the real API sends with an error status. */
export function errorBody(status: number, message?: string, type = errorType(status), requestId?: string): string {
  const body: Record<string, unknown> = {
    type: 'error',
    error: { type, message: message ?? DEFAULT_MESSAGES[type] ?? `Scripted ${status}.` },
  };
  if (requestId !== undefined) body['request_id'] = requestId;
  return JSON.stringify(body);
}

const specialLine = z.union([
  z.strictObject({
    error: z.strictObject({
      status: z.number().int().min(400).max(599),
      type: z.string().optional(),
      message: z.string().optional(),
      retryAfterSeconds: z.number().nonnegative().optional(),
    }),
  }),
  z.strictObject({ cut: z.literal('mid_tool_use') }),
]);

/**
 * Turns from a JSONL fixture. Answer lines go through `parseScenario` (so a replay fixture works
 * here unchanged); lines holding `error` or `cut` become those turns.
 */
export function turnsFromJsonl(path: string): ScriptTurn[] {
  return turnsFromJsonlText(readFileSync(path, 'utf8'), path);
}

export function turnsFromJsonlText(text: string, file: string): ScriptTurn[] {
  const lines = text.split('\n');
  const turns: ScriptTurn[] = [];
  let segmentStart = 0;
  const flush = (end: number): void => {
    // Blank padding keeps parseScenario's line numbers true to the file.
    const padded = '\n'.repeat(segmentStart) + lines.slice(segmentStart, end).join('\n');
    turns.push(...parseScenario(padded, file));
  };
  for (const [index, raw] of lines.entries()) {
    const special = parseSpecial(raw, file, index + 1);
    if (special === undefined) continue;
    flush(index);
    turns.push(special);
    segmentStart = index + 1;
  }
  flush(lines.length);
  return turns;
}

function parseSpecial(raw: string, file: string, line: number): StaticTurn | undefined {
  const trimmed = raw.trim();
  if (!trimmed.startsWith('{')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return undefined; // parseScenario reports it with its own message
  }
  if (typeof value !== 'object' || value === null || !('error' in value || 'cut' in value)) return undefined;
  const parsed = specialLine.safeParse(value);
  if (!parsed.success) throw new ScenarioError(file, line, `not an error/cut turn: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  const data = parsed.data;
  if ('cut' in data) return { cut: data.cut };
  const error: ErrorTurn['error'] = { status: data.error.status };
  if (data.error.type !== undefined) error.type = data.error.type;
  if (data.error.message !== undefined) error.message = data.error.message;
  if (data.error.retryAfterSeconds !== undefined) error.retryAfterSeconds = data.error.retryAfterSeconds;
  return { error };
}
