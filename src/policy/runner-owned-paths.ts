import type { Decider } from './decision.js';
import { isInside } from '../path-inside.js';

/**
 * Warden's own outputs (outbox, transcript, summary, run directory) are never the agent's to
 * write, wherever they lie: an outbox kept inside the workspace must hold what the run did, not
 * what the model wrote there. Bash is held off them by the sandbox; this holds Write and Edit off.
 */
export function withRunnerOwnedPaths(decider: Decider, owned: readonly string[]): Decider {
  if (owned.length === 0) return decider;
  return {
    description: decider.description,
    offersTool: (name) => decider.offersTool(name),
    decide(call, ctx) {
      const { access } = call;
      if (access.kind === 'write' && access.paths.some((p) => owned.some((dir) => isInside(dir, p)))) {
        return Promise.resolve({ behavior: 'deny', rule: null, reason: 'Warden writes this path itself (its outbox, transcript, summary, run directory, or the CI logs it fetched); it is not the agent\'s to change' });
      }
      return decider.decide(call, ctx);
    },
  };
}
