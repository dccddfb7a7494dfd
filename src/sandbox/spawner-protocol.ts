/**
 * What the spawner (spawner.ts) is asked to start, and the messages between the runner and the
 * spawner process (spawner-program.ts): one JSON object per line each way. Both ends are
 * type-checked against these types, so a message one end writes and the other does not read is a
 * compile error, not a silent `undefined`.
 */
import type { CommandResult, ProcessStart } from './process-runner.js';

export interface SpawnRequest extends ProcessStart {
  /** A file the spawner opens and passes as fd 3 (bwrap's --seccomp program). */
  seccompFile?: string;
  /** A bwrap with `--info-fd 4`: the spawner learns the sandbox's pid 1 and kills it with bwrap. Implied by `held`. */
  info?: boolean;
  /**
   * A held bwrap start (held-start.ts): fd 4 is --info-fd, fd 5 --userns-block-fd. The spawner
   * writes the id maps and the sandbox's pid 1 into every `cgroupProcs` file (pids, a v1 memory
   * hierarchy); `beforeRelease` (the network bridge) runs in the runner before bwrap is let go.
   */
  held?: { cgroupProcs: readonly string[]; beforeRelease: ((childPid: number) => Promise<void>) | null };
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

/** A held start on the wire: `waitRelease`, tell the runner (`held`) and wait for its `release`; else let bwrap go at once. */
type HeldWire = Pick<NonNullable<SpawnRequest['held']>, 'cgroupProcs'> & { waitRelease: boolean };

/** Runner → spawner. */
export type ToSpawner =
  | {
    t: 'spawn';
    id: number;
    file: string;
    args: readonly string[];
    cwd: string;
    env: Record<string, string>;
    /** Output beyond this many characters is counted, not kept. */
    maxOutputChars: number;
    /** Opened and passed as fd 3 (bwrap's --seccomp program). */
    seccompFile: string | null;
    /** bwrap reports the sandbox's pid 1 on fd 4 (--info-fd); implied by `held`. */
    info: boolean;
    /** bwrap also waits on fd 5 (--userns-block-fd) until the spawner lets it go. */
    held: HeldWire | null;
    /** Written to a pipe the child gets as fd 6, then closed (a sandbox's shell reads its command there, bwrap-args.ts). */
    commandText: string | null;
  }
  | { t: 'kill'; id: number; signal: NodeJS.Signals }
  | { t: 'release'; id: number };

/** Spawner → runner. */
export type FromSpawner =
  /** The child (bwrap, or the command run directly) started: its process group. */
  | { t: 'pid'; id: number; pid: number }
  /** bwrap reported the sandbox's pid 1 (its host pid). */
  | { t: 'sandbox'; id: number; pid: number }
  /** Output, stdout and stderr interleaved in arrival order, within the cap. */
  | { t: 'out'; id: number; text: string }
  /** A held start with `waitRelease` is ready for `release`. */
  | { t: 'held'; id: number; childPid: number }
  | ({ t: 'exit'; id: number } & SpawnerExit);

export interface SpawnerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Characters of output beyond the cap. */
  dropped: number;
  /** Why it did not start or ended early, shown after its output. */
  error: string | null;
  /** Why the held start failed (the sandbox was killed before the command ran). */
  heldError: string | null;
}
