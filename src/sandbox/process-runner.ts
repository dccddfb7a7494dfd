import type { HostExecRequest } from './host-exec.js';
import type { ServerProcess, ServerRequest } from './server-start.js';
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
  /** Runs a trusted search program (ripgrep) in a sandbox built like a command's, the workspace read-only: bwrap runners only. */
  search?: SandboxedSearch;
  /** Starts a long-lived stdio program (an MCP server) where commands run, with the workspace read-only. */
  start?(request: ServerRequest): Promise<ServerProcess>;
}

/**
 * A search program (Grep and Glob's ripgrep) to run where commands run: it sees what they see, no
 * more. Asked as a host program is (the host's root is visible read-only inside), without an env.
 */
export type SearchRequest = Omit<HostExecRequest, 'env'>;

/** What the program printed and how it ended; `ran: false` when no sandbox could be built for it now (the tool then judges every file itself). */
export type SearchOutcome =
  | { ran: true; result: Omit<CommandResult, 'violations'> }
  | { ran: false; why: string };

export type SandboxedSearch = (request: SearchRequest) => Promise<SearchOutcome>;

/** A program to start, as the spawner (spawner-protocol.ts) and spawnGroup (spawn-group.ts) take it. */
export interface ProcessStart {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  signal: AbortSignal;
  maxOutputChars: number;
}
