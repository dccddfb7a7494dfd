/**
 * The policy subsystem's front door: load a policy file, make the decider, and the pure pieces
 * `warden policy …` uses. The Bash analyser (./bash/) is reached through its own index.ts.
 */
export type { Decider, Decision, PermissionContext, ToolCallRequest } from './decision.js';
export type { PathJudge, PermissionRule, RuleBehavior } from './rule.js';
export type { PermissionMode } from './permission-mode.js';
export { PolicyError, formatIssue, type PolicyIssue } from './policy-error.js';
export { PolicySchema, PRESET_NAMES, type PolicyFile, type PresetName } from './policy-schema.js';
export { DEFAULT_POLICY_PATH, loadPolicy, parsePolicy, presetPolicy, type LoadOptions } from './policy-load.js';
export type { AgentDefinition, ExplainStep, LoadedPolicy, PolicyRules } from './loaded-policy.js';
export type { CompiledRule, RuleTarget } from './rule-compile.js';
export { BUILTIN_PROTECTED_PATHS, protectedEntriesFor, type ProtectedPath } from './protected-paths.js';
// What the read guard (entry/host-read-guard.ts) asks of the policy about what a tool opened.
export { scanDeniedFiles, type DeniedFiles, type MountsToScan } from './denied-files.js';
// The sandbox enforces file rules with the policy's own matcher (one meaning for every pattern).
export { matchPathPattern, parsePathPattern, patternBase, type PathBases, type PathPattern } from './path-rule-match.js';
export { createPathJudge, createPolicyDecider, evaluateCall, type EvaluatedDecision } from './policy-decider.js';
export { initBashParser as ensureBashParser } from './bash/index.js';
export { KNOWN_TOOLS, type ToolKind } from './tool-kinds.js';
export { POLICY_SCHEMA_PATH, policyJsonSchema, renderPolicyJsonSchema, writePolicyJsonSchema } from './policy-json-schema.js';
export { accessFor, EvalInputError, importClaudeSettings, policyCheck, policyEval, policyExplain, type CheckResult, type EvalArgs, type EvalResult, type EvalSubcommand, type ImportResult } from './policy-commands.js';
export { convertClaudeSettings } from './claude-settings-import.js';
export { createAllowAllDecider, createReadOnlyDecider } from './builtin-deciders.js';
export { isReadOnlyBashCommand } from './bash-read-only.js';
export { checkDelivery, deliveryRefusal, type DeliveredFile, type DeliveryLimits } from './delivery-check.js';
export { isWorkflowFile, localActionPaths, localPath, type LocalActions, type WorkflowText } from './local-actions.js';
export { SECRET_FORMS, secretPlaces, secretReasons, sizeReasons, type CommittedFile, type SecretFinding } from './delivery-content.js';
export { narrowDecider, narrowSandbox } from './narrow.js';
export { HOOK_EVENTS, hookMatches, NO_HOOKS, type HookCommand, type HookEvent, type HookGroup, type HooksConfig } from './hooks-section.js';
export { composePermissions, type PermissionSources, type Permissions } from './compose-permissions.js';
export { MCP_DEFAULT_TIMEOUT_MS, type McpServerConfig } from './mcp-servers.js';
export { webFetchAllowRule, webSearchDomains, type SearchDomains } from './web-rules.js';
