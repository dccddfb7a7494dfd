import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './usage-error.js';
import { errorMessage } from '../error-text.js';

/** `parseArgs` (strict by default), with its complaints (unknown flag, missing value) as usage errors (exit 2). */
export function parseFlags<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (err) {
    throw new UsageError(errorMessage(err));
  }
}

/** `--help`/`-h` among a subcommand's own arguments (not after `--`, where they belong to a command). */
export function wantsHelp(args: readonly string[]): boolean {
  const own = args.includes('--') ? args.slice(0, args.indexOf('--')) : args;
  return own.includes('--help') || own.includes('-h');
}
