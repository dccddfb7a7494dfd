/** From rule text to a rule the decider can match: tool checks, specifier parsing, positions. */
import { parseDomainSpecifier, type HostPattern } from './domain-match.js';
import { parsePathPattern, type PathPattern } from './path-rule-match.js';
import type { PermissionRule, RuleBehavior } from './rule.js';
import { fail, parseRuleText, type Parsed } from './rule-parse.js';
import { isMcpToolName, KNOWN_TOOLS, toolKind } from './tool-kinds.js';

export type RuleTarget =
  /** A bare tool name: every call of the tool (and, for Read/Edit, every path of the family). */
  | { kind: 'tool' }
  | { kind: 'path'; family: 'read' | 'write'; pattern: PathPattern }
  /** `Bash(pattern)`: matched by the Bash analyser against each simple command. */
  | { kind: 'command' }
  | { kind: 'domain'; pattern: HostPattern }
  /** `mcp__server` / `mcp__server__*` (tool null: every tool) or `mcp__server__tool` / `mcp__server__get_*`. */
  | { kind: 'mcp'; server: string; tool: string | null }
  /** `Agent(name)`: the Agent tool's calls that start this agent type. */
  | { kind: 'agent'; name: string };

export interface RuleExamples {
  match: string[];
  notMatch: string[];
}

export interface CompiledRule extends PermissionRule {
  target: RuleTarget;
  examples: RuleExamples | null;
}

export interface RuleInput {
  text: string;
  behavior: RuleBehavior;
  source: string;
  reason?: string | undefined;
  examples?: RuleExamples | null;
}

const PARAMETER_RULE = /^(?:run_in_background|dangerouslyDisableSandbox|timeout|description):/;

export function compileRule(input: RuleInput): Parsed<CompiledRule> {
  const syntax = parseRuleText(input.text);
  if (!syntax.ok) return syntax;
  const { toolName, specifier, specifierOffset } = syntax.value;
  const target = compileTarget(toolName, specifier, input.behavior, specifierOffset);
  if (!target.ok) return target;
  return {
    ok: true,
    value: {
      behavior: input.behavior,
      toolName,
      specifier,
      text: input.text,
      reason: input.reason,
      source: input.source,
      target: target.value,
      examples: input.examples ?? null,
    },
  };
}

/** Errors about the tool point at the rule's start; errors inside the specifier at their character. */
function compileTarget(toolName: string, specifier: string | null, behavior: RuleBehavior, specifierOffset: number): Parsed<RuleTarget> {
  const inSpecifier = <T>(r: Parsed<T>): Parsed<T> => (r.ok ? r : fail(r.message, r.offset + specifierOffset));
  if (isMcpToolName(toolName)) {
    const [server = '', tool] = toolName.slice('mcp__'.length).split(/__(.*)/s);
    return { ok: true, value: { kind: 'mcp', server, tool: tool === undefined || tool === '*' || tool === '' ? null : tool } };
  }
  const kind = toolKind(toolName);
  if (kind === undefined) {
    return fail(`unknown tool "${toolName}"; expected one of ${Object.keys(KNOWN_TOOLS).join(', ')} or mcp__server[__tool]`, 0);
  }
  if (specifier === null) return { ok: true, value: { kind: 'tool' } };
  const home = kind.specifierTool;
  if (home !== null && home !== toolName) {
    return fail(`${toolName} takes no specifier; path rules are written ${home}(...), which covers ${home === 'Read' ? 'Read, Glob and Grep' : 'Edit, Write and NotebookEdit'}`, 0);
  }
  switch (kind.family) {
    case 'read':
    case 'write': {
      const pattern = inSpecifier(parsePathPattern(specifier, behavior));
      return pattern.ok ? { ok: true, value: { kind: 'path', family: kind.family, pattern: pattern.value } } : pattern;
    }
    case 'command':
      // Claude Code's parameter rules (`Bash(run_in_background:true)`) would silently match no command here.
      if (PARAMETER_RULE.test(specifier)) return fail('parameter rules (param:value) are not supported; write a command pattern such as Bash(npm test *)', specifierOffset);
      return { ok: true, value: { kind: 'command' } };
    case 'web': {
      const pattern = inSpecifier(parseDomainSpecifier(specifier));
      return pattern.ok ? { ok: true, value: { kind: 'domain', pattern: pattern.value } } : pattern;
    }
    case 'tool':
      return fail(`${toolName} takes no specifier; write the bare tool name`, 0);
    case 'agent':
      return /^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(specifier) ? { ok: true, value: { kind: 'agent', name: specifier } } : fail('expected an agent type, e.g. Agent(reviewer) or Agent(general-purpose)', specifierOffset);
  }
}
