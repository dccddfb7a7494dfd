import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { closestName, didYouMean, parseFlags } from '../config/index.js';
import { UsageError, wantsHelp } from '../config/index.js';
import type { ProcessIo } from '../config/index.js';
import { DEFAULT_POLICY_PATH, EvalInputError, formatIssue, importClaudeSettings, KNOWN_TOOLS, PolicyError, policyCheck, policyEval, policyExplain } from '../policy/index.js';
import { errorMessage } from '../error-text.js';

/** Each subcommand's own usage: `warden policy SUB --help` prints its block, `warden policy --help` all of them. */
const SUB_USAGE = {
  check: `  warden policy check [FILE]                       validate a policy, run its rule examples, warn on dead rules
                                                   (FILE default: ${DEFAULT_POLICY_PATH}; exit 2 when it is invalid)
`,
  eval: `  warden policy eval --policy FILE (--command CMD | --tool NAME --input JSON) [--cwd DIR]
                                                   print the decision a run would make, as JSON
                                                   (--command 'npm test' is --tool Bash --input '{"command":"npm test"}')
`,
  explain: `  warden policy explain --policy FILE (--command CMD | --tool NAME --input JSON) [--cwd DIR]
                                                   the same for a person: every rule tried and why
`,
  'import-claude-settings': `  warden policy import-claude-settings FILE        convert a Claude Code settings.json to a policy (YAML on stdout)
`,
} as const;
type Sub = keyof typeof SUB_USAGE;

export const POLICY_USAGE = `Usage:\n${Object.values(SUB_USAGE).join('')}`;

const isSub = (name: string | undefined): name is Sub => name !== undefined && Object.hasOwn(SUB_USAGE, name);

/** `warden policy …`: exit 0 on success (whatever the decision), 2 for an invalid policy or bad usage. */
export async function runPolicyCli(args: string[], io: ProcessIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== undefined && wantsHelp(rest)) {
    io.stdout(isSub(sub) ? `Usage:\n${SUB_USAGE[sub]}` : POLICY_USAGE);
    return 0;
  }
  const opts = { homeDir: homedir() };
  try {
    switch (sub) {
      case 'check': {
        const { positionals } = parseFlags({ args: rest, options: {}, allowPositionals: true }, 'policy check');
        const file = resolve(io.cwd, positionals[0] ?? DEFAULT_POLICY_PATH);
        const result = await policyCheck(file, opts);
        for (const issue of result.errors) io.stderr(`error: ${formatIssue(issue)}\n`);
        for (const issue of result.warnings) io.stderr(`warning: ${formatIssue(issue)}\n`);
        io.stdout(result.ok ? `${file}: ok (${result.warnings.length} warning(s))\n` : `${file}: invalid\n`);
        return result.ok ? 0 : 2;
      }
      case 'eval':
      case 'explain': {
        const { values } = parseFlags(
          { args: rest, options: { policy: { type: 'string' }, tool: { type: 'string' }, input: { type: 'string' }, command: { type: 'string' }, cwd: { type: 'string' } }, allowPositionals: false },
          `policy ${sub}`,
        );
        const cwd = resolve(io.cwd, values.cwd ?? '.');
        const policyFile = resolve(io.cwd, required(values.policy, '--policy'));
        const evalArgs = { ...opts, policyFile, ...toolCall(values), cwd, root: cwd };
        if (sub === 'eval') io.stdout(`${JSON.stringify(await policyEval(evalArgs), null, 2)}\n`);
        else io.stdout(await policyExplain(evalArgs));
        return 0;
      }
      case 'import-claude-settings': {
        const { positionals } = parseFlags({ args: rest, options: {}, allowPositionals: true }, 'policy import-claude-settings');
        const file = positionals[0];
        if (file === undefined) throw new UsageError('policy import-claude-settings: give the settings.json file');
        const result = await importClaudeSettings(resolve(io.cwd, file));
        for (const warning of result.warnings) io.stderr(`warning: ${warning}\n`);
        io.stdout(result.yaml);
        return 0;
      }
      case undefined:
      case 'help':
      case '--help':
        io.stdout(POLICY_USAGE);
        return sub === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown policy command "${sub}"${didYouMean(sub, Object.keys(SUB_USAGE))}\n${POLICY_USAGE}`);
    }
  } catch (err) {
    if (err instanceof PolicyError) {
      io.stderr(`${err.message}\n`);
      return err.exitCode;
    }
    if (err instanceof EvalInputError) throw new UsageError(`--input: ${err.message}`);
    throw err;
  }
}

/** The call to decide: `--command CMD` (a Bash command), or `--tool NAME --input JSON` for any tool. */
function toolCall(values: { tool?: string | undefined; input?: string | undefined; command?: string | undefined }): { tool: string; input: Record<string, unknown> } {
  const { tool, input, command } = values;
  if (command !== undefined) {
    if (input !== undefined) throw new UsageError('give either --command CMD (a Bash command) or --tool NAME --input JSON, not both');
    if (tool !== undefined && tool !== 'Bash') throw new UsageError(`--command is a Bash command: give --tool Bash or no --tool (for ${tool}: --tool ${tool} --input JSON)`);
    return { tool: 'Bash', input: { command } };
  }
  if (tool === undefined && input === undefined) throw new UsageError('give the call to decide: --command CMD (a Bash command) or --tool NAME --input JSON');
  return { tool: knownTool(required(tool, '--tool')), input: jsonObject(required(input, '--input')) };
}

/** A tool a run can call: one of Warden's, or an MCP tool (`mcp__server__tool`). A misspelt name would otherwise just meet the default. */
function knownTool(name: string): string {
  if (Object.hasOwn(KNOWN_TOOLS, name) || /^mcp__./.test(name)) return name;
  const names = Object.keys(KNOWN_TOOLS);
  const near = closestName(name, names);
  throw new UsageError(`--tool ${name}: no such tool${near === undefined ? '' : `; did you mean ${near}?`} (the tools: ${names.join(', ')}, or mcp__server__tool)`);
}

function required(value: string | undefined, flag: string): string {
  if (value === undefined) throw new UsageError(`missing ${flag}`);
  return value;
}

function jsonObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`--input: not valid JSON (${errorMessage(err)})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError('--input: expected a JSON object, e.g. {"command":"npm test"}');
  return value as Record<string, unknown>;
}
