import { describe, expect, it } from 'vitest';
import { newerFirst } from '../../src/tools/glob-page.js';

describe("Glob's order", () => {
  it('is newest first, path order breaking ties, from files listed oldest first', () => {
    const files = Array.from({ length: 1000 }, (_, i) => ({ abs: `/w/f${String(i).padStart(4, '0')}`, mtimeMs: Math.floor(i / 10) }));
    expect([...files].sort(newerFirst).slice(0, 12).map((f) => f.abs)).toEqual([
      ...['/w/f0990', '/w/f0991', '/w/f0992', '/w/f0993', '/w/f0994', '/w/f0995', '/w/f0996', '/w/f0997', '/w/f0998', '/w/f0999'],
      '/w/f0980',
      '/w/f0981',
    ]);
  });
});
