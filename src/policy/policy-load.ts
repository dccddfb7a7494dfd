/**
 * Reading a policy file: YAML (positions kept), schema, presets, rules, examples. Every problem is
 * reported as file:line:column with what was expected, all of them at once, in a PolicyError.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { LineCounter, parseDocument, type Document } from 'yaml';
import { DEFAULT_PUBLISH_CONFIG, type PublishConfig } from '../config/index.js';
import { parseHostPattern } from './domain-match.js';
import type { AgentDefinition, LoadedPolicy, PolicyRules } from './loaded-policy.js';
import { isMcpToolName, KNOWN_TOOLS, toolKind } from './tool-kinds.js';
import { mcpServersOf, withMcpSecrets } from './mcp-servers.js';
import { PolicyError, type PolicyIssue } from './policy-error.js';
import { initBashParser } from './bash/index.js';
import { hookScriptPaths, hooksConfig, matcherProblem } from './hooks-section.js';
import { PolicySchema, type PolicyFile, type PresetName, type RuleEntry } from './policy-schema.js';
import { PRESETS } from './presets.js';
import { protectedPathList } from './protected-paths.js';
import { realDir } from './path-resolve.js';
import { relativeComponents } from './path-rule-match.js';
import { compileRule, type CompiledRule } from './rule-compile.js';
import { checkExamples, hasCommandExamples } from './rule-examples.js';
import type { RuleBehavior } from './rule.js';
import { checkProtectedPathEntry, sandboxConfig, sandboxFileRules, writableProtectedPaths } from './sandbox-section.js';
import { schemaIssues } from './schema-issues.js';
import { nodeAt, offsetPosition, positionInScalar, positionOf, type PathKey, type Position } from './yaml-position.js';
import { errnoCode, errorMessage } from '../error-text.js';

export const DEFAULT_POLICY_PATH = '.github/warden.yml';

export interface LoadOptions {
  /** Home directory for `~/` rules and paths (the CLI reads it from the environment). */
  homeDir: string;
  /**
   * Directory `/path` rules are anchored at. Default: the repository root, i.e. the parent of
   * `.github/` for a file in `.github/`, else the file's own directory. Pass the workspace when the
   * policy comes from elsewhere (e.g. the base branch checked out to a temporary directory).
   */
  root?: string;
}

export function defaultPolicyRoot(file: string): string {
  const dir = path.dirname(path.resolve(file));
  return path.basename(dir) === '.github' ? path.dirname(dir) : dir;
}

export async function loadPolicy(file: string, opts: LoadOptions): Promise<LoadedPolicy> {
  let text: string;
  try {
    // Synchronous on purpose: one small file, and no thread-pool round trips (4 per async read).
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = errnoCode(error) ?? 'error';
    throw new PolicyError([{ file, line: 0, column: 0, message: code === 'ENOENT' ? `policy file not found (expected a YAML file; the default is ${DEFAULT_POLICY_PATH})` : `cannot read the policy file (${code})` }]);
  }
  return parsePolicy(text, file, opts);
}

/** Like loadPolicy, from text; `file` names it in errors and anchors the default root. */
export async function parsePolicy(text: string, file: string, opts: LoadOptions): Promise<LoadedPolicy> {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    throw new PolicyError(doc.errors.map((e) => ({ file, ...offsetPosition(e.pos[0], lineCounter), message: `YAML syntax: ${e.message}` })));
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    // e.g. too many alias expansions (a "billion laughs" document).
    throw new PolicyError([{ file, line: 1, column: 1, message: `YAML: ${errorMessage(error)}` }]);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new PolicyError([{ file, line: 1, column: 1, message: 'expected a mapping starting with "version: 1"' }]);
  }
  const parsed = PolicySchema.safeParse(data);
  if (!parsed.success) {
    // The rules are still compiled one by one: a schema error and a bad rule are reported together.
    const where = { doc, lineCounter, file };
    const issues = [...schemaIssues(parsed.error.issues, data, doc, lineCounter, file), ...ruleTextIssues(data, where)];
    throw new PolicyError(issues.sort((a, b) => a.line - b.line || a.column - b.column));
  }
  return assemble(parsed.data, { doc, lineCounter, file }, opts);
}

/** A policy made of presets only (for a repository without a policy file, if the caller wants one). */
export async function presetPolicy(names: PresetName[], root: string, opts: LoadOptions): Promise<LoadedPolicy> {
  return assemble({ version: 1, extends: names }, null, { ...opts, root });
}

interface Located {
  doc: Document;
  lineCounter: LineCounter;
  file: string;
}

const BEHAVIORS: readonly RuleBehavior[] = ['allow', 'deny', 'ask'];

interface RuleOrigin {
  entry: RuleEntry;
  behavior: RuleBehavior;
  /** Where the entry sits in the YAML, or null for a preset's rule. */
  yamlPath: PathKey[] | null;
  preset: PresetName | null;
}

function ruleOrigins(file: PolicyFile): RuleOrigin[] {
  const origins: RuleOrigin[] = [];
  for (const preset of file.extends ?? []) {
    for (const behavior of BEHAVIORS) {
      for (const entry of PRESETS[preset].permissions?.[behavior] ?? []) origins.push({ entry, behavior, yamlPath: null, preset });
    }
  }
  for (const behavior of BEHAVIORS) {
    (file.permissions?.[behavior] ?? []).forEach((entry, i) => origins.push({ entry, behavior, yamlPath: ['permissions', behavior, i], preset: null }));
  }
  return origins;
}

async function assemble(file: PolicyFile, where: Located | null, opts: LoadOptions): Promise<LoadedPolicy> {
  const label = where?.file ?? `<preset:${(file.extends ?? []).join('+')}>`;
  const issues: PolicyIssue[] = [];
  const at = (p: PathKey[], offset?: number): Position => (where === null ? { line: 0, column: 0 } : positionAt(where, p, offset));
  const root = realDir(opts.root ?? defaultPolicyRoot(label));
  const homeDir = realDir(opts.homeDir);
  const presets = file.extends ?? [];
  const rules: PolicyRules = { allow: [], deny: [], ask: [] };
  const compiledWithPaths: { rule: CompiledRule; yamlPath: PathKey[] | null }[] = [];
  for (const { entry, behavior, yamlPath, preset } of ruleOrigins(file)) {
    const text = typeof entry === 'string' ? entry : entry.rule;
    const textPath = yamlPath === null ? null : typeof entry === 'string' ? yamlPath : [...yamlPath, 'rule'];
    const pos = textPath === null ? null : at(textPath);
    const compiled = compileRule({
      text,
      behavior,
      source: preset !== null ? `preset:${preset}` : `${label}:${pos?.line ?? 0}:${pos?.column ?? 0}`,
      reason: typeof entry === 'string' ? undefined : entry.reason,
      examples: typeof entry === 'string' || entry.examples === undefined ? null : { match: entry.examples.match ?? [], notMatch: entry.examples.not_match ?? [] },
    });
    if (!compiled.ok) {
      const errorAt = textPath === null ? { line: 0, column: 0 } : at(textPath, compiled.offset);
      issues.push({ file: preset !== null ? `preset:${preset}` : label, ...errorAt, message: `rule ${JSON.stringify(text)}: ${compiled.message}` });
      continue;
    }
    rules[behavior].push(compiled.value);
    compiledWithPaths.push({ rule: compiled.value, yamlPath });
  }
  if (hasCommandExamples(compiledWithPaths.map((c) => c.rule))) await initBashParser();
  for (const { rule, yamlPath } of compiledWithPaths) {
    for (const failure of checkExamples(rule, { root, home: homeDir })) {
      const key = failure.expected === 'match' ? 'match' : 'not_match';
      const pos = yamlPath === null ? { line: 0, column: 0 } : at([...yamlPath, 'examples', key, failure.index]);
      issues.push({ file: label, ...pos, message: failure.message });
    }
  }
  const network = file.sandbox?.network;
  for (const key of ['allow', 'allow_private'] as const) {
    (network?.[key] ?? []).forEach((host, i) => {
      const r = parseHostPattern(host);
      if (!r.ok) issues.push({ file: label, ...at(['sandbox', 'network', key, i], r.offset), message: `sandbox.network.${key}: ${JSON.stringify(host)}: ${r.message}` });
    });
  }
  const extra = file.sandbox?.protected_paths ?? [];
  extra.forEach((p, i) => {
    const problem = checkProtectedPathEntry(p);
    if (problem !== null) issues.push({ file: label, ...at(['sandbox', 'protected_paths', i]), message: `sandbox.protected_paths: ${JSON.stringify(p)} ${problem}` });
  });
  for (const event of ['PreToolUse', 'PostToolUse'] as const) {
    (file.hooks?.[event] ?? []).forEach((group, i) => {
      const problem = group.matcher === undefined ? null : matcherProblem(group.matcher);
      if (problem !== null) issues.push({ file: label, ...at(['hooks', event, i, 'matcher']), message: `hooks.${event}[${i}].matcher: ${JSON.stringify(group.matcher)} is ${problem}` });
    });
  }
  const agents = agentDefinitions(file, (p, message) => issues.push({ file: label, ...at(p), message }));
  if (issues.length > 0) throw new PolicyError(issues.sort((a, b) => a.line - b.line || a.column - b.column));

  const mode = file.mode ?? [...presets].reverse().map((n) => PRESETS[n].mode).find((m) => m !== undefined) ?? 'dontAsk';
  const hooks = hooksConfig(file.hooks);
  const hookFiles = hookScriptPaths(hooks, (rel) => statSync(path.join(root, rel), { throwIfNoEntry: false })?.isFile() === true);
  const protectedPaths = [...protectedPathList(label, root, extra), ...hookFiles.map((p) => ({ path: p, anyDepth: false, reason: 'a hook script the policy runs' }))];
  const policyRel = where === null ? null : relativeComponents(root, path.resolve(label));
  const policyExtra = policyRel !== null && policyRel.join('/') !== DEFAULT_POLICY_PATH ? [policyRel.join('/')] : [];
  const warnings: PolicyIssue[] = [];
  if (file.sandbox?.mode === 'off') warnings.push({ file: label, ...at(['sandbox', 'mode']), message: 'sandbox.mode is off: commands run without the sandbox, so an allowed script can do anything the runner can' });
  if (mode === 'bypassPermissions') warnings.push({ file: label, ...at(['mode']), message: 'mode bypassPermissions allows every call that no deny or ask rule stops' });
  return {
    file: where === null ? label : path.resolve(label),
    root,
    homeDir,
    mode,
    presets,
    rules,
    sandbox: withMcpSecrets(sandboxConfig(file, [...extra, ...policyExtra, ...hookFiles], writableProtectedPaths(rules.allow, root, homeDir, protectedPaths), sandboxFileRules(rules, mode, root, homeDir)), file),
    publish: publishConfig(file),
    hooks,
    protectedPaths,
    ...(file.mcp_servers === undefined ? {} : { mcpServers: mcpServersOf(file) }),
    warnings,
    ...(agents.length === 0 ? {} : { agents }),
  };
}

/** The `agents:` section; a tool that is not one Warden knows, or is Agent itself, is an error naming it. */
function agentDefinitions(file: PolicyFile, issue: (p: PathKey[], message: string) => void): AgentDefinition[] {
  return Object.entries(file.agents ?? {}).map(([name, a]) => {
    if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(name)) issue(['agents', name], `agents: ${JSON.stringify(name)}: an agent name is letters, digits, - and _ (it is what subagent_type names)`);
    (a.tools ?? []).forEach((tool, i) => {
      const where = `agents.${name}.tools: ${JSON.stringify(tool)}`;
      if (tool === 'Agent') issue(['agents', name, 'tools', i], `${where}: a subagent cannot start agents (they go one level deep)`);
      else if (toolKind(tool) === undefined && !isMcpToolName(tool)) issue(['agents', name, 'tools', i], `${where} is not a tool; expected one of ${Object.keys(KNOWN_TOOLS).filter((t) => t !== 'Agent').join(', ')} or mcp__server__tool`);
    });
    return { name, description: a.description, prompt: a.prompt, tools: a.tools, maxTurns: a.max_turns };
  });
}

function positionAt(where: Located, p: PathKey[], offset?: number): Position {
  const { node } = nodeAt(where.doc, p);
  return offset === undefined ? positionOf(node, where.lineCounter) : positionInScalar(node, offset, where.lineCounter);
}

/** The rule strings of a file the schema refused, compiled as far as they can be: their own errors. */
function ruleTextIssues(data: object, where: Located): PolicyIssue[] {
  const permissions = (data as { permissions?: unknown }).permissions;
  if (typeof permissions !== 'object' || permissions === null) return [];
  const issues: PolicyIssue[] = [];
  for (const behavior of BEHAVIORS) {
    const list = (permissions as Partial<Record<string, unknown>>)[behavior];
    if (!Array.isArray(list)) continue;
    list.forEach((entry: unknown, i) => {
      const text = typeof entry === 'string' ? entry : typeof entry === 'object' && entry !== null ? (entry as { rule?: unknown }).rule : undefined;
      // Not a string, or empty: the schema's issue already says so.
      if (typeof text !== 'string' || text === '') return;
      const compiled = compileRule({ text, behavior, source: where.file, reason: undefined, examples: null });
      const textPath: PathKey[] = typeof entry === 'string' ? ['permissions', behavior, i] : ['permissions', behavior, i, 'rule'];
      if (!compiled.ok) issues.push({ file: where.file, ...positionAt(where, textPath, compiled.offset), message: `rule ${JSON.stringify(text)}: ${compiled.message}` });
    });
  }
  return issues;
}

function publishConfig(file: PolicyFile): PublishConfig {
  const p = file.publish ?? {};
  const d = DEFAULT_PUBLISH_CONFIG;
  return {
    comment: p.comment ?? d.comment,
    review: p.review ?? d.review,
    push: p.push ?? d.push,
    maxFiles: p.max_files ?? d.maxFiles,
    maxBytes: p.max_bytes ?? d.maxBytes,
    reviewEvent: p.review_event ?? d.reviewEvent,
    commitSigning: p.commit_signing ?? d.commitSigning,
  };
}
