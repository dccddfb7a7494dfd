import { resolve } from 'node:path';
import { didYouMean, parseFlags } from '../config/index.js';
import { NUMBER_RANGES, parseNumber, UsageError, wantsHelp } from '../config/index.js';
import type { ProcessIo } from '../config/index.js';
import { DEFAULT_SANDBOX_CONFIG, formatProbeReport, probeSandbox, sandboxExec } from '../sandbox/index.js';
import { loadPolicyOrUsageError } from './load-policy.js';

/** Each subcommand's own usage: `warden sandbox SUB --help` prints its block, `warden sandbox --help` both. */
const SUB_USAGE: Record<string, string> = {
  exec: `  warden sandbox exec [--policy FILE] [--cwd DIR] [--timeout SECONDS] -- CMD ARGS...
                       run one command in exactly the sandbox Bash uses; exits with its code
`,
  probe: `  warden sandbox probe  report what the sandbox enforces on this machine
`,
};

export const SANDBOX_USAGE = `Usage:\n${Object.values(SUB_USAGE).join('')}`;

/** `warden sandbox …`, for debugging a policy's sandbox section by hand. */
export async function runSandboxCli(args: string[], io: ProcessIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== undefined && wantsHelp(rest)) {
    const own = Object.hasOwn(SUB_USAGE, sub) ? SUB_USAGE[sub] : undefined;
    io.stdout(own === undefined ? SANDBOX_USAGE : `Usage:\n${own}`);
    return 0;
  }
  const out = { write: (t: string) => io.stdout(t) };
  const err = { write: (t: string) => io.stderr(t) };
  switch (sub) {
    case 'probe': {
      const report = await probeSandbox({ hostEnv: io.env, allowSudoFix: false });
      io.stdout(`${formatProbeReport(report)}\n`);
      return report.available ? 0 : 1;
    }
    case 'exec': {
      const { values, positionals } = parseFlags({ args: rest, options: { policy: { type: 'string' }, cwd: { type: 'string' }, timeout: { type: 'string' } }, allowPositionals: true }, 'sandbox exec');
      const cwd = resolve(io.cwd, values.cwd ?? '.');
      const config = values.policy === undefined ? DEFAULT_SANDBOX_CONFIG : (await loadPolicyOrUsageError(resolve(io.cwd, values.policy), cwd)).sandbox;
      const timeout = values.timeout === undefined ? undefined : parseNumber(values.timeout, '--timeout', NUMBER_RANGES.waitSeconds);
      return sandboxExec({ policySandbox: config, cwd, argv: positionals, hostEnv: io.env, out, err, ...(timeout === undefined ? {} : { timeoutMs: Math.max(1, Math.round(timeout * 1000)) }) });
    }
    case undefined:
    case 'help':
    case '--help':
      io.stdout(SANDBOX_USAGE);
      return sub === undefined ? 2 : 0;
    default:
      throw new UsageError(`unknown sandbox command "${sub}"${didYouMean(sub, Object.keys(SUB_USAGE))}\n${SANDBOX_USAGE}`);
  }
}
