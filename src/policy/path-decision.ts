/**
 * The verdict on one filesystem access (file tools, paths the Bash analyser finds): deny, ask, plan
 * mode, protected paths, allow rules, workspace defaults, the mode. The path as written and its
 * symlink-resolved target are both judged: a deny fires on either, an allow must match both; bare
 * `Read`/`Edit` allow rules cover only the workspace.
 */
import path from 'node:path';
import type { Decision } from './decision.js';
import { builtinStep, describeRule, ruleStep, type LoadedPolicy, type Trace } from './loaded-policy.js';
import { matchPathPattern, matchPathPatternInside, patternBase, relativeComponents, type PathBases } from './path-rule-match.js';
import { resolveToolPath } from './path-resolve.js';
import { protectedEntriesFor, ruleNamesEntry, type ProtectedPath } from './protected-paths.js';
import type { CompiledRule } from './rule-compile.js';
import { toolKind } from './tool-kinds.js';

export type AccessKind = 'read' | 'write';

export interface PathCheck {
  policy: LoadedPolicy;
  /** Symlink-resolved workspace root; relative paths resolve against it. */
  cwd: string;
  /** The calling tool: its own bare rules (e.g. `Write`) apply alongside the family's. */
  toolName: string;
  /** The path is the kernel's name of a file already opened (Access `opened`): not resolved again. */
  opened?: boolean;
}

/** Does this rule govern an access of this kind? Read deny/ask rules also govern writes. */
function governs(rule: CompiledRule, kind: AccessKind, toolName: string): boolean {
  const t = rule.target;
  if (t.kind === 'path') return t.family === kind || (kind === 'write' && rule.behavior !== 'allow' && t.family === 'read');
  return t.kind === 'tool' && bareRuleGoverns(rule, kind, toolName);
}

/**
 * Does a bare rule (`Read`, `Edit`, or the tool's own name) govern this tool's access of this kind?
 * The tool's own rule governs its own family; a bare Read deny also bars writes (what may not be
 * read may not be written); a bare Edit governs every write.
 */
export function bareRuleGoverns(rule: CompiledRule, kind: AccessKind, toolName: string): boolean {
  if (rule.toolName === toolName) return toolKind(toolName)?.family === kind;
  if (rule.toolName === 'Edit') return kind === 'write';
  return rule.toolName === 'Read' && (kind === 'read' || rule.behavior !== 'allow');
}

function matchesAny(rule: CompiledRule, paths: string[], bases: PathBases): boolean {
  const t = rule.target;
  return t.kind !== 'path' || paths.some((p) => matchPathPattern(t.pattern, p, bases));
}

function allowMatches(rule: CompiledRule, paths: string[], bases: PathBases, inWorkspace: boolean): boolean {
  const t = rule.target;
  if (t.kind !== 'path') return inWorkspace; // bare Read/Edit: the workspace only
  return paths.every((p) => matchPathPatternInside(t.pattern, p, bases));
}

/** Workspace-relative (`.` for the root) inside the workspace, absolute outside. */
export function show(abs: string, cwd: string): string {
  const rel = relativeComponents(cwd, abs);
  return rel === null ? abs : rel.length === 0 ? '.' : rel.join('/');
}

const deny = (rule: string | null, reason: string): Decision => ({ behavior: 'deny', rule, reason });
const allow = (rule: string | null, reason: string): Decision => ({ behavior: 'allow', rule, reason });

export function judgePath(kind: AccessKind, rawPath: string, check: PathCheck, trace?: Trace): Decision {
  const { policy, cwd, toolName } = check;
  const verb = kind === 'read' ? 'Reading' : 'Writing';
  const resolved = resolvePaths(rawPath, check, verb, trace);
  if ('behavior' in resolved) return resolved;
  const { paths, target, real } = resolved;
  const bases: PathBases = { root: policy.root, cwd, home: policy.homeDir };
  const inWorkspace = relativeComponents(cwd, real) !== null;

  const ruled = denyOrAskRule(kind, paths, target, check, trace);
  if (ruled !== null) return ruled;
  if (kind === 'write' && policy.mode === 'plan') {
    trace?.push(builtinStep(true, 'plan mode: no writes'));
    return deny(null, `${verb} ${target} was denied: the policy runs in plan mode, which allows no file changes. Describe the change in your answer instead.`);
  }
  const allowRules = policy.rules.allow.filter((r) => governs(r, kind, toolName));
  if (kind === 'write') {
    const entries = [...new Set(paths.flatMap((p) => protectedEntriesFor(p, cwd, policy.protectedPaths)))];
    if (entries.length > 0) return judgeProtected(entries, allowRules, paths, check, target, trace);
  }
  for (const rule of allowRules) {
    const hit = allowMatches(rule, paths, bases, inWorkspace);
    trace?.push(ruleStep(rule, hit, hit ? `matches ${target}` : rule.target.kind === 'path' ? `does not match ${target}` : 'bare rule: covers the workspace only'));
    if (hit) return allow(rule.text, `${verb} ${target} is allowed by ${describeRule(rule)}.`);
  }
  if (!inWorkspace) {
    trace?.push(builtinStep(true, `${target} is outside the workspace ${cwd}`));
    const rule = `${kind === 'read' ? 'Read' : 'Edit'}(/${real})`;
    return deny(null, `${verb} ${target} was denied: it is outside the workspace (${cwd}) and no allow rule covers it (it would take e.g. \`${rule}\`). Work with files inside the workspace.`);
  }
  if (kind === 'read') {
    trace?.push(builtinStep(true, 'reads inside the workspace are allowed'));
    return allow(null, `${verb} ${target} is allowed: it is inside the workspace.`);
  }
  if (policy.mode === 'acceptEdits' || policy.mode === 'bypassPermissions') {
    trace?.push(builtinStep(true, `${policy.mode} mode: writes inside the workspace are allowed`));
    return allow(null, `${verb} ${target} is allowed: ${policy.mode} mode allows writes inside the workspace.`);
  }
  trace?.push(builtinStep(true, `${policy.mode} mode: a write needs an allow rule`));
  return deny(null, `${verb} ${target} was denied: no allow rule covers it (${policy.mode} mode allows only what the policy lists; it would take e.g. \`Edit(/${show(resolved.lexical, policy.root)})\`). Change only files the policy allows, or describe the change in your answer.`);
}

/**
 * What bars a write whatever made it: a deny or ask rule, or a protected path that no allow rule
 * names explicitly. Not the mode and not missing allow rules — a change made by an allowed command
 * is the command's. The publisher asks this of every file of a patch before delivering it.
 */
export function writeBarrier(rawPath: string, check: PathCheck): Decision | null {
  const resolved = resolvePaths(rawPath, check, 'Writing', undefined);
  if ('behavior' in resolved) return resolved;
  const ruled = denyOrAskRule('write', resolved.paths, resolved.target, check, undefined);
  if (ruled !== null) return ruled;
  const entries = [...new Set(resolved.paths.flatMap((p) => protectedEntriesFor(p, check.cwd, check.policy.protectedPaths)))];
  if (entries.length === 0) return null;
  const allowRules = check.policy.rules.allow.filter((r) => governs(r, 'write', check.toolName));
  const verdict = judgeProtected(entries, allowRules, resolved.paths, check, resolved.target, undefined);
  return verdict.behavior === 'deny' ? verdict : null;
}

interface ResolvedPaths {
  lexical: string;
  real: string;
  /** The lexical path, and the symlink-resolved one when it differs. */
  paths: string[];
  /** How the path is shown in reasons. */
  target: string;
}

function resolvePaths(rawPath: string, check: PathCheck, verb: string, trace: Trace): ResolvedPaths | Decision {
  // A kernel name is absolute and in normal form; anything else is resolved like any other path.
  const kernelName = check.opened === true && path.isAbsolute(rawPath) && path.normalize(rawPath) === rawPath;
  const resolved = kernelName ? { lexical: rawPath, real: rawPath } : resolveToolPath(rawPath, check.cwd, check.policy.homeDir);
  const shown = show(resolved.lexical, check.cwd);
  if (resolved.real === null) {
    trace?.push(builtinStep(true, `${shown} cannot be resolved (symlink loop or unreadable directory)`));
    return deny(null, `${verb} ${shown} was denied: the path cannot be resolved (symlink loop or unreadable directory). Use a plain path inside the workspace.`);
  }
  const paths = resolved.real === resolved.lexical ? [resolved.lexical] : [resolved.lexical, resolved.real];
  const target = paths.length === 2 ? `${shown} (→ ${show(resolved.real, check.cwd)})` : shown;
  return { lexical: resolved.lexical, real: resolved.real, paths, target };
}

function denyOrAskRule(kind: AccessKind, paths: string[], target: string, check: PathCheck, trace: Trace): Decision | null {
  const { policy, cwd, toolName } = check;
  const bases: PathBases = { root: policy.root, cwd, home: policy.homeDir };
  const verb = kind === 'read' ? 'Reading' : 'Writing';
  for (const list of [policy.rules.deny, policy.rules.ask]) {
    for (const rule of list) {
      if (!governs(rule, kind, toolName)) continue;
      const hit = matchesAny(rule, paths, bases);
      trace?.push(ruleStep(rule, hit, hit ? `matches ${target}` : `does not match ${target}`));
      if (hit) return ruleDenial(rule, verb, target);
    }
  }
  return null;
}

function judgeProtected(entries: ProtectedPath[], allowRules: CompiledRule[], paths: string[], check: PathCheck, target: string, trace: Trace): Decision {
  const { policy, cwd } = check;
  const bases: PathBases = { root: policy.root, cwd, home: policy.homeDir };
  for (const rule of allowRules) {
    const t = rule.target;
    if (t.kind !== 'path') continue;
    const dir = patternBase(t.pattern, bases);
    const names = entries.every((e) => ruleNamesEntry(t.pattern, dir, cwd, e));
    const hit = names && paths.every((p) => matchPathPatternInside(t.pattern, p, bases));
    trace?.push(ruleStep(rule, hit, hit ? `names protected ${entries.map((e) => e.path).join(', ')} and matches ${target}` : `does not name protected ${entries.map((e) => e.path).join(', ')} explicitly`));
    if (hit) return allow(rule.text, `Writing protected path ${target} is allowed by ${describeRule(rule)}, which names it explicitly.`);
  }
  const first = entries[0] as ProtectedPath;
  trace?.push(builtinStep(true, `${target} is protected (${first.path}: ${first.reason})`));
  return deny(null, `Writing ${target} was denied: it is a protected path (${first.path}: ${first.reason}). Only an allow rule naming it explicitly, such as \`Edit(/${first.path.replace(/\*$/, '')}${first.anyDepth ? '' : '/**'})\`, permits it. Leave it unchanged and mention the change you would make.`);
}

export function ruleDenial(rule: CompiledRule, verb: string, target: string): Decision {
  const why = rule.reason === undefined ? '' : `: ${rule.reason}`;
  if (rule.behavior === 'ask') {
    return deny(rule.text, `${verb} ${target} requires approval (ask rule \`${rule.text}\`, ${rule.source}${why}) and no human is present in CI, so it was denied. Do not retry; continue without it or explain what you needed.`);
  }
  return deny(rule.text, `${verb} ${target} was denied by ${describeRule(rule)}${why}. Do not retry it; continue without it.`);
}
