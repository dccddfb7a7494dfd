import type { ConfigErrorOutcome } from '../outbox/index.js';
import type { RecordedOutcome, Verdict } from '../runner/index.js';

/** How a person reads an outcome (as run or as recorded): the headline of the summary, the log and a failed step. */
export function describeOutcome(outcome: RecordedOutcome | ConfigErrorOutcome): string {
  switch (outcome.reason) {
    case 'completed':
      return 'completed';
    case 'max_turns':
      return `stopped: reached max turns (${outcome.limit})`;
    case 'aborted':
      return `aborted: ${outcome.why}`;
    case 'model_error':
      // The message names the status itself (the API client writes it so): said once.
      return `model error: ${outcome.message}`;
    case 'budget_exhausted':
      return `stopped: budget ${outcome.budget} exhausted (limit ${outcome.limit}, spent ${round(outcome.spent)})`;
    case 'timeout':
      return `stopped: run timeout of ${Math.round(outcome.limitMs / 1000)} s reached`;
    case 'config_error':
      return `configuration error: ${outcome.message}`;
    case 'invalid_output':
      return `the final answer is not valid against the output schema (${outcome.errors.slice(0, 3).join('; ')}${outcome.errors.length > 3 ? '; …' : ''})`;
  }
}

function round(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(4);
}

/** The verdict as a person reads it, e.g. at the head of the summary and the PR comment. */
export function describeVerdict(verdict: Verdict, filesChanged: number): string {
  switch (verdict) {
    case 'changes':
      return `changes (${filesChanged} file${filesChanged === 1 ? '' : 's'})`;
    case 'no_changes':
      return 'no changes';
    case 'blocked':
      return 'blocked (every attempt to change something or run a command was denied)';
  }
}
