/**
 * The policy's `hooks:` section, in Claude Code's settings shape: per event a list of
 * `{ matcher, hooks: [{ type: command, command, timeout }] }`. Only the events Warden runs are
 * accepted (PreToolUse, PostToolUse, Stop) and only command hooks: a hook the runner would not
 * run must not look configured.
 */
import { z } from 'zod';
import { errorMessage } from '../error-text.js';

export const HOOK_EVENTS = ['PreToolUse', 'PostToolUse', 'Stop'] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** Claude Code's default for a command hook, in seconds; the upper bound keeps a CI job from hanging on one. */
export const DEFAULT_HOOK_TIMEOUT_S = 60;
export const MAX_HOOK_TIMEOUT_S = 600;

const HookCommandSchema = z
  .strictObject({
    type: z.literal('command').describe('Only command hooks: run in the sandbox like the agent\'s commands.'),
    command: z.string().min(1).describe('A shell command line, run with bash in the workspace, inside the sandbox. The event\'s JSON comes on stdin.'),
    timeout: z.number().int().min(1).max(MAX_HOOK_TIMEOUT_S).optional().describe(`Seconds before the hook is killed. Default ${DEFAULT_HOOK_TIMEOUT_S}.`),
  })
  .describe('One hook command.');

const matcherText = z.string().describe('Which tools: a name ("Bash"), names ("Edit|Write"), a regular expression ("mcp__notes__.*"), or "" / "*" for all.');

const toolGroups = z.array(z.strictObject({ matcher: matcherText.optional(), hooks: z.array(HookCommandSchema).min(1) })).optional();

export const HooksSchema = z
  .strictObject({
    PreToolUse: toolGroups.describe('Before a tool call, after its input is checked: may deny it (exit 2, or permissionDecision "deny") or replace its input (judged by the policy again). A hook that fails, times out or prints anything but one JSON object denies the call.'),
    PostToolUse: toolGroups.describe('After a tool call succeeded: may add context for the model (additionalContext) or stop the run (continue: false).'),
    Stop: z
      .array(z.strictObject({ matcher: z.enum(['', '*']).optional().describe('Stop hooks take no matcher.'), hooks: z.array(HookCommandSchema).min(1) }))
      .optional()
      .describe('When the agent is about to finish: may send it back to work once (decision "block" with a reason).'),
    max_stop_continuations: z.number().int().min(0).max(1).optional().describe('How often Stop hooks may send the agent back to work in one run: 1 (default) or 0.'),
  })
  .describe('Hooks, as in Claude Code\'s settings: commands the runner runs in the sandbox at points of the loop.');

export type HooksSection = z.infer<typeof HooksSchema>;

export interface HookCommand {
  command: string;
  timeoutMs: number;
}

export interface HookGroup {
  /** As written; '' matches every tool. */
  matcher: string;
  hooks: HookCommand[];
}

/** The hooks a run has, as loaded. */
export interface HooksConfig {
  PreToolUse: HookGroup[];
  PostToolUse: HookGroup[];
  Stop: HookGroup[];
  maxStopContinuations: number;
}

export const NO_HOOKS: HooksConfig = { PreToolUse: [], PostToolUse: [], Stop: [], maxStopContinuations: 1 };

export function hooksConfig(section: HooksSection | undefined): HooksConfig {
  const groups = (list: { matcher?: string | undefined; hooks: { command: string; timeout?: number | undefined }[] }[] | undefined): HookGroup[] =>
    (list ?? []).map((g) => ({ matcher: g.matcher ?? '', hooks: g.hooks.map((h) => ({ command: h.command, timeoutMs: (h.timeout ?? DEFAULT_HOOK_TIMEOUT_S) * 1000 })) }));
  return {
    PreToolUse: groups(section?.PreToolUse),
    PostToolUse: groups(section?.PostToolUse),
    Stop: groups(section?.Stop),
    maxStopContinuations: section?.max_stop_continuations ?? 1,
  };
}

const SIMPLE = /^[A-Za-z0-9_|]+$/;

/** Why a matcher cannot be used (an invalid regular expression), or null. */
export function matcherProblem(matcher: string): string | null {
  if (matcher === '' || matcher === '*' || SIMPLE.test(matcher)) return null;
  try {
    new RegExp(matcher, 'u');
    return null;
  } catch (error) {
    return `not a valid regular expression (${errorMessage(error)})`;
  }
}

/**
 * Claude Code's matching: "" and "*" match every tool; names made only of letters, digits, `_`
 * and `|` match exactly (`Edit|Write` is Edit or Write, never `NotebookEdit`); anything else is a
 * regular expression tested against the tool's name.
 */
export function hookMatches(matcher: string, toolName: string): boolean {
  if (matcher === '' || matcher === '*') return true;
  if (SIMPLE.test(matcher)) return matcher.split('|').includes(toolName);
  try {
    return new RegExp(matcher, 'u').test(toolName);
  } catch {
    return false; // refused when the policy loads; never reached
  }
}

const PROJECT_DIR = /^(?:\$CLAUDE_PROJECT_DIR|\$\{CLAUDE_PROJECT_DIR\})\//;

/**
 * The workspace files hook commands name (`bash hooks/check.sh`, `"$CLAUDE_PROJECT_DIR"/tools/fmt.mjs`):
 * protected like the policy file, so the agent cannot rewrite the hook that judges it. A word
 * counts when, unquoted, it is a plain relative path to a file that `isFile` finds.
 */
export function hookScriptPaths(config: HooksConfig, isFile: (rel: string) => boolean): string[] {
  const found = new Set<string>();
  for (const group of [...config.PreToolUse, ...config.PostToolUse, ...config.Stop]) {
    for (const { command } of group.hooks) {
      for (const word of command.split(/[\s;|&()<>]+/)) {
        const rel = word.replace(/["']/g, '').replace(PROJECT_DIR, '').replace(/^(\.\/)+/, '');
        if (rel === '' || /^[-/~$]/.test(rel) || /[*?[\]\\$=`]/.test(rel) || rel.split('/').some((c) => c === '' || c === '.' || c === '..')) continue;
        if (isFile(rel)) found.add(rel);
      }
    }
  }
  return [...found].sort();
}
