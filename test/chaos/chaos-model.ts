import { join } from 'node:path';
import type { AssistantBlock } from '../../src/runner/messages.js';
import type { FaultPoint, MessagesRequest, StreamFault } from '../support/model-server.js';
import type { StaticTurn } from '../support/script.js';

export type ActionKind = 'append' | 'write' | 'read';
export interface Action {
  k: number;
  kind: ActionKind;
  tag: string;
}

/** Every fault the server can inject; counted by kind for the report. */
export const FAULT_KINDS = [
  'http_5xx',
  'http_429',
  'http_529',
  'reset_before_headers',
  'no_headers',
  'cut_before_blocks',
  'cut_inside_tool',
  'cut_after_tool',
  'cut_before_stop',
  'reset_mid_stream',
  'end_before_stop',
  'stall',
  'garbage',
  'sse_error',
  'bad_tool_json',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface ChaosCounts {
  faults: Record<FaultKind, number>;
  responses: number;
  cleanFinal: number;
}

export function emptyCounts(): ChaosCounts {
  return { faults: Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number>, responses: 0, cleanFinal: 0 };
}

/**
 * A scripted model for one chaos run. It behaves as a sensible model would: it reads the
 * conversation it is sent, asks for the next actions of its plan that have no successful result
 * yet (so it asks again for a call it was told did not run, and never for one it was told ran),
 * and ends with a text answer when all are done. Each answer may carry a fault, drawn from the
 * run's seeded generator. A line appearing twice in marker.txt therefore means the runner ran a
 * call twice, or ran it without telling the model.
 */
export class ChaosModel {
  readonly plan: Action[];
  /** Whether the last answer was a final one sent without a fault (the run must then complete). */
  lastWasCleanFinal = false;
  private emitted = 0;

  constructor(
    private readonly run: number,
    private readonly repo: string,
    private readonly random: () => number,
    private readonly faultRate: number,
    private readonly counts: ChaosCounts,
  ) {
    const n = 2 + Math.floor(random() * 4);
    const kinds: ActionKind[] = ['append', 'append', 'write', 'read'];
    this.plan = Array.from({ length: n }, (_, k) => ({ k, kind: kinds[Math.floor(random() * kinds.length)] ?? 'append', tag: `r${run}-a${k}` }));
  }

  readonly respond = (request: MessagesRequest): StaticTurn => {
    this.counts.responses += 1;
    const content = this.nextContent(request);
    const final = !content.some((b) => b.type === 'tool_use');
    this.lastWasCleanFinal = false;
    if (this.random() >= this.faultRate) {
      if (final) {
        this.lastWasCleanFinal = true;
        this.counts.cleanFinal += 1;
      }
      return { content };
    }
    return this.withFault(content);
  };

  /** The action a tool_use id belongs to (ids are `toolu_r<run>_a<k>_<n>`). */
  actionOf(id: string): Action | undefined {
    const match = /^toolu_r\d+_a(\d+)_\d+$/.exec(id);
    return match === null ? undefined : this.plan[Number(match[1])];
  }

  private nextContent(request: MessagesRequest): AssistantBlock[] {
    const done = new Set<number>();
    for (const message of request.body.messages) {
      if (message.role !== 'user' || typeof message.content === 'string') continue;
      for (const block of message.content as unknown as { type: string; tool_use_id?: string; is_error?: boolean }[]) {
        if (block.type !== 'tool_result' || block.tool_use_id === undefined || block.is_error === true) continue;
        const action = this.actionOf(block.tool_use_id);
        if (action !== undefined) done.add(action.k);
      }
    }
    const todo = this.plan.filter((a) => !done.has(a.k));
    if (todo.length === 0) return [{ type: 'text', text: `All ${this.plan.length} steps are done.` }];
    const batch = todo.slice(0, 1 + Math.floor(this.random() * 3));
    const blocks: AssistantBlock[] = this.random() < 0.5 ? [{ type: 'text', text: `Next: step ${batch[0]?.k}.` }] : [];
    for (const action of batch) blocks.push(this.toolUse(action));
    return blocks;
  }

  private toolUse(action: Action): AssistantBlock {
    const id = `toolu_r${this.run}_a${action.k}_${this.emitted++}`;
    switch (action.kind) {
      case 'append':
        return { type: 'tool_use', id, name: 'Bash', input: { command: `echo ${action.tag} >> marker.txt` } };
      case 'write':
        return { type: 'tool_use', id, name: 'Write', input: { file_path: join(this.repo, `w-${action.k}.txt`), content: `${action.tag}\n` } };
      case 'read': {
        const pick = Math.floor(this.random() * 3);
        if (pick === 0) return { type: 'tool_use', id, name: 'Bash', input: { command: 'cat README.md' } };
        if (pick === 1) return { type: 'tool_use', id, name: 'Read', input: { file_path: join(this.repo, 'README.md') } };
        return { type: 'tool_use', id, name: 'Glob', input: { pattern: '*.md' } };
      }
    }
  }

  private withFault(content: AssistantBlock[]): StaticTurn {
    const kind = FAULT_KINDS[Math.floor(this.random() * FAULT_KINDS.length)] ?? 'http_5xx';
    this.counts.faults[kind] += 1;
    const r = this.random;
    const tools = content.flatMap((b, i) => (b.type === 'tool_use' ? [i] : []));
    const anyTool = tools[Math.floor(r() * tools.length)];
    const anyBlock = Math.floor(r() * content.length);
    const stream = (fault: StreamFault): StaticTurn => ({ content, fault });
    switch (kind) {
      case 'http_5xx':
        return { error: { status: [500, 502, 503, 504][Math.floor(r() * 4)] ?? 500, ...this.retryAfter() } };
      case 'http_429':
        return { error: { status: 429, ...this.retryAfter() } };
      case 'http_529':
        return { error: { status: 529, ...this.retryAfter() } };
      case 'reset_before_headers':
        return { drop: 'reset' };
      case 'no_headers':
        return { drop: 'no_headers' };
      case 'cut_before_blocks':
        return stream({ kind: 'cut', at: { after: r() < 0.5 ? 'message_start' : 'ping' } });
      case 'cut_inside_tool':
        return stream({ kind: 'cut', at: { after: 'content_block_delta', index: anyTool ?? anyBlock, nth: 1 + Math.floor(r() * 2) } });
      case 'cut_after_tool':
        return stream({ kind: 'cut', at: { after: 'content_block_stop', index: anyTool ?? anyBlock } });
      case 'cut_before_stop':
        return stream({ kind: 'cut', at: { after: 'message_delta' } });
      case 'reset_mid_stream':
        return stream({ kind: 'reset', at: this.anyPoint(content.length) });
      case 'end_before_stop':
        return stream({ kind: 'end', at: this.anyPoint(content.length) });
      case 'stall':
        return stream({ kind: 'stall', at: this.anyPoint(content.length) });
      case 'garbage':
        return stream({ kind: 'garbage', at: this.anyPoint(content.length), text: GARBAGE[Math.floor(r() * GARBAGE.length)] ?? '' });
      case 'sse_error':
        return stream({ kind: 'sse_error', at: this.anyPoint(content.length), errorType: r() < 0.5 ? 'overloaded_error' : 'api_error' });
      case 'bad_tool_json': {
        if (anyTool === undefined) return stream({ kind: 'cut', at: { after: 'message_start' } });
        const block = content[anyTool];
        const json = block?.type === 'tool_use' ? JSON.stringify(block.input) : '{}';
        return { content, rawInputJson: { [anyTool]: json.slice(0, -1) } };
      }
    }
  }

  private retryAfter(): { retryAfterMs?: number; retryAfterSeconds?: number } {
    const pick = this.random();
    if (pick < 0.33) return {};
    if (pick < 0.66) return { retryAfterMs: Math.floor(this.random() * 20) };
    return { retryAfterSeconds: 0 };
  }

  private anyPoint(blocks: number): FaultPoint {
    const r = this.random;
    const index = Math.floor(r() * blocks);
    const points: FaultPoint[] = [
      { after: 'message_start' },
      { after: 'content_block_start', index },
      { after: 'content_block_delta', index, nth: 1 + Math.floor(r() * 3) },
      { after: 'content_block_stop', index },
      { after: 'message_delta' },
    ];
    return points[Math.floor(r() * points.length)] ?? { after: 'message_start' };
  }
}

const GARBAGE = [
  // Not JSON where an event's data should be.
  'event: content_block_delta\ndata: {"type": "content_block_delta", "index": 0, "delta": {"type": "text_de\n\n',
  // A proxy's error page in the middle of the stream.
  '<html><body><h1>502 Bad Gateway</h1></body></html>\n\n',
  // A second message_start: events out of order.
  'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_x","type":"message","role":"assistant","model":"m","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}}\n\n',
  // Bytes that are not text at all.
  '\u0000\u00ff\u00fe\r\n\r\n\u0001\u0002',
];
