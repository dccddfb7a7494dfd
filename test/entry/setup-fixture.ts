/**
 * A run's deferred set-up (run-setup.ts) as the entry wires it, for tests of what it hands the read
 * guard: a policy loaded from `policyText`, no repository to track, and the sandbox (`bwrap`) or
 * the direct runner (`direct`, sandbox.mode off) over `ws`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSetup, type DeferredSetup } from '../../src/entry/run-setup.js';
import { createPolicyDecider, loadPolicy, type LoadedPolicy } from '../../src/policy/index.js';
import type { SandboxRunnerOptions } from '../../src/sandbox/bwrap-runner.js';
import { config, makeWorkspace, openRunner } from '../sandbox/sandbox-fixture.js';

/** `runner`: more options for the runner. */
export async function setUpRun(ws: string, policyText: string, mode: 'bwrap' | 'direct', runner: Partial<SandboxRunnerOptions> = {}): Promise<{ setup: DeferredSetup; policy: LoadedPolicy }> {
  const policyFile = join(makeWorkspace(), 'policy.yml');
  writeFileSync(policyFile, policyText);
  const policy = await loadPolicy(policyFile, { homeDir: ws, root: ws });
  const setup = startSetup({
    decider: createPolicyDecider(policy),
    policy,
    cwd: ws,
    runnerKind: mode,
    // Not a repository: nothing to track (what trackRunChanges gives such a workspace).
    changes: () => Promise.resolve({ snapshot: undefined, unavailable: 'not a repository', files: () => Promise.resolve(undefined), patch: () => Promise.resolve(Buffer.alloc(0)), changes: () => undefined, changedBeforeRun: () => [], withheld: () => undefined }),
    sandbox: async () => openRunner({ workspace: ws, config: config(mode === 'direct' ? { mode: 'off' } : {}), ...runner }),
    onFailure: () => undefined,
  });
  await setup.ready;
  return { setup, policy };
}
