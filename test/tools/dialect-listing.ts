/**
 * The two readings of the model's globs the attack reviews of the dialect compare
 * (dot-globstar-attack.test.ts, cwd-globstar-attack.test.ts, search-fixes-attack.test.ts): what the
 * real ripgrep lists with them, and what the runner's filter (glob-filter.ts) takes, pruned as the
 * walk prunes.
 */
import { execFileSync } from 'node:child_process';
import { compileGlobFilter } from '../../src/tools/glob-filter.js';
import { filesBeneath } from '../policy/rg-listing.js';
import { rgPath } from './attack-setup.js';

/** The files `rg --files` lists with the globs (a lone negation from everything), from the workspace over it. */
export function rgList(ws: string, globs: readonly string[]): string[] {
  const given = globs.some((g) => !g.startsWith('!')) ? globs : ['*', ...globs];
  try {
    return execFileSync(rgPath ?? 'rg', ['--files', '--hidden', '--no-ignore', '--no-config', '-0', ...given.map((g) => `--glob=${g}`), ws], { cwd: ws, stdio: ['ignore', 'pipe', 'pipe'] })
      .toString()
      .split('\0')
      .filter((n) => n !== '')
      .map((p) => p.slice(ws.length + 1))
      .sort();
  } catch (err) {
    return (err as { status?: number }).status === 1 ? [] : ['rg failed'];
  }
}

/** What compileGlobFilter takes, pruned as the walk prunes. */
export function filterTakes(ws: string, globs: readonly string[]): string[] {
  const filter = compileGlobFilter([globs]);
  return filesBeneath(ws)
    .filter((rel) => filter.includesFile(rel) && rel.split('/').slice(0, -1).every((_, i, dirs) => !filter.prunesDir(dirs.slice(0, i + 1).join('/'))))
    .sort();
}
