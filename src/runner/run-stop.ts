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

export function outcomeOfAbort(signal: AbortSignal): Outcome {
  const reason: unknown = signal.reason;
  if (reason instanceof RunStop) return reason.outcome;
  const why = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : 'abort requested';
  return { reason: 'aborted', why };
}
