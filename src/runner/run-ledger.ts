import { addUsage, ZERO_USAGE, type Usage } from './messages.js';

/**
 * What the whole run has spent, shared by the main loop and every subagent's: each loop adds its
 * requests here and stops at the run's limits as well as its own, so a subagent's turns, tokens
 * and cost count against the run's budgets and appear in the run's totals.
 */
export class RunLedger {
  /** Model requests made by every loop of the run. */
  turns = 0;
  spentUsd = 0;
  usage: Usage = ZERO_USAGE;

  constructor(
    readonly maxTurns: number,
    readonly maxCostUsd: number | undefined,
  ) {}

  /** One request's usage and cost (null: the model has no known price). */
  add(usage: Usage, costUsd: number | null): void {
    this.usage = addUsage(this.usage, usage);
    this.spentUsd += costUsd ?? 0;
  }
}
