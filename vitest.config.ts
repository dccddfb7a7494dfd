import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Two halves, every test file in exactly one (test/lint/test-suites.test.ts):
 *  - `test` (`npm test`, the README's command): everything else, in a few minutes on 2 cores;
 *  - `attack` (`npm run test:attack`): the slowest files of a full run — attack reviews, races,
 *    fuzz, property and chaos suites (each bounded by its count of cases, never by a clock), and
 *    the end-to-end runs of the bundled action against the GitHub and GitLab stand-ins (test/action
 *    and test/gitlab: a third of the whole suite's time between them).
 * CI runs both (.ci/run). `npx vitest run <file>` runs a file in whichever half holds it.
 */
export const ATTACK_SUITES = [
  'test/**/*attack*.test.ts',
  'test/**/*-race.test.ts',
  'test/chaos/**/*.test.ts',
  'test/policy/bash-differential.test.ts',
  'test/policy/bash-properties.test.ts',
  'test/action/**/*.test.ts',
  'test/gitlab/**/*.test.ts',
];

export const ALL_TESTS = ['test/**/*.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-temp.ts', 'test/support/global-bwrap.ts'],
    // Guards against hangs, not timing checks: a test that is slow on a busy machine is still
    // green. Waits inside tests are on effects (test/support/wait-for.ts), never on a clock.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // Tests spawn real processes and servers; two workers match the 2-core CI machine.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'test', include: ALL_TESTS, exclude: [...configDefaults.exclude, ...ATTACK_SUITES] } },
      // A search bounded by its count of cases may run long where the machine is busy.
      { extends: true, test: { name: 'attack', include: ATTACK_SUITES, testTimeout: 1_800_000 } },
    ],
  },
});
