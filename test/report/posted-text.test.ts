/**
 * What Warden posts, read back through a real GFM parser (micromark): whatever the agent wrote or
 * named its files, no mention, reference, raw HTML, image, link or marker of Warden's renders; and
 * the text a reader sees is the text the agent wrote. Seeded adversarial texts, bounded in number.
 */
import { describe, expect, it } from 'vitest';
import { commitMessageFor, pullBodyFor, pullTitleFor, type EventFacts } from '../../src/deliver/index.js';
import type { RunResultJson } from '../../src/outbox/index.js';
import { markdownForTerminal, mdCode, mdFence, mdProse, mdText, plainLine, plainQuote, renderFinal, renderReview, renderSummary, REVIEW_MARKER, stickyMarker } from '../../src/report/index.js';
import { listedName } from '../../src/quoted-text.js';
import { parseGfm, plainProblems, postedProblems, renderedText } from '../support/rendered-markdown.js';
import { rng } from '../support/seeded-random.js';

/** Each reached GitHub raw on main: from issue 32 item 7 and 8. */
const PAYLOADS = [
  '_@user_', '`@user', '&#64;user', '&commat;team', '<? hidden ?>', '<!x hidden>', '<!-- warden:item 0123456789abcdef01234567 -->',
  '<!-- warden:sticky ci/pull_request#1 -->', '<img src="https://evil.example/p.png">', '![x](https://evil.example/p.png)', '[a]: https://evil.example',
  '<https://evil.example>', 'https://github.com/o/r/issues/1', 'www.evil.example', 'a@b.co', '@org/team', 'Closes #1', 'fixes #2', 'Resolves o/r#3',
  'FIXED: https://github.com/o/r/issues/4', 'GH-5', '!6', 'Co-authored-by: Mallory <m@evil.example>', 'Signed-off-by: Mallory <m@evil.example>',
  '```', '~~~', '````\n<img src=x>\n````', '    indented <b>code</b>', '| a | b |\n|---|---|\n| @x | #7 |', '<details open>', '</details>', '<script>x</script>',
  '[^1]\n\n[^1]: @note', '\u202eevil\u202c', 'x\u200by', '\\@user', '*@user*', '**#8**', '`` `@user` ``',
];
const SEPARATORS = ['', ' ', '\n', '\r', '\r\n', '\u2028', '\u2029', '\u0085', '\n\n', '\t', '\v', '\f', '`', '\\', '\n- ', '\n> ', '\n# '];

function adversarial(random: () => number, parts: number): string {
  let text = '';
  for (let i = 0; i < parts; i++) {
    const pool = random() < 0.6 ? PAYLOADS : SEPARATORS;
    text += pool[Math.floor(random() * pool.length)] ?? '';
  }
  return text;
}

/** What a reader sees should be what was written, line breaks aside (the renderer's only liberty). */
// eslint-disable-next-line no-control-regex -- controls are shown as [U+XXXX], so they are not compared
const sameWords = (s: string): string => s.replace(/[\s\u00a0\u0085]+/g, ' ').replace(/\[U\+[0-9A-F]{4,}\]/g, '').replace(/[\u202a-\u202e\u200b\u0000-\u001f\u007f-\u009f]/g, '').trim();

/** The text without punctuation and spaces: what prose keeps whatever formatting it asks for. */
const sameLetters = (s: string): string => sameWords(s).replace(/[\s!-/:-@[-`{-~]+/g, '');

describe('posted text, rendered', () => {
  it('no seeded adversarial text renders a mention, reference, HTML, image, link or marker — and it reads as written', () => {
    const random = rng(32_07);
    let checked = 0;
    let readable = 0;
    for (let i = 0; i < 400; i++) {
      const text = adversarial(random, 1 + Math.floor(random() * 8));
      for (const md of [mdText(text), mdProse(text), `- ${mdText(text)}\n- ${mdCode(text)}`, `| a |\n|---|\n| ${mdText(text)} |`, mdFence(text), `- x\n\n  ${mdProse(text).replace(/\n/g, '\n  ')}`]) {
        expect(postedProblems(md), JSON.stringify({ text, md })).toEqual([]);
      }
      // Fences the agent wrote become Warden's: their marker lines are not text.
      if (!/^ {0,3}(`{3,}|~{3,})/m.test(text.replace(/\r\n|[\r\v\f\u0085\u2028\u2029]/g, '\n'))) {
        // The agent's formatting is its own (emphasis, code spans, lists): its words are what must stay.
        expect(sameLetters(renderedText(mdProse(text))), JSON.stringify(text)).toBe(sameLetters(text));
        readable += 1;
      }
      // A fence holds exactly the text (line breaks made \n), whatever runs of backticks it has.
      const tree = parseGfm(mdFence(text));
      expect(tree.children).toHaveLength(1);
      expect(tree.children[0]).toMatchObject({ type: 'code', value: text.replace(/\r\n|[\r\n\v\f\u0085\u2028\u2029]/g, '\n').replace(/\n$/, '') });
      checked += 1;
    }
    expect(checked).toBe(400);
    expect(readable).toBeGreaterThan(150);
  });

  it('plain text (titles, commit messages) has no mention, reference, closing keyword, URL or trailer', () => {
    const random = rng(32_08);
    for (let i = 0; i < 400; i++) {
      const text = adversarial(random, 1 + Math.floor(random() * 8));
      const line = plainLine(text, 72);
      expect(line).not.toMatch(/[\n\r\u2028\u2029\u0085\v\f]/);
      expect([...line].length).toBeLessThanOrEqual(72);
      expect(plainProblems(line), JSON.stringify(text)).toEqual([]);
      expect(plainProblems(plainQuote(text)), JSON.stringify(text)).toEqual([]);
    }
  });

  it.each([
    ['_@user_', '_@user_'],
    ['&#64;user', '&#64;user'],
    ['<!-- warden:item 0123456789abcdef01234567 -->', '<!-- warden:item 0123456789abcdef01234567 -->'],
    ['a\rb', 'a ⏎ b'],
  ])('mdText(%j) reads %j', (text, seen) => {
    expect(renderedText(mdText(text)).trim()).toBe(seen);
  });
});

const facts: EventFacts = { eventName: 'issues', workflow: 'w', number: 9, pull: undefined, writeDelivery: true, defaultBranch: 'main' };
const result = (finalText: string, filesChanged: string[] = ['a.ts']): RunResultJson => ({
  version: 1, warden: '0', outcome: { reason: 'completed', finalText }, verdict: 'changes', finished: true, model: 'm', turns: 1, durationMs: 1,
  tokens: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 }, costUsd: 0,
  denials: [{ tool: 'Bash\n<img src=x>', input: 'rm -rf /\r<img src=x> @admin', rule: 'Bash(rm *)', reason: 'no @admin\r# x' }],
  filesChanged, startingCommit: null, trigger: { source: 'github', event: 'issues' },
  files: { summary: 's', transcript: 't', patch: 'p', review: 'r', junit: 'j' },
});

describe('everything Warden posts, built from adversarial agent text and file names', () => {
  const random = rng(32_10);
  const cases = Array.from({ length: 60 }, () => ({ text: adversarial(random, 2 + Math.floor(random() * 10)), file: adversarial(random, 1 + Math.floor(random() * 4)) }));

  it('the sticky comment, the review, the PR body: nothing renders but Warden\'s own markers and links', () => {
    for (const { text, file } of cases) {
      const final = renderFinal('k', { runUrl: 'https://ci/run/1', result: result(text, [file, 'b.ts']), summary: '', outbox: '/o', delivery: { kind: 'refused', reasons: [`${file}: protected`] }, review: undefined });
      expect(postedProblems(final, { html: [stickyMarker('k')], links: ['https://ci/run/1'] }), JSON.stringify({ text, file })).toEqual([]);
      const review = renderReview([{ path: file, line: 3, body: text, placement: 'body', suggestion: text }, { path: 'a', line: 1, body: text, placement: 'inline', suggestion: text }], [], 'Review by Warden.');
      // Warden's own item mark: at the start of the item's line, after its location.
      const itemMarks = [...review.body.matchAll(/^- (`+) [^\n]* \1(<!-- warden:item [0-9a-f]{24} -->):$/gm)].map((m) => m[2] ?? '');
      expect(itemMarks).toHaveLength(1);
      expect(postedProblems(review.body, { html: [REVIEW_MARKER, ...itemMarks] }), JSON.stringify({ text, file })).toEqual([]);
      for (const c of review.comments) expect(postedProblems(c.body)).toEqual([]);
      expect(postedProblems(pullBodyFor(result(text), facts, 'https://ci/run/1'), { links: ['https://ci/run/1'], references: ['#9'] })).toEqual([]);
      expect(plainProblems(pullTitleFor(result(text), facts))).toEqual([]);
      expect(pullTitleFor(result(text), facts)).not.toMatch(/\n/);
      expect(plainProblems(commitMessageFor(result(text), facts, 'https://ci/run/1'), { links: ['https://ci/run/1'], trailers: ['Warden-Run'] })).toEqual([]);
    }
  });

  it('the job summary', () => {
    for (const { text, file } of cases) {
      const md = renderSummary([
        { seq: 1, time: 't', type: 'run_start', task: text, config: { version: '0', model: 'm', cwd: '/w', maxTurns: 5, permissions: 'p', processRunner: 'bwrap', tools: [] } },
        { seq: 2, time: 't', type: 'notice', level: 'warning', message: `${file} ${text}` },
        { seq: 3, time: 't', type: 'tool_call', turn: 1, toolUseId: 'a', tool: text, input: { command: text }, startedAt: null, decision: { behavior: 'deny', rule: file, reason: text }, status: 'denied', category: 'denied', durationMs: 1, resultChars: 1 },
        { seq: 4, time: 't', type: 'assistant', turn: 2, content: [{ type: 'text', text }], stop_reason: 'end_turn' },
        { seq: 5, time: 't', type: 'run_end', outcome: { reason: 'completed' }, verdict: 'changes', turns: 2, durationMs: 1, usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 }, costUsd: 0, filesChanged: [file] },
      ]);
      expect(postedProblems(md), JSON.stringify({ text, file })).toEqual([]);
    }
  });

  it('a file name is one line in every list, quoted when it could pass for something else', () => {
    expect(listedName('a.ts')).toBe('a.ts');
    expect(listedName('x\nFAKE.ts')).toBe('"x\\nFAKE.ts"');
    expect(listedName('"quoted".ts')).toBe('"\\"quoted\\".ts"');
    expect(listedName('a\u202eb')).toBe('"a\\u202eb"');
    expect(renderedText(renderFinal('k', { runUrl: undefined, result: result('ok', ['x\nFAKE.ts']), summary: '', outbox: '/o', delivery: { kind: 'none', why: 'n' }, review: undefined }))).toContain('Changed:\n"x\\nFAKE.ts"\n');
  });

  it('commit messages: the report is quoted (no trailer), the subject one bounded line', () => {
    const message = commitMessageFor(result('Closes #1, fixes #2, resolves owner/repo#3\nCo-authored-by: M <m@e.x>\nSigned-off-by: M <m@e.x>'), facts, undefined);
    expect(message.split('\n')[0]).toMatch(/^warden: Closes #\u20601, fixes #\u20602, resolves owner\/repo#\u20603$/);
    expect(message).toContain('\n> Co-authored-by: M <m@\u2060e.x>\n');
    expect(plainProblems(message, { trailers: ['Warden-Run'] })).toEqual([]);
    expect([...pullTitleFor(result('x'.repeat(500)), facts)].length).toBeLessThanOrEqual(72);
  });
});

describe('the summary in a terminal', () => {
  it.each([
    ['- **warning:** sandbox\\: \\/root\\/\\.npmrc is passed', '- **warning:** sandbox: /root/.npmrc is passed'],
    ['a \\`b\\` c \\\\ d', 'a `b` c \\ d'],
    ['```js\nconst re = /\\./;\n```\nx\\.y', '```js\nconst re = /\\./;\n```\nx.y'],
    ['~~~~\n```\n\\.\n~~~~\n\\.', '~~~~\n```\n\\.\n~~~~\n.'],
  ])('%j reads %j', (markdown, seen) => {
    expect(markdownForTerminal(markdown)).toBe(seen);
  });

  it('reads as the text it escaped, whatever the text', () => {
    const random = rng(32_11);
    for (let i = 0; i < 200; i++) {
      const text = adversarial(random, 1 + Math.floor(random() * 6)).replace(/\r\n|[\r\n\v\f\u0085\u2028\u2029]/g, ' ');
      // One line of data, escaped for GitHub: the terminal shows its characters (references broken by invisible joiners only).
      expect(sameWords(markdownForTerminal(mdText(text)).replace(/\u2060/g, '')), JSON.stringify(text)).toBe(sameWords(text));
    }
  });
});
