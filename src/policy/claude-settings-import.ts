/**
 * `warden policy import`: a Claude Code `settings.json` permissions block (and `.mcp.json`-style
 * `mcpServers`) as a Warden policy.
 * Rules carry over as written where the semantics match; what has no Warden equivalent is
 * commented out in the output and listed as a warning.
 */
import { readFile } from 'node:fs/promises';
import { stringify } from 'yaml';
import { z } from 'zod';
import { DEFAULT_HOOK_TIMEOUT_S, HOOK_EVENTS, matcherProblem, MAX_HOOK_TIMEOUT_S, type HookEvent } from './hooks-section.js';
import { ClaudeMcpServersSchema, convertMcpServers } from './claude-mcp-import.js';
import { isPermissionMode, type PermissionMode } from './permission-mode.js';
import { compileRule } from './rule-compile.js';
import { parseRuleText, escapeSpecifier } from './rule-parse.js';
import type { RuleBehavior } from './rule.js';
import { errorMessage } from '../error-text.js';

export interface ImportResult {
  /** The policy file text (YAML), warnings included as comments. */
  yaml: string;
  warnings: string[];
}

const SettingsSchema = z.looseObject({
  permissions: z
    .looseObject({
      allow: z.array(z.string()).optional(),
      deny: z.array(z.string()).optional(),
      ask: z.array(z.string()).optional(),
      defaultMode: z.string().optional(),
      additionalDirectories: z.array(z.string()).optional(),
    })
    .optional(),
  sandbox: z.looseObject({ network: z.looseObject({ allowedDomains: z.array(z.string()).optional() }).optional() }).optional(),
  hooks: z.record(z.string(), z.unknown()).optional(),
  disableAllHooks: z.boolean().optional(),
  mcpServers: ClaudeMcpServersSchema.optional(),
});

const ClaudeHookGroups = z.array(
  z.looseObject({
    matcher: z.string().optional(),
    hooks: z.array(z.looseObject({ type: z.string(), command: z.string().optional(), timeout: z.number().optional() })),
  }),
);

const PARAMETER_RULE = /^(run_in_background|dangerouslyDisableSandbox|timeout|description|model|[a-z]+_[a-z_]+):/;
const PATH_HOMES: Readonly<Record<string, string>> = { Write: 'Edit', NotebookEdit: 'Edit', MultiEdit: 'Edit', Glob: 'Read', Grep: 'Read' };

function convertRule(text: string, behavior: RuleBehavior, warnings: string[]): string | null {
  const syntax = parseRuleText(text);
  if (syntax.ok && syntax.value.specifier !== null) {
    const { toolName, specifier } = syntax.value;
    if (PARAMETER_RULE.test(specifier) && !specifier.startsWith('domain:')) {
      warnings.push(`${behavior} \`${text}\`: parameter rules are not supported by Warden; dropped`);
      return null;
    }
    const home = PATH_HOMES[toolName];
    if (home !== undefined) {
      const converted = `${home}(${escapeSpecifier(specifier)})`;
      warnings.push(`${behavior} \`${text}\`: path rules are written ${home}(...) (which Claude Code also checks); converted to \`${converted}\``);
      return converted;
    }
  }
  const compiled = compileRule({ text, behavior, source: 'import' });
  if (!compiled.ok) {
    warnings.push(`${behavior} \`${text}\`: ${compiled.message}; dropped`);
    return null;
  }
  return text;
}

function convertMode(mode: string | undefined, warnings: string[]): PermissionMode | undefined {
  if (mode === undefined) return undefined;
  if (mode === 'manual') return 'default';
  if (isPermissionMode(mode)) return mode;
  warnings.push(`defaultMode "${mode}" has no headless equivalent; using dontAsk (anything not allowed is denied)`);
  return 'dontAsk';
}

type ImportedGroup = { matcher?: string; hooks: { type: 'command'; command: string; timeout?: number }[] };

/**
 * Claude Code's `hooks` as the policy's: the events and hook type Warden runs carry over as
 * written; the rest is listed in the warnings, never kept looking configured.
 */
function convertHooks(raw: Record<string, unknown> | undefined, warnings: string[]): Partial<Record<HookEvent, ImportedGroup[]>> | undefined {
  const out: Partial<Record<HookEvent, ImportedGroup[]>> = {};
  for (const [event, value] of Object.entries(raw ?? {})) {
    if (!(HOOK_EVENTS as readonly string[]).includes(event)) {
      warnings.push(`hooks.${event}: Warden runs only ${HOOK_EVENTS.join(', ')} hooks; dropped`);
      continue;
    }
    const parsed = ClaudeHookGroups.safeParse(value);
    if (!parsed.success) {
      warnings.push(`hooks.${event}: not a list of {matcher, hooks}; dropped`);
      continue;
    }
    const groups: ImportedGroup[] = [];
    parsed.data.forEach((group, i) => {
      const where = `hooks.${event}[${i}]`;
      let matcher = group.matcher;
      if (event === 'Stop' && matcher !== undefined && matcher !== '' && matcher !== '*') {
        warnings.push(`${where}.matcher: Stop hooks take no matcher; "${matcher}" dropped`);
        matcher = undefined;
      }
      const problem = matcher === undefined ? null : matcherProblem(matcher);
      if (problem !== null) {
        warnings.push(`${where}.matcher: "${matcher}" is ${problem}; the group is dropped`);
        return;
      }
      const hooks = group.hooks.flatMap((hook, j) => {
        if (hook.type !== 'command' || hook.command === undefined || hook.command === '') {
          warnings.push(`${where}.hooks[${j}]: only command hooks run in Warden ("${hook.type}"); dropped`);
          return [];
        }
        const timeout = hook.timeout === undefined ? undefined : Math.min(MAX_HOOK_TIMEOUT_S, Math.max(1, Math.ceil(hook.timeout)));
        if (timeout !== undefined && timeout !== hook.timeout) warnings.push(`${where}.hooks[${j}].timeout: ${hook.timeout} s is outside 1–${MAX_HOOK_TIMEOUT_S}; ${timeout} s`);
        return [{ type: 'command' as const, command: hook.command, ...(timeout === undefined || timeout === DEFAULT_HOOK_TIMEOUT_S ? {} : { timeout }) }];
      });
      if (hooks.length > 0) groups.push({ ...(matcher === undefined || matcher === '' ? {} : { matcher }), hooks });
    });
    if (groups.length > 0) out[event as HookEvent] = groups;
  }
  if (Object.keys(out).length === 0) return undefined;
  warnings.push('hooks run inside the sandbox, in the workspace: a hook needing the network or files outside it needs sandbox rules; a PreToolUse hook that fails or prints anything but one JSON object denies the call');
  return out;
}

/** Convert the JSON text of a Claude Code settings file. */
export function convertClaudeSettings(jsonText: string, label = 'settings.json'): ImportResult {
  let raw: unknown;
  try {
    raw = JSON.parse(jsonText);
  } catch (error) {
    throw new Error(`${label}: not valid JSON (${errorMessage(error)})`, { cause: error });
  }
  const parsed = SettingsSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`${label}: not a Claude Code settings file (${parsed.error.issues.map((i) => i.message).join('; ')})`);
  const settings = parsed.data;
  const warnings: string[] = [];
  const perms = settings.permissions ?? {};
  const permissions: Partial<Record<RuleBehavior, string[]>> = {};
  for (const behavior of ['allow', 'deny', 'ask'] as const) {
    const rules = (perms[behavior] ?? []).map((r) => convertRule(r, behavior, warnings)).filter((r): r is string => r !== null);
    if (rules.length > 0) permissions[behavior] = rules;
  }
  if ((perms.ask ?? []).length > 0) warnings.push('ask rules deny in CI (there is no one to ask); move rules you want to run to allow');
  for (const dir of perms.additionalDirectories ?? []) {
    warnings.push(`additionalDirectories "${dir}" is not supported: Warden confines the agent to the workspace; add rules such as Read(//${dir.replace(/^\/+/, '')}/**) if it must read there`);
  }
  const mode = convertMode(perms.defaultMode, warnings);
  const domains = settings.sandbox?.network?.allowedDomains ?? [];
  const policy: Record<string, unknown> = { version: 1, mode: mode ?? 'dontAsk' };
  if (Object.keys(permissions).length > 0) policy.permissions = permissions;
  if (domains.length > 0) policy.sandbox = { network: { allow: domains } };
  const hooks = settings.disableAllHooks === true ? undefined : convertHooks(settings.hooks, warnings);
  if (settings.disableAllHooks === true && settings.hooks !== undefined) warnings.push('disableAllHooks is true: no hooks imported');
  if (hooks !== undefined) policy.hooks = hooks;
  const servers = convertMcpServers(settings.mcpServers ?? {}, warnings);
  if (Object.keys(servers).length > 0) policy.mcp_servers = servers;
  const header = [
    `# Warden policy imported from ${label}.`,
    '# Rule syntax matches Claude Code; /path rules are relative to the repository root.',
    ...warnings.map((w) => `# warning: ${w}`),
  ];
  return { yaml: `${header.join('\n')}\n${stringify(policy, { lineWidth: 0 })}`, warnings };
}

export async function importClaudeSettings(file: string): Promise<ImportResult> {
  return convertClaudeSettings(await readFile(file, 'utf8'), file);
}
