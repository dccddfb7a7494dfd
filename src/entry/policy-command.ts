import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { parseFlags } from '../config/index.js';
import { UsageError, wantsHelp } from '../config/index.js';
import type { ProcessIo } from '../config/index.js';
import { DEFAULT_POLICY_PATH, EvalInputError, formatIssue, importClaudeSettings, PolicyError, policyCheck, policyEval, policyExplain } from '../policy/index.js';
import { errorMessage } from '../error-text.js';

export const POLICY_USAGE = `Usage:
  warden policy check [FILE]                       validate a policy, run its rule examples, warn on dead rules
  warden policy eval --policy FILE --tool NAME --input JSON [--cwd DIR]
                                                   print the decision a run would make, as JSON
  warden policy explain --policy FILE --tool NAME --input JSON [--cwd DIR]
                                                   the same for a person: every rule tried and why
  warden policy import-claude-settings FILE        convert a Claude Code settings.json to a policy (YAML on stdout)
`;

/** `warden policy …`: exit 0 on success (whatever the decision), 1 for an invalid policy in `check`, 2 for bad usage. */
export async function runPolicyCli(args: string[], io: ProcessIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== undefined && wantsHelp(rest)) {
    io.stdout(POLICY_USAGE);
    return 0;
  }
  const opts = { homeDir: homedir() };
  try {
    switch (sub) {
      case 'check': {
        const { positionals } = parseFlags({ args: rest, options: {}, allowPositionals: true });
        const file = resolve(io.cwd, positionals[0] ?? DEFAULT_POLICY_PATH);
        const result = await policyCheck(file, opts);
        for (const issue of result.errors) io.stderr(`error: ${formatIssue(issue)}\n`);
        for (const issue of result.warnings) io.stderr(`warning: ${formatIssue(issue)}\n`);
        io.stdout(result.ok ? `${file}: ok (${result.warnings.length} warning(s))\n` : `${file}: invalid\n`);
        return result.ok ? 0 : 1;
      }
      case 'eval':
      case 'explain': {
        const { values } = parseFlags({ args: rest, options: { policy: { type: 'string' }, tool: { type: 'string' }, input: { type: 'string' }, cwd: { type: 'string' } }, allowPositionals: false });
        const cwd = resolve(io.cwd, values.cwd ?? '.');
        const evalArgs = { ...opts, policyFile: resolve(io.cwd, required(values.policy, '--policy')), tool: required(values.tool, '--tool'), input: jsonObject(required(values.input, '--input')), cwd, root: cwd };
        if (sub === 'eval') io.stdout(`${JSON.stringify(await policyEval(evalArgs), null, 2)}\n`);
        else io.stdout(await policyExplain(evalArgs));
        return 0;
      }
      case 'import-claude-settings': {
        const { positionals } = parseFlags({ args: rest, options: {}, allowPositionals: true });
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
        throw new UsageError(`unknown policy command "${sub}"\n${POLICY_USAGE}`);
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
