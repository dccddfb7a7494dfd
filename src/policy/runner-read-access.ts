import type { Decider } from './decision.js';
import { isInside } from '../path-inside.js';

/**
 * Lets the model read back what the runner itself saved for it (oversized tool results), which
 * lives outside the workspace; everything else goes to the wrapped decider unchanged.
 */
export function withRunnerReadAccess(decider: Decider, runnerDir: string): Decider {
  return {
    description: decider.description,
    offersTool: (name) => decider.offersTool(name),
    decide(call, ctx) {
      const { access } = call;
      if (access.kind === 'read' && access.paths.length > 0 && access.paths.every((p) => isInside(runnerDir, p))) {
        return Promise.resolve({ behavior: 'allow', rule: null, reason: 'reading a tool result the runner saved' });
      }
      return decider.decide(call, ctx);
    },
  };
}
