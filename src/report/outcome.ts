/** How a run ended. Exhaustive: every consumer switches over `reason`. */
export type Outcome =
  | { reason: 'completed'; finalText: string }
  | { reason: 'max_turns'; limit: number }
  | { reason: 'aborted'; why: string }
  | { reason: 'model_error'; message: string; status: number | undefined }
  | { reason: 'budget_exhausted'; budget: 'max_cost_usd' | 'max_turns'; limit: number; spent: number }
  | { reason: 'timeout'; budget: 'run_timeout'; limitMs: number };

export function isSuccess(outcome: Outcome): boolean {
  return outcome.reason === 'completed';
}

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
