import type { ToolCallRecord } from './transcript-records.js';

/**
 * What the run amounted to, beside how the loop ended (the outcome): an honest answer to "did it
 * do anything?", so a workflow can tell a run that did the work from one that could not.
 *  - `changes`: files in the workspace changed;
 *  - `blocked`: nothing changed, and every attempt to change something or run a command was denied
 *    (at least one was made; read-only calls do not count either way);
 *  - `no_changes`: nothing changed otherwise (the agent looked and found nothing to do, or tried and
 *    failed at something the policy allowed).
 */
export type Verdict = 'changes' | 'no_changes' | 'blocked';

export function verdictOf(filesChanged: readonly string[], calls: readonly Pick<ToolCallRecord, 'status' | 'mutating'>[]): Verdict {
  if (filesChanged.length > 0) return 'changes';
  const attempts = calls.filter((c) => c.mutating === true && c.status !== 'cancelled');
  if (attempts.length > 0 && attempts.every((c) => c.status === 'denied')) return 'blocked';
  return 'no_changes';
}
