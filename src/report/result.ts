import { OUTBOX_FILES, RESULT_VERSION, type RunResultJson, type Trigger } from '../outbox/index.js';
import type { RunEndRecord, RunStartRecord, ToolCallRecord, TranscriptRecord } from '../runner/index.js';
import { VERSION } from '../version.js';
import { describeInput, finalTextOf } from './summary.js';

export interface ResultContext {
  startingCommit: string | null;
  trigger: Trigger;
  /** Why changes.patch was withheld, when it was. */
  patchWithheld?: string | undefined;
  /** Files already changed when the run started and left alone by it. */
  changedBeforeRun?: readonly string[];
}

/** result.json from the run's records; a run cut short (no run_end) still gets a complete, honest file. */
export function renderResult(records: readonly TranscriptRecord[], ctx: ResultContext): RunResultJson {
  const start = records.find((r): r is RunStartRecord => r.type === 'run_start');
  const end = records.findLast((r): r is RunEndRecord => r.type === 'run_end');
  const calls = records.filter((r): r is ToolCallRecord => r.type === 'tool_call');
  const usage = end?.usage ?? { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  const filesChanged = end?.filesChanged ?? [...new Set(calls.flatMap((c) => c.filesChanged ?? []))].sort();
  return {
    version: RESULT_VERSION,
    warden: VERSION,
    outcome:
      end === undefined
        ? { reason: 'aborted', why: 'the run ended before it could record how (see the transcript)' }
        : end.outcome.reason === 'completed'
          ? { reason: 'completed', finalText: finalTextOf(records) }
          : end.outcome,
    verdict: end?.verdict ?? (filesChanged.length > 0 ? 'changes' : 'no_changes'),
    finished: end !== undefined,
    model: start?.config.model ?? 'unknown',
    turns: end?.turns ?? Math.max(0, ...calls.map((c) => c.turn)),
    durationMs: end?.durationMs ?? 0,
    tokens: { input: usage.inputTokens, output: usage.outputTokens, cacheRead: usage.cacheReadTokens, cacheWrite: usage.cacheWriteTokens },
    costUsd: end?.costUsd ?? null,
    denials: calls
      .filter((c) => c.status === 'denied')
      .map((c) => ({ tool: c.tool, input: describeInput(c.tool, c.input), rule: c.decision?.rule ?? null, reason: c.decision?.reason ?? '' })),
    filesChanged,
    startingCommit: ctx.startingCommit,
    ...(ctx.patchWithheld === undefined ? {} : { patchWithheld: ctx.patchWithheld }),
    ...(ctx.changedBeforeRun === undefined || ctx.changedBeforeRun.length === 0 ? {} : { changedBeforeRun: [...ctx.changedBeforeRun] }),
    trigger: ctx.trigger,
    files: { summary: OUTBOX_FILES.summary, transcript: OUTBOX_FILES.transcript, patch: OUTBOX_FILES.patch, review: OUTBOX_FILES.review, junit: OUTBOX_FILES.junit },
  };
}
