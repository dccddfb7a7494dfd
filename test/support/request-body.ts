import { z } from 'zod';

/*
 * What the fake accepts as a Messages request. Objects are loose on purpose: clients send fields
 * we do not model (`thinking`, `context_management`, `output_config`, `metadata`, betas), and the
 * real API takes them. Only what the API would reject outright is checked.
 */
const contentBlock = z.looseObject({ type: z.string().min(1) });
const message = z.looseObject({
  // Claude Code sends a `role: "system"` message after the first user message.
  role: z.enum(['user', 'assistant', 'system']),
  content: z.union([z.string(), z.array(contentBlock)]),
});
const systemBlock = z.looseObject({ type: z.literal('text'), text: z.string() });
const tool = z.looseObject({ name: z.string().min(1) });

const countTokensBody = z.looseObject({
  model: z.string().min(1),
  messages: z.array(message),
  system: z.union([z.string(), z.array(systemBlock)]).optional(),
  tools: z.array(tool).optional(),
});
const messagesBody = countTokensBody.extend({
  max_tokens: z.number().int().positive(),
  stream: z.boolean().optional(),
});

const toolResult = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.union([z.string(), z.array(contentBlock)]).optional(),
  is_error: z.boolean().optional(),
});

export type ToolResultParam = z.infer<typeof toolResult>;
export type ContentBlockParam = z.infer<typeof contentBlock>;
export type MessageParam = z.infer<typeof message>;
export type CountTokensBody = z.infer<typeof countTokensBody>;
export type MessagesBody = z.infer<typeof messagesBody>;

export type BodyCheck<T> = { ok: true; body: T } | { ok: false; message: string };

/** The real API's cap on `cache_control` breakpoints per request. */
export const MAX_BREAKPOINTS = 4;

export function checkMessagesBody(raw: string): BodyCheck<MessagesBody> {
  return checkBody(raw, messagesBody);
}

export function checkCountTokensBody(raw: string): BodyCheck<CountTokensBody> {
  return checkBody(raw, countTokensBody);
}

function checkBody<T extends CountTokensBody>(raw: string, schema: z.ZodType<T>): BodyCheck<T> {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    return { ok: false, message: `body is not JSON (${(err as Error).message})` };
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'body';
    return { ok: false, message: `${where}: ${issue?.message ?? 'invalid'}` };
  }
  const problem = toolPairingProblem(parsed.data.messages) ?? breakpointProblem(parsed.data);
  return problem === undefined ? { ok: true, body: parsed.data } : { ok: false, message: problem };
}

export function blocksOf(content: MessageParam['content']): ContentBlockParam[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}

/** The tool_result blocks of the last user message: how the client answered the previous turn's tool calls. */
export function lastToolResults(body: MessagesBody): ToolResultParam[] {
  const last = body.messages.filter((m) => m.role === 'user').at(-1);
  return last === undefined ? [] : blocksOf(last.content).flatMap((b) => {
    const parsed = toolResult.safeParse(b);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The API rejects a conversation whose tool_use blocks are not answered by tool_result blocks at
 * the start of the next user message, and stray tool_results. A runner that gets this wrong must fail here,
 * not first in production.
 */
function toolPairingProblem(messages: readonly MessageParam[]): string | undefined {
  let previous: MessageParam | undefined;
  for (const [index, current] of messages.entries()) {
    if (current.role === 'system') continue;
    const asked = previous?.role === 'assistant' ? idsOf(previous, 'tool_use', 'id') : [];
    const answered = current.role === 'user' ? idsOf(current, 'tool_result', 'tool_use_id') : [];
    const missing = asked.filter((id) => !answered.includes(id));
    if (missing.length > 0) {
      return `messages.${index}: tool_use ids were found without tool_result blocks immediately after: ${missing.join(', ')}`;
    }
    const content = blocksOf(current.content);
    const firstOther = content.findIndex((b) => b.type !== 'tool_result');
    if (asked.length > 0 && firstOther >= 0 && firstOther < answered.length) {
      return `messages.${index}: tool_result blocks must come first in the content, before any other block`;
    }
    const stray = answered.filter((id) => !asked.includes(id));
    if (stray.length > 0) {
      return `messages.${index}: unexpected tool_use_id found in tool_result blocks: ${stray.join(', ')}`;
    }
    previous = current;
  }
  return undefined;
}

function idsOf(m: MessageParam, type: string, key: string): string[] {
  return blocksOf(m.content)
    .filter((b) => b.type === type)
    .map((b) => String(b[key]));
}

function breakpointProblem(body: CountTokensBody): string | undefined {
  const systemBlocks = typeof body.system === 'string' || body.system === undefined ? [] : body.system;
  const blocks: object[] = [...(body.tools ?? []), ...systemBlocks, ...body.messages.flatMap((m) => blocksOf(m.content))];
  const count = blocks.filter((b) => 'cache_control' in b && b.cache_control != null).length;
  return count > MAX_BREAKPOINTS
    ? `A maximum of ${MAX_BREAKPOINTS} blocks with cache_control may be provided. Found ${count}.`
    : undefined;
}
