/**
 * Claude Code's hook protocol, read strictly: what a hook's exit code and stdout mean for each
 * event. Pure: the runner (hook-runner.ts) runs the hook and acts on the answer.
 *
 * PreToolUse fails closed: a hook that times out, exits with anything but 0 or 2, or prints
 * anything but nothing or one JSON object of the known shape denies the call. A hook may deny
 * or replace the input; its "allow" never decides a call (the policy always judges it).
 * PostToolUse and Stop run after the fact: their failures are recorded and change nothing.
 */
import { z } from 'zod';
import type { HookEvent } from '../policy/index.js';
import type { HookOutput } from './hook-shell.js';

/** What one hook run came to, for the transcript and the caller. */
export type HookAnswer =
  | { outcome: 'none' }
  | { outcome: 'allow'; context?: string }
  | { outcome: 'deny'; reason: string; stop?: string }
  | { outcome: 'replace'; input: Record<string, unknown>; context?: string }
  | { outcome: 'context'; context: string; stop?: string }
  | { outcome: 'stop'; stop: string }
  /** Stop: send the agent back to work with this reason. */
  | { outcome: 'block'; reason: string }
  /** PostToolUse / Stop: the hook failed; recorded, nothing changes. */
  | { outcome: 'error'; reason: string };

/** How the hook process ended, as the wrapper reports it. */
export type HookEnd =
  | { kind: 'exited'; output: HookOutput }
  | { kind: 'timed_out'; seconds: number }
  | { kind: 'unreadable'; why: string };

const common = {
  continue: z.boolean().optional(),
  stopReason: z.string().optional(),
  suppressOutput: z.boolean().optional(),
  systemMessage: z.string().optional(),
};

const PreOutput = z.strictObject({
  ...common,
  // Deprecated in Claude Code for PreToolUse, still honoured there.
  decision: z.enum(['approve', 'block']).optional(),
  reason: z.string().optional(),
  hookSpecificOutput: z
    .strictObject({
      hookEventName: z.literal('PreToolUse'),
      permissionDecision: z.enum(['allow', 'deny', 'ask', 'defer']).optional(),
      permissionDecisionReason: z.string().optional(),
      updatedInput: z.record(z.string(), z.unknown()).optional(),
      additionalContext: z.string().optional(),
    })
    .optional(),
});

const StopOutput = z.strictObject({
  ...common,
  decision: z.literal('block').optional(),
  reason: z.string().optional(),
});

const PostOutput = StopOutput.extend({
  hookSpecificOutput: z
    .strictObject({
      hookEventName: z.literal('PostToolUse'),
      additionalContext: z.string().optional(),
    })
    .optional(),
});

/** The text of a failure for a person and the model: what the hook did, briefly. */
function failure(end: HookEnd): string | null {
  switch (end.kind) {
    case 'timed_out':
      return `the hook timed out after ${end.seconds} s`;
    case 'unreadable':
      return `the hook's result could not be read (${end.why})`;
    case 'exited': {
      const { exitCode, stderr } = end.output;
      if (exitCode === 0 || exitCode === 2) return null;
      const said = stderr.trim();
      return `the hook failed with exit code ${exitCode}${said === '' ? '' : `: ${said.slice(0, 500)}`}`;
    }
  }
}

type Parsed<T> = { ok: true; value: T | null } | { ok: false; why: string };

/** Empty stdout: no opinion. Otherwise one JSON object the schema accepts. */
function parseJson<T>(stdout: string, schema: z.ZodType<T>): Parsed<T> {
  const text = stdout.trim();
  if (text === '') return { ok: true, value: null };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, why: `its output is not JSON: ${JSON.stringify(text.slice(0, 200))}` };
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.length > 0 ? i.path.join('.') : '(output)'}: ${i.message}`);
  return { ok: false, why: `its JSON output is not a hook answer (${issues.join('; ')})` };
}

/** Exit 2's stderr, or a word when it said nothing. */
function stderrReason(output: HookOutput): string {
  const said = output.stderr.trim();
  return said === '' ? 'the hook exited with code 2 and gave no reason' : said;
}

function preToolUseAnswer(end: HookEnd): HookAnswer {
  const failed = failure(end);
  if (failed !== null || end.kind !== 'exited') return { outcome: 'deny', reason: failed ?? 'the hook did not finish' };
  const { output } = end;
  // Exit 2 blocks whatever the JSON says (Claude Code: JSON cannot turn exit 2 into an allow).
  if (output.exitCode === 2) return { outcome: 'deny', reason: stderrReason(output) };
  const parsed = parseJson(output.stdout, PreOutput);
  if (!parsed.ok) return { outcome: 'deny', reason: `${parsed.why}; a PreToolUse hook must print nothing or one JSON object (logs go to stderr)` };
  const answer = parsed.value;
  if (answer === null) return { outcome: 'none' };
  const specific = answer.hookSpecificOutput;
  const stop = answer.continue === false ? (answer.stopReason ?? 'a PreToolUse hook stopped the run') : undefined;
  const context = specific?.additionalContext;
  const reason = specific?.permissionDecisionReason ?? answer.reason;
  const decision = specific?.permissionDecision ?? (answer.decision === 'block' ? 'deny' : answer.decision === 'approve' ? 'allow' : undefined);
  if (stop !== undefined) return { outcome: 'deny', reason: reason ?? stop, stop };
  switch (decision) {
    case 'deny':
      return { outcome: 'deny', reason: reason ?? 'denied by the hook (no reason given)' };
    // Nobody can answer a question in CI, and a deferred call has no one to resume it.
    case 'ask':
    case 'defer':
      return { outcome: 'deny', reason: `the hook asked for a person's decision ("${decision}"), and there is no one to ask in CI${reason === undefined ? '' : `: ${reason}`}` };
    case 'allow':
    case undefined:
      if (specific?.updatedInput !== undefined) return { outcome: 'replace', input: specific.updatedInput, ...(context === undefined ? {} : { context }) };
      if (decision === 'allow') return { outcome: 'allow', ...(context === undefined ? {} : { context }) };
      return context === undefined ? { outcome: 'none' } : { outcome: 'context', context };
  }
}

/**
 * PostToolUse and Stop run after the fact: a failure is recorded, exit 2 is `onExit2` of its stderr,
 * and plain text on stdout is a log line, as in Claude Code; only a JSON object is an answer.
 */
function jsonAnswer<T>(end: HookEnd, schema: z.ZodType<T>, onExit2: (said: string) => HookAnswer, then: (answer: T) => HookAnswer): HookAnswer {
  const failed = failure(end);
  if (failed !== null || end.kind !== 'exited') return { outcome: 'error', reason: failed ?? 'the hook did not finish' };
  if (end.output.exitCode === 2) return onExit2(stderrReason(end.output));
  if (!end.output.stdout.trim().startsWith('{')) return { outcome: 'none' };
  const parsed = parseJson(end.output.stdout, schema);
  if (!parsed.ok) return { outcome: 'error', reason: parsed.why };
  return parsed.value === null ? { outcome: 'none' } : then(parsed.value);
}

function postToolUseAnswer(end: HookEnd): HookAnswer {
  // The tool has already run: exit 2 shows stderr to the model.
  return jsonAnswer(end, PostOutput, (said) => ({ outcome: 'context', context: said }), (answer) => {
    const texts = [answer.decision === 'block' ? (answer.reason ?? 'the hook objected (no reason given)') : undefined, answer.hookSpecificOutput?.additionalContext].filter((t): t is string => t !== undefined && t !== '');
    const stop = answer.continue === false ? (answer.stopReason ?? 'a PostToolUse hook stopped the run') : undefined;
    if (texts.length > 0) return { outcome: 'context', context: texts.join('\n'), ...(stop === undefined ? {} : { stop }) };
    return stop === undefined ? { outcome: 'none' } : { outcome: 'stop', stop };
  });
}

function stopAnswer(end: HookEnd): HookAnswer {
  return jsonAnswer(end, StopOutput, (said) => ({ outcome: 'block', reason: said }), (answer) => {
    if (answer.continue === false) return { outcome: 'stop', stop: answer.stopReason ?? 'a Stop hook ended the run' };
    if (answer.decision !== 'block') return { outcome: 'none' };
    // Claude Code requires the reason: it is what the agent is told to do.
    if (answer.reason === undefined || answer.reason.trim() === '') return { outcome: 'error', reason: 'decision "block" without a reason' };
    return { outcome: 'block', reason: answer.reason };
  });
}

export function answerFor(event: HookEvent, end: HookEnd): HookAnswer {
  switch (event) {
    case 'PreToolUse':
      return preToolUseAnswer(end);
    case 'PostToolUse':
      return postToolUseAnswer(end);
    case 'Stop':
      return stopAnswer(end);
  }
}
