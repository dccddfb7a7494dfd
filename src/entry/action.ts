import { actionInvocation, parseRunConfig, realProcessIo, UsageError } from '../config/index.js';
import { describeOutcome } from '../report/index.js';
import { executeRun } from './execute-run.js';

/**
 * The GitHub Action entry: the inputs become a `warden run`, the outcome becomes step outputs
 * and the job summary. The step fails when the run did not complete.
 */
export async function runAction(): Promise<number> {
  const core = await import('@actions/core');
  const io = realProcessIo();
  try {
    const key = core.getInput('anthropic_api_key');
    if (key !== '') core.setSecret(key);
    const invocation = actionInvocation((name) => core.getInput(name), io.env);
    const config = parseRunConfig(invocation.args, invocation.env, invocation.cwd);
    if (config === 'help') return 0;
    const code = await executeRun(config, io, {
      allowSudoFix: true,
      onResult: async (result, summary) => {
        core.setOutput('outcome', result.outcome.reason);
        core.setOutput('transcript', result.transcriptPath);
        core.setOutput('summary', config.summaryPath ?? '');
        core.setOutput('files_changed', result.filesChanged.join('\n'));
        core.setOutput('turns', String(result.turns));
        await core.summary.addRaw(summary).write();
        if (result.outcome.reason !== 'completed') core.setFailed(`warden: ${describeOutcome(result.outcome)}`);
      },
    });
    return code;
  } catch (err) {
    if (err instanceof UsageError) {
      core.setFailed(`warden: ${err.message}`);
      return 2;
    }
    core.setFailed(`warden: internal error: ${(err as Error).stack ?? String(err)}`);
    return 1;
  }
}
