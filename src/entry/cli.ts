import { ciContextBlock, didYouMean, modelName, namedOutDir, parseRunConfig, realProcessIo, runTriggerOf, secretValuesOf, UsageError } from '../config/index.js';
import { createRedactor } from '../log/index.js';
import type { ProcessIo } from '../config/index.js';
import { USAGE } from './usage.js';
import { runPolicyCli } from './policy-command.js';
import { runSandboxCli } from './sandbox-command.js';
import { executeRun, type ExecuteOptions } from './execute-run.js';
import { EarlyErrorOutbox } from './early-outbox.js';
import { terminalSafeIo } from './terminal-safe-io.js';
import { markStartup } from './startup-marks.js';

/** `warden run`: an error before the run starts (exit 2) still leaves a complete outbox where one is named. */
async function runCommand(args: string[], io: ProcessIo, rawIo: ProcessIo): Promise<number> {
  const early = new EarlyErrorOutbox(createRedactor(secretValuesOf(io.env)));
  const named = namedOutDir(args, io.env, io.cwd);
  if (named !== undefined) early.aim(named, { trigger: runTriggerOf(io.env), model: undefined });
  try {
    const config = parseRunConfig(args, io.env, io.cwd);
    markStartup('config');
    if (config === 'help') {
      io.stdout(USAGE);
      return 0;
    }
    if (named !== undefined) early.aim(config.outDir, { trigger: config.trigger, model: modelName(config.model) });
    // In a CI system, the agent is told where it runs (the change, branches, commit).
    const withContext = { ...config, prompt: `${config.prompt}${ciContextBlock(config.ci)}` };
    // GitLab's client loads only where it is used: start-up time goes to the first request.
    const gitlab: { options: ExecuteOptions; publishFailed: () => boolean } =
      withContext.ci.kind === 'gitlab' ? await (await import('./gitlab-run.js')).gitlabRunOptions(withContext, rawIo) : { options: {}, publishFailed: () => false };
    const onResult = gitlab.options.onResult;
    const code = await executeRun(withContext, io, {
      ...gitlab.options,
      onResult: async (finished) => {
        early.runWroteOutbox();
        await onResult?.(finished);
      },
    });
    return gitlab.publishFailed() ? 1 : code;
  } catch (err) {
    if (err instanceof UsageError) early.write(err.message);
    throw err;
  }
}

/** The CLI front door: parse, dispatch, map failures to exit codes. */
export async function runCli(args: string[], rawIo: ProcessIo = realProcessIo()): Promise<number> {
  const [command, ...rest] = args;
  const io = terminalSafeIo(rawIo);
  try {
    switch (command) {
      case 'run':
        return await runCommand(rest, io, rawIo);
      case 'policy':
        return await runPolicyCli(rest, io);
      case 'publish':
        return await (await import('./publish-command.js')).runPublishCli(rest, io);
      case 'sandbox':
        // `sandbox exec` passes the command's own output through untouched, as running it by hand would.
        return await runSandboxCli(rest, rawIo);
      default:
        throw new UsageError(`unknown command "${command ?? ''}"${didYouMean(command ?? '', ['run', 'policy', 'publish', 'sandbox'])} (try: warden --help)`);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      // A message may quote a value given by mistake where a secret was meant (`--max-turns $KEY`).
      io.stderr(`warden: ${createRedactor(secretValuesOf(io.env))(err.message)}\n`);
      return 2;
    }
    throw err;
  }
}
