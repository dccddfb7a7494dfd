import type { ProcessIo } from './config/process-io.js';
import { realProcessIo } from './config/process-io.js';
import { parseRunConfig } from './config/run-config.js';
import { UsageError } from './config/usage-error.js';
import { USAGE } from './cli-usage.js';
import { runPolicyCli } from './cli-policy.js';
import { runSandboxCli } from './cli-sandbox.js';
import { executeRun } from './run-command.js';

/** The CLI front door: parse, dispatch, map failures to exit codes. */
export async function runCli(args: string[], io: ProcessIo = realProcessIo()): Promise<number> {
  const [command, ...rest] = args;
  try {
    switch (command) {
      case 'run': {
        const config = parseRunConfig(rest, io.env, io.cwd);
        if (config === 'help') {
          io.stdout(USAGE);
          return 0;
        }
        return await executeRun(config, io);
      }
      case 'policy':
        return await runPolicyCli(rest, io);
      case 'sandbox':
        return await runSandboxCli(rest, io);
      default:
        throw new UsageError(`unknown command "${command ?? ''}" (try: warden --help)`);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`warden: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
}
