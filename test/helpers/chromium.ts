// Launches Debian's Chromium for the page tests. When it is not installed the
// test fails with the one line that fixes it, not playwright's long error.

import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_MISSING = 'Chromium is missing: run `apt-get install -y chromium` (or set CHROMIUM_PATH)';

export interface ChromiumOptions {
  executablePath?: string;
  /** A WAV file the fake microphone (and fake camera) device plays in a loop. */
  fakeMicrophone?: string;
  /** Answer media permission prompts with "allow"; without it the context's permissions decide. */
  grantMedia?: boolean;
}

export async function launchChromium(options: ChromiumOptions = {}): Promise<Browser> {
  const executablePath = options.executablePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) throw new Error(CHROMIUM_MISSING);
  const args = ['--no-sandbox'];
  if (options.fakeMicrophone) {
    args.push(
      ...(options.grantMedia ? ['--use-fake-ui-for-media-stream'] : []),
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${options.fakeMicrophone}`,
      '--autoplay-policy=no-user-gesture-required',
    );
  }
  return chromium.launch({ executablePath, args });
}
