/** What files a tree holds, and which of them ripgrep lists with some globs: for the tests of the rules as globs (tree-skip.ts). */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every file beneath `dir`, relative to it. */
export function filesBeneath(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
    const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
    if (entry.isDirectory()) out.push(...filesBeneath(dir, child));
    else out.push(child);
  }
  return out;
}

/** What ripgrep lists (so would open) beneath `dir` with the globs, run as the tree search runs it: from the directory, over the directory. */
export function rgFiles(rgPath: string, dir: string, globs: readonly string[]): string[] {
  const args = ['--files', '--hidden', '--no-ignore', '--no-config', '--null', ...globs.map((g) => `--glob=${g}`), dir];
  const run = spawnSync(rgPath, args, { cwd: dir, encoding: 'utf8' });
  return run.stdout.split('\0').filter((p) => p !== '').map((p) => p.slice(dir.length + 1));
}
