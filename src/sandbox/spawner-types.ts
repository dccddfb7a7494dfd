/** What the spawner (spawner.ts) is asked to start, and what it answers. */
import type { CommandResult, ProcessStart } from './process-runner.js';

export interface SpawnRequest extends ProcessStart {
  /** A file the spawner opens and passes as fd 3 (bwrap's --seccomp program). */
  seccompFile?: string;
  /**
   * A bwrap with `--info-fd 4`: the spawner learns the sandbox's pid 1 and kills it with bwrap
   * (spawner-program.ts says why that is needed). Implied by `held`.
   */
  info?: boolean;
  /**
   * A held bwrap start (held-start.ts): fd 4 is --info-fd, fd 5 --userns-block-fd. The spawner
   * writes the id maps and the cgroup entries (`cgroupProcs`: one `cgroup.procs` file or several,
   * e.g. v1's pids and memory hierarchies); `beforeRelease` (the network bridge) runs here, in the
   * runner, before bwrap is let go.
   */
  held?: { cgroupProcs: string | readonly string[] | null; beforeRelease: ((childPid: number) => Promise<void>) | null };
  /** Written to a pipe the child gets as fd 6, then closed: the command a sandbox's shell reads (bwrap-args.ts). */
  commandText?: string;
}

export interface SpawnResult extends Omit<CommandResult, 'violations'> {
  /** Why the held start failed (the sandbox was killed before the command ran). */
  heldError: string | null;
}

export interface Spawner {
  /**
   * Starts the spawner process now (otherwise the first `run` does). `inCgroup`: it was moved into
   * the run's pids cgroup, so everything it starts is born inside and needs no held start for it.
   */
  start(): { inCgroup: boolean };
  run(request: SpawnRequest): Promise<SpawnResult>;
  /** Kills every process group still running (end of run). */
  killAll(): void;
  /** Stops the spawner process; running commands are killed. A later `run` starts a new one. */
  close(): Promise<void>;
}
