/**
 * The messages between the runner (spawner.ts) and the spawner process (spawner-program.ts): one
 * JSON object per line each way. Both ends are type-checked against these types, so a message one
 * end writes and the other does not read is a compile error, not a silent `undefined`.
 */

/** A held bwrap start (held-start.ts), as the spawner process performs it. */
export interface HeldWire {
  /** Every `cgroup.procs` file the sandbox's pid 1 is written to before it runs (pids, a v1 memory hierarchy). */
  cgroupProcs: string | readonly string[] | null;
  /** Tell the runner (`held`) and wait for its `release` (it starts the network bridge meanwhile); else let bwrap go at once. */
  waitRelease: boolean;
}

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
