/**
 * The permission decision for one tool call, from a loaded policy. Deny beats ask beats allow,
 * whatever the specificity; ask is a denial (no human in CI); anything no rule allows is decided
 * by the mode, which in headless runs means denied. Unknown tools are denied.
 */
import { decideBash, initBashParser } from './bash/index.js';
import type { BashDecideOptions, SubcommandVerdict } from './bash/bash-types.js';
import type { Decider, Decision, PermissionContext, ToolCallRequest } from './decision.js';
import { hostOfUrl, matchHost } from './domain-match.js';
import { builtinStep, describeRule, ruleStep, type LoadedPolicy, type Trace } from './loaded-policy.js';
import { matchMcp } from './mcp-match.js';
import { bareRuleGoverns, judgePath, ruleDenial } from './path-decision.js';
import { isEnterableDirectory, realPath, resolveToolPath } from './path-resolve.js';
import type { CompiledRule } from './rule-compile.js';
import type { PathJudge } from './rule.js';
import { historyMayHoldDenied, type HistoryListing } from './history-fact.js';
import { isMcpToolName, toolKind, WRITE_TOOLS } from './tool-kinds.js';
import { judgeTreeRead } from './tree-read.js';
import { createGlobJudge, hasReadDenies } from './glob-read.js';

export type EvaluatedDecision = Decision & { subcommands: SubcommandVerdict[] };

const deny = (rule: string | null, reason: string): EvaluatedDecision => ({ behavior: 'deny', rule, reason, subcommands: [] });
const allow = (rule: string | null, reason: string): EvaluatedDecision => ({ behavior: 'allow', rule, reason, subcommands: [] });

/** A bare rule (or MCP rule) that names this tool. */
function namesTool(rule: CompiledRule, toolName: string): boolean {
  if (rule.target.kind === 'mcp') return matchMcp(rule.target, toolName);
  return rule.target.kind === 'tool' && rule.toolName === toolName;
}

/** An `Agent(name)` rule that names the agent type this Agent call starts (general-purpose by default). */
function namesAgent(rule: CompiledRule, call: ToolCallRequest): boolean {
  if (rule.target.kind !== 'agent' || call.toolName !== 'Agent') return false;
  const type = (call.input as { subagent_type?: unknown } | null)?.subagent_type;
  return rule.target.name === (typeof type === 'string' ? type : 'general-purpose');
}

export function createPathJudge(policy: LoadedPolicy, cwd: string, toolName = 'Bash', trace?: Trace): PathJudge {
  return (kind, absolutePath) => judgePath(kind, absolutePath, { policy, cwd, toolName }, trace);
}

/** Judges a recursive read: the directory itself, then anything denied beneath it. */
export function createTreeReadJudge(policy: LoadedPolicy, cwd: string, toolName = 'Bash', trace?: Trace): (absoluteDir: string) => Decision {
  return (dir) => {
    const own = judgePath('read', dir, { policy, cwd, toolName }, trace);
    if (own.behavior === 'deny') return own;
    return judgeTreeRead(policy, cwd, resolveToolPath(dir, cwd, policy.homeDir).real ?? dir, trace) ?? own;
  };
}

/** The decision, synchronously. Bash calls need `initBashParser()` to have completed. */
export function evaluateCall(policy: LoadedPolicy, call: ToolCallRequest, ctx: PermissionContext, trace?: Trace, facts: HostFacts = {}): EvaluatedDecision {
  const name = call.toolName;
  const kind = toolKind(name);
  if (kind === undefined && !isMcpToolName(name)) {
    trace?.push(builtinStep(true, `${name} is not a known tool`));
    return deny(null, `${name} is not a tool this policy knows, so it is denied. Use one of the tools you were given.`);
  }
  for (const list of [policy.rules.deny, policy.rules.ask]) {
    for (const rule of list) {
      if (rule.target.kind !== 'tool' && rule.target.kind !== 'mcp' && rule.target.kind !== 'agent') continue;
      const hit = namesTool(rule, name) || namesAgent(rule, call);
      if (hit || rule.toolName === name) trace?.push(ruleStep(rule, hit, hit ? `names ${name}` : `does not name ${name}`));
      if (hit) return { ...ruleDenial(rule, 'Using', name), subcommands: [] };
    }
  }
  const access = call.access;
  if (isMcpToolName(name)) {
    // An MCP tool runs outside the sandbox: it needs its own allow rule before any path it names counts.
    const use = judgeToolUse(policy, call, trace);
    if (use.behavior === 'deny' || (access.kind !== 'read' && access.kind !== 'write')) return use;
  }
  switch (access.kind) {
    case 'read':
    case 'write':
      return judgePaths(policy, call, ctx, access.kind, access.paths, trace);
    case 'exec':
      return judgeCommand(policy, access.command, ctx, trace, facts);
    case 'network':
      if (name === 'WebFetch') return judgeUrl(policy, access.url, trace);
      return judgeToolUse(policy, call, trace);
    case 'none':
      return judgeToolUse(policy, call, trace);
  }
}

function judgePaths(policy: LoadedPolicy, call: ToolCallRequest, ctx: PermissionContext, kind: 'read' | 'write', paths: string[], trace: Trace): EvaluatedDecision {
  if (paths.length === 0) return deny(null, `${call.toolName} declared a ${kind} without a path, so it is denied. Give the path explicitly.`);
  let first: Decision | undefined;
  // A Grep of a directory is judged as a read of the directory, as Claude Code judges it: what
  // beneath it the policy denies is skipped by the search itself, which opens and judges every
  // file before reading a byte (host-read-guard.ts) and says how many it skipped. A command's
  // recursive read (`grep -r`) cannot skip anything, and is judged on the whole tree (judgeCommand).
  const opened = call.access.kind === 'read' && call.access.opened === true;
  for (const p of paths) {
    const d = judgePath(kind, p, { policy, cwd: ctx.cwd, toolName: call.toolName, opened }, trace);
    if (d.behavior === 'deny') return { ...d, subcommands: [] };
    if (first === undefined || (first.rule === null && d.rule !== null)) first = d;
  }
  return { ...(first as Decision), subcommands: [] };
}

function judgeCommand(policy: LoadedPolicy, command: string, ctx: PermissionContext, trace: Trace, facts: HostFacts): EvaluatedDecision {
  const pick = (list: CompiledRule[]): CompiledRule[] => list.filter((r) => r.toolName === 'Bash');
  const rules = { allow: pick(policy.rules.allow), deny: pick(policy.rules.deny), ask: pick(policy.rules.ask) };
  const result = decideBash(command, rules, createPathJudge(policy, ctx.cwd, 'Bash', trace), {
    cwd: ctx.cwd,
    mode: policy.mode,
    judgeTreeRead: createTreeReadJudge(policy, ctx.cwd, 'Bash', trace),
    judgeGlob: createGlobJudge(policy, ctx.cwd),
    readDenies: hasReadDenies(policy),
    realPath,
    // `required`: every command runs in the sandbox, which hides what the Read rules deny.
    sandboxReads: policy.sandbox.mode === 'required',
    directoryExists: isEnterableDirectory,
    ...facts,
  });
  for (const sub of result.subcommands) {
    const d = sub.decision;
    trace?.push({ rule: d.rule, behavior: d.behavior === 'allow' ? 'allow' : 'deny', source: 'bash', matched: true, why: `subcommand \`${sub.text}\`: ${d.behavior} (${d.reason})` });
  }
  return result;
}

function judgeUrl(policy: LoadedPolicy, url: string, trace: Trace): EvaluatedDecision {
  const host = hostOfUrl(url);
  if (host === null) return deny(null, `Fetching ${url} was denied: it is not an http(s) URL with a valid host.`);
  const { deny: denies, ask, allow: allows } = policy.rules;
  // Deny and ask first, whatever the order in the file.
  for (const rule of [...denies, ...ask, ...allows].filter((r) => r.toolName === 'WebFetch')) {
    const hit = rule.target.kind !== 'domain' || matchHost(rule.target.pattern, host);
    trace?.push(ruleStep(rule, hit, hit ? `matches host ${host}` : `does not match host ${host}`));
    if (hit) return rule.behavior === 'allow' ? allow(rule.text, `Fetching ${url} is allowed by ${describeRule(rule)}.`) : { ...ruleDenial(rule, 'Fetching', url), subcommands: [] };
  }
  if (policy.mode === 'bypassPermissions') {
    trace?.push(builtinStep(true, 'bypassPermissions mode allows what no rule denies'));
    return allow(null, `Fetching ${url} is allowed: bypassPermissions mode.`);
  }
  trace?.push(builtinStep(true, `no allow rule for host ${host}`));
  return deny(null, `Fetching ${url} was denied: no allow rule covers host ${host} (it would take \`WebFetch(domain:${host})\`). Work from the repository's contents instead.`);
}

function judgeToolUse(policy: LoadedPolicy, call: ToolCallRequest, trace: Trace): EvaluatedDecision {
  const name = call.toolName;
  if (toolKind(name)?.free === true) {
    trace?.push(builtinStep(true, `${name} needs no permission`));
    return allow(null, `${name} needs no permission.`);
  }
  if (policy.mode === 'plan' && !call.isReadOnly) {
    trace?.push(builtinStep(true, 'plan mode: only read-only calls'));
    return deny(null, `Using ${name} was denied: the policy runs in plan mode, which allows only read-only calls.`);
  }
  for (const rule of policy.rules.allow) {
    if (rule.target.kind !== 'tool' && rule.target.kind !== 'mcp') continue;
    const hit = namesTool(rule, name);
    if (hit) {
      trace?.push(ruleStep(rule, true, `names ${name}`));
      return allow(rule.text, `Using ${name} is allowed by ${describeRule(rule)}.`);
    }
  }
  if (policy.mode === 'bypassPermissions') {
    trace?.push(builtinStep(true, 'bypassPermissions mode allows what no rule denies'));
    return allow(null, `Using ${name} is allowed: bypassPermissions mode.`);
  }
  trace?.push(builtinStep(true, `no allow rule names ${name}`));
  return deny(null, `Using ${name} was denied: no allow rule names it (${policy.mode} mode allows only what the policy lists; it would take \`${name}\` under permissions.allow).`);
}

/** Is every call of this tool denied by a bare deny or ask rule (or is the tool unknown)? */
export function isToolDeniedOutright(policy: LoadedPolicy, toolName: string): boolean {
  if (toolKind(toolName) === undefined && !isMcpToolName(toolName)) return true;
  // Plan mode never writes: offering a write tool would only invite calls that are all denied.
  if (policy.mode === 'plan' && (WRITE_TOOLS as readonly string[]).includes(toolName)) return true;
  return [...policy.rules.deny, ...policy.rules.ask].some((rule) => {
    const t = rule.target;
    if (t.kind === 'mcp') return matchMcp(t, toolName);
    if (t.kind !== 'tool') return false;
    if (rule.toolName === toolName) return true;
    const family = toolKind(toolName)?.family;
    return (family === 'read' || family === 'write') && bareRuleGoverns(rule, family, toolName);
  });
}

/** What the host established before the run (BashDecideOptions.historyMayHoldDenied; absent means true). */
type HostFacts = Pick<BashDecideOptions, 'historyMayHoldDenied'>;

/**
 * `history`: the paths in git's object store, listed by the host before the run; read at the first
 * decision (a run's decider waits for its setup) and judged once against this policy's Read rules.
 */
export function createPolicyDecider(policy: LoadedPolicy, history: () => HistoryListing | undefined = () => undefined): Decider {
  let facts: HostFacts | undefined;
  return {
    description: `policy ${policy.file} (mode ${policy.mode}${policy.presets.length > 0 ? `, extends ${policy.presets.join(', ')}` : ''})`,
    async decide(call, ctx) {
      if (call.access.kind === 'exec') await initBashParser();
      if (call.access.kind === 'exec') facts ??= { historyMayHoldDenied: historyMayHoldDenied(history(), createPathJudge(policy, ctx.cwd)) };
      const { subcommands: _subcommands, ...decision } = evaluateCall(policy, call, ctx, undefined, facts ?? {});
      return decision;
    },
    offersTool: (toolName) => !isToolDeniedOutright(policy, toolName),
  };
}
