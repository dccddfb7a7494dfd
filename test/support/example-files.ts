import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { EXAMPLE_DIR } from './temp-repo.js';

/** The example repository (a failing test) as a path → text map, for seeding remotes. */
export function exampleRepoFiles(extra: Record<string, string> = {}): Record<string, string> {
  const root = join(EXAMPLE_DIR, 'repo');
  const files: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const abs = join(dir, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else files[relative(root, abs)] = readFileSync(abs, 'utf8');
    }
  };
  walk(root);
  return { ...files, ...extra };
}
