import { z } from 'zod';
import type { AssistantBlock, StopReason } from './messages.js';
import { errorMessage } from '../error-text.js';

/**
 * A scripted model turn. One JSON object per line in a scenario file; the same shape drives
 * the replay model (`--model replay:FILE`) and the test model server.
 */
const textBlock = z.object({ type: z.literal('text'), text: z.string() });
const toolUseBlock = z.object({
  type: z.literal('tool_use'),
  id: z.string().min(1),
  name: z.string().min(1),
  input: z.record(z.string(), z.unknown()),
});
const usage = z
  .object({
    input_tokens: z.number().int().nonnegative().optional(),
    output_tokens: z.number().int().nonnegative().optional(),
    cache_read_input_tokens: z.number().int().nonnegative().optional(),
    cache_creation_input_tokens: z.number().int().nonnegative().optional(),
  })
  .optional();

export const scenarioTurnSchema = z.object({
  content: z.array(z.discriminatedUnion('type', [textBlock, toolUseBlock])).min(1),
  stop_reason: z.enum(['end_turn', 'tool_use', 'max_tokens', 'stop_sequence']).optional(),
  usage,
});

export interface ScenarioTurn {
  content: AssistantBlock[];
  stopReason: StopReason;
  usage: z.infer<typeof usage>;
}

export class ScenarioError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    message: string,
  ) {
    super(`${file}:${line}: ${message}`);
    this.name = 'ScenarioError';
  }
}

/**
 * Reads scenario turns from JSONL text. A line may be a bare turn, or a transcript record of
 * type `assistant` (its `message` is the turn), so a CI transcript replays as it ran.
 * Other transcript records and blank lines are skipped.
 */
export function parseScenario(text: string, file: string): ScenarioTurn[] {
  const turns: ScenarioTurn[] = [];
  const lines = text.split('\n');
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('//')) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      throw new ScenarioError(file, index + 1, `not valid JSON (${errorMessage(err)})`);
    }
    const candidate = transcriptAssistant(value) ?? (isTranscriptRecord(value) ? undefined : value);
    if (candidate === undefined) continue;
    const parsed = scenarioTurnSchema.safeParse(candidate);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
      throw new ScenarioError(file, index + 1, `not a model turn${where}: ${issue?.message ?? 'invalid'}`);
    }
    const content = parsed.data.content as AssistantBlock[];
    const hasTool = content.some((b) => b.type === 'tool_use');
    turns.push({ content, stopReason: parsed.data.stop_reason ?? (hasTool ? 'tool_use' : 'end_turn'), usage: parsed.data.usage });
  }
  return turns;
}

function isTranscriptRecord(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'type' in value && 'seq' in value;
}

function transcriptAssistant(value: unknown): unknown {
  if (!isTranscriptRecord(value)) return undefined;
  const record = value as { type: unknown; content?: unknown; stop_reason?: unknown };
  if (record.type !== 'assistant') return undefined;
  return { content: record.content, stop_reason: record.stop_reason };
}
