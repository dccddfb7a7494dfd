import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Tests spawn real processes and servers; two workers match the 2-core CI machine.
    maxWorkers: 2,
  },
});
