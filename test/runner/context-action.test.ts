import { describe, expect, it } from 'vitest';
import { clearableResults, contextAction } from '../../src/runner/context-manager.js';
import type { Message } from '../../src/runner/messages.js';

// Window 20,000, threshold 0.5: over 10,000 tokens something is done; a clearing must bring the
// context to 8,000 (10% of the window under the threshold) or the conversation is compacted.
const LIMITS = { windowTokens: 20_000, threshold: 0.5, keepRecentTurns: 1 };

describe('contextAction', () => {
  it.each([
    ['clearing brings the context well under the threshold', 10_500, 4_000, 'clear'],
    ['exactly to the margin', 10_500, 2_500, 'clear'],
    // Just under the threshold: the next turns would clear again, each rewriting the cached tail.
    ['clearing would leave it just under the threshold', 10_500, 2_000, 'compact'],
    ['nothing to clear', 10_500, 0, 'compact'],
    ['far over: clearing cannot help', 50_000, 4_000, 'compact'],
    ['the API refused the prompt as too long', Number.POSITIVE_INFINITY, 4_000, 'clear_then_compact'],
    ['too long with nothing to clear', Number.POSITIVE_INFINITY, 0, 'compact'],
  ] as const)('%s', (_what, tokens, frees, action) => {
    expect(contextAction(tokens, frees, LIMITS)).toBe(action);
  });
});

describe('clearableResults', () => {
  const use = (id: string): Message => ({ role: 'assistant', content: [{ type: 'tool_use', id, name: 'Read', input: { file_path: `${id}.txt` } }] });
  const result = (id: string, chars: number): Message => ({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'x'.repeat(chars) }] });
  const messages: Message[] = [{ role: 'user', content: 'task' }, use('a'), result('a', 5_000), use('b'), result('b', 500), use('c'), result('c', 5_000)];

  it('plans the bulky results of older turns, each with a note that depends only on the call and its size', () => {
    const plan = clearableResults(messages, 1);
    expect(plan.map((p) => p.callId)).toEqual(['a']);
    expect(plan[0]?.note).toBe('[Old tool result cleared to save context: Read {"file_path":"a.txt"} returned 5000 characters. Call the tool again if you need it.]');
    // The same plan every time: a result cleared in one request reads the same in the next, so the prefix stays cached.
    expect(clearableResults(messages, 1)).toEqual(plan);
    expect(JSON.stringify(messages)).not.toContain('cleared');
  });
});
