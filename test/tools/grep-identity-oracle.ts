/**
 * The oracle of the attack reviews of the read guard's finding that no denied file has another
 * name (grep-identity-proof-attack.test.ts, grep-identity-second-attack.test.ts): the same Grep
 * calls in two workspaces that differ only in what the denied files hold (the needle, or as many
 * x's), each run told when commands ran (as under bubblewrap, run-setup.ts); every answer must be
 * the same in both.
 */
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createCommandActivity } from '../../src/entry/command-activity.js';
import { createPolicyDecider, loadPolicy, type Decider, type LoadedPolicy } from '../../src/policy/index.js';
import { FIXED, HOST_PATH, MISS, ready, SECRET } from './attack-setup.js';
import { grepThroughPipeline, watchingSkips, watchProof, type GrepCall } from './grep-pipeline.js';
import { canBindMount, workspace, writeFiles } from './tool-harness.js';

// The secret and the host's tools are the attack reviews' own (attack-setup.ts), re-exported for
// the files that take them from here.
export { FIXED, HALF, ready, SECRET } from './attack-setup.js';

export const canMount = ready && canBindMount();

export interface Setup {
  files: Record<string, string>;
  denied: (holds: string) => Record<string, string>;
  policy: string;
  /** Policies narrowing the run (a fork's ceiling), as YAML. */
  narrowedBy?: string[];
  /** The policy's home directory (for `~/` rules); a fresh directory when absent. */
  home?: (ws: string) => string;
  beforeStart?: (ws: string) => void;
  /** Run as a command (the stamp changes around it) after the guard is built. */
  afterStart?: (ws: string) => void;
  /** Undone after the calls, even when they fail (an unmount). */
  cleanup?: (ws: string) => void;
}

export interface Answer {
  call: string;
  hit: string;
  miss: string;
}

interface Run {
  ws: string;
  grep: GrepCall;
  skipped: () => number;
  proofs: boolean[];
}

async function loadPolicyText(text: string, ws: string, home: string): Promise<LoadedPolicy> {
  const policyDir = workspace();
  writeFileSync(join(policyDir, 'policy.yml'), text);
  return loadPolicy(join(policyDir, 'policy.yml'), { homeDir: home, root: ws });
}

/** A run told when commands ran (as under bubblewrap, run-setup.ts), so the guard may prove. */
async function start(setup: Setup, holds: string, started: string[]): Promise<Run> {
  const ws = workspace();
  started.push(ws);
  const all = { ...setup.files, ...setup.denied(holds) };
  writeFiles(ws, all);
  for (const rel of Object.keys(all)) utimesSync(join(ws, rel), FIXED, FIXED);
  const home = setup.home?.(ws) ?? workspace();
  setup.beforeStart?.(ws);
  const policy = await loadPolicyText(setup.policy, ws, home);
  const narrowedBy = await Promise.all((setup.narrowedBy ?? []).map((text) => loadPolicyText(text, ws, home)));
  let decider: Decider = createPolicyDecider(policy);
  for (const narrow of narrowedBy) {
    const inner = decider;
    const outer = createPolicyDecider(narrow);
    decider = {
      description: inner.description,
      offersTool: (name) => inner.offersTool(name) && outer.offersTool(name),
      decide: async (call, ctx) => {
        const first = await inner.decide(call, ctx);
        return first.behavior !== 'allow' ? first : outer.decide(call, ctx);
      },
    };
  }
  const proofs: boolean[] = [];
  const { wrapGuard, seen } = watchingSkips((skip) => watchProof(skip, proofs));
  const activity = createCommandActivity();
  const grep = grepThroughPipeline({ ws, decider, policy, narrowedBy, engine: 'rg', walkAbove: 0, searchPath: HOST_PATH, wrapGuard, commandActivity: activity.stamp });
  const { afterStart } = setup;
  if (afterStart !== undefined) await activity.around(() => Promise.resolve(afterStart(ws)));
  return { ws, grep, skipped: () => seen.length, proofs };
}

export async function oracle(setup: Setup, calls: Array<Record<string, unknown>>): Promise<{ answers: Answer[]; proofs: boolean[]; skipped: number }> {
  const started: string[] = [];
  try {
    const hitRun = await start(setup, SECRET, started);
    const missRun = await start(setup, MISS, started);
    const answers: Answer[] = [];
    for (const input of calls) {
      const hit = (await hitRun.grep(input)).text.replaceAll(hitRun.ws, '<ws>');
      const miss = (await missRun.grep(input)).text.replaceAll(missRun.ws, '<ws>');
      answers.push({ call: JSON.stringify(input), hit, miss });
    }
    return { answers, proofs: hitRun.proofs, skipped: hitRun.skipped() };
  } finally {
    for (const ws of started) setup.cleanup?.(ws);
  }
}

export function expectSame(answers: readonly Answer[]): void {
  for (const a of answers) {
    expect(a.hit, a.call).toBe(a.miss);
    expect(a.hit, a.call).not.toContain(SECRET);
  }
}

