/**
 * The outbox of a run that never started: its configuration was refused (a bad flag, variable,
 * action input, policy or event; exit 2). A CI reads the same files as after any run — result.json
 * valid against its schema, a junit.xml case that fails, a summary saying what was wrong — so the
 * gating line it runs after Warden works the same whatever went wrong. Pure.
 */
import { OUTBOX_FILES, RESULT_VERSION, type RunResultJson, type Trigger } from '../outbox/index.js';
import { VERSION } from '../version.js';
import { describeOutcome } from './outcome-text.js';
import { mdFence, mdText } from './posted-text.js';

export interface ConfigErrorContext {
  trigger: Trigger;
  /** The model the run would have used, when the configuration got that far. */
  model: string | undefined;
}

export function renderConfigErrorResult(message: string, ctx: ConfigErrorContext): RunResultJson {
  return {
    version: RESULT_VERSION,
    warden: VERSION,
    outcome: { reason: 'config_error', message },
    // Nothing ran, so nothing changed; `finished: false` says there is no run to speak of.
    verdict: 'no_changes',
    finished: false,
    model: ctx.model ?? 'unknown',
    turns: 0,
    durationMs: 0,
    tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    costUsd: 0,
    denials: [],
    filesChanged: [],
    startingCommit: null,
    trigger: ctx.trigger,
    files: { summary: OUTBOX_FILES.summary, transcript: OUTBOX_FILES.transcript, patch: OUTBOX_FILES.patch, review: OUTBOX_FILES.review, junit: OUTBOX_FILES.junit },
  };
}

/** The summary a person reads: what was refused, verbatim in a fence (it may quote a value or a policy line). */
export function renderConfigErrorSummary(message: string): string {
  return [
    `## Warden run: ${mdText(describeOutcome({ reason: 'config_error', message: message.split('\n')[0] ?? '' }))}`,
    '',
    'The run did not start: no tool or command ran and nothing changed (exit code 2).',
    '',
    mdFence(message, 'text'),
    '',
    'Fix the flag, variable, action input or file it names, and run again.',
    '',
  ].join('\n');
}
