/**
 * ripgrep's NUL-separated output as the runner reads it (grep-rg-output.ts): every name ends with
 * a NUL, so what follows the last one is a name the output cap cut short, which may end halfway
 * through a surrogate pair and then names another file (sandboxed-search.ts).
 */
import { describe, expect, it } from 'vitest';
import { parseOutput } from '../../src/tools/grep-rg-output.js';

const paths = (output: string, mode: 'files_with_matches' | 'count'): string[] => parseOutput(output, mode).map((h) => h.path);

describe('names in ripgrep\'s NUL-separated output', () => {
  const cases: Array<{ name: string; output: string; mode: 'files_with_matches' | 'count'; want: string[] }> = [
    { name: 'whole names', output: '/w/a.ts\0/w/b\nc.ts\0', mode: 'files_with_matches', want: ['/w/a.ts', '/w/b\nc.ts'] },
    { name: 'a last name cut short is dropped', output: '/w/a.ts\0/w/b.t', mode: 'files_with_matches', want: ['/w/a.ts'] },
    { name: 'cut halfway through a surrogate pair', output: '/w/a.ts\0/w/\uD83D', mode: 'files_with_matches', want: ['/w/a.ts'] },
    { name: 'nothing but a cut name', output: '/w/a', mode: 'files_with_matches', want: [] },
    { name: 'counts: a record cut short is dropped', output: '/w/a.ts\x003\n/w/b.ts\x00', mode: 'count', want: ['/w/a.ts'] },
  ];
  for (const c of cases) it(c.name, () => expect(paths(c.output, c.mode)).toEqual(c.want));
});
