import { workspaceOnlyGuard, type GuardVerdict, type ReadGuard } from '../../src/tools/read-guard.js';

/**
 * A read guard that lets everything in the workspace through, refuses files whose path ends with
 * `refuse`, answers `treeVerdict` for whole trees, and records every question it was asked
 * (`file /abs`, `dir /abs`, `tree /abs`). `quiet`: it is told when commands run, and none ever
 * does (watchCommands), as a run's guard before its first command.
 */
export function recordingGuard(treeVerdict: GuardVerdict = { allowed: true }, refuse?: string, quiet = false): { guard: ReadGuard; asked: string[] } {
  const asked: string[] = [];
  const guard: ReadGuard = {
    forCall: (tool, cwd) => {
      const inner = workspaceOnlyGuard.forCall(tool, cwd);
      return {
        ...(quiet ? { watchCommands: () => () => true } : {}),
        judgePath: (real, what) => {
          asked.push(`${what} ${real}`);
          return refuse !== undefined && real.endsWith(refuse) ? { allowed: false, reason: 'refused here' } : inner.judgePath(real, what);
        },
        judgeIdentity: (file) => inner.judgeIdentity(file),
        judgeTree: (real) => {
          asked.push(`tree ${real}`);
          return treeVerdict;
        },
      };
    },
  };
  return { guard, asked };
}
