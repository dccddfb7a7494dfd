import type { HookRun } from '../hooks/index.js';
import type { Decision } from '../policy/index.js';
import type { Outcome } from './outcome.js';
import type { ErrorCategory, ToolModelUsage } from '../tools/index.js';
import type { AssistantBlock, StopReason, Usage } from './messages.js';
import type { Verdict } from './verdict.js';

/** One line of the JSONL transcript. The union is the whole vocabulary of a run. */
export type TranscriptRecord =
  | RunStartRecord
  | ModelRequestRecord
  | ModelRetryRecord
  | AssistantRecord
  | ToolCallRecord
  | NoticeRecord
  | HookRecord
  | SandboxViolationRecord
  | StartupRecord
  | RunEndRecord;

interface Base {
  seq: number;
  time: string;
}

export interface RunStartRecord extends Base {
  type: 'run_start';
  task: string;
  config: {
    version: string;
    model: string;
    cwd: string;
    maxTurns: number;
    permissions: string;
    processRunner: string;
    tools: string[];
    /** A subagent's transcript: its agent type and the description it was given. */
    agent?: string;
    description?: string;
  };
}

/** One HTTP attempt of a model request (the SDK does not retry: every attempt is one of these). */
export interface ModelRequestRecord extends Base {
  type: 'model_request';
  turn: number;
  /** 1 for the first attempt of the turn's request, 2 for its first retry, … */
  attempt?: number;
  model: string;
  durationMs: number;
  stopReason: StopReason | null;
  usage: Usage;
  costUsd: number | null;
  error?: string;
  /** What failed: `http`, `overloaded`, `connection`, `idle_timeout`, `request_timeout`, `incomplete_stream`, `invalid_stream`, … */
  errorKind?: string;
  status?: number;
  willRetry?: boolean;
}

/** The wait before the next attempt, and what it was based on. */
export interface ModelRetryRecord extends Base {
  type: 'model_retry';
  turn: number;
  /** The attempt about to be made. */
  attempt: number;
  delayMs: number;
  /** `retry-after`: the API said how long (`retry-after-ms` or `retry-after`); `backoff`: our exponential backoff. */
  basis: 'retry-after' | 'backoff';
  /** The failure being retried, briefly, e.g. `HTTP 529` or `idle_timeout`. */
  after: string;
}

export interface AssistantRecord extends Base {
  type: 'assistant';
  turn: number;
  content: AssistantBlock[];
  stop_reason: StopReason;
  /**
   * Set when the response broke off after some of its tool calls had run: `content` holds the
   * blocks that finished streaming, and the conversation went on from them. Why it broke.
   */
  cut?: string;
}

export type ToolCallStatus = 'ok' | 'error' | 'denied' | 'cancelled';

export interface ToolCallRecord extends Base {
  type: 'tool_call';
  turn: number;
  toolUseId: string;
  tool: string;
  /** The input the call ran with (a PreToolUse hook's replacement, when there was one). */
  input: unknown;
  /** What the model asked for, when a PreToolUse hook replaced it. */
  modelInput?: unknown;
  /** When the call started (null: it never ran). */
  startedAt: string | null;
  decision: Decision | null;
  status: ToolCallStatus;
  /** Whether the call would change something or run a command (not read-only); absent when its input was invalid. */
  mutating?: boolean;
  category?: ErrorCategory;
  durationMs: number;
  resultChars: number;
  /** Where the full result went when it exceeded the tool's budget. */
  savedTo?: string;
  /** Where the tool kept its full output when the result shows less of it (noise removed, cut). */
  fullOutput?: string;
  summary?: string;
  filesChanged?: string[];
  /** An Agent call's subagent transcript, relative to the outbox (e.g. `agents/toolu_01.jsonl`). */
  transcript?: string;
  error?: string;
  /** A model request the tool made itself (WebFetch's extraction), counted in the run's usage and cost. */
  usage?: ToolModelUsage;
}

/** One run of a policy hook (hooks/): which, how it ended, what it came to; output trimmed and masked. */
export interface HookRecord extends Base, HookRun {
  type: 'hook';
}

export interface NoticeRecord extends Base {
  type: 'notice';
  level: 'info' | 'warning' | 'error';
  message: string;
}

/** Something the sandbox blocked (from its own record: proxy log, mount table), never guessed from output. */
/**
 * Where start-up time went: milliseconds from the process's start to the end of each step (the
 * entry's names: node, entry, modules, config, policy, request_sent, parser, git_snapshot,
 * sandbox, setup). Written just before run_end, when the steps that overlap the first request
 * have finished too.
 */
export interface StartupRecord extends Base {
  type: 'startup';
  marks: Record<string, number>;
}

export interface SandboxViolationRecord extends Base {
  type: 'sandbox_violation';
  kind: string;
  message: string;
  command: string;
}

/**
 * The outcome as recorded: a completed run's final text is not repeated here (it can be megabytes);
 * it is the text of the last assistant record.
 */
export type RecordedOutcome = Exclude<Outcome, { reason: 'completed' }> | { reason: 'completed' };

export function recordedOutcome(outcome: Outcome): RecordedOutcome {
  return outcome.reason === 'completed' ? { reason: 'completed' } : outcome;
}

export interface RunEndRecord extends Base {
  type: 'run_end';
  outcome: RecordedOutcome;
  verdict: Verdict;
  turns: number;
  durationMs: number;
  usage: Usage;
  costUsd: number | null;
  filesChanged: string[];
}

/** Fields a producer supplies; the writer adds seq and time. */
export type RecordInput<R extends TranscriptRecord = TranscriptRecord> = R extends TranscriptRecord ? Omit<R, 'seq' | 'time'> : never;
