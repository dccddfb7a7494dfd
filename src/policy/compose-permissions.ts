/**
 * The layers of a run's permissions, in one place: the decider that judges each tool call and the
 * sandbox that confines each command, from the policy (or its absence), the preset a fork's pull
 * request is held to, and the paths Warden keeps for itself. Every layer after the first only
 * narrows: the ceiling denies before the policy is asked and makes the sandbox the stricter of the
 * two; Warden's outputs are denied to writes whatever the policy says, even with every check off;
 * without a policy the sandbox is read-only like the decision, and only a policy that says
 * `sandbox.mode: off` (with no ceiling requiring it) runs commands outside bubblewrap — otherwise a
 * sandbox that cannot start ends the run. Pure: the entry loads the policies and resolves the paths.
 */
import { join } from 'node:path';
import { DEFAULT_POLICY_FILE, DEFAULT_SANDBOX_CONFIG, READ_ONLY_SANDBOX_CONFIG, type SandboxConfig } from '../config/index.js';
import { createAllowAllDecider, createReadOnlyDecider } from './builtin-deciders.js';
import type { Decider } from './decision.js';
import type { HistoryListing } from './history-fact.js';
import type { LoadedPolicy } from './loaded-policy.js';
import { narrowDecider, narrowSandbox } from './narrow.js';
import { createPolicyDecider } from './policy-decider.js';
import type { ProtectedPath } from './protected-paths.js';
import { isInside } from '../path-inside.js';

export interface PermissionSources {
  /** The policy that governs the run; undefined: there is none. */
  policy: LoadedPolicy | undefined;
  /** `--dangerously-allow-all`: the decider allows every call; the sandbox still follows the policy. */
  allowAll: boolean;
  /** The preset a fork's pull request runs under at most, loaded, with its name for messages. */
  ceiling?: { name: string; policy: LoadedPolicy } | undefined;
  /** The local actions the workspace's workflows run: protected from tools and commands like the fixed list. */
  localActions: readonly ProtectedPath[];
  /** Warden's own outputs inside the workspace (outbox, transcript, summary, run directory), workspace-relative. */
  ownPaths: readonly string[];
  /** The workspace's real path, which `ownPaths` are relative to. */
  workspace: string;
  /** Where the runner saves oversized tool results: the model may read them back. */
  resultsDir: string;
  /** Directories outside the workspace the host filled for the agent (CI logs): read, never written. */
  readOnlyDirs?: readonly string[];
  /** What host git's snapshot found in the history, once it is taken (policy-decider.ts). */
  history: () => HistoryListing | undefined;
}

export interface Permissions {
  /** The policy with the local actions among its protected paths (what the read guard and the publisher apply). */
  policy: LoadedPolicy | undefined;
  decider: Decider;
  sandbox: SandboxConfig;
  /** Policies that narrow the decider, whose Read rules the read guard applies too. */
  narrowedBy: LoadedPolicy[];
  /** Things a person must know about these permissions, for the transcript and summary. */
  notices: string[];
}

export function composePermissions(sources: PermissionSources): Permissions {
  const notices: string[] = [];
  const { localActions, ownPaths } = sources;
  const policy = sources.policy === undefined || localActions.length === 0 ? sources.policy : { ...sources.policy, protectedPaths: [...sources.policy.protectedPaths, ...localActions] };
  let decider: Decider;
  if (sources.allowAll) {
    notices.push('--dangerously-allow-all is set: every tool call is allowed without any policy check. Never use this in CI.');
    decider = createAllowAllDecider();
  } else if (policy !== undefined) {
    decider = createPolicyDecider(policy, sources.history);
  } else {
    notices.push(`no policy file (${DEFAULT_POLICY_FILE} or --policy): only reads inside the workspace are allowed.`);
    decider = createReadOnlyDecider();
  }
  // No policy: reads only, in the sandbox as in the decision (unless every check is off on purpose).
  let sandbox = policy?.sandbox ?? (sources.allowAll ? DEFAULT_SANDBOX_CONFIG : READ_ONLY_SANDBOX_CONFIG);
  const narrowedBy: LoadedPolicy[] = [];
  if (sources.ceiling !== undefined) {
    const { name, policy: ceiling } = sources.ceiling;
    decider = narrowDecider(decider, createPolicyDecider(ceiling, sources.history), `the ${name} preset`);
    sandbox = narrowSandbox(sandbox, ceiling.sandbox);
    narrowedBy.push(ceiling);
  }
  // Warden's own files in the workspace are kept from commands like the policy file is, and from Write and Edit.
  const kept = [...localActions.map((e) => e.path), ...ownPaths];
  if (kept.length > 0) sandbox = { ...sandbox, protectedPaths: [...sandbox.protectedPaths, ...kept] };
  const readOnlyDirs = sources.readOnlyDirs ?? [];
  decider = withRunnerPaths(decider, [sources.resultsDir, ...readOnlyDirs], [...ownPaths.map((rel) => join(sources.workspace, rel)), ...readOnlyDirs]);
  return { policy, decider, sandbox, narrowedBy, notices };
}

/**
 * The model may read what the runner put outside the workspace for it (oversized tool results, the
 * CI logs the host fetched); Warden's
 * own outputs are never the agent's to write, wherever they lie (an outbox inside the workspace must
 * hold what the run did): the sandbox holds Bash off them, this holds Write and Edit off.
 */
function withRunnerPaths(decider: Decider, readable: readonly string[], owned: readonly string[]): Decider {
  return {
    description: decider.description,
    offersTool: (name) => decider.offersTool(name),
    decide(call, ctx) {
      const { access } = call;
      if (access.kind === 'read' && access.paths.length > 0 && access.paths.every((p) => readable.some((dir) => isInside(dir, p)))) {
        return Promise.resolve({ behavior: 'allow', rule: null, reason: 'reading what the runner saved for the agent' });
      }
      if (access.kind === 'write' && access.paths.some((p) => owned.some((dir) => isInside(dir, p)))) {
        return Promise.resolve({ behavior: 'deny', rule: null, reason: 'Warden writes this path itself (its outbox, transcript, summary, run directory, or the CI logs it fetched); it is not the agent\'s to change' });
      }
      return decider.decide(call, ctx);
    },
  };
}
