import { actionInvocation, parseRunConfig, realProcessIo, UsageError } from '../config/index.js';
import { join } from 'node:path';
import { terminalSafe } from '../log/index.js';
import { OUTBOX_FILES } from '../outbox/index.js';
import { describeOutcome } from '../report/index.js';
import { executeRun } from './execute-run.js';
import { terminalSafeIo } from './terminal-safe-io.js';

/**
 * The GitHub Action entry: the inputs become a `warden run`, the outcome becomes step outputs
 * and the job summary. The step fails when the run did not complete.
 */
export async function runAction(): Promise<number> {
  const core = await import('@actions/core');
  const io = terminalSafeIo(realProcessIo());
  // setFailed writes a workflow command itself; what goes into it must not carry escape sequences.
  const fail = (message: string): void => core.setFailed(terminalSafe(`warden: ${message}`));
  try {
    // Masked at once, before anything can print it; the run registers the other secrets later.
    const masked = new Set<string>();
    const mask = (value: string): void => {
      if (value === '' || masked.has(value)) return;
      masked.add(value);
      core.setSecret(value);
    };
    mask(core.getInput('anthropic_api_key'));
    const invocation = actionInvocation((name) => core.getInput(name), io.env);
    const config = parseRunConfig(invocation.args, invocation.env, invocation.cwd);
    if (config === 'help') return 0;
    const code = await executeRun(config, io, {
      allowSudoFix: true,
      registerSecret: mask,
      onResult: async (result, summary, outDir) => {
        core.setOutput('outcome', result.outcome.reason);
        core.setOutput('verdict', result.verdict);
        core.setOutput('transcript', result.transcriptPath);
        core.setOutput('summary', join(outDir, OUTBOX_FILES.summary));
        core.setOutput('outbox', outDir);
        if (result.structuredOutput !== undefined) core.setOutput('structured_output', JSON.stringify(result.structuredOutput));
        core.setOutput('files_changed', result.filesChanged.join('\n'));
        core.setOutput('turns', String(result.turns));
        await core.summary.addRaw(summary).write();
        if (result.outcome.reason !== 'completed') fail(describeOutcome(result.outcome));
      },
    });
    return code;
  } catch (err) {
    if (err instanceof UsageError) {
      fail(err.message);
      return 2;
    }
    fail(`internal error: ${(err as Error).stack ?? String(err)}`);
    return 1;
  }
}
