import type { Decider } from './decision.js';
import { isInside } from '../path-inside.js';

/**
 * Lets the model read what the runner itself put outside the workspace for it (oversized tool
 * results, the CI logs the host fetched); everything else goes to the wrapped decider unchanged.
 */
export function withRunnerReadAccess(decider: Decider, runnerDirs: readonly string[]): Decider {
  return {
    description: decider.description,
    offersTool: (name) => decider.offersTool(name),
    decide(call, ctx) {
      const { access } = call;
      if (access.kind === 'read' && access.paths.length > 0 && access.paths.every((p) => runnerDirs.some((dir) => isInside(dir, p)))) {
        return Promise.resolve({ behavior: 'allow', rule: null, reason: 'reading what the runner saved for the agent' });
      }
      return decider.decide(call, ctx);
    },
  };
}
