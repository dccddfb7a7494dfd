import { describe, expect, it } from 'vitest';
import { cleanOutput } from '../../src/tools/output-noise.js';

const ESC = '\x1b';

// [what, raw output, what the model is shown, what the note lists as removed]
const CASES: [string, string, string, RegExp[]][] = [
  ['plain output is left exactly as it was', 'line one\n\n\nline two  \n', 'line one\n\n\nline two  \n', []],
  ['colours are removed, text kept', `${ESC}[32mPASS${ESC}[39m src/a.test.ts\n${ESC}[1;31mFAIL${ESC}[0m src/b.test.ts`, 'PASS src/a.test.ts\nFAIL src/b.test.ts', [/^4 escape sequences$/]],
  ['hyperlinks and window titles (OSC) are removed', `${ESC}]0;title${ESC}\\see ${ESC}]8;;https://x.test${ESC}\\docs${ESC}]8;;${ESC}\\ here`, 'see docs here', [/^3 escape sequences$/]],
  ['a progress bar redrawn with carriage returns keeps its last drawing', 'Downloading  10%\rDownloading  55%\rDownloading 100%\ndone', 'Downloading 100%\ndone', [/^2 overwritten updates$/]],
  ['CRLF line ends are not taken for overwrites', 'one\r\ntwo\r\n', 'one\r\ntwo\r\n', []],
  ['a spinner drawn with backspaces shows what is left', 'working |\b/\b-\b\\\bdone', 'working done', [/^4 overwritten updates$/]],
  ['a run of identical lines keeps the first and a count', 'start\nWARN deprecated x\nWARN deprecated x\nWARN deprecated x\nWARN deprecated x\nend', 'start\nWARN deprecated x\n[the line above repeated 3 more times]\nend', [/^3 repeated lines$/]],
  ['two identical lines are kept as they are', 'a\na\nb', 'a\na\nb', []],
  ['progress lines on their own lines keep the last', 'fetch 1/50 [#         ]\nfetch 10/50 [##        ]\nfetch 30/50 [######    ]\nfetch 50/50 [##########]\nok', '[3 earlier progress lines omitted]\nfetch 50/50 [##########]\nok', [/^3 progress lines$/]],
  ['a table of figures that goes down is not taken for progress', 'cpu 90%\ncpu 40%\ncpu 75%', 'cpu 90%\ncpu 40%\ncpu 75%', []],
  [
    'runs of Node.js-internal stack frames become one line; frames of the code under test stay',
    'Error: boom\n    at check (/repo/src/a.js:3:9)\n    at Module._compile (node:internal/modules/cjs/loader:1105:14)\n    at node:internal/main/run_main_module:22:47\n    at async Promise.all (index 0)',
    'Error: boom\n    at check (/repo/src/a.js:3:9)\n    [2 Node.js-internal frames]\n    at async Promise.all (index 0)',
    [/^2 Node.js-internal frames$/],
  ],
  ['one internal frame alone is kept', '  at x (/a.js:1:1)\n  at y (node:events:1:2)\n  at z (/b.js:2:2)', '  at x (/a.js:1:1)\n  at y (node:events:1:2)\n  at z (/b.js:2:2)', []],
  ['a line naming a node: module without a position is not a frame', 'node:fs\nnode:path\nnode:url', 'node:fs\nnode:path\nnode:url', []],
];

const TAP = [
  'TAP version 13',
  '# Subtest: adds',
  'ok 1 - adds',
  '  ---',
  '  duration_ms: 1.5',
  '  ...',
  '# Subtest: rounds',
  'not ok 2 - rounds',
  '  ---',
  '  duration_ms: 3.25',
  "  location: '/repo/test/a.test.js:9:1'",
  '  stack: |-',
  '    TestContext.<anonymous> (file:///repo/test/a.test.js:10:10)',
  '    Test.runInAsyncScope (node:async_hooks:206:9)',
  '    Test.run (node:internal/test_runner/test:796:25)',
  '  ...',
  '# Subtest: a suite',
  'ok 3 - a suite',
  '  ---',
  '  duration_ms: 9',
  "  type: 'suite'",
  '  ...',
  '1..3',
  '# pass 2',
].join('\n');

describe('cleanOutput', () => {
  it.each(CASES)('%s', (_what, raw, shown, removed) => {
    const out = cleanOutput(raw);
    expect(out.text).toBe(shown);
    expect(out.removed).toHaveLength(removed.length);
    removed.forEach((pattern, i) => expect(out.removed[i]).toMatch(pattern));
  });

  it('drops what TAP repeats and the test durations, and keeps every failure otherwise whole', () => {
    const out = cleanOutput(TAP);
    expect(out.text).toBe(
      [
        'TAP version 13',
        'ok 1 - adds',
        'not ok 2 - rounds',
        '  ---',
        "  location: '/repo/test/a.test.js:9:1'",
        '  stack: |-',
        '    TestContext.<anonymous> (file:///repo/test/a.test.js:10:10)',
        '    [2 Node.js-internal frames]',
        '  ...',
        'ok 3 - a suite',
        '  ---',
        "  type: 'suite'",
        '  ...',
        '1..3',
        '# pass 2',
      ].join('\n'),
    );
    expect(out.removed).toEqual([
      '3 "# Subtest" lines',
      '3 test durations',
      '2 Node.js-internal frames',
    ]);
  });

  it('leaves TAP-looking lines alone in output that is not TAP', () => {
    const text = TAP.replace('TAP version 13\n', '');
    expect(cleanOutput(text).text).toContain('# Subtest: adds\nok 1 - adds\n  ---\n  duration_ms: 1.5');
  });
});
