// The long scenario both harnesses run in claude-code-compare.mjs, beside the reference one: 43
// tool turns on fixtures/ledger-repo (a ledger library with four bugs and a lint error), then a
// final report. Its test runner prints what CI output looks like: colours forced on, a progress bar
// redrawn with carriage returns, a deprecation warning repeated on every call, stack traces; the
// linter draws its own progress bar. The suite is run eight times, the linter four (once to fix),
// and files are read again: unchanged ones (the runner, the currency module, tests), ones changed
// by an Edit, and one changed by a command (`lint --fix`). Run directly, this prints the outline.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { landingProblems, repoFromFixture, scriptTurns } from './reference-scenario.mjs';

export { fileToolErrors, resultCharsByTool } from './reference-scenario.mjs';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'ledger-repo');

export const TASK = 'The test suite of this repository fails and its linter complains. Find the causes, fix them with small focused changes, add a regression test, make sure `npm test` and `npm run lint` pass, and report what you changed.';

/** A fresh git repository holding a copy of the fixture; each harness gets its own. */
export function prepareRepo(label) {
  return repoFromFixture(FIXTURE, `warden-bench-long-${label}-`);
}

const EDITS = [
  {
    file: 'src/parse.js',
    old_string: "  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));",
    new_string: "  const cents = Number(whole.replaceAll(',', '')) * 100 + Number(fraction.padEnd(2, '0'));",
  },
  {
    file: 'src/ledger.js',
    old_string: '    return convert(entry.cents, entry.currency, this.base);',
    new_string: "    return convert(entry.cents, entry.currency, this.base, { rounding: 'half-up' });",
  },
  {
    file: 'src/ledger.js',
    old_string: '    return this.entries.reduce((sum, entry) => sum + Math.abs(this.inBase(entry)), 0);',
    new_string: '    return this.entries.reduce((sum, entry) => sum + this.inBase(entry), 0);',
  },
  {
    file: 'src/report.js',
    old_string: '    lines.push(`${account.padEnd(20)}${formatCents(cents).padStart(11)}`);',
    new_string: '    lines.push(`${account.padEnd(20)}${formatCents(cents).padStart(12)}`);',
  },
  {
    file: 'README.md',
    old_string: '- `src/currency.js` — converts cents between currencies at a given rate, with an explicit rounding mode.',
    new_string:
      "- `src/currency.js` — converts cents between currencies at a given rate, with an explicit rounding mode.\n  The ledger converts with `{ rounding: 'half-up' }`; `convert()` without a mode is deprecated.",
  },
];

const REGRESSION_TEST = `import assert from 'node:assert/strict';
import { Ledger } from '../src/ledger.js';
import { parseAmount, parseLine } from '../src/parse.js';
import { monthlyReport } from '../src/report.js';
import { test } from './harness.js';

// Regressions: thousands separators became NaN, foreign amounts were truncated (with a warning on
// every call), spending was added as income, and account lines were one column short of the total.
test('regression: amounts with thousands separators', () => {
  assert.equal(parseAmount('3,200.00'), 320000);
});

test('regression: a balance subtracts spending and rounds foreign amounts half up', () => {
  const ledger = new Ledger('EUR');
  ledger.add(parseLine('2024-03-01 salary 1,000.00 EUR'));
  ledger.add(parseLine('2024-03-02 books -1.00 USD'));
  assert.equal(ledger.balance(), 100000 - 92);
});

test('regression: report lines are as wide as the total', () => {
  const ledger = new Ledger('EUR');
  ledger.add(parseLine('2024-03-01 rent -950.00 EUR'));
  const [, account, total] = monthlyReport(ledger, '2024-03').split('\\n');
  assert.equal(account.length, total.length);
});
`;

const NEW_FILE = 'test/regression.test.js';

/** One entry per model request: `text` then tool calls as [tool, input]; paths made absolute. */
function outline(repo) {
  const p = (rel) => join(repo, rel);
  const read = (rel) => ['Read', { file_path: p(rel) }];
  const bash = (command, description) => ['Bash', { command, description }];
  const grep = (pattern, ...dirs) => bash(`grep -rn '${pattern}' ${dirs.map(p).join(' ')}`, `Search for ${pattern}`);
  const edit = (i) => ['Edit', { file_path: p(EDITS[i].file), old_string: EDITS[i].old_string, new_string: EDITS[i].new_string }];
  const npmTest = bash('npm test 2>&1', 'Run the test suite');
  const lint = bash('npm run lint 2>&1', 'Run the linter');
  return [
    ['Running the test suite first.', npmTest],
    ['Ledger, parse and report tests fail. The project first.', read('package.json')],
    ['Which files are there?', bash(`find ${p('src')} ${p('test')} ${p('scripts')} -type f | sort`, 'List the source files')],
    ['The test runner, to read its output right.', read('scripts/run-tests.mjs')],
    ['Reading the parser.', read('src/parse.js')],
    ['And its tests.', read('test/parse.test.js')],
    ['Where is parseAmount used?', grep('parseAmount', 'src', 'test')],
    ['Thousands separators reach Number() with their commas. Removing them first.', edit(0)],
    ['Running the tests again.', npmTest],
    ['Parsing passes; the ledger still fails. Reading the ledger and the currency module.', read('src/ledger.js'), read('src/currency.js')],
    ['And the ledger tests.', read('test/ledger.test.js')],
    ['Where is convert called?', grep('convert(', 'src', 'test')],
    ['Checking the parser as it is now before touching the ledger.', read('src/parse.js')],
    ['The ledger converts without a rounding mode: amounts are truncated and every call warns. Passing half-up.', edit(1)],
    ['Running the tests.', npmTest],
    ['The balance adds absolute values. Reading the ledger again.', read('src/ledger.js')],
    ['And the rates once more, to check the expected balance by hand.', read('src/currency.js')],
    ['Spending must be subtracted: summing the signed amounts.', edit(2)],
    ['Running the tests.', npmTest],
    ['Only the report fails now. Reading it and its test.', read('src/report.js'), read('test/report.test.js')],
    ['Who pads amounts?', grep('padStart', 'src')],
    ['Account lines are padded to 11 columns, the total to 12. Aligning them.', edit(3)],
    ['Running the tests.', npmTest],
    ['All tests pass. Running the linter.', lint],
    ['Trailing spaces in src/report.js; the linter can repair them.', bash('npm run lint -- --fix 2>&1', 'Fix lint problems')],
    ['Reading the report module as the linter left it.', read('src/report.js')],
    ['Checking that the linter is clean now.', lint],
    ['The ledger tests again, to pick cases for a regression test.', read('test/ledger.test.js')],
    ['And the parser tests.', read('test/parse.test.js')],
    ['Adding a regression test for the four bugs.', ['Write', { file_path: p(NEW_FILE), content: REGRESSION_TEST }]],
    ['Running the whole suite.', npmTest],
    ['Looking at the README.', read('README.md')],
    ['Documenting the rounding mode the ledger uses.', edit(4)],
    ['The public exports.', read('src/index.js')],
    ['Any other caller without a rounding mode?', grep('rounding', 'src', 'test')],
    ['The parser once more, to review the final version.', read('src/parse.js')],
    ['And the runner, to be sure its exit code reflects failures.', read('scripts/run-tests.mjs')],
    ['Final full run.', npmTest],
    ['And the linter.', lint],
    ['The currency module one last time for the summary.', read('src/currency.js')],
    ['Reviewing the change set.', bash('git status --short && git diff --stat', 'Show changed files')],
    ['The full diff.', bash('git diff', 'Show the diff')],
    ['Running the suite once more on a clean state.', npmTest],
    [
      'Fixed four bugs and a lint error. src/parse.js dropped thousands separators into Number() (NaN); it now removes the commas. src/ledger.js converted without a rounding mode, so foreign amounts were truncated and every call printed a deprecation warning; it now passes half-up. Its balance added absolute values; it now sums signed amounts. src/report.js padded account lines to 11 columns and the total to 12; both are 12 now, and `npm run lint -- --fix` removed its trailing spaces. Added test/regression.test.js and documented the rounding in README.md. `npm test`: 21 tests pass, no warnings; `npm run lint`: no problems.',
    ],
  ];
}

/** Script turns for a copy of the repo at `repo`; `delays` stand in for model latency. */
export function buildScenario(repo, delays) {
  return scriptTurns(outline(repo), 'toolu_long_', delays);
}

/** Problems with the run's copy: each edit landed, the new file exists, tests and lint pass. */
export function checkRepo(repo) {
  const problems = landingProblems(repo, EDITS, NEW_FILE, REGRESSION_TEST);
  for (const script of ['test', 'lint']) {
    try {
      const out = execFileSync('npm', ['run', script], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      if (script === 'test' && !out.includes('21 passed')) problems.push('npm test does not run 21 tests');
    } catch {
      problems.push(`npm run ${script} fails in the copy after the run`);
    }
  }
  if (readFileSync(join(repo, 'src/report.js'), 'utf8').match(/[ \t]+$/m)) problems.push('src/report.js still has trailing spaces');
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const turns = buildScenario('/repo');
  const calls = turns.flatMap((t) => t.content.filter((b) => b.type === 'tool_use'));
  const count = (pred) => calls.filter(pred).length;
  const reads = calls.filter((c) => c.name === 'Read').map((c) => c.input.file_path);
  console.log(`long scenario: ${turns.length} model requests, ${calls.length} tool calls — ` +
    `${reads.length} Read (${reads.length - new Set(reads).size} of them again), ${count((c) => c.name === 'Edit')} Edit, ${count((c) => c.name === 'Write')} Write, ` +
    `${count((c) => c.name === 'Bash' && c.input.command.startsWith('grep'))} Bash grep, ` +
    `${count((c) => c.name === 'Bash' && c.input.command.startsWith('npm test'))} test runs, ` +
    `${count((c) => c.name === 'Bash' && c.input.command.startsWith('npm run lint'))} lint runs, ` +
    `${count((c) => c.name === 'Bash' && c.input.command.startsWith('git'))} git; then a final text turn`);
}
