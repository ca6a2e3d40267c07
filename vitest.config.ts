import { defineConfig } from 'vitest/config';

// VITEST_JSON=<file> adds a machine-readable report (CI prints its totals).
const jsonReport = process.env.VITEST_JSON;

// Two projects so each half runs alone: `npm run test:unit` (pure logic beside
// the code) and `npm run test:integration` (real server, database, browser).
// `npm test` runs both.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: jsonReport ? ['default', 'json'] : ['default'],
    outputFile: jsonReport ? { json: jsonReport } : undefined,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'] } },
      // The integration tests serve the candidate page, so they build it first.
      { extends: true, test: { name: 'integration', include: ['test/**/*.test.ts'], globalSetup: ['test/global-setup.ts'] } },
    ],
  },
});
