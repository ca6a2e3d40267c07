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

// The speech path in real time: real audio through the VAD, the recogniser and the
// synthesis, a minute or more of waiting per file. What they try is the Node runtime
// and the speech stack; a voice turn's writes are a typed turn's, which the session
// tests try on both databases. CI runs them on SQLite under both Nodes, not again on
// PostgreSQL.
const speechTests = ['voice.e2e', 'voice.turns', 'voice.speculative', 'voice.speculative-llm'].map((name) => `test/${name}.test.ts`);
// The understanding set's integrity and floors: the evaluator's logic over fixtures,
// no server and no database, so it runs with the unit tests.
const understandingSet = 'test/understanding-set.test.ts';

// Four projects so each part runs alone: `npm run test:unit` (pure logic), `npm run
// test:integration` (real server, database, processes), `npm run test:speech` (the
// voice tests above) and `npm run test:browser` (the pages in a real Chromium).
// `npm test` runs all four; CI runs the browser project once, not on every Node and
// database, and the speech project on SQLite only.
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
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', understandingSet] } },
      // The integration, speech and browser tests serve the candidate page, so they build it first.
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          exclude: [...browserTests, ...speechTests, understandingSet],
          globalSetup: ['test/global-setup.ts'],
        },
      },
      { extends: true, test: { name: 'speech', include: speechTests, globalSetup: ['test/global-setup.ts'] } },
      { extends: true, test: { name: 'browser', include: browserTests, globalSetup: ['test/global-setup.ts'] } },
    ],
  },
});
