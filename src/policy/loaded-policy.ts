/** A policy after loading: merged with its presets, every rule compiled, the sandbox part extracted. */
import type { PublishConfig, SandboxConfig } from '../config/index.js';
import type { HooksConfig } from './hooks-section.js';
import type { McpServerConfig } from './mcp-servers.js';
import type { PermissionMode } from './permission-mode.js';
import type { PolicyIssue } from './policy-error.js';
import type { PresetName } from './policy-schema.js';
import type { ProtectedPath } from './protected-paths.js';
import type { CompiledRule } from './rule-compile.js';
import type { RuleBehavior } from './rule.js';

export interface PolicyRules {
  allow: CompiledRule[];
  deny: CompiledRule[];
  ask: CompiledRule[];
}

export interface LoadedPolicy {
  /** Absolute path of the policy file, or a label such as `<preset:maintainer>`. */
  file: string;
  /** Realpath of the directory `/path` rules are anchored at: the repository root for `.github/warden.yml`. */
  root: string;
  /** Realpath of the home directory `~/path` rules are anchored at. */
  homeDir: string;
  mode: PermissionMode;
  presets: PresetName[];
  /** Preset rules first, then the file's own, each list in written order. */
  rules: PolicyRules;
  /** What the sandbox enforces; `protectedPaths` holds the policy's extra paths (and the policy file). */
  sandbox: SandboxConfig;
  /** What the publisher may deliver (before the action's inputs narrow it). */
  publish: PublishConfig;
  /** The policy's hooks (policy-file policies only; absent: none). */
  hooks?: HooksConfig;
  /** Every path never written without an explicit allow rule: built-ins, the policy file, extras. */
  protectedPaths: readonly ProtectedPath[];
  /** `mcp_servers:`, sorted by name (absent: none). */
  mcpServers?: readonly McpServerConfig[];
  /** Problems that do not stop the policy from loading (also reported by `policy check`). */
  warnings: PolicyIssue[];
  /** Named subagents from the `agents:` section, in written order (absent: none). */
  agents?: readonly AgentDefinition[];
}

/** A named subagent the Agent tool can start (`agents.<name>` in the policy file). */
export interface AgentDefinition {
  name: string;
  /** When to use it: shown to the model in the Agent tool's description. */
  description: string;
  /** Its own instructions, added to its system prompt. */
  prompt: string;
  /** The tools it may use, intersected with the run's; undefined: every tool the run offers but Agent. */
  tools: readonly string[] | undefined;
  maxTurns: number | undefined;
}

/** One step of a decision, for `warden policy explain`. */
export interface ExplainStep {
  /** The rule tried, or null for a built-in step (workspace, protected path, mode). */
  rule: string | null;
  behavior: RuleBehavior | 'builtin';
  source: string;
  matched: boolean;
  why: string;
}

export type Trace = ExplainStep[] | undefined;

export function describeRule(rule: CompiledRule): string {
  return `${rule.behavior} rule \`${rule.text}\` (${rule.source})`;
}

export function ruleStep(rule: CompiledRule, matched: boolean, why: string): ExplainStep {
  return { rule: rule.text, behavior: rule.behavior, source: rule.source, matched, why };
}

export function builtinStep(matched: boolean, why: string): ExplainStep {
  return { rule: null, behavior: 'builtin', source: 'builtin', matched, why };
}
