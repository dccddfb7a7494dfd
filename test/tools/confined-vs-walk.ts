/**
 * The oracle of the attacks on the glob dialect handed to ripgrep (glob-filter.ts
 * readAlikeByRipgrep): for each glob, Grep (files_with_matches) and, unless left out, Glob answer
 * the same confined (ripgrep given the glob: walkAbove/listAbove 0) as by the judged walk, which
 * the runner's own filter decides (Infinity). Returns each difference, workspace paths cut.
 */
import { createGlobTool } from '../../src/tools/glob.js';
import { createGrepTool } from '../../src/tools/grep.js';
import type { Tool } from '../../src/tools/tool.js';
import { HOST_PATH } from './attack-setup.js';
import { context, run } from './tool-harness.js';

export async function confinedAgainstWalk(ws: string, globs: readonly string[], options: { glob?: boolean } = {}): Promise<string[]> {
  const ctx = context(ws);
  const walked = createGrepTool({ engine: 'rg', searchPath: HOST_PATH, walkAbove: Infinity }) as Tool<unknown>;
  const confined = createGrepTool({ engine: 'rg', searchPath: HOST_PATH, walkAbove: 0 }) as Tool<unknown>;
  const listWalked = createGlobTool(undefined, { searchPath: HOST_PATH, listAbove: Infinity }) as Tool<unknown>;
  const listed = createGlobTool(undefined, { searchPath: HOST_PATH, listAbove: 0 }) as Tool<unknown>;
  const shown = (result: { content: unknown }): string => String(result.content).replaceAll(ws, '');
  const differ: string[] = [];
  for (const glob of globs) {
    const input = { pattern: 'needle', glob, output_mode: 'files_with_matches' };
    const a = await run(confined, input, ctx);
    const b = await run(walked, input, ctx);
    if (JSON.stringify(a) !== JSON.stringify(b)) differ.push(`Grep ${glob}: ${shown(a)} | walk: ${shown(b)}`);
    if (options.glob === false) continue;
    const c = await run(listed, { pattern: glob }, ctx);
    const d = await run(listWalked, { pattern: glob }, ctx);
    if (JSON.stringify(c) !== JSON.stringify(d)) differ.push(`Glob ${glob}: ${shown(c)} | walk: ${shown(d)}`);
  }
  return differ;
}
