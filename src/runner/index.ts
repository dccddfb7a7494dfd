/** The runner's front door: one run (runTask), its model clients, outcome and transcript vocabulary. */
export { runTask, exitCodeFor, type RunTaskInput, type RunTaskResult } from './run-task.js';
export type { QueryEvent } from './query.js';
export type { Outcome } from './outcome.js';
export { verdictOf, type Verdict } from './verdict.js';
export { costUsd } from './pricing.js';
export { createAnthropicClient, type AnthropicClientOptions } from './anthropic-client.js';
export { connectProvider, type ProviderClients } from './provider-clients.js';
export { createReplayClient } from './replay-client.js';
export type { ModelClient } from './model-client.js';
export { parseScenario, ScenarioError, type ScenarioTurn } from './scenario.js';
export type { Usage } from './messages.js';
export { readTranscript } from './transcript-read.js';
export type {
  AssistantRecord,
  ModelRequestRecord,
  ModelRetryRecord,
  HookRecord,
  NoticeRecord,
  RecordedOutcome,
  RunEndRecord,
  RunStartRecord,
  SandboxViolationRecord,
  ToolCallRecord,
  TranscriptRecord,
} from './transcript-records.js';
export type { StructuredOutputSpec } from './structured-output.js';
export { createWebExtractor } from './web-extract.js';
export type { ServerToolDefinition } from './model-client.js';
