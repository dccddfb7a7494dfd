/**
 * The sticky comment on a PR or issue: a "working" note within seconds of the start, progress as
 * the run goes, and the final report — always the same comment, found again on re-runs by a hidden
 * marker. Pure: the publisher decides when to post, this decides what it says.
 *
 * Whatever Warden did not write — the agent's report, tool names and inputs, file and branch
 * names, messages that quote them — goes through posted-text.ts: it renders as itself, never as a
 * mention, a reference, HTML, an image or a marker of Warden's.
 */
import type { RunResultJson } from '../outbox/index.js';
import { describeOutcome, describeVerdict } from './outcome-text.js';
import { mdCode, mdProse, mdText } from './posted-text.js';
import { listedName } from '../quoted-text.js';
import { renderTaskList, tasksDone, type Task } from './task-list.js';
import { encodeMemory, type RunMemory } from './run-memory.js';

/** GitHub refuses comment bodies over 65,536 characters; keep room for the frame. */
const MAX_BODY = 60_000;
const MAX_REPORT = 4_000;

export function stickyMarker(key: string): string {
  return `<!-- warden:sticky ${key.replace(/[^A-Za-z0-9:._/-]/g, '_')} -->`;
}

/** Whether a comment body is this key's sticky comment (the marker opens the body). */
export function isStickyFor(body: string, key: string): boolean {
  return body.startsWith(stickyMarker(key));
}

export interface RecentCall {
  tool: string;
  input: string;
  status: string;
}

export interface WorkingView {
  runUrl: string | undefined;
  what: string;
}

export interface ProgressView extends WorkingView {
  turn: number;
  maxTurns: number;
  recent: readonly RecentCall[];
  /** The agent's task list (TodoWrite), once it has written one. */
  tasks?: readonly Task[] | undefined;
}

/** How the outbox was delivered, for the last lines of the comment. */
export type Delivery =
  | { kind: 'none'; why: string }
  | { kind: 'pushed'; branch: string; sha: string }
  /** `note`: why it went this way when it is not the obvious one (not pushed to the PR's branch, a new branch name). */
  | { kind: 'pull_request'; url: string; branch: string; sha: string; updated: boolean; note?: string }
  | { kind: 'refused'; reasons: readonly string[] }
  | { kind: 'failed'; call: string; message: string };

export interface FinalView {
  runUrl: string | undefined;
  result: RunResultJson;
  summary: string;
  outbox: string;
  delivery: Delivery;
  review: { posted: number; skipped: number } | undefined;
  /** Kept, hidden, at the very end for a follow-up run (run-memory.ts); undefined: none. */
  memory?: RunMemory | undefined;
}

export function renderWorking(key: string, view: WorkingView): string {
  return frame(key, [`### Warden is working on ${view.what}`, '', `Started. ${runLink(view.runUrl, 'Follow the run')}`]);
}

export function renderProgress(key: string, view: ProgressView): string {
  const lines = [`### Warden is working on ${view.what}`, '', `Turn ${view.turn} of at most ${view.maxTurns}. ${runLink(view.runUrl, 'Follow the run')}`];
  if (view.tasks !== undefined) lines.push('', `**Task list** (${tasksDone(view.tasks)}):`, '', ...renderTaskList(view.tasks));
  if (view.recent.length > 0) {
    lines.push('', 'Latest tool calls:', '');
    for (const c of view.recent) lines.push(`- ${mdCode(c.tool)} ${mdCode(c.input)} — ${mdText(c.status)}`);
  }
  return frame(key, lines);
}

export function renderFinal(key: string, view: FinalView): string {
  const r = view.result;
  // The verdict says what the run did; a withheld patch is said beside it, not hidden in it.
  const withheld = r.patchWithheld === undefined ? '' : ' · patch withheld (it holds a secret)';
  const head = `### Warden: ${mdText(describeOutcome(r.outcome))} · ${describeVerdict(r.verdict, r.filesChanged.length)}${withheld}`;
  const cost = r.costUsd === null ? 'cost unknown' : `$${r.costUsd.toFixed(4)}`;
  const lines = [head, '', `${r.turns} turns · ${(r.durationMs / 1000).toFixed(1)} s · ${r.tokens.input + r.tokens.cacheRead + r.tokens.cacheWrite} input / ${r.tokens.output} output tokens · ${cost}. ${runLink(view.runUrl, 'The run')}`];
  if (r.outcome.reason === 'completed' && r.outcome.finalText.trim() !== '') lines.push('', mdProse(clip(r.outcome.finalText.trim(), MAX_REPORT)));
  lines.push('', ...deliveryLines(view.delivery, r.filesChanged));
  if (view.review !== undefined && view.review.posted + view.review.skipped > 0) {
    lines.push('', `Review: ${view.review.posted} comment(s) posted${view.review.skipped > 0 ? `, ${view.review.skipped} already posted before` : ''}.`);
  }
  if (r.denials.length > 0) {
    lines.push('', `**Denied (${r.denials.length}):**`, '');
    for (const d of r.denials.slice(0, 10)) lines.push(`- ${mdCode(d.tool)} ${mdCode(d.input)} — ${d.rule === null ? '' : `${mdCode(d.rule)}: `}${mdText(d.reason)}`);
    if (r.denials.length > 10) lines.push(`- … and ${r.denials.length - 10} more (see the summary)`);
  }
  lines.push('', `Outbox: ${mdCode(view.outbox)}`);
  const body = frame(key, lines);
  const memory = view.memory === undefined ? '' : `\n${encodeMemory(view.memory)}\n`;
  const room = MAX_BODY - body.length - memory.length - 100;
  if (room <= 0) return body + memory;
  // The summary is Warden's own rendering (renderSummary), safe line by line: cut at a line.
  return `${body}\n\n<details><summary>Full summary</summary>\n\n${clipLines(view.summary, room)}\n\n</details>\n${memory}`;
}

/** Never a silent run: what ended it (a crash, a cancelled job) and where the outbox is. */
export function renderInterrupted(key: string, view: { runUrl: string | undefined; what: string; reason: string; outbox: string }): string {
  return frame(key, [`### Warden stopped before finishing ${view.what}`, '', `${mdText(view.reason)}. ${runLink(view.runUrl, 'The run')}`, '', `Outbox (whatever was written): ${mdCode(view.outbox)}`]);
}

/** A run that did not start for a reason the people on the pull request must see (a stopped fix loop). */
export function renderNotStarted(key: string, view: { runUrl: string | undefined; what: string; reason: string }): string {
  return frame(key, [`### Warden did not start on ${view.what}`, '', `${mdText(view.reason)} ${runLink(view.runUrl, 'The run')}`]);
}

function deliveryLines(delivery: Delivery, files: readonly string[]): string[] {
  const changed = files.length === 0 ? [] : ['Changed:', '', ...files.slice(0, 30).map((f) => `- ${mdCode(listedName(f))}`), ...(files.length > 30 ? [`- … and ${files.length - 30} more`] : [])];
  switch (delivery.kind) {
    case 'none':
      return [...changed, ...(changed.length > 0 ? [''] : []), `Nothing was pushed: ${mdText(delivery.why)}.`];
    case 'pushed':
      return [...changed, '', `Pushed ${mdCode(delivery.sha.slice(0, 12))} to ${mdCode(delivery.branch)}.`];
    case 'pull_request':
      return [...changed, '', `${delivery.updated ? 'Updated' : 'Opened'} ${delivery.url} (${mdCode(delivery.branch)}, ${mdCode(delivery.sha.slice(0, 12))})${delivery.note === undefined ? '' : `: ${mdText(delivery.note)}`}.`];
    case 'refused':
      return [...changed, '', '**The changes were not delivered:**', '', ...delivery.reasons.map((r) => `- ${mdText(r)}`)];
    case 'failed':
      return [...changed, '', `**Delivery failed** at ${mdCode(delivery.call)}: ${mdText(delivery.message)}. The patch is in the outbox.`];
  }
}

function frame(key: string, lines: readonly string[]): string {
  return `${stickyMarker(key)}\n${lines.join('\n')}\n`;
}

function runLink(url: string | undefined, text: string): string {
  return url === undefined ? '' : `[${text}](${url}).`;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** At most `max` characters, cut at the end of a line. */
function clipLines(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf('\n', max);
  return `${text.slice(0, Math.max(0, cut))}\n\n…`;
}
