// Builds the candidate page once per test run, so the servers under test serve
// the page as it is in web/ now, never a stale dist/web/ from an earlier
// install (Vite takes a second or two for it). CI sets TEST_PAGE_PREBUILT=1:
// its `npm ci` has just built the page, and its suites run side by side, so
// one suite's rebuild must not empty dist/web/ under another's servers.

import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export default async function buildCandidatePage(): Promise<void> {
  if (process.env.TEST_PAGE_PREBUILT === '1') return;
  await build({ configFile: fileURLToPath(new URL('../web/vite.config.ts', import.meta.url)) });
}
