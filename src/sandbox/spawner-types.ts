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
}

/** A sandbox started before its command (prepared-sandbox.ts): `sandboxWaitingShell`, waiting on fd 6. */
export type PrepareRequest = Omit<SpawnRequest, 'timeoutMs' | 'signal' | 'maxOutputChars'>;

/** What a prepared sandbox is handed: from then on, exactly a `run` of it. */
export interface HandOver {
  commandText: string;
  timeoutMs: number;
  signal: AbortSignal;
  maxOutputChars: number;
}

export interface PreparedSpawn {
  /**
   * Hands the command over; its timeout, abort and output cap count from now. Null when the
   * sandbox ended before it had the command (it ran nothing): start a fresh one.
   */
  start(handOver: HandOver): Promise<SpawnResult | null>;
  /** Kills it (bwrap's group and the sandbox's pid 1); resolves once it has exited. */
  discard(): Promise<void>;
  /**
   * Resolves with the sandbox's pid 1 once its shell waits for its command (bwrap's set-up is
   * done), or null if it ends first or `timeoutMs` passes. One wait at a time.
   */
  whenReady(timeoutMs: number): Promise<number | null>;
  /** Its shell waits for its command now (what `whenReady` would resolve with at once). */
  readonly ready: boolean;
  /** It exited, or the spawner did. */
  readonly ended: boolean;
  /** How it ended when it ended before it had its command (bwrap's own error in the output), else null. */
  readonly outcome: SpawnResult | null;
}

export interface SpawnResult extends Omit<CommandResult, 'violations'> {
  /** Why the held start failed (the sandbox was killed before the command ran). */
  heldError: string | null;
  /** Beneath the reaper (reaper.ts): no command runs, and no process a command started is left. */
  swept?: boolean;
}

export interface Spawner {
  /**
   * Starts the spawner process now (otherwise the first `run` does). `inCgroup`: it was moved into
   * the run's pids cgroup, so everything it starts is born inside and needs no held start for it.
   */
  start(): { inCgroup: boolean };
  run(request: SpawnRequest): Promise<SpawnResult>;
  /** Starts a sandbox now that runs nothing until `start` hands it its command. */
  prepare(request: PrepareRequest): PreparedSpawn;
  /** Kills every process group still running, prepared ones too (end of run). */
  killAll(): void;
  /** Stops the spawner process; running commands are killed. A later `run` starts a new one. */
  close(): Promise<void>;
}
