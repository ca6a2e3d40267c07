// Launches Debian's Chromium for the page tests. When it is not installed the
// test fails with the one line that fixes it, not playwright's long error.

import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_MISSING = 'Chromium is missing: run `apt-get install -y chromium` (or set CHROMIUM_PATH)';

export async function launchChromium(executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'): Promise<Browser> {
  if (!existsSync(executablePath)) throw new Error(CHROMIUM_MISSING);
  return chromium.launch({ executablePath, args: ['--no-sandbox'] });
}
