// The reference scenario both harnesses run in claude-code-compare.mjs: 22 tool turns on
// fixtures/reference-repo (a cart library with two bugs), then a final report. Tool inputs are
// absolute paths into the run's own copy of the repo (Claude Code requires absolute file_path),
// so the script is generated per copy. Greps go through Bash `grep -rn`: Claude Code 2.1.332
// declares no Grep/Glob tool. Run directly, this prints the scenario's outline.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tempDir } from './support/temp-dirs.mjs';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'reference-repo');

export const TASK = 'The test suite of this repository fails. Find the causes, fix them with small focused changes, add a regression test, make sure `npm test` passes, and report what you changed.';

/** A fresh git repository holding a copy of the fixture; each harness gets its own. */
export function prepareRepo(label) {
  return repoFromFixture(FIXTURE, `warden-bench-${label}-`);
}

/** A fresh git repository holding a copy of `fixture`, with one commit (the long scenario's too). */
export function repoFromFixture(fixture, prefix) {
  const dir = tempDir(prefix);
  cpSync(fixture, dir, { recursive: true });
  const git = (...args) => execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', ...args], { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'initial');
  return dir;
}

const EDITS = [
  {
    file: 'src/discounts.js',
    old_string: '      return Math.max(0, roundCents(cents * (1 - discount.value)));',
    new_string: '      // `value` is a whole percentage (10 means 10%), as in CODES.\n      return Math.max(0, roundCents(cents * (1 - discount.value / 100)));',
  },
  {
    file: 'src/format.js',
    old_string: '  const fraction = String(abs % 100);',
    new_string: "  const fraction = String(abs % 100).padStart(2, '0');",
  },
  {
    file: 'README.md',
    old_string: '- `src/discounts.js` — percent and fixed discounts, and discount codes.',
    new_string: '- `src/discounts.js` — percent and fixed discounts, and discount codes. A percent discount\n  holds a whole percentage: `{ type: \'percent\', value: 10 }` takes 10% off.',
  },
];

const REGRESSION_TEST = `import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyDiscount } from '../src/discounts.js';
import { formatPrice } from '../src/format.js';

// Regressions: percent discounts were applied as fractions (10 took 1000% off), and cents
// below ten lost their leading zero ("€12.5" for 1205).
test('percent discounts are whole percentages', () => {
  assert.equal(applyDiscount(1000, { type: 'percent', value: 10 }), 900);
  assert.equal(applyDiscount(1000, { type: 'percent', value: 100 }), 0);
});

test('single-digit cents keep their leading zero', () => {
  assert.equal(formatPrice(1205, 'USD'), '$12.05');
  assert.equal(formatPrice(-1, 'USD'), '-$0.01');
});
`;

export const NEW_FILE = 'test/regression.test.js';

/**
 * The script, one entry per model request: `text` then tool calls as [tool, input]. Paths are
 * relative here and made absolute by `buildScenario`.
 */
function outline(repo) {
  const p = (rel) => join(repo, rel);
  const read = (rel) => ['Read', { file_path: p(rel) }];
  const bash = (command, description) => ['Bash', { command, description }];
  const grep = (pattern, ...dirs) => bash(`grep -rn '${pattern}' ${dirs.map(p).join(' ')}`, `Search for ${pattern}`);
  const edit = (i) => ['Edit', { file_path: p(EDITS[i].file), old_string: EDITS[i].old_string, new_string: EDITS[i].new_string }];
  const npmTest = bash('npm test 2>&1', 'Run the test suite');
  return [
    ['I will run the test suite first to see what fails.', npmTest],
    ['Six tests fail, in discounts, format and cart. Let me look at the project layout.', read('package.json')],
    ['Where is applyDiscount used?', grep('applyDiscount', 'src', 'test')],
    ['Reading the discount module.', read('src/discounts.js')],
    ['And its tests.', read('test/discounts.test.js')],
    ['How are cents rounded and scaled?', grep('roundCents\\|scaleCents', 'src')],
    ['Reading the money helpers and the cart together.', read('src/money.js'), read('src/cart.js')],
    ['The percent discount multiplies by the whole percentage (10) instead of 0.10. Fixing that.', edit(0)],
    ['Running the tests again.', npmTest],
    ['Discounts pass now; formatting still fails. Reading the format tests.', read('test/format.test.js')],
    ['And the formatter.', read('src/format.js')],
    ['Checking the other callers of formatPrice.', grep('formatPrice', 'src', 'test')],
    ['Cents below ten lose their leading zero. Padding the fraction.', edit(1)],
    ['Running the whole suite.', npmTest],
    ['All green. Checking the tax module for the same kind of mistake.', read('src/tax.js')],
    ['Tax rates are fractions, which is consistent with scaleCents. Checking the README.', read('README.md')],
    ['Documenting that percent discounts are whole percentages.', edit(2)],
    ['Adding a regression test for both bugs.', ['Write', { file_path: p(NEW_FILE), content: REGRESSION_TEST }]],
    ['Running the new test on its own.', bash(`node --test ${p(NEW_FILE)} 2>&1`, 'Run the regression test')],
    ['Checking the public exports still match.', read('src/index.js')],
    ['Final full run.', npmTest],
    ['Reviewing the change set.', bash('git status --short && git diff --stat', 'Show changed files')],
    ['Fixed two bugs. src/discounts.js applied percent discounts as fractions (value 10 took 1000% off, clamped to 0); it now divides by 100. src/format.js dropped the leading zero of cents below ten ("€12.5"); it now pads to two digits. Documented percent discounts in README.md and added test/regression.test.js. `npm test`: 19 tests pass.'],
  ];
}

/** Script turns for a copy of the repo at `repo`; `delays` stand in for model latency. */
export function buildScenario(repo, delays) {
  return scriptTurns(outline(repo), 'toolu_bench_', delays);
}

/** Script turns from an outline of `[text, ...[toolName, input]]`, tool_use ids numbered from 1. */
export function scriptTurns(turns, idPrefix, delays) {
  let id = 0;
  return turns.map(([text, ...calls]) => ({
    content: [{ type: 'text', text }, ...calls.map(([name, input]) => ({ type: 'tool_use', id: `${idPrefix}${String(++id).padStart(3, '0')}`, name, input }))],
    ...(delays === undefined ? {} : { delays }),
  }));
}

/** Problems with the run's copy: each edit landed, the new file exists, the suite passes. */
export function checkRepo(repo) {
  const problems = landingProblems(repo, EDITS, NEW_FILE, REGRESSION_TEST);
  try {
    execFileSync('npm', ['test'], { cwd: repo, stdio: 'ignore' });
  } catch {
    problems.push('npm test fails in the copy after the run');
  }
  return problems;
}

/** Each scripted edit's new text is in its file, and the new file holds exactly what was written. */
export function landingProblems(repo, edits, newFile, newContent) {
  const problems = [];
  for (const { file, new_string: wanted } of edits) {
    if (!readFileSync(join(repo, file), 'utf8').includes(wanted)) problems.push(`edit to ${file} did not land`);
  }
  try {
    if (readFileSync(join(repo, newFile), 'utf8') !== newContent) problems.push(`${newFile} differs from the script`);
  } catch {
    problems.push(`${newFile} was not written`);
  }
  return problems;
}

/**
 * Tool results the harness reported as errors, from the conversation of the last request. A
 * failing `npm test` is an error in Claude Code's Bash (and expected here), so only file tools count.
 */
export function fileToolErrors(lastRequestBody) {
  const names = new Map();
  const errors = [];
  for (const m of lastRequestBody.messages) {
    if (typeof m.content === 'string') continue;
    for (const b of m.content) {
      if (b.type === 'tool_use') names.set(b.id, b.name);
      if (b.type === 'tool_result' && b.is_error === true && names.get(b.tool_use_id) !== 'Bash') {
        errors.push(`${names.get(b.tool_use_id)}: ${JSON.stringify(b.content).slice(0, 200)}`);
      }
    }
  }
  return errors;
}

/** Characters of tool_result content per tool name, over the conversation of the last request. */
export function resultCharsByTool(lastRequestBody) {
  const names = new Map();
  const chars = {};
  for (const m of lastRequestBody.messages) {
    if (typeof m.content === 'string') continue;
    for (const b of m.content) {
      if (b.type === 'tool_use') names.set(b.id, b.name);
      if (b.type !== 'tool_result') continue;
      const name = names.get(b.tool_use_id) ?? '?';
      chars[name] = (chars[name] ?? 0) + (typeof b.content === 'string' ? b.content : JSON.stringify(b.content ?? '')).length;
    }
  }
  return chars;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const turns = buildScenario('/repo');
  const calls = turns.flatMap((t) => t.content.filter((b) => b.type === 'tool_use'));
  const count = (pred) => calls.filter(pred).length;
  console.log(`reference scenario: ${turns.length} model requests, ${calls.length} tool calls — ` +
    `${count((c) => c.name === 'Read')} Read, ${count((c) => c.name === 'Edit')} Edit, ${count((c) => c.name === 'Write')} Write, ` +
    `${count((c) => c.name === 'Bash' && c.input.command.startsWith('grep'))} Bash grep, ` +
    `${count((c) => c.name === 'Bash' && /npm test|node --test/.test(c.input.command))} test runs, ` +
    `${count((c) => c.name === 'Bash' && c.input.command.startsWith('git'))} git; then a final text turn`);
}
