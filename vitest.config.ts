import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// VITEST_JSON=<file> adds a machine-readable report (CI prints its totals).
const jsonReport = process.env.VITEST_JSON;

// A test file that launches Chromium is a browser test: it is found by its import of
// the Chromium helper, so a new page test joins the project without being listed.
const browserTests = readdirSync('test')
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) => readFileSync(`test/${file}`, 'utf8').includes('helpers/chromium'))
  .map((file) => `test/${file}`);

// Three projects so each part runs alone: `npm run test:unit` (pure logic beside the
// code), `npm run test:integration` (real server, database, processes) and
// `npm run test:browser` (the pages in a real Chromium). `npm test` runs all three;
// CI runs the browser project once, not on every Node and database.
export default defineConfig({
  test: {
    // Generous, because CI runs on a loaded 2-core machine where spawning a server or a CLI
    // takes many seconds: the tests wait for events, so a passing test never waits this long.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll waits 1 s by default: far too short for a page in Chromium on a loaded machine
    // (a fake camera can take seconds to give its first frame). A poll that passes returns at once.
    expect: { poll: { timeout: 30_000, interval: 100 } },
    pool: 'forks',
    reporters: jsonReport ? ['default', 'json'] : ['default'],
    outputFile: jsonReport ? { json: jsonReport } : undefined,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'] } },
      // The integration and browser tests serve the candidate page, so they build it first.
      {
        extends: true,
        test: { name: 'integration', include: ['test/**/*.test.ts'], exclude: browserTests, globalSetup: ['test/global-setup.ts'] },
      },
      { extends: true, test: { name: 'browser', include: browserTests, globalSetup: ['test/global-setup.ts'] } },
    ],
  },
});
