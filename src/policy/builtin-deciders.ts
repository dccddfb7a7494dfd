import { isInside } from '../path-inside.js';
import type { Decider, Decision, PermissionContext, ToolCallRequest } from './decision.js';

/**
 * The decider used when no policy engine is configured: reads inside the workspace are allowed,
 * everything else is denied. Fail closed by construction.
 */
export function createReadOnlyDecider(): Decider {
  return {
    description: 'built-in read-only (reads inside the workspace only)',
    offersTool: () => true,
    decide(call: ToolCallRequest, ctx: PermissionContext): Promise<Decision> {
      const { access } = call;
      if (access.kind === 'read' && access.paths.every((p) => isInside(ctx.cwd, p))) {
        return Promise.resolve({ behavior: 'allow', rule: null, reason: 'read inside the workspace' });
      }
      return Promise.resolve({
        behavior: 'deny',
        rule: null,
        reason: 'only reads inside the workspace are allowed without a policy file; add a policy that allows this tool',
      });
    },
  };
}

/** Allows everything. Only reachable through an explicit, loudly-logged CLI flag. */
export function createAllowAllDecider(): Decider {
  return {
    description: 'DANGEROUS: allow all (--dangerously-allow-all)',
    offersTool: () => true,
    decide: () => Promise.resolve({ behavior: 'allow', rule: null, reason: '--dangerously-allow-all' }),
  };
}
