/**
 * What a follow-up run remembers of the run before it on the same PR or issue: the request, the
 * agent's final answer, what changed and where it went, the task list — compact, kept as a
 * hidden block at the end of the sticky comment's final report. Pure: the publisher writes it, the
 * next run's preparation reads it (only from Warden's own comment: src/github/publish/earlier-run.ts).
 *
 * Base64 of JSON inside an HTML comment: Markdown neither renders nor breaks it, and the alphabet
 * holds no `-->`. The block is the comment's last line, after everything the agent wrote, so no
 * text of the agent's can stand in for it; it is read only if it is well-formed, within the cap and
 * of this schema — anything else is ignored and the run starts blind.
 */
import { z } from 'zod';
import type { RunResultJson } from '../outbox/index.js';
import type { Delivery } from './sticky-comment.js';
import type { Task } from './task-list.js';

/** The encoded block's size limit, in bytes (a few thousand tokens at most for the next run). */
export const MEMORY_CAP = 8_192;

const LIMITS = { request: 1_500, answer: 4_000, file: 200, files: 40, delivered: 300, task: 200, tasks: 20 } as const;

const MemorySchema = z.strictObject({
  v: z.literal(1),
  request: z.string().max(LIMITS.request + 1),
  outcome: z.string().max(100),
  answer: z.string().max(LIMITS.answer + 1),
  files: z.array(z.string().max(LIMITS.file + 1)).max(LIMITS.files),
  moreFiles: z.number().int().nonnegative(),
  delivered: z.string().max(LIMITS.delivered + 1),
  tasks: z.array(z.strictObject({ content: z.string().max(LIMITS.task + 1), status: z.enum(['pending', 'in_progress', 'completed']) })).max(LIMITS.tasks).optional(),
});

export type RunMemory = z.infer<typeof MemorySchema>;

export type MemoryRead = { kind: 'none' } | { kind: 'ok'; memory: RunMemory } | { kind: 'invalid'; why: string };

const OPEN = '<!-- warden:memory ';
const CLOSE = ' -->';
/** At the very end of the body: nothing the agent wrote comes after it. */
const BLOCK = /\n<!-- warden:memory ([^\s]*) -->\n*$/;

export interface MemorySource {
  /** The request that started the run (the comment's text). */
  request: string;
  result: RunResultJson;
  delivery: Delivery;
  tasks: readonly Task[] | undefined;
}

/** The memory of one finished run, every field cut to its limit; `redact` masks the run's secrets as in everything posted. */
export function memoryOf(source: MemorySource, redact: (text: string) => string): RunMemory {
  const { result } = source;
  const text = (value: string, max: number): string => cut(redact(value.trim()), max);
  const memory: RunMemory = {
    v: 1,
    request: text(source.request, LIMITS.request),
    outcome: result.outcome.reason,
    answer: result.outcome.reason === 'completed' ? text(result.outcome.finalText, LIMITS.answer) : '',
    files: result.filesChanged.slice(0, LIMITS.files).map((f) => text(f, LIMITS.file)),
    moreFiles: Math.max(0, result.filesChanged.length - LIMITS.files),
    delivered: text(deliveredLine(source.delivery), LIMITS.delivered),
  };
  if (source.tasks !== undefined) memory.tasks = source.tasks.slice(0, LIMITS.tasks).map((t) => ({ content: text(t.content, LIMITS.task), status: t.status }));
  return memory;
}

/**
 * The hidden block, within MEMORY_CAP: what does not fit is cut, the answer and lists first
 * (halved until it fits), so a run always leaves something to continue from.
 */
export function encodeMemory(memory: RunMemory): string {
  let m = memory;
  for (let round = 0; round < 12; round++) {
    const block = `${OPEN}${Buffer.from(JSON.stringify(m), 'utf8').toString('base64')}${CLOSE}`;
    if (Buffer.byteLength(block) <= MEMORY_CAP) return block;
    const half = (s: string): string => cut(s, Math.floor(s.length / 2));
    m = {
      ...m,
      request: half(m.request),
      answer: half(m.answer),
      files: m.files.slice(0, Math.ceil(m.files.length / 2)),
      moreFiles: m.moreFiles + m.files.length - Math.ceil(m.files.length / 2),
      ...(m.tasks === undefined ? {} : { tasks: m.tasks.slice(0, Math.floor(m.tasks.length / 2)) }),
    };
  }
  return `${OPEN}${Buffer.from(JSON.stringify({ ...m, request: '', answer: '', files: [], tasks: [] }), 'utf8').toString('base64')}${CLOSE}`;
}

/** The memory at the end of a comment body: none, a valid one, or why the block there is refused. */
export function decodeMemory(body: string): MemoryRead {
  const match = BLOCK.exec(body);
  if (match === null) return body.includes(OPEN) ? { kind: 'invalid', why: 'a memory block that is not the comment\'s last line' } : { kind: 'none' };
  const encoded = match[1] ?? '';
  if (Buffer.byteLength(OPEN + encoded + CLOSE) > MEMORY_CAP) return { kind: 'invalid', why: `larger than ${MEMORY_CAP} bytes` };
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(encoded)) return { kind: 'invalid', why: 'not base64' };
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(encoded, 'base64')));
  } catch {
    return { kind: 'invalid', why: 'not UTF-8 JSON' };
  }
  const parsed = MemorySchema.safeParse(json);
  if (!parsed.success) return { kind: 'invalid', why: `not a Warden run summary (${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? 'invalid'})` };
  return { kind: 'ok', memory: parsed.data };
}

function deliveredLine(delivery: Delivery): string {
  switch (delivery.kind) {
    case 'none':
      return `nothing pushed: ${delivery.why}`;
    case 'pushed':
      return `pushed ${delivery.sha.slice(0, 12)} to ${delivery.branch}`;
    case 'pull_request':
      return `${delivery.updated ? 'updated' : 'opened'} ${delivery.url} (${delivery.branch}, ${delivery.sha.slice(0, 12)})`;
    case 'refused':
      return `not delivered: ${delivery.reasons.join('; ')}`;
    case 'failed':
      return `delivery failed at ${delivery.call}: ${delivery.message}`;
  }
}

/** At most `max` characters, with an ellipsis when cut (never splitting a surrogate pair). */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}
