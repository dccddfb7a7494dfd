import { ciContextBlock, parseRunConfig, realProcessIo, UsageError } from '../config/index.js';
import type { ProcessIo } from '../config/index.js';
import { USAGE } from './usage.js';
import { runPolicyCli } from './policy-command.js';
import { runSandboxCli } from './sandbox-command.js';
import { executeRun } from './execute-run.js';
import { terminalSafeIo } from './terminal-safe-io.js';
import { markStartup } from './startup-marks.js';

/** The CLI front door: parse, dispatch, map failures to exit codes. */
export async function runCli(args: string[], rawIo: ProcessIo = realProcessIo()): Promise<number> {
  const [command, ...rest] = args;
  const io = terminalSafeIo(rawIo);
  try {
    switch (command) {
      case 'run': {
        const config = parseRunConfig(rest, io.env, io.cwd);
        markStartup('config');
        if (config === 'help') {
          io.stdout(USAGE);
          return 0;
        }
        // In a CI system, the agent is told where it runs (the change, branches, commit).
        const withContext = { ...config, prompt: `${config.prompt}${ciContextBlock(config.ci)}` };
        // GitLab's client loads only where it is used: start-up time goes to the first request.
        const gitlab = withContext.ci.kind === 'gitlab' ? await (await import('./gitlab-run.js')).gitlabRunOptions(withContext, rawIo) : { options: {}, publishFailed: () => false };
        const code = await executeRun(withContext, io, gitlab.options);
        return gitlab.publishFailed() ? 1 : code;
      }
      case 'policy':
        return await runPolicyCli(rest, io);
      case 'publish':
        return await (await import('./publish-command.js')).runPublishCli(rest, io);
      case 'sandbox':
        // `sandbox exec` passes the command's own output through untouched, as running it by hand would.
        return await runSandboxCli(rest, rawIo);
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
