/**
 * Runs the policy's hooks at the three points of the loop, in the sandbox, through the same seam
 * as the agent's commands (ProcessRunner.run), in the workspace, with their timeout. Matching
 * hooks run one after another in the policy's order; each run is reported (`record`) for the
 * transcript, its output trimmed and masked.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { hookMatches, type HookCommand, type HookEvent, type HookGroup, type HooksConfig } from '../policy/index.js';
import type { CommandRequest, CommandResult } from '../sandbox/index.js';
import { answerFor, type HookAnswer, type HookEnd } from './hook-protocol.js';
import { errorMessage } from '../error-text.js';
import { HOOK_WRAPPER_OUTPUT_CHARS, hookShellCommand, readHookOutput } from './hook-shell.js';

/** One hook run, as the transcript keeps it. */
export interface HookRun {
  event: HookEvent;
  matcher: string;
  command: string;
  tool?: string;
  toolUseId?: string;
  exitCode: number | null;
  timedOut: boolean;
  durationMs: number;
  outcome: HookAnswer['outcome'];
  /** The reason, context or stop text the hook gave (trimmed). */
  detail?: string;
  stdout?: string;
  stderr?: string;
}

export interface HookDeps {
  config: HooksConfig;
  run: (request: CommandRequest) => Promise<CommandResult>;
  cwd: string;
  sessionId: string;
  transcriptPath: string;
  permissionMode: string;
  /** Masks secret values in what hooks print before anyone sees it. */
  mask: (text: string) => string;
  record: (run: HookRun) => void;
  /** Ends the run (a hook's `continue: false`). */
  stopRun: (why: string) => void;
  now: () => number;
  nonce?: () => string;
}

export interface HookToolCall {
  tool: string;
  toolUseId: string;
  input: unknown;
}

export type PreToolVerdict =
  | { kind: 'proceed'; input?: Record<string, unknown>; context: string[] }
  | { kind: 'deny'; reason: string; command: string };

/** The longest text a hook adds for the model (Claude Code spills longer context to a file). */
const MAX_CONTEXT_CHARS = 10_000;
const RECORDED_CHARS = 1_000;

export interface Hooks {
  /** Whether a PreToolUse hook runs for this tool (it may replace the input: the call then runs alone). */
  hasPreToolUse(tool: string): boolean;
  preToolUse(call: HookToolCall, signal: AbortSignal): Promise<PreToolVerdict>;
  /** Texts for the model after the tool's result. */
  postToolUse(call: HookToolCall & { response: unknown; durationMs: number }, signal: AbortSignal): Promise<string[]>;
  /** A message sending the agent back to work, or undefined: the run ends. */
  stop(lastMessage: string, signal: AbortSignal): Promise<string | undefined>;
}

export function createHooks(deps: HookDeps): Hooks {
  let continuations = 0;
  const nonce = deps.nonce ?? (() => randomBytes(16).toString('hex'));
  const matching = (groups: HookGroup[], tool: string | undefined): { matcher: string; hook: HookCommand }[] =>
    groups.filter((g) => tool === undefined || hookMatches(g.matcher, tool)).flatMap((g) => g.hooks.map((hook) => ({ matcher: g.matcher, hook })));

  async function runOne(event: HookEvent, matcher: string, hook: HookCommand, input: Record<string, unknown>, call: HookToolCall | undefined, signal: AbortSignal): Promise<HookAnswer> {
    const started = deps.now();
    const n = nonce();
    const env: Record<string, string> = { CLAUDE_PROJECT_DIR: deps.cwd, WARDEN_HOOK_EVENT: event };
    const file = filePathOf(call?.input, deps.cwd);
    if (file !== undefined) env.WARDEN_HOOK_FILE = file;
    const payload = JSON.stringify({ session_id: deps.sessionId, transcript_path: deps.transcriptPath, cwd: deps.cwd, permission_mode: deps.permissionMode, hook_event_name: event, ...input });
    let end: HookEnd;
    let result: CommandResult | undefined;
    try {
      result = await deps.run({ command: hookShellCommand({ command: hook.command, input: payload, env, nonce: n }), cwd: deps.cwd, timeoutMs: hook.timeoutMs, signal, maxOutputChars: HOOK_WRAPPER_OUTPUT_CHARS });
      const output = readHookOutput(result.output, n);
      end = result.timedOut
        ? { kind: 'timed_out', seconds: hook.timeoutMs / 1000 }
        : result.aborted
          ? { kind: 'unreadable', why: 'the run was cancelled while it ran' }
          : output === null
            ? { kind: 'unreadable', why: describeMissing(result, deps.mask) }
            : { kind: 'exited', output };
    } catch (error) {
      end = { kind: 'unreadable', why: `it could not be started: ${errorMessage(error)}` };
    }
    const answer = answerFor(event, end);
    const output = end.kind === 'exited' ? end.output : undefined;
    deps.record({
      event,
      matcher,
      command: hook.command,
      ...(call === undefined ? {} : { tool: call.tool, toolUseId: call.toolUseId }),
      exitCode: output?.exitCode ?? result?.exitCode ?? null,
      timedOut: end.kind === 'timed_out',
      durationMs: Math.round(deps.now() - started),
      outcome: answer.outcome,
      ...detailOf(answer, deps.mask),
      ...(output === undefined || output.stdout === '' ? {} : { stdout: trim(deps.mask(output.stdout), RECORDED_CHARS) }),
      ...(output === undefined || output.stderr === '' ? {} : { stderr: trim(deps.mask(output.stderr), RECORDED_CHARS) }),
    });
    return answer;
  }

  return {
    hasPreToolUse: (tool) => matching(deps.config.PreToolUse, tool).length > 0,

    async preToolUse(call, signal) {
      let input: Record<string, unknown> | undefined;
      const context: string[] = [];
      for (const { matcher, hook } of matching(deps.config.PreToolUse, call.tool)) {
        const current = { ...call, input: input ?? call.input };
        const answer = await runOne('PreToolUse', matcher, hook, { tool_name: call.tool, tool_input: current.input, tool_use_id: call.toolUseId }, current, signal);
        if (answer.outcome === 'deny') {
          if (answer.stop !== undefined) deps.stopRun(`a PreToolUse hook (${hook.command}) stopped the run: ${answer.stop}`);
          return { kind: 'deny', reason: deps.mask(answer.reason), command: hook.command };
        }
        if (answer.outcome === 'replace') input = answer.input;
        if ('context' in answer && answer.context !== undefined) context.push(contextText(answer.context, hook.command, deps.mask));
      }
      return { kind: 'proceed', ...(input === undefined ? {} : { input }), context };
    },

    async postToolUse(call, signal) {
      const texts: string[] = [];
      for (const { matcher, hook } of matching(deps.config.PostToolUse, call.tool)) {
        const answer = await runOne('PostToolUse', matcher, hook, { tool_name: call.tool, tool_input: call.input, tool_response: call.response, tool_use_id: call.toolUseId, duration_ms: Math.round(call.durationMs) }, call, signal);
        if (answer.outcome === 'context') texts.push(contextText(answer.context, hook.command, deps.mask));
        const stop = answer.outcome === 'context' || answer.outcome === 'stop' ? answer.stop : undefined;
        if (stop !== undefined) {
          deps.stopRun(`a PostToolUse hook (${hook.command}) stopped the run: ${deps.mask(stop)}`);
          break;
        }
      }
      return texts;
    },

    async stop(lastMessage, signal) {
      const active = continuations > 0;
      for (const { matcher, hook } of matching(deps.config.Stop, undefined)) {
        const answer = await runOne('Stop', matcher, hook, { stop_hook_active: active, last_assistant_message: lastMessage }, undefined, signal);
        if (answer.outcome === 'stop') return undefined;
        // Bounded: a hook that always objects cannot keep a CI job going.
        if (answer.outcome === 'block' && continuations < deps.config.maxStopContinuations) {
          continuations += 1;
          return `A Stop hook (\`${hook.command}\`) sent you back to work before finishing:\n${trim(deps.mask(answer.reason), MAX_CONTEXT_CHARS)}`;
        }
      }
      return undefined;
    },
  };
}

/** The file an Edit, Write or Read call names, absolute: `$WARDEN_HOOK_FILE`. */
function filePathOf(input: unknown, cwd: string): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const file = (input as { file_path?: unknown }).file_path;
  return typeof file === 'string' && file !== '' && !file.includes('\0') ? path.resolve(cwd, file) : undefined;
}

function contextText(text: string, command: string, mask: (t: string) => string): string {
  return `<hook-context command=${JSON.stringify(command)}>\n${trim(mask(text), MAX_CONTEXT_CHARS)}\n</hook-context>`;
}

function detailOf(answer: HookAnswer, mask: (t: string) => string): { detail?: string } {
  const text = answer.outcome === 'deny' || answer.outcome === 'block' || answer.outcome === 'error' ? answer.reason : answer.outcome === 'context' ? answer.context : answer.outcome === 'stop' ? answer.stop : undefined;
  return text === undefined ? {} : { detail: trim(mask(text), RECORDED_CHARS) };
}

function describeMissing(result: CommandResult, mask: (t: string) => string): string {
  const head = result.output.trim().split('\n')[0] ?? '';
  return `exit code ${result.exitCode ?? `signal ${result.signal ?? '?'}`}${result.droppedChars > 0 ? ', output too long' : ''}${head === '' ? '' : `: ${trim(mask(head), 200)}`}`;
}

function trim(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… [${text.length - max} more characters]`;
}
