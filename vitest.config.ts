import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Two halves, every test file in exactly one (test/lint/test-suites.test.ts):
 *  - `test` (`npm test`, the README's command): everything but the slow searches below;
 *  - `attack` (`npm run test:attack`): attack reviews, races, fuzz, property and chaos suites,
 *    each bounded by its count of cases, never by a clock.
 * CI runs both (.ci/run). `npx vitest run <file>` runs a file in whichever half holds it.
 */
export const ATTACK_SUITES = [
  'test/**/*attack*.test.ts',
  'test/**/*-race.test.ts',
  'test/chaos/**/*.test.ts',
  'test/policy/bash-differential.test.ts',
  'test/policy/bash-properties.test.ts',
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
