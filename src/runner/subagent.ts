import { join } from 'node:path';
import type { Redactor } from '../log/index.js';
import { OUTBOX_AGENTS_DIR } from '../outbox/index.js';
import type { AnyTool } from '../tools/index.js';
import { VERSION } from '../version.js';
import type { ToolUseBlock } from './messages.js';
import { ZERO_USAGE } from './messages.js';
import type { Outcome } from './outcome.js';
import { QueryEngine } from './query-engine.js';
import type { QueryEngineOptions, ToolSet } from './query-engine.js';
import type { RunLedger } from './run-ledger.js';
import { abortReason } from './run-stop.js';
import { TranscriptWriter } from './transcript.js';
import { recordedOutcome } from './transcript-records.js';
import type { ToolCallRecord } from './transcript-records.js';
import { verdictOf } from './verdict.js';

/** A kind of subagent, its tools already narrowed to the run's (agent-types.ts). */
export interface AgentType {
  name: string;
  description: string;
  /** Its own instructions, added to its system prompt (a policy agent's `prompt`). */
  prompt: string | undefined;
  /** A subset of the run's tools, in the run's order; never the Agent tool. */
  tools: readonly AnyTool[];
  /** How the Agent tool's description names them. */
  toolsText: string;
  maxTurns: number;
  /** Every tool only reads: such agents run at the same time as each other. */
  readOnly: boolean;
}

/** What every subagent of the run shares with the main loop: model, policy, sandbox, budgets. */
export interface SubagentDeps {
  engine: Omit<QueryEngineOptions, 'tools' | 'system' | 'transcript' | 'maxTurns' | 'ledger' | 'maxCostUsd'>;
  ledger: RunLedger;
  /** The run's tools as offered to the main agent (the Agent tool is not among them). */
  tools: ToolSet;
  /** The system prompt for a subagent with these tools and this role. */
  system: (toolNames: string[], role: string) => string;
  /** Where each subagent's transcript is written: the outbox's agents/ folder. */
  transcriptDir: string;
  redact: Redactor;
}

export interface SubagentResult {
  outcome: Outcome;
  /** The agent's last words: its report when it completed. */
  lastText: string;
  turns: number;
  calls: number;
  denied: number;
  filesChanged: string[];
  /** Relative to the outbox. */
  transcript: string;
  costUsd: number;
}

/**
 * Runs one subagent to the end: a fresh conversation through the same QueryEngine and query loop
 * as the main agent, with its own transcript, its own turn limit and the run's shared ledger. Its
 * tools are judged by the same decider and its commands run in the same sandbox.
 */
export async function runSubagent(deps: SubagentDeps, type: AgentType, call: { id: string; description: string; prompt: string; signal: AbortSignal }): Promise<SubagentResult> {
  const file = `${call.id.replace(/[^A-Za-z0-9_-]/g, '_')}.jsonl`;
  const transcript = new TranscriptWriter(join(deps.transcriptDir, file), deps.redact);
  const names = type.tools.map((t) => t.name);
  const allowed = new Set(names);
  const tools: ToolSet = {
    get: (name) => (allowed.has(name) ? deps.tools.get(name) : undefined),
    list: () => type.tools,
    definitions: () => deps.tools.definitions().filter((d) => allowed.has(d.name)),
  };
  transcript.append({
    type: 'run_start',
    task: call.prompt,
    config: { version: VERSION, model: deps.engine.model.model, cwd: deps.engine.cwd, maxTurns: type.maxTurns, permissions: deps.engine.decider.description, processRunner: deps.engine.processRunner.kind, tools: names, agent: type.name, description: call.description },
  });
  const engine = new QueryEngine({
    ...deps.engine,
    tools,
    system: deps.redact(deps.system(names, role(type))),
    transcript,
    maxTurns: type.maxTurns,
    ledger: deps.ledger,
  });
  // The run's stop (a signal, its wall clock, a failed sibling) stops the subagent with the same reason.
  const onAbort = (): void => engine.abort(abortReason(call.signal.reason, 'the run was stopped'));
  if (call.signal.aborted) onAbort();
  else call.signal.addEventListener('abort', onAbort, { once: true });
  const started = performance.now();
  const records: Pick<ToolCallRecord, 'status' | 'mutating'>[] = [];
  let costUsd = 0;
  let outcome: Outcome;
  let turns = 0;
  try {
    const run = engine.submitMessage(call.prompt);
    for (;;) {
      const step = await run.next();
      if (step.done === true) {
        outcome = step.value.outcome;
        turns = step.value.turns;
        break;
      }
      const event = step.value;
      if (event.type === 'model_response') costUsd += event.costUsd ?? 0;
      if (event.type === 'tool_result') records.push(event.outcome.record);
    }
  } catch (err) {
    outcome = { reason: 'aborted', why: `internal error: ${err instanceof Error ? err.message : String(err)}` };
  } finally {
    call.signal.removeEventListener('abort', onAbort);
  }
  const filesChanged = engine.filesChanged;
  transcript.append({ type: 'run_end', outcome: recordedOutcome(outcome), verdict: verdictOf(filesChanged, records), turns, durationMs: Math.round(performance.now() - started), usage: engine.usage ?? ZERO_USAGE, costUsd, filesChanged });
  transcript.close();
  return {
    outcome,
    lastText: outcome.reason === 'completed' ? outcome.finalText : lastText(engine),
    turns,
    calls: records.length,
    denied: records.filter((r) => r.status === 'denied').length,
    filesChanged,
    transcript: `${OUTBOX_AGENTS_DIR}/${file}`,
    costUsd,
  };
}

function role(type: AgentType): string {
  const own = type.prompt === undefined ? '' : `\n\nYour role, as the repository's policy defines the "${type.name}" agent:\n${type.prompt}`;
  return `You are a subagent of this run: another agent gave you the task in the user message, and it sees nothing of your work but your final message. Do the task with the tools you have, then end with a complete, self-contained report of what you found or did (name files and lines where it helps) and what you could not do. You cannot start other agents.${own}`;
}

function lastText(engine: QueryEngine): string {
  const last = engine.messages.findLast((m) => m.role === 'assistant');
  if (last === undefined || typeof last.content === 'string') return '';
  return last.content.map((b) => (b.type === 'text' ? b.text : '')).join('').trim() || describeCalls(last.content.filter((b): b is ToolUseBlock => b.type === 'tool_use'));
}

function describeCalls(calls: readonly ToolUseBlock[]): string {
  return calls.length === 0 ? '' : `(it was calling ${calls.map((c) => c.name).join(', ')})`;
}
