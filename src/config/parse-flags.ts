import { parseArgs, type ParseArgsConfig } from 'node:util';
import { closestName } from './closest-name.js';
import { UsageError } from './usage-error.js';
import { errnoCode, errorMessage } from '../error-text.js';

/**
 * `parseArgs` (strict by default), with its complaints (unknown flag, missing value) as usage
 * errors (exit 2). An unknown flag is met with the closest known one and, given the subcommand
 * (`run`, `policy eval`), a pointer to its --help.
 */
export function parseFlags<T extends ParseArgsConfig>(config: T, command?: string): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (err) {
    const code = errnoCode(err);
    const message = errorMessage(err);
    const flag = code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /'([^']*)'/.exec(message)?.[1] : undefined;
    if (flag === undefined) throw new UsageError(message);
    const near = closestName(flag, Object.keys(config.options ?? {}).map((name) => `--${name}`));
    const help = command === undefined ? '' : ` (warden ${command} --help lists the flags)`;
    throw new UsageError(`unknown flag ${flag}${near === undefined ? '' : `: did you mean ${near}?`}${help}`);
  }
}

/** `--help`/`-h` among a subcommand's own arguments (not after `--`, where they belong to a command). */
export function wantsHelp(args: readonly string[]): boolean {
  const own = args.includes('--') ? args.slice(0, args.indexOf('--')) : args;
  return own.includes('--help') || own.includes('-h');
}
