import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-temp.ts'],
    // A guard against hangs, not a timing check: the action's end-to-end tests run the bundle
    // several times each, and on a loaded 2-core machine one can take over 30 s.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // Tests spawn real processes and servers; two workers match the 2-core CI machine.
    maxWorkers: 2,
  },
});
