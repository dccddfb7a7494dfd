import type { Outcome } from './outcome.js';

/**
 * The reason given to the run's AbortController when a budget (wall clock) ends the run, so the
 * loop can tell a budget stop from a plain abort and report the right outcome.
 */
export class RunStop extends Error {
  constructor(readonly outcome: Outcome) {
    super(outcome.reason);
    this.name = 'RunStop';
  }
}

/** An abort signal's reason as an engine takes it: a budget stop as it is, anything else as its text. */
export function abortReason(reason: unknown, fallback: string): string | RunStop {
  return reason instanceof RunStop ? reason : reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : fallback;
}

export function outcomeOfAbort(signal: AbortSignal): Outcome {
  const reason = abortReason(signal.reason, 'abort requested');
  return typeof reason === 'string' ? { reason: 'aborted', why: reason } : reason.outcome;
}
