import type { z } from 'zod';
import type { Hooks } from '../hooks/index.js';
import type { Decider, Decision } from '../policy/index.js';
import type { AnyTool, ErrorCategory, Tool, ToolContext, ToolOutput } from '../tools/index.js';
import { errorMessage } from '../error-text.js';
import type { ToolResultBlock, ToolUseBlock } from './messages.js';
import { applyResultBudget, saveResultFile } from './result-budget.js';
import type { RecordInput, ToolCallRecord, ToolCallStatus } from './transcript-records.js';

export interface PipelineDeps {
  findTool(name: string): AnyTool | undefined;
  toolNames(): string[];
  decider: Decider;
  context: ToolContext;
  resultsDir: string;
  /**
   * Replaces every secret value (in each of its encoded forms) in what a tool returns, before the
   * model sees it: the one place every result passes, whatever the tool (log/redaction.ts).
   */
  mask: (text: string) => string;
  /** Milliseconds since the epoch, fractional; passed in so tests and benches control time. */
  now: () => number;
  /** The policy's hooks, when it has any: PreToolUse before the permission, PostToolUse after a success. */
  hooks?: Hooks | undefined;
}

export interface ToolCallOutcome {
  result: ToolResultBlock;
  record: RecordInput<ToolCallRecord>;
}

/**
 * The one path every tool call takes: find → abort check → schema → validateInput →
 * permission → call → result budget. Nothing in here throws; every failure becomes an
 * `is_error` result the model can act on, classified for the transcript.
 */
export async function runToolCall(block: ToolUseBlock, turn: number, deps: PipelineDeps): Promise<ToolCallOutcome> {
  const started = deps.now();
  // Set when a PreToolUse hook replaced the model's input: what ran.
  let replaced: Record<string, unknown> | undefined;
  const hookContext: string[] = [];
  const finish = (
    content: string,
    status: ToolCallStatus,
    extra: { decision?: Decision | null; category?: ErrorCategory; output?: ToolOutput; savedTo?: string; mutating?: boolean } = {},
  ): ToolCallOutcome => {
    // What hooks add for the model comes after the result, outside its budget (each text is capped).
    content = deps.mask([content, ...hookContext].join('\n\n'));
    const isError = status !== 'ok';
    const record: RecordInput<ToolCallRecord> = {
      type: 'tool_call',
      turn,
      toolUseId: block.id,
      tool: block.name,
      input: replaced ?? block.input,
      ...(replaced !== undefined ? { modelInput: block.input } : {}),
      startedAt: new Date(started).toISOString(),
      decision: extra.decision ?? null,
      status,
      ...(extra.mutating !== undefined ? { mutating: extra.mutating } : {}),
      durationMs: Math.round((deps.now() - started) * 1000) / 1000,
      resultChars: content.length,
      ...(extra.category !== undefined ? { category: extra.category } : {}),
      ...(extra.savedTo !== undefined ? { savedTo: extra.savedTo } : {}),
      ...(extra.output?.fullOutput !== undefined ? { fullOutput: extra.output.fullOutput } : {}),
      ...(extra.output?.summary !== undefined ? { summary: extra.output.summary } : {}),
      ...(extra.output?.filesChanged !== undefined ? { filesChanged: extra.output.filesChanged } : {}),
      ...(extra.output?.transcript !== undefined ? { transcript: extra.output.transcript } : {}),
      ...(extra.output?.usage !== undefined ? { usage: extra.output.usage } : {}),
      ...(isError ? { error: content.slice(0, 500) } : {}),
    };
    return { result: { type: 'tool_result', tool_use_id: block.id, content, ...(isError ? { is_error: true } : {}) }, record };
  };

  const tool = deps.findTool(block.name);
  if (tool === undefined) {
    return finish(`No tool named "${block.name}" is available. Available tools: ${deps.toolNames().join(', ')}.`, 'error', { category: 'not_found' });
  }
  if (deps.context.signal.aborted) return finish('Cancelled: the run was aborted before this tool call started.', 'cancelled', { category: 'aborted' });

  const typed = tool as unknown as Tool<unknown>;
  const parsed = (typed.inputSchema).safeParse(block.input);
  if (!parsed.success) {
    return finish(`InputValidationError: ${block.name} was called with invalid input.\n${formatIssues(parsed.error)}\nFix the input to match the tool's schema and call it again.`, 'error', { category: 'invalid_input' });
  }
  let input = parsed.data;
  // Whether the call would change something or run a command: what the run's verdict counts.
  let mutating = !safely(() => typed.isReadOnly(input));

  try {
    const validation = await typed.validateInput(input, deps.context);
    if (!validation.ok) return finish(validation.message, 'error', { category: validation.category ?? 'invalid_input', mutating });

    // PreToolUse hooks come before the policy, as in Claude Code; what they let through (their
    // own input or a replacement) is still judged by it: a hook's "allow" decides nothing.
    const pre = deps.hooks === undefined ? undefined : await deps.hooks.preToolUse({ tool: block.name, toolUseId: block.id, input: block.input }, deps.context.signal);
    if (pre?.kind === 'deny') {
      const reason = `PreToolUse hook \`${pre.command}\`: ${pre.reason}`;
      return finish(`Denied by a hook: ${reason}\nChoose another way to reach the goal, or report what you could not do.`, 'denied', { decision: { behavior: 'deny', rule: null, reason }, category: 'denied', mutating });
    }
    if (pre?.input !== undefined) {
      replaced = pre.input;
      const again = typed.inputSchema.safeParse(replaced);
      if (!again.success) {
        const reason = `a PreToolUse hook replaced the input with one ${block.name} does not accept:\n${formatIssues(again.error)}`;
        return finish(`Denied: ${reason}`, 'denied', { decision: { behavior: 'deny', rule: null, reason }, category: 'denied', mutating });
      }
      const replacement = again.data;
      input = replacement;
      mutating = !safely(() => typed.isReadOnly(replacement));
      const checked = await typed.validateInput(input, deps.context);
      if (!checked.ok) return finish(checked.message, 'error', { category: checked.category ?? 'invalid_input', mutating });
    }
    hookContext.push(...(pre?.context ?? []));

    const decision = await decide(typed, input, block.name, !mutating, deps);
    if (decision.behavior === 'deny') return finish(formatDenial(block.name, decision), 'denied', { decision, category: 'denied', mutating });

    const called = deps.now();
    const output = await typed.call(input, callContext(deps, block.id));
    if (deps.context.signal.aborted && output.isError === true) {
      return finish('Cancelled: the run was aborted while this tool was running.', 'cancelled', { decision, category: 'aborted', output, mutating });
    }
    // Masked before the budget cuts it: a preview must not end in half a secret, nor the saved file hold one.
    const budgeted = applyResultBudget(deps.mask(output.content), typed.maxResultSizeChars, deps.resultsDir, block.id);
    const extra = { decision, output, mutating, ...(budgeted.savedTo !== undefined ? { savedTo: budgeted.savedTo } : {}) };
    if (output.isError === true) return finish(budgeted.content, 'error', { ...extra, category: output.category ?? 'failed' });
    if (deps.hooks !== undefined) {
      const response = { output: budgeted.content, ...(output.filesChanged === undefined ? {} : { filesChanged: output.filesChanged }) };
      hookContext.push(...(await deps.hooks.postToolUse({ tool: block.name, toolUseId: block.id, input: replaced ?? block.input, response, durationMs: deps.now() - called }, deps.context.signal)));
    }
    return finish(budgeted.content, 'ok', extra);
  } catch (err) {
    return finish(`${block.name} failed unexpectedly: ${errorMessage(err)}`, 'error', { category: 'fatal', mutating });
  }
}

/** The context of one call: which call it is, and where it may keep its full output. */
function callContext(deps: PipelineDeps, callId: string): ToolContext {
  return { ...deps.context, callId, keepOutput: (text) => saveResultFile(deps.resultsDir, callId, deps.mask(text), '.full') };
}

/** A tool's own predicate that throws answers "no" (fail closed: the call then counts as mutating). */
function safely(predicate: () => boolean): boolean {
  try {
    return predicate();
  } catch {
    return false;
  }
}

async function decide(tool: Tool<unknown>, input: unknown, name: string, isReadOnly: boolean, deps: PipelineDeps): Promise<Decision> {
  const own = await tool.checkPermissions(input, deps.context);
  if (own.behavior === 'deny') return { behavior: 'deny', rule: null, reason: own.reason };
  const access = tool.access(input, deps.context);
  return deps.decider.decide({ toolName: name, input, access, isReadOnly }, { cwd: deps.context.cwd });
}

function formatDenial(tool: string, decision: Extract<Decision, { behavior: 'deny' }>): string {
  const rule = decision.rule !== null ? ` by rule \`${decision.rule}\`` : '';
  const sub = decision.subcommand !== undefined ? ` (subcommand: \`${decision.subcommand}\`)` : '';
  return `Permission denied${rule}: ${tool}${sub}. ${decision.reason}\nNo human can approve this in CI; choose another way to reach the goal, or report what you could not do.`;
}

function formatIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `- ${issue.path.length > 0 ? issue.path.join('.') : '(input)'}: ${issue.message}`)
    .join('\n');
}
