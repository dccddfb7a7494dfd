import { runCli } from '../../src/entry/cli.js';
import type { ProcessIo } from '../../src/config/process-io.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI in-process with a given environment, capturing its output. */
export async function runWarden(args: string[], env: Record<string, string>, cwd = process.cwd()): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: ProcessIo = {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root', ...env },
    cwd,
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
  };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}
