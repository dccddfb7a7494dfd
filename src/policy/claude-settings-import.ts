/**
 * `warden policy import`: a Claude Code `settings.json` permissions block (and `.mcp.json`-style
 * `mcpServers`) as a Warden policy.
 * Rules carry over as written where the semantics match; what has no Warden equivalent is
 * commented out in the output and listed as a warning.
 */
import { readFile } from 'node:fs/promises';
import { stringify } from 'yaml';
import { z } from 'zod';
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
  mcpServers: ClaudeMcpServersSchema.optional(),
});

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
