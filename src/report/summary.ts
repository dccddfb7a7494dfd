import type { AssistantRecord, ModelRetryRecord, NoticeRecord, RunEndRecord, RunStartRecord, SandboxViolationRecord, ToolCallRecord, TranscriptRecord } from '../runner/index.js';
import { describeOutcome, describeVerdict } from './outcome-text.js';
import { mdCode, mdProse, mdText, oneLine } from './posted-text.js';
import { listedName } from '../quoted-text.js';
import { latestTasks, renderTaskList, tasksDone } from './task-list.js';

const MAX_CALLS_LISTED = 60;
const MAX_TEXT = 3_000;

/**
 * Renders a transcript as the Markdown summary a person reads (job summary, PR comment). Every
 * text from the agent, a tool, a file name or the task goes through posted-text.ts.
 */
export function renderSummary(records: readonly TranscriptRecord[]): string {
  const start = records.find((r): r is RunStartRecord => r.type === 'run_start');
  const end = records.findLast((r): r is RunEndRecord => r.type === 'run_end');
  const calls = records.filter((r): r is ToolCallRecord => r.type === 'tool_call');
  const notices = records.filter((r): r is NoticeRecord => r.type === 'notice' && r.level !== 'info');
  const lastText = records.findLast((r): r is AssistantRecord => r.type === 'assistant' && r.content.some((b) => b.type === 'text'));
  const lastAssistant = records.findLast((r): r is AssistantRecord => r.type === 'assistant');
  const retries = records.filter((r): r is ModelRetryRecord => r.type === 'model_retry');

  const lines: string[] = [];
  const headline = end ? `${mdText(describeOutcome(end.outcome))} · verdict: ${describeVerdict(end.verdict, end.filesChanged.length)}` : 'did not finish (no run_end record)';
  lines.push(`## Warden run: ${headline}`, '');
  if (start) lines.push(...quote(`**Task:**\n\n${mdProse(clip(start.task, 1_000))}`), '');
  if (end) {
    lines.push('| outcome | verdict | turns | duration | input tokens | output tokens | cache read | cache write | cost |');
    lines.push('|---|---|---|---|---|---|---|---|---|');
    const u = end.usage;
    const cost = end.costUsd === null ? 'n/a' : `$${end.costUsd.toFixed(4)}`;
    lines.push(`| ${mdText(end.outcome.reason)} | ${end.verdict} | ${end.turns} | ${(end.durationMs / 1000).toFixed(1)} s | ${u.inputTokens} | ${u.outputTokens} | ${u.cacheReadTokens} | ${u.cacheWriteTokens} | ${cost} |`, '');
  }
  if (start) lines.push(`Model ${mdCode(start.config.model)}, permissions: ${mdText(start.config.permissions)}, commands run: ${mdText(start.config.processRunner)}.`, '');

  if (notices.length > 0 || retries.length > 0) {
    lines.push('### Warnings', '');
    for (const n of notices) lines.push(`- **${mdText(n.level)}:** ${mdText(n.message)}`);
    if (retries.length > 0) lines.push(`- **model API:** ${describeRetries(retries)}`);
    lines.push('');
  }

  // The final text is recorded once, in the last assistant record (not again in run_end).
  const finalText = textOf(end?.outcome.reason === 'completed' ? lastAssistant : lastText);
  if (finalText !== undefined && finalText.trim() !== '') {
    lines.push(end?.outcome.reason === 'completed' ? '### Agent report' : '### Last message from the agent', '', mdProse(clip(finalText.trim(), MAX_TEXT)), '');
  }

  const tasks = latestTasks(calls);
  if (tasks !== undefined) lines.push(`### Task list (${tasksDone(tasks)})`, '', ...renderTaskList(tasks), '');

  const agents = calls.filter((c) => c.tool === 'Agent');
  if (agents.length > 0) {
    lines.push(`### Subagents (${agents.length})`, '', '| agent | task | how it went | transcript |', '|---|---|---|---|');
    for (const a of agents) {
      const input = (a.input ?? {}) as { subagent_type?: unknown; description?: unknown };
      const type = typeof input.subagent_type === 'string' ? input.subagent_type : 'general-purpose';
      lines.push(`| ${mdText(type)} | ${mdText(typeof input.description === 'string' ? clip(oneLine(input.description), 200) : '')} | ${mdText(clip(oneLine(a.summary ?? a.error ?? a.status), 200))} | ${a.transcript === undefined ? '' : mdCode(a.transcript)} |`);
    }
    lines.push('');
  }

  const files = end?.filesChanged ?? [...new Set(calls.flatMap((c) => c.filesChanged ?? []))];
  lines.push('### Files changed', '');
  lines.push(...(files.length === 0 ? ['None.'] : files.map((f) => `- ${mdCode(listedName(f))}`)), '');

  const denials = calls.filter((c) => c.status === 'denied');
  if (denials.length > 0) {
    lines.push(`### Denied tool calls (${denials.length})`, '', '| tool | input | rule | reason |', '|---|---|---|---|');
    for (const d of denials) {
      lines.push(`| ${mdText(d.tool)} | ${mdText(describeInput(d.tool, d.input))} | ${mdText(d.decision?.rule ?? '(default)')} | ${mdText(d.decision?.reason ?? '')} |`);
    }
    lines.push('');
  }

  const blocked = records.filter((r): r is SandboxViolationRecord => r.type === 'sandbox_violation');
  if (blocked.length > 0) {
    lines.push(`### Blocked by the sandbox (${blocked.length})`, '', '| kind | what | command |', '|---|---|---|');
    for (const b of blocked) lines.push(`| ${mdText(b.kind)} | ${mdText(b.message)} | ${mdText(clip(b.command, 200))} |`);
    lines.push('');
  }

  lines.push(`### Tool calls (${calls.length})`, '');
  if (calls.length > 0) {
    lines.push(...countsByTool(calls), '');
    lines.push('<details><summary>Every call</summary>', '');
    for (const c of calls.slice(0, MAX_CALLS_LISTED)) {
      const mark = c.status === 'ok' ? 'ok' : c.status === 'denied' ? 'DENIED' : c.status === 'cancelled' ? 'cancelled' : `error (${c.category ?? 'failed'})`;
      lines.push(`- ${mdCode(c.tool)} ${mdCode(describeInput(c.tool, c.input))} — ${mdText(mark)}, ${Math.round(c.durationMs)} ms`);
    }
    if (calls.length > MAX_CALLS_LISTED) lines.push(`… and ${calls.length - MAX_CALLS_LISTED} more (see the transcript).`);
    lines.push('', '</details>', '');
  }
  return lines.join('\n');
}

function textOf(record: AssistantRecord | undefined): string | undefined {
  return record?.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
}

/** A completed run's final text: that of its last assistant record (run_end does not repeat it). */
export function finalTextOf(records: readonly TranscriptRecord[]): string {
  return textOf(records.findLast((r): r is AssistantRecord => r.type === 'assistant')) ?? '';
}

/** e.g. "3 retries (HTTP 529 ×2, idle_timeout ×1), 4.5 s waiting". */
function describeRetries(retries: readonly ModelRetryRecord[]): string {
  const counts = new Map<string, number>();
  for (const r of retries) counts.set(r.after, (counts.get(r.after) ?? 0) + 1);
  const kinds = [...counts].map(([after, n]) => `${after} ×${n}`).join(', ');
  const waited = retries.reduce((ms, r) => ms + r.delayMs, 0) / 1000;
  return `${retries.length} ${retries.length === 1 ? 'retry' : 'retries'} (${kinds}), ${waited.toFixed(1)} s waiting`;
}

function countsByTool(calls: readonly ToolCallRecord[]): string[] {
  const counts = new Map<string, { total: number; errors: number; denied: number }>();
  for (const c of calls) {
    const entry = counts.get(c.tool) ?? { total: 0, errors: 0, denied: 0 };
    entry.total += 1;
    if (c.status === 'denied') entry.denied += 1;
    else if (c.status !== 'ok') entry.errors += 1;
    counts.set(c.tool, entry);
  }
  const rows = ['| tool | calls | errors | denied |', '|---|---|---|---|'];
  for (const [tool, n] of [...counts].sort((a, b) => a[0].localeCompare(b[0]))) rows.push(`| ${mdText(tool)} | ${n.total} | ${n.errors} | ${n.denied} |`);
  return rows;
}

/** The one field of a tool input a person needs to recognise the call. */
export function describeInput(tool: string, input: unknown): string {
  if (typeof input !== 'object' || input === null) return JSON.stringify(input) ?? '';
  const fields = input as Record<string, unknown>;
  if (tool === 'TodoWrite' && Array.isArray(fields.todos)) return `${fields.todos.length} task${fields.todos.length === 1 ? '' : 's'}`;
  const key = ['command', 'file_path', 'pattern', 'url', 'path', 'description'].find((k) => typeof fields[k] === 'string');
  const text = key !== undefined ? String(fields[key]) : JSON.stringify(input);
  return clip(oneLine(text), 200);
}

function quote(text: string): string[] {
  return text.split('\n').map((l) => `> ${l}`);
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
