/**
 * Repeated proxy refusals within one command: npm retried one ~3,600 times in 10 minutes. After
 * REPEATED_REFUSALS identical ones the command is ended, and its result lists each once with its
 * count. Pure.
 */
import type { SandboxViolation } from './denials.js';

/** Identical refusals after which the command is ended. */
export const REPEATED_REFUSALS = 20;

export class RefusalTally {
  private readonly counts = new Map<string, { v: SandboxViolation; n: number }>();
  /** The refusal that ended the command, once one did. */
  stoppedBy: SandboxViolation | null = null;

  constructor(private readonly limit = REPEATED_REFUSALS) {}

  /** Records one refusal; true the first time one reaches the limit (end the command now). */
  add(v: SandboxViolation): boolean {
    const seen = this.counts.get(v.message) ?? { v, n: 0 };
    seen.n++;
    this.counts.set(v.message, seen);
    if (this.stoppedBy !== null || seen.n < this.limit) return false;
    this.stoppedBy = v;
    return true;
  }

  /** Each refusal once, in first-seen order, with how many times it happened. */
  summary(): SandboxViolation[] {
    return [...this.counts.values()].map(({ v, n }) => (n === 1 ? v : { ...v, message: `${v.message} (${n} times)` }));
  }

  /** What the result says when the tally ended the command. */
  endedNote(): string | null {
    const v = this.stoppedBy;
    if (v === null) return null;
    return `warden sandbox: the command was ended after the same request was refused ${this.limit} times (it would have retried until its timeout): ${v.message}`;
  }
}
