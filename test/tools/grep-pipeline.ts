/**
 * Grep called as a run calls it: the pipeline's permission decision, then the tool with the read
 * guard built from the same policy (execute-run.ts wires them so). For tests that judge what the
 * model would be told.
 */
import { createHostReadGuard } from '../../src/entry/host-read-guard.js';
import { type Decider, type LoadedPolicy } from '../../src/policy/index.js';
import { runToolCall, type PipelineDeps } from '../../src/runner/tool-pipeline.js';
import { createDirectRunner } from '../../src/sandbox/direct-runner.js';
import { mountsToScanBeneath, type SandboxedSearch, type SandboxRunner } from '../../src/sandbox/index.js';
import { FileStateCache } from '../../src/tools/file-state.js';
import type { ReadGuard } from '../../src/tools/index.js';
import { openRunner } from '../sandbox/sandbox-fixture.js';
import { createToolRegistry, type ToolRegistry } from '../../src/tools/registry.js';
import { workspace } from './tool-harness.js';

export type GrepCall = (input: Record<string, unknown>) => Promise<{ error: boolean; text: string }>;

export interface GrepPipeline {
  ws: string;
  decider: Decider;
  policy: LoadedPolicy | undefined;
  narrowedBy?: LoadedPolicy[];
  engine: 'js' | 'rg';
  /** ripgrep walks in a bubblewrap sandbox built from the policy (sandboxed-search.ts), as in a run under bwrap; else every file is judged on the host. */
  sandboxed?: boolean;
  searchPath: string;
  /** Wraps the guard built from the policy (a test switching one of its layers off). */
  wrapGuard?: (guard: ReadGuard) => ReadGuard;
  /** The guard a run built (run-setup.ts), used instead of one built here from the policy. */
  readGuard?: ReadGuard;
}

export function grepThroughPipeline(p: GrepPipeline): GrepCall {
  const built = p.readGuard ?? createHostReadGuard({ decider: p.decider, policy: p.policy, narrowedBy: p.narrowedBy ?? [], cwd: p.ws, mountsToScan: mountsToScanBeneath });
  const readGuard = p.wrapGuard === undefined ? built : p.wrapGuard(built);
  const tools = createToolRegistry({ grep: { searchPath: p.searchPath, engine: p.engine }, readGuard, ...(p.sandboxed === true ? { sandboxed: sandboxFor(p) } : {}) });
  const call = callThroughPipeline(tools, p.decider, p.ws);
  return (input) => call('Grep', input);
}

export type ToolCall = (tool: string, input: Record<string, unknown>) => Promise<{ error: boolean; text: string }>;

/** Calls the registry's tools through the pipeline as a run does: the permission decision, then the tool in `cwd`. */
export function callThroughPipeline(tools: ToolRegistry, decider: Decider, cwd: string): ToolCall {
  const deps: PipelineDeps = {
    findTool: (name) => tools.get(name),
    toolNames: () => tools.list().map((t) => t.name),
    decider,
    context: { cwd, signal: new AbortController().signal, fileState: new FileStateCache(), processRunner: createDirectRunner({}), defaultTimeoutMs: 60_000 },
    resultsDir: workspace(),
    mask: (text) => text,
    now: () => performance.now(),
  };
  let n = 0;
  return async (tool, input) => {
    const outcome = await runToolCall({ type: 'tool_use', id: `toolu_${tool}_${n++}`, name: tool, input }, 1, deps);
    return { error: outcome.result.is_error === true, text: String(outcome.result.content) };
  };
}

/** A runner's search that counts the searches the sandbox ran, so no case passes because the host walk answered instead. */
export function countedSearch(runner: SandboxRunner): { search: SandboxedSearch; ran: () => number } {
  const search = runner.search;
  if (search === undefined) throw new Error('the bwrap runner has no search');
  let ran = 0;
  return {
    search: async (request) => {
      const outcome = await search(request);
      if (outcome.ran) ran++;
      return outcome;
    },
    ran: () => ran,
  };
}

const runners: SandboxRunner[] = [];

/** The search of a bwrap runner for the workspace under the policy's sandbox section, opened at the first search. */
function sandboxFor(p: GrepPipeline): SandboxedSearch {
  let opened: Promise<SandboxRunner> | undefined;
  return async (request) => {
    opened ??= openRunner({ workspace: p.ws, ...(p.policy === undefined ? {} : { config: p.policy.sandbox }) }).then((runner) => {
      runners.push(runner);
      return runner;
    });
    const search = (await opened).search;
    if (search === undefined) throw new Error('the bwrap runner has no search');
    return search(request);
  };
}

/** Ends the sandboxes grepThroughPipeline opened (afterAll). */
export async function closeSandboxes(): Promise<void> {
  for (const runner of runners.splice(0)) await runner.dispose();
}
