// Builds the candidate page once per test run, so the servers under test serve
// the page as it is in web/ now, never a stale dist/web/ from an earlier
// install (Vite takes a second or two for it).

import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export default async function buildCandidatePage(): Promise<void> {
  await build({ configFile: fileURLToPath(new URL('../web/vite.config.ts', import.meta.url)) });
}
