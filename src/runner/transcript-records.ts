import type { Decision } from '../policy/index.js';
import type { Outcome } from './outcome.js';
import type { ErrorCategory } from '../tools/index.js';
import type { AssistantBlock, StopReason, Usage } from './messages.js';
import type { Verdict } from './verdict.js';

/** One line of the JSONL transcript. The union is the whole vocabulary of a run. */
export type TranscriptRecord =
  | RunStartRecord
  | ModelRequestRecord
  | AssistantRecord
  | ToolCallRecord
  | NoticeRecord
  | SandboxViolationRecord
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
  };
}

export interface ModelRequestRecord extends Base {
  type: 'model_request';
  turn: number;
  model: string;
  durationMs: number;
  stopReason: StopReason | null;
  usage: Usage;
  costUsd: number | null;
  error?: string;
  willRetry?: boolean;
}

export interface AssistantRecord extends Base {
  type: 'assistant';
  turn: number;
  content: AssistantBlock[];
  stop_reason: StopReason;
}

export type ToolCallStatus = 'ok' | 'error' | 'denied' | 'cancelled';

export interface ToolCallRecord extends Base {
  type: 'tool_call';
  turn: number;
  toolUseId: string;
  tool: string;
  input: unknown;
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
  summary?: string;
  filesChanged?: string[];
  error?: string;
}

export interface NoticeRecord extends Base {
  type: 'notice';
  level: 'info' | 'warning' | 'error';
  message: string;
}

/** Something the sandbox blocked (from its own record: proxy log, mount table), never guessed from output. */
export interface SandboxViolationRecord extends Base {
  type: 'sandbox_violation';
  kind: string;
  message: string;
  command: string;
}

export interface RunEndRecord extends Base {
  type: 'run_end';
  outcome: Outcome;
  verdict: Verdict;
  turns: number;
  durationMs: number;
  usage: Usage;
  costUsd: number | null;
  filesChanged: string[];
}

/** Fields a producer supplies; the writer adds seq and time. */
export type RecordInput<R extends TranscriptRecord = TranscriptRecord> = R extends TranscriptRecord ? Omit<R, 'seq' | 'time'> : never;
