import { defineConfig } from 'vitest/config';

// VITEST_JSON=<file> adds a machine-readable report (CI prints its totals).
const jsonReport = process.env.VITEST_JSON;

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: jsonReport ? ['default', 'json'] : ['default'],
    outputFile: jsonReport ? { json: jsonReport } : undefined,
  },
});
