/** The one seam through which anything the agent causes to run is started. */
export interface CommandRequest {
  /** A shell command line, run with `bash -c`. */
  command: string;
  cwd: string;
  timeoutMs: number;
  signal: AbortSignal;
  /** Output kept beyond this many characters is dropped while streaming (the rest is counted). */
  maxOutputChars: number;
}

export interface CommandResult {
  exitCode: number | null;
  /** The signal that ended the process, if any. */
  signal: string | null;
  /** stdout and stderr interleaved in arrival order, capped at maxOutputChars. */
  output: string;
  /** Characters dropped because of the cap. */
  droppedChars: number;
  timedOut: boolean;
  aborted: boolean;
  durationMs: number;
  /** Things the sandbox itself recorded blocking during this command (never guessed from output). */
  violations: string[];
}

export interface ProcessRunner {
  /** A short name for logs and the transcript, e.g. "direct" or "bwrap". */
  readonly kind: string;
  run(request: CommandRequest): Promise<CommandResult>;
  /** Kills anything still running; called at the end of the run. */
  dispose(): Promise<void>;
  /**
   * Commands run outside the sandbox: true when none runs and every process they started is known
   * to be gone (reaper.ts). Absent, or false: a process a command started may still be running.
   */
  noProcessLeft?: () => boolean;
}

/** A program to start, as the spawner (spawner-types.ts) and spawnGroup (spawn-group.ts) take it. */
export interface ProcessStart {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  signal: AbortSignal;
  maxOutputChars: number;
}
