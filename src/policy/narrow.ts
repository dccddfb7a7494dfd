/**
 * Narrowing a policy to a ceiling (a fork pull request runs under at most `fork-safe-review`):
 * a call runs only when both the ceiling and the policy allow it, and the sandbox gets the
 * stricter of the two settings field by field. Never widens either side. Pure.
 */
import type { SandboxConfig, SandboxFileRules, SandboxLimits } from '../config/index.js';
import type { Decider } from './decision.js';

export function narrowDecider(policy: Decider, ceiling: Decider, label: string): Decider {
  return {
    description: `${policy.description}, narrowed to ${label}`,
    offersTool: (name) => policy.offersTool(name) && ceiling.offersTool(name),
    async decide(call, ctx) {
      const cap = await ceiling.decide(call, ctx);
      if (cap.behavior === 'deny') return { ...cap, reason: `${label}: ${cap.reason}` };
      return policy.decide(call, ctx);
    },
  };
}

const both = (a: readonly string[], b: readonly string[]): string[] => a.filter((x) => b.includes(x));
const either = (a: readonly string[], b: readonly string[]): string[] => [...new Set([...a, ...b])];
const unique = <T extends { rule: string; pattern: string }>(rules: T[]): T[] => rules.filter((r, i) => rules.findIndex((o) => o.rule === r.rule && o.pattern === r.pattern) === i);

export function narrowSandbox(policy: SandboxConfig, ceiling: SandboxConfig): SandboxConfig {
  return {
    mode: policy.mode === 'required' || ceiling.mode === 'required' ? 'required' : 'off',
    network: { allow: both(policy.network.allow, ceiling.network.allow), allowPrivate: both(policy.network.allowPrivate, ceiling.network.allowPrivate) },
    envAllow: both(policy.envAllow, ceiling.envAllow),
    secrets: either(policy.secrets, ceiling.secrets),
    protectedPaths: either(policy.protectedPaths, ceiling.protectedPaths),
    writableProtectedPaths: both(policy.writableProtectedPaths, ceiling.writableProtectedPaths),
    fileRules: narrowFileRules(policy.fileRules, ceiling.fileRules),
    ...narrowLimits(policy.limits, ceiling.limits),
  };
}

/** The lower of each limit either side sets; a limit neither sets keeps the sandbox's default. */
function narrowLimits(policy: SandboxLimits | undefined, ceiling: SandboxLimits | undefined): { limits?: SandboxLimits } {
  if (policy === undefined || ceiling === undefined) {
    const one = policy ?? ceiling;
    return one === undefined ? {} : { limits: one };
  }
  const limits: SandboxLimits = {};
  for (const key of ['memoryMb', 'tmpMb', 'processes'] as const) {
    const set = [policy[key], ceiling[key]].filter((v): v is number => v !== undefined);
    if (set.length > 0) limits[key] = Math.min(...set);
  }
  return { limits };
}

/**
 * Both sets of deny rules apply. Their anchors are the same here (both policies are loaded with the
 * workspace as root and the same home), so one pair of anchors serves both lists.
 */
function narrowFileRules(policy: SandboxFileRules, ceiling: SandboxFileRules): SandboxFileRules {
  for (const key of ['root', 'home'] as const) {
    const a = policy[key];
    const b = ceiling[key];
    // Rules anchored elsewhere cannot share one anchor: refuse rather than misplace them.
    if (a !== null && b !== null && a !== b) throw new Error(`cannot narrow file rules anchored at ${a} and ${b}`);
  }
  return {
    root: policy.root ?? ceiling.root,
    home: policy.home ?? ceiling.home,
    readDeny: unique([...policy.readDeny, ...ceiling.readDeny]),
    writeDeny: unique([...policy.writeDeny, ...ceiling.writeDeny]),
    denyAllReads: policy.denyAllReads || ceiling.denyAllReads,
    denyAllWrites: policy.denyAllWrites || ceiling.denyAllWrites,
  };
}
