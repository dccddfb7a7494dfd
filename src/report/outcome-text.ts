import type { Outcome } from '../runner/index.js';

/** How a person reads an outcome: the headline of the summary, the log and a failed step. */
export function describeOutcome(outcome: Outcome): string {
  switch (outcome.reason) {
    case 'completed':
      return 'completed';
    case 'max_turns':
      return `stopped: reached max turns (${outcome.limit})`;
    case 'aborted':
      return `aborted: ${outcome.why}`;
    case 'model_error':
      return `model error${outcome.status !== undefined ? ` (HTTP ${outcome.status})` : ''}: ${outcome.message}`;
    case 'budget_exhausted':
      return `stopped: budget ${outcome.budget} exhausted (limit ${outcome.limit}, spent ${round(outcome.spent)})`;
    case 'timeout':
      return `stopped: run timeout of ${Math.round(outcome.limitMs / 1000)} s reached`;
  }
}

function round(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(4);
}
