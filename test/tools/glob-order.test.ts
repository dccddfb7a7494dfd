import { describe, expect, it } from 'vitest';
import { newerFirst } from '../../src/tools/glob-order.js';
import { firstInOrder } from '../../src/tools/search-order.js';

describe('the first k in order, without sorting all', () => {
  it('equals sorting everything and taking k, for any input order, ties and k', () => {
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const byValue = (a: number, b: number): number => a - b;
    for (let trial = 0; trial < 300; trial++) {
      const all = Array.from({ length: random(2000) }, () => random(40));
      const k = random(150);
      expect(firstInOrder(all, k, byValue), `n=${all.length} k=${k}`).toEqual([...all].sort(byValue).slice(0, k));
    }
  });

  it('gives Glob newest first, path order breaking ties, from files listed oldest first', () => {
    const files = Array.from({ length: 1000 }, (_, i) => ({ abs: `/w/f${String(i).padStart(4, '0')}`, mtimeMs: Math.floor(i / 10) }));
    expect(firstInOrder(files, 12, newerFirst).map((f) => f.abs)).toEqual([
      ...['/w/f0990', '/w/f0991', '/w/f0992', '/w/f0993', '/w/f0994', '/w/f0995', '/w/f0996', '/w/f0997', '/w/f0998', '/w/f0999'],
      '/w/f0980',
      '/w/f0981',
    ]);
  });
});
