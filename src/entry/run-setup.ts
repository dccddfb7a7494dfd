/**
 * What a run needs before its first tool call but not before its first model request: the Bash
 * parser's warm-up, the scan for files the policy denies, the host-git snapshot and the sandbox
 * (its probe starts bubblewrap several times). All of it starts at once and runs while the first
 * request is in flight; every tool call waits for it — the decider gates on it, and nothing runs
 * without a decision — so the snapshot is still taken before the agent can change a file, and no
 * command runs outside a sandbox that is not up yet. A setup that fails (no sandbox) aborts the
 * run; the entry turns that into exit 2.
 */
import type { Decider, LoadedPolicy } from '../policy/index.js';
import { ensureBashParser } from '../policy/index.js';
import { mountsToScanBeneath, type CommandRequest, type CommandResult, type RecordedViolation, type SandboxRunner, type SearchOutcome, type SearchRequest, type ServerProcess, type ServerRequest } from '../sandbox/index.js';
import type { ReadGuard } from '../tools/index.js';
import { createHostReadGuard } from './host-read-guard.js';
import type { RunChanges } from './run-changes.js';
import { markStartup, type StartupStep } from './startup-marks.js';

const marked = (step: StartupStep) => <T>(value: T): T => {
  markStartup(step);
  return value;
};

export interface SetupSteps {
  changes: () => Promise<RunChanges>;
  sandbox: () => Promise<SandboxRunner>;
  /** The runner's kind before it exists ("bwrap", "direct"), for the transcript's run_start. */
  runnerKind: string;
  decider: Decider;
  policy: LoadedPolicy | undefined;
  /** Policies that narrow the decider (a fork's preset ceiling): the read guard applies their Read rules too. */
  narrowedBy?: readonly LoadedPolicy[];
  cwd: string;
  /** The runner's environment: the credential files it names are refused to the host tools. */
  hostEnv?: Readonly<Record<string, string | undefined>>;
  /** Called once if setup fails, with the error (the entry aborts the run). */
  onFailure: (err: unknown) => void;
}

export interface DeferredSetup {
  /** Settles when everything is up; rejects with the first failure. */
  ready: Promise<void>;
  decider: Decider;
  processRunner: SandboxRunner;
  readGuard: ReadGuard;
  changedFiles: () => Promise<string[] | undefined>;
  /** After ready: the changes tracker (for the patch and the publisher). */
  changes: () => RunChanges | undefined;
  failure: () => unknown;
}

export function startSetup(steps: SetupSteps): DeferredSetup {
  let runner: SandboxRunner | undefined;
  let changes: RunChanges | undefined;
  let guard: ReadGuard | undefined;
  let failure: unknown;
  const sandboxed = steps.runnerKind === 'bwrap';
  const ready = (async () => {
    // The parser first: the read guard's scan and the analyser both need it, and it is the CPU-bound part.
    await ensureBashParser();
    markStartup('parser');
    guard = createHostReadGuard({ decider: steps.decider, policy: steps.policy, narrowedBy: steps.narrowedBy ?? [], cwd: steps.cwd, mountsToScan: mountsToScanBeneath, hostEnv: steps.hostEnv ?? {} });
    const [c, r] = await Promise.all([steps.changes().then(marked('git_snapshot')), steps.sandbox().then(marked('sandbox'))]);
    changes = c;
    runner = r;
    markStartup('setup');
  })();
  ready.catch((err: unknown) => {
    failure = err;
    steps.onFailure(err);
  });
  const up = async (): Promise<void> => ready;

  const decider: Decider = {
    description: steps.decider.description,
    offersTool: (name) => steps.decider.offersTool(name),
    decide: async (call, ctx) => {
      await up();
      return steps.decider.decide(call, ctx);
    },
  };
  const processRunner: SandboxRunner = {
    kind: steps.runnerKind,
    get probe() {
      return runner?.probe ?? null;
    },
    run: async (request: CommandRequest): Promise<CommandResult> => {
      await up();
      const started = runner;
      if (started === undefined) throw new Error('the sandbox did not start');
      return started.run(request);
    },
    dispose: async () => {
      await ready.catch(() => undefined);
      await runner?.dispose();
    },
    violations: (): readonly RecordedViolation[] => runner?.violations() ?? [],
    // An MCP server (bwrap-runner.ts start), once the sandbox is up.
    start: async (request: ServerRequest): Promise<ServerProcess> => {
      await up();
      if (runner?.start === undefined) throw new Error('the sandbox did not start');
      return runner.start(request);
    },
    // Grep and Glob's ripgrep, where commands run (bwrap-runner.ts search).
    ...(sandboxed
      ? {
          search: async (request: SearchRequest): Promise<SearchOutcome> => {
            await up();
            return runner?.search?.(request) ?? { ran: false, why: 'the sandbox did not start' };
          },
        }
      : {}),
  };
  const readGuard: ReadGuard = {
    forCall: (tool, cwd) => {
      // Tools run only after a decision, and decisions only after setup: the guard exists here.
      if (guard === undefined) throw new Error('a host file tool ran before the run was set up');
      return guard.forCall(tool, cwd);
    },
  };
  return {
    ready,
    decider,
    processRunner,
    readGuard,
    changedFiles: async () => {
      await ready.catch(() => undefined);
      return changes?.files();
    },
    changes: () => changes,
    failure: () => failure,
  };
}
