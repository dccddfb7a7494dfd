import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyResultBudget } from '../../src/runner/result-budget.js';
import { tempDir } from '../support/temp-repo.js';

describe('applyResultBudget', () => {
  it('passes a result within budget through untouched', () => {
    expect(applyResultBudget('short', 10, tempDir(), 'toolu_1')).toEqual({ content: 'short' });
  });

  it('saves an oversized result whole to a file and gives the model a preview and the path', () => {
    const dir = tempDir();
    const big = 'x'.repeat(5_000) + 'TAIL';
    const r = applyResultBudget(big, 3_000, dir, 'toolu/../evil');
    expect(r.savedTo).toBe(join(dir, 'toolu____evil.txt'));
    expect(readFileSync(r.savedTo ?? '', 'utf8')).toBe(big);
    expect(r.content.length).toBeLessThan(3_000);
    expect(r.content).toContain(r.savedTo);
    expect(r.content).toContain('5004 characters');
    expect(r.content).not.toContain('TAIL');
  });
});
