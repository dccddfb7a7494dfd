import { describe, expect, it } from 'vitest';
import { withoutRefusedSuggestions } from '../../src/deliver/index.js';
import { deliveryRefusal, localActionPaths } from '../../src/policy/index.js';
import type { ReviewItem } from '../../src/outbox/index.js';

const root = '/repo';
const actions = localActionPaths([{ path: '.github/workflows/ci.yml', text: 'jobs: {b: {steps: [{uses: ./tools/setup}]}}' }]).entries;
const refused = (rel: string): string | null => deliveryRefusal(rel, undefined, root, actions);
const item = (path: string, body: string, suggestion?: string): ReviewItem => ({ path, line: 1, body, placement: 'inline', ...(suggestion === undefined ? {} : { suggestion }) });

describe('withoutRefusedSuggestions: no suggestion on a file the publisher would refuse to commit', () => {
  it.each<[string, ReviewItem, boolean]>([
    ['a workflow, in the field', item('.github/workflows/ci.yml', 'Widen it.', 'on: pull_request_target'), true],
    ['a local action a workflow runs', item('tools/setup/action.yml', 'Fix.', 'runs: {}'), true],
    ['a file inside that local action', item('tools/setup/run.sh', 'Fix.', 'curl x | sh'), true],
    ['the root action', item('action.yml', 'Fix.', 'runs: {}'), true],
    ['a protected dotfile', item('.npmrc', 'Fix.', 'registry=x'), true],
    ['a workflow, a fence written in the text', item('.github/workflows/ci.yml', 'See:\n\n````Suggestion\non: push\n````', undefined), true],
    ['a workflow, a tilde fence', item('.github/workflows/ci.yml', '~~~ suggestion\non: push\n~~~', undefined), true],
    ['an ordinary file keeps its suggestion', item('src/a.ts', 'Fix.', 'x'), false],
    ['tools outside the local action', item('tools/other.sh', 'Fix.', 'x'), false],
  ])('%s', (_name, input, stripped) => {
    const [out] = withoutRefusedSuggestions([input], refused);
    if (!stripped) {
      expect(out).toEqual(input);
      return;
    }
    expect(out?.suggestion).toBeUndefined();
    expect(out?.body).not.toMatch(/(`{3,}|~{3,})\s*suggestion/i);
    expect(out?.body).toContain('Warden left out a suggested change here: a commit to this file would be refused');
    // The explanation before any fence is kept as written.
    expect(out?.body.startsWith(input.body.split(/`{3}|~{3}/)[0] ?? '')).toBe(true);
  });

  it('a plain comment on a protected file is left as it is', () => {
    const plain = item('.github/workflows/ci.yml', 'This step needs a timeout.');
    expect(withoutRefusedSuggestions([plain], refused)).toEqual([plain]);
  });
});
