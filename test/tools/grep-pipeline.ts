/**
 * Grep called as a run calls it: the pipeline's permission decision, then the tool with the read
 * guard built from the same policy (execute-run.ts wires them so). For tests that judge what the
 * model would be told.
 */
import { createHostReadGuard } from '../../src/entry/host-read-guard.js';
import { type Decider, type LoadedPolicy } from '../../src/policy/index.js';
import { runToolCall, type PipelineDeps } from '../../src/runner/tool-pipeline.js';
import { createDirectRunner } from '../../src/sandbox/direct-runner.js';
import { mountsToScanBeneath, seenAtOnePath } from '../../src/sandbox/index.js';
import { FileStateCache } from '../../src/tools/file-state.js';
import type { ReadGuard, TreeSkip } from '../../src/tools/index.js';
import { createToolRegistry } from '../../src/tools/registry.js';
import { workspace } from './tool-harness.js';

export type GrepCall = (input: Record<string, unknown>) => Promise<{ error: boolean; text: string }>;

export interface GrepPipeline {
  ws: string;
  decider: Decider;
  policy: LoadedPolicy | undefined;
  narrowedBy?: LoadedPolicy[];
  engine: 'js' | 'rg';
  /** Entries above which ripgrep walks a tree by name (0: every tree; Infinity: never). */
  walkAbove: number;
  searchPath: string;
  /** Wraps the guard built from the policy (a test switching one of its layers off). */
  wrapGuard?: (guard: ReadGuard) => ReadGuard;
  /** When the run's commands ran, as run-setup.ts tells the guard under bubblewrap (CommandActivity.stamp). */
  commandActivity?: () => number | undefined;
  /** The guard a run built (run-setup.ts), used instead of one built here from the policy. */
  readGuard?: ReadGuard;
}

export function grepThroughPipeline(p: GrepPipeline): GrepCall {
  const built = p.readGuard ?? createHostReadGuard({ decider: p.decider, policy: p.policy, narrowedBy: p.narrowedBy ?? [], cwd: p.ws, mountsToScan: mountsToScanBeneath, ...(p.commandActivity === undefined ? {} : { commandActivity: p.commandActivity, seenAtOnePath }) });
  const readGuard = p.wrapGuard === undefined ? built : p.wrapGuard(built);
  const tools = createToolRegistry({ grep: { searchPath: p.searchPath, engine: p.engine, walkAbove: p.walkAbove }, readGuard });
  const deps: PipelineDeps = {
    findTool: (name) => tools.get(name),
    toolNames: () => tools.list().map((t) => t.name),
    decider: p.decider,
    context: { cwd: p.ws, signal: new AbortController().signal, fileState: new FileStateCache(), processRunner: createDirectRunner({}), defaultTimeoutMs: 60_000 },
    resultsDir: workspace(),
    mask: (text) => text,
    now: () => performance.now(),
  };
  let n = 0;
  return async (input) => {
    const outcome = await runToolCall({ type: 'tool_use', id: `toolu_grep_${n++}`, name: 'Grep', input }, 1, deps);
    return { error: outcome.result.is_error === true, text: String(outcome.result.content) };
  };
}

/**
 * A guard wrapper that sees every tree verdict that comes with a skip (the walk by name over
 * denied files): it keeps each skip as the guard gave it, and hands the search what `change`
 * makes of it (a test switching one of its layers off).
 */
export function watchingSkips(change: (skip: TreeSkip) => TreeSkip = (skip) => skip): { wrapGuard: (guard: ReadGuard) => ReadGuard; seen: TreeSkip[] } {
  const seen: TreeSkip[] = [];
  const wrapGuard = (guard: ReadGuard): ReadGuard => ({
    forCall(tool, cwd) {
      const call = guard.forCall(tool, cwd);
      return {
        judgePath: (real, what) => call.judgePath(real, what),
        judgeIdentity: (file) => call.judgeIdentity(file),
        ...(call.watchCommands === undefined ? {} : { watchCommands: call.watchCommands.bind(call) }),
        async judgeTree(real, dev) {
          const verdict = await call.judgeTree(real, dev);
          if (!verdict.allowed || verdict.skip === undefined) return verdict;
          seen.push(verdict.skip);
          return { allowed: true, skip: change(verdict.skip) };
        },
      };
    },
  });
  return { wrapGuard, seen };
}

/** The skip, what its identityProven came to recorded in `proofs` each time it is asked. */
export function watchProof(skip: TreeSkip, proofs: boolean[]): TreeSkip {
  const prove = skip.identityProven;
  if (prove === undefined) return skip;
  return {
    ...skip,
    identityProven: () => {
      const proven = prove();
      proofs.push(proven);
      return proven;
    },
  };
}
