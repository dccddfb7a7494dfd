/** How a run ended. Exhaustive: every consumer switches over `reason`. */
export type Outcome =
  | { reason: 'completed'; finalText: string }
  | { reason: 'max_turns'; limit: number }
  | { reason: 'aborted'; why: string }
  | { reason: 'model_error'; message: string; status?: number | undefined }
  | { reason: 'budget_exhausted'; budget: 'max_cost_usd' | 'max_turns'; limit: number; spent: number }
  | { reason: 'timeout'; budget: 'run_timeout'; limitMs: number }
  /** --output-schema: the final answer was still not valid after one repair round. */
  | { reason: 'invalid_output'; errors: string[] };
