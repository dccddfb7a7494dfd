import { describe, expect, it } from 'vitest';
import { closestName } from '../../src/config/closest-name.js';

const FLAGS = ['--max-turns', '--max-tokens', '--max-cost-usd', '--timeout', '--tool-timeout', '--policy', '--prompt', '--prompt-file', '--out', '--cwd'];

describe('closestName: the known name a typo was meant to be, or none', () => {
  it.each([
    ['--max-turn', '--max-turns'],
    ['--polcy', '--policy'],
    ['--tiemout', '--timeout'],
    ['--MAX-TURNS', '--max-turns'],
    ['--prompt-fil', '--prompt-file'],
    ['--frobnicate', undefined],
    ['--x', undefined],
    ['--ot', '--out'],
  ])('%s → %s', (typed, expected) => {
    expect(closestName(typed, FLAGS)).toBe(expected);
  });

  it.each([
    ['bash', 'Bash'],
    ['Bsh', 'Bash'],
    ['Webfetch', 'WebFetch'],
    ['Teleport', undefined],
    ['X', undefined],
  ])('tool %s → %s', (typed, expected) => {
    expect(closestName(typed, ['Read', 'Glob', 'Grep', 'Edit', 'Write', 'Bash', 'WebFetch', 'WebSearch'])).toBe(expected);
  });
});
