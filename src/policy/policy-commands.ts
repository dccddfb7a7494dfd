/**
 * What `warden policy check | eval | explain | import` do, as functions the CLI wires up:
 * no printing, no exit codes; results are data (and, for explain, text).
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { Access } from '../access.js';
import type { SubcommandVerdict } from './bash/bash-types.js';
import { initBashParser } from './bash/index.js';
import type { ToolCallRequest } from './decision.js';
import type { ExplainStep, LoadedPolicy } from './loaded-policy.js';
import { PolicyError, type PolicyIssue } from './policy-error.js';
import { evaluateCall, type EvaluatedDecision } from './policy-decider.js';
import { lintPolicy } from './policy-lint.js';
import { loadPolicy, type LoadOptions } from './policy-load.js';

export { importClaudeSettings, type ImportResult } from './claude-settings-import.js';

export interface CheckResult {
  ok: boolean;
  errors: PolicyIssue[];
  warnings: PolicyIssue[];
}

/** Validate a policy file (schema, rules, examples) and warn about rules that can never apply. */
export async function policyCheck(file: string, opts: LoadOptions): Promise<CheckResult> {
  try {
    const policy = await loadPolicy(file, opts);
    return { ok: true, errors: [], warnings: lintPolicy(policy) };
  } catch (error) {
    if (error instanceof PolicyError) return { ok: false, errors: [...error.issues], warnings: [] };
    throw error;
  }
}

export interface EvalArgs extends LoadOptions {
  policyFile: string;
  tool: string;
  /** The tool input as the model would send it, e.g. `{ command: "npm test" }`. */
  input: Record<string, unknown>;
  /** The workspace the call runs in. */
  cwd: string;
}

export interface EvalSubcommand {
  command: string;
  decision: 'allow' | 'deny';
  rule: string | null;
  reason: string;
}

export interface EvalResult {
  decision: 'allow' | 'deny';
  rule: string | null;
  reason: string;
  subcommands: EvalSubcommand[];
}

/** Thrown when the input does not have the field the tool needs (the run would reject it too). */
export class EvalInputError extends Error {
  override readonly name = 'EvalInputError';
}

const READ_ONLY_TOOLS = new Set(['Read', 'Glob', 'Grep', 'WebFetch', 'WebSearch']);

/** The Access a tool would declare for this input (the tools compute the same from their inputs). */
export function accessFor(tool: string, input: Record<string, unknown>, cwd: string): Access {
  const field = (name: string, fallback?: string): string => {
    const value = input[name] ?? fallback;
    if (typeof value !== 'string' || value === '') throw new EvalInputError(`${tool} needs a string "${name}" in its input`);
    return value;
  };
  switch (tool) {
    case 'Read':
    case 'Edit':
    case 'Write':
      return { kind: tool === 'Read' ? 'read' : 'write', paths: [path.resolve(cwd, field('file_path'))] };
    case 'NotebookEdit':
      return { kind: 'write', paths: [path.resolve(cwd, field('notebook_path'))] };
    case 'Glob':
    case 'Grep':
      return { kind: 'read', paths: [path.resolve(cwd, field('path', cwd))] };
    case 'Bash':
      return { kind: 'exec', command: field('command') };
    case 'WebFetch':
      return { kind: 'network', url: field('url') };
    default:
      return { kind: 'none' };
  }
}

/** The decision with every step it took (`evaluateCall`'s trace). */
async function explainCall(policy: LoadedPolicy, args: EvalArgs): Promise<{ explanation: { decision: EvaluatedDecision; steps: ExplainStep[] }; call: ToolCallRequest; cwd: string }> {
  const cwd = realpathSync.native(path.resolve(args.cwd));
  const call: ToolCallRequest = { toolName: args.tool, input: args.input, access: accessFor(args.tool, args.input, cwd), isReadOnly: READ_ONLY_TOOLS.has(args.tool) };
  if (call.access.kind === 'exec') await initBashParser();
  const steps: ExplainStep[] = [];
  return { explanation: { decision: evaluateCall(policy, call, { cwd }, steps), steps }, call, cwd };
}

function subcommandsOf(list: SubcommandVerdict[]): EvalSubcommand[] {
  return list.map((s) => ({ command: s.text, decision: s.decision.behavior, rule: s.decision.rule, reason: s.decision.reason }));
}

/** Exactly what a run would decide for this call. */
export async function policyEval(args: EvalArgs): Promise<EvalResult> {
  const policy = await loadPolicy(args.policyFile, args);
  const { explanation } = await explainCall(policy, args);
  const d = explanation.decision;
  return { decision: d.behavior, rule: d.rule, reason: d.reason, subcommands: subcommandsOf(d.subcommands) };
}

/** The decision with every rule tried, as text for a person. */
export async function policyExplain(args: EvalArgs): Promise<string> {
  const policy = await loadPolicy(args.policyFile, args);
  const { explanation, call, cwd } = await explainCall(policy, args);
  const d = explanation.decision;
  const what = call.access.kind === 'exec' ? ` \`${call.access.command}\`` : call.access.kind === 'network' ? ` ${call.access.url}` : call.access.kind === 'read' || call.access.kind === 'write' ? ` ${call.access.kind} ${call.access.paths.join(', ')}` : '';
  const lines = [`${call.toolName}${what}`, `  policy ${policy.file} (mode ${policy.mode}${policy.presets.length > 0 ? `, extends ${policy.presets.join(', ')}` : ''}), workspace ${cwd}`, ''];
  if (explanation.steps.length === 0) lines.push('  (no rule applies to this call)');
  explanation.steps.forEach((s, i) => {
    const head = s.rule === null ? `[${s.source === 'builtin' ? 'built-in' : s.source}]` : `${s.behavior} \`${s.rule}\` (${s.source})`;
    lines.push(`  ${i + 1}. ${s.matched ? 'MATCH ' : 'no    '} ${head}: ${s.why}`);
  });
  lines.push('', `Decision: ${d.behavior.toUpperCase()}${d.rule === null ? '' : ` by \`${d.rule}\``}`, `  ${d.reason}`);
  if (d.subcommands.length > 0) {
    lines.push('', 'Subcommands:');
    for (const s of subcommandsOf(d.subcommands)) lines.push(`  - ${s.command}: ${s.decision}${s.rule === null ? '' : ` (\`${s.rule}\`)`}`);
  }
  return `${lines.join('\n')}\n`;
}
