import type { Confiner } from '../sandbox/index.js';
import { hostProgram } from './host-programs.js';

/**
 * What ripgrep walking a large tree runs in (src/sandbox/confined-exec.ts): bubblewrap where it
 * is on the search path and can build its confinement, else Landlock applied by perl, else none,
 * and the tool judges every file instead. One that failed to build here once is not tried again:
 * neither starts working mid-run.
 */
export interface ConfinerChoice {
  pick(cwd: string): Promise<Confiner | undefined>;
  failed(confiner: Confiner): void;
}

export function confinerChoice(searchPath: string): ConfinerChoice {
  const locateBwrap = hostProgram('bwrap', searchPath);
  const locatePerl = hostProgram('perl', searchPath);
  const broken = new Set<Confiner['kind']>();
  return {
    async pick(cwd) {
      const bwrap = broken.has('bwrap') ? undefined : await locateBwrap(cwd);
      if (bwrap !== undefined) return { kind: 'bwrap', path: bwrap };
      const perl = broken.has('landlock') ? undefined : await locatePerl(cwd);
      return perl === undefined ? undefined : { kind: 'landlock', perl };
    },
    failed(confiner) {
      broken.add(confiner.kind);
    },
  };
}

/**
 * Runs `attempt` in the first confiner that builds: one that fails is marked and the next tried,
 * in the same call. Undefined when none is left, or the attempt answered so itself.
 */
export async function withConfiner<T>(choice: ConfinerChoice, cwd: string, attempt: (confiner: Confiner, unavailable: () => void) => Promise<T | undefined>): Promise<T | undefined> {
  for (let confiner = await choice.pick(cwd); confiner !== undefined; confiner = await choice.pick(cwd)) {
    let failed = false;
    const current = confiner;
    const result = await attempt(current, () => {
      failed = true;
      choice.failed(current);
    });
    if (!failed) return result;
  }
  return undefined;
}
