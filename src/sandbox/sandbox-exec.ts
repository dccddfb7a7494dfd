/**
 * `warden sandbox exec --policy FILE [--cwd DIR] -- CMD ARGS...`: one command in exactly the
 * sandbox Bash uses (same runner, same policy section), for trying a policy by hand.
 * `warden sandbox probe`: see probe.ts and sandbox-probe-report.ts.
 */
import { constants } from 'node:os';
import { createSandboxRunner, SandboxUnavailableError } from './bwrap-runner.js';
import type { Lookup } from './network-proxy.js';
import type { SandboxProbeReport } from './probe-types.js';
import type { SandboxConfig } from '../config/index.js';
import type { HostEnv } from './sandbox-env.js';

export interface SandboxExecOptions {
  policySandbox: SandboxConfig;
  /** The workspace and working directory. */
  cwd: string;
  argv: readonly string[];
  hostEnv: HostEnv;
  out: { write(text: string): unknown };
  err: { write(text: string): unknown };
  timeoutMs?: number;
  probe?: SandboxProbeReport;
  lookup?: Lookup;
  signal?: AbortSignal;
}

/** Quotes argv for `bash -c` so each argument arrives unchanged. */
export function shellQuote(argv: readonly string[]): string {
  return argv.map((a) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** Runs the command, prints its output and what the sandbox blocked; returns the exit code to use. */
export async function sandboxExec(opts: SandboxExecOptions): Promise<number> {
  if (opts.argv.length === 0) {
    opts.err.write('warden sandbox exec: no command given (usage: warden sandbox exec --policy FILE [--cwd DIR] -- CMD ARGS...)\n');
    return 2;
  }
  let runner;
  try {
    runner = await createSandboxRunner({
      config: opts.policySandbox,
      workspace: opts.cwd,
      hostEnv: opts.hostEnv,
      warn: (m) => opts.err.write(`warning: ${m}\n`),
      ...(opts.probe === undefined ? {} : { probe: opts.probe }),
      ...(opts.lookup === undefined ? {} : { lookup: opts.lookup }),
    });
  } catch (err) {
    if (err instanceof SandboxUnavailableError) {
      opts.err.write(`${err.message}\n`);
      return 3;
    }
    throw err;
  }
  try {
    const timeoutMs = opts.timeoutMs ?? 600_000;
    const result = await runner.run({
      command: shellQuote(opts.argv),
      cwd: opts.cwd,
      timeoutMs,
      signal: opts.signal ?? new AbortController().signal,
      maxOutputChars: 10_000_000,
    });
    opts.out.write(result.output);
    if (result.droppedChars > 0) opts.err.write(`[output truncated: ${result.droppedChars} characters dropped]\n`);
    for (const v of result.violations) opts.err.write(`sandbox blocked: ${v}\n`);
    if (result.timedOut) {
      opts.err.write(`timed out after ${timeoutMs} ms; the command and everything it started were killed\n`);
      return 124;
    }
    if (result.exitCode !== null) return result.exitCode;
    return 128 + signalNumber(result.signal);
  } finally {
    await runner.dispose();
  }
}

function signalNumber(signal: string | null): number {
  return signal === null ? 0 : (constants.signals[signal as NodeJS.Signals] ?? 0);
}
