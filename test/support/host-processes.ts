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
