/** Host processes whose command line contains `marker` (to prove nothing outlived its command). */
import { readdirSync, readFileSync } from 'node:fs';

export function hostProcessesWith(marker: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(marker)) found.push(Number(name));
    } catch {
      // Exited meanwhile.
    }
  }
  return found;
}

/**
 * Signals one host process a test started, by a pid the test read (from a command's output, a
 * file). Only a real pid: `process.kill(0)` signals the test's whole process group — the vitest
 * worker, vitest, npm and the CI script that started them (a CI job without job control shares one
 * group) — and a negative pid a group of its own. A pid read from empty output is `Number('')`, 0:
 * one failed test ended CI with a bare exit 137 that way. Quietly nothing for anything else, and
 * for a process already gone.
 */
export function killHostProcess(pid: number, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (!Number.isSafeInteger(pid) || pid <= 1 || pid === process.pid) return;
  try {
    process.kill(pid, signal);
  } catch {
    // Gone already.
  }
}
