import type { CacheUsage } from './prompt-cache.js';
import type { MessagesBody } from './request-body.js';
import type { StreamEvent } from './sse.js';

/** Any request the server saw, answered or not. Times come from the server's clock (ms). */
export interface RecordedRequest {
  /** Arrival order over all requests, from 1. */
  seq: number;
  method: string;
  /** Path without the query, e.g. `/v1/messages`. */
  path: string;
  /** The query with its `?`, or `''`. Claude Code sends `?beta=true`. */
  query: string;
  /** Lower-case names; repeated headers joined with `, `. */
  headers: Record<string, string>;
  rawBody: string;
  receivedAt: number;
  /** The HTTP status answered; undefined if the connection was dropped. */
  status: number | undefined;
}

/** When the server wrote an SSE event, for ordering claims such as "the tool started before message_stop". */
export interface WrittenEvent {
  type: StreamEvent['type'];
  /** The content block index, for block events. */
  index: number | undefined;
  at: number;
}

/** A `POST /v1/messages` that was valid and was given a turn of the script. */
export interface MessagesRequest extends RecordedRequest {
  body: MessagesBody;
  stream: boolean;
  /** Index of the script turn that answered it. */
  turn: number;
  /** What the prompt-cache simulation made of it (before any usage override in the turn). */
  cache: CacheUsage | undefined;
  events: WrittenEvent[];
}
