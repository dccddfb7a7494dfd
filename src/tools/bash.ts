import { z } from 'zod';
import type { CommandResult } from '../sandbox/index.js';
import { buildTool } from './build-tool.js';
import { cleanOutput } from './output-noise.js';
import type { Tool, ToolContext, ToolOutput } from './tool.js';
import { errorMessage, toolError } from './tool-result.js';

export const BASH_MAX_TIMEOUT_MS = 600_000;
/** Output kept while streaming when it cannot be kept on disk; the rest is counted and dropped. */
export const BASH_MAX_OUTPUT_CHARS = 30_000;
/**
 * Output kept while streaming when the full output goes to a file: noise removed, much more than
 * the model is shown may be signal (a test summary after 100 KB of progress bars).
 */
export const BASH_CAPTURE_CHARS = 500_000;
const BASH_MAX_RESULT_CHARS = 30_000;
const MAX_VIOLATIONS_LISTED = 20;
// Room kept for the "[Output truncated …]" line.
const TRUNCATION_NOTE_ROOM = 160;

const inputSchema = z.strictObject({
  command: z.string().min(1).describe('The command to execute'),
  timeout: z
    .number()
    .int()
    .positive()
    .max(BASH_MAX_TIMEOUT_MS)
    .optional()
    .describe(`Optional timeout in milliseconds (max ${BASH_MAX_TIMEOUT_MS})`),
  description: z
    .string()
    .optional()
    .describe('What the command does, in 5-10 words (e.g. "Run the test suite")'),
});
export type BashInput = z.infer<typeof inputSchema>;

const DESCRIPTION = `Executes a bash command in the workspace, in a sandbox, with an optional timeout.

Usage:
- The command runs with \`bash -c\` in the working directory; each call starts a fresh shell, so \`cd\` and exported variables do not carry over to the next call. Use absolute paths.
- timeout is in milliseconds, up to ${BASH_MAX_TIMEOUT_MS} (10 minutes). When it expires the command and every process it started are killed.
- Output (stdout and stderr, interleaved) is shown without terminal noise and cut after ${BASH_MAX_RESULT_CHARS} characters; the result then names a file holding all of it.
- A non-zero exit code is reported, not treated as a failure of the tool.
- Do not use Bash for what a dedicated tool does better: Read to read files, Edit/Write to change them, Glob to find files, Grep to search contents.
- In the sandbox /tmp is fresh for each call: keep files a later call needs in the workspace or $HOME.
- Background processes do not outlive the command: everything it started is stopped when it ends.
- Network access and writes outside the workspace may be blocked by the sandbox; blocked actions are listed in the result.`;

export interface BashToolOptions {
  /**
   * Whether a command line only reads (so it may run beside other reads). Passed in by the wiring
   * (the policy's Bash analyser); without it no command is read-only, which is the safe answer.
   */
  isReadOnlyCommand?: (command: string) => boolean;
}

export function createBashTool(options: BashToolOptions = {}): Tool<BashInput> {
  const isReadOnlyCommand = options.isReadOnlyCommand ?? ((): boolean => false);
  return buildTool<BashInput>({
    name: 'Bash',
    description: DESCRIPTION,
    inputSchema,
    maxResultSizeChars: BASH_MAX_RESULT_CHARS,
    // A command made only of read-only built-ins may run beside other reads; anything else runs alone.
    isConcurrencySafe: (input) => isReadOnlyCommand(input.command),
    isReadOnly: (input) => isReadOnlyCommand(input.command),
    access: (input) => ({ kind: 'exec', command: input.command }),
    call: runBash,
  });
}

async function runBash(input: BashInput, ctx: ToolContext): Promise<ToolOutput> {
  const timeoutMs = Math.min(input.timeout ?? ctx.defaultTimeoutMs, BASH_MAX_TIMEOUT_MS);
  let result: CommandResult;
  try {
    result = await ctx.processRunner.run({
      command: input.command,
      cwd: ctx.cwd,
      timeoutMs,
      signal: ctx.signal,
      maxOutputChars: ctx.keepOutput === undefined ? BASH_MAX_OUTPUT_CHARS : BASH_CAPTURE_CHARS,
    });
  } catch (err) {
    return toolError('failed', `The command could not be started: ${errorMessage(err)}`);
  }
  return renderResult(input, result, timeoutMs, ctx.keepOutput);
}

/**
 * The model's view: the output without terminal noise, then what ended the command, then what the
 * sandbox blocked. When noise was removed or the output cut, the full output is kept on disk
 * (`keepOutput`) and the result says where; without a place to keep it the output is shown as it
 * was, only cut.
 */
export function renderResult(input: BashInput, result: CommandResult, timeoutMs: number, keepOutput?: (text: string) => string): ToolOutput {
  const endings: string[] = [];
  if (result.timedOut) {
    endings.push(`Command timed out after ${timeoutMs} ms; it was killed together with every process it started.`);
  } else if (result.aborted) {
    endings.push('Command was cancelled; it was killed together with every process it started.');
  } else if (result.signal !== null) {
    endings.push(`Command was killed by signal ${result.signal}.`);
  } else if (result.exitCode !== 0) {
    endings.push(`Exit code: ${String(result.exitCode)}`);
  }
  if (result.violations.length > 0) {
    const listed = result.violations.slice(0, MAX_VIOLATIONS_LISTED).map((v) => `- ${v.length > 500 ? `${v.slice(0, 500)}…` : v}`);
    const more = result.violations.length - listed.length;
    endings.push(`The sandbox blocked:\n${listed.join('\n')}${more > 0 ? `\n- …and ${more} more` : ''}`);
  }

  const raw = result.output.replace(/\s+$/, '');
  const cleaned = keepOutput === undefined ? { text: raw, removed: [] } : cleanOutput(raw);
  const fixedChars = endings.reduce((n, e) => n + e.length + 2, 0);
  const fits = cleaned.text.length <= BASH_MAX_RESULT_CHARS - fixedChars - TRUNCATION_NOTE_ROOM && result.droppedChars === 0;
  const keptAt = fits && cleaned.removed.length === 0 ? undefined : keep(keepOutput, result.output);
  // Shown cleaned only when the original is on disk: nothing is removed that cannot be looked up.
  const shown = keptAt === undefined ? raw : cleaned.text;
  const notes: string[] = [];
  if (keptAt !== undefined && shown !== raw) notes.push(`[Noise removed: ${cleaned.removed.join(', ')}. Full output: ${keptAt}]`);

  // The notes always fit: the output gives way so the whole result stays within maxResultSizeChars.
  const room = Math.max(0, BASH_MAX_RESULT_CHARS - fixedChars - notes.reduce((n, e) => n + e.length + 2, 0) - TRUNCATION_NOTE_ROOM - (keptAt?.length ?? 0));
  let output = shown;
  let dropped = result.droppedChars;
  if (output.length > room) {
    dropped += output.length - room;
    output = output.slice(0, room);
  }
  const parts = [output === '' ? '(no output)' : output];
  if (dropped > 0) {
    const more = `${dropped.toLocaleString('en-US')} more characters`;
    parts.push(
      keptAt === undefined
        ? `[Output truncated: ${more} were dropped. Redirect output to a file and use Read or Grep on it.]`
        : `[Output truncated: ${more} not shown. Output kept at ${keptAt} (Read it with offset and limit, or Grep it)${result.droppedChars > 0 ? `; the command printed ${result.droppedChars.toLocaleString('en-US')} characters more than were kept` : ''}.]`,
    );
  }
  parts.push(...notes, ...endings);

  const label = input.description ?? input.command.split('\n')[0] ?? input.command;
  const ending = result.timedOut ? 'timed out' : result.aborted ? 'cancelled' : result.signal !== null ? `signal ${result.signal}` : `exit ${String(result.exitCode)}`;
  const summary = `$ ${label.length > 80 ? `${label.slice(0, 77)}...` : label} (${ending})`;
  const content = parts.join('\n\n');
  const kept = keptAt === undefined ? {} : { fullOutput: keptAt };
  if (result.timedOut) return { content, isError: true, category: 'timeout', summary, ...kept };
  if (result.aborted) return { content, isError: true, category: 'aborted', summary, ...kept };
  return { content, summary, ...kept };
}

/** The path of the full output on disk, or undefined when it cannot be kept there. */
function keep(keepOutput: ((text: string) => string) | undefined, output: string): string | undefined {
  if (keepOutput === undefined) return undefined;
  try {
    return keepOutput(output);
  } catch {
    return undefined;
  }
}
