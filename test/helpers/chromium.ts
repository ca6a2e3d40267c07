// Launches Debian's Chromium for the page tests. When it is not installed the
// test fails with the one line that fixes it, not playwright's long error.

import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

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

/**
 * Makes the page use the server's recogniser: Debian's Chromium offers a Web Speech recogniser
 * without a service behind it, which the page would otherwise try first (browser recognition has its own test).
 */
export async function withoutBrowserRecognition(page: Page): Promise<void> {
  await page.addInitScript(() => Object.assign(window, { SpeechRecognition: undefined, webkitSpeechRecognition: undefined }));
}

/** Opens the interview link in a new page with the microphone allowed, agrees, and passes the device check to the voice screen. */
export async function openVoiceInterview(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ permissions: ['microphone'] });
  const page = await context.newPage();
  await withoutBrowserRecognition(page);
  await page.goto(url);
  await page.getByRole('button', { name: 'Start interview' }).click();
  await page.getByRole('button', { name: 'I agree' }).click();
  await page.locator('#screen-device').waitFor({ state: 'visible' });
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.locator('#voice-controls').waitFor({ state: 'visible' });
  return page;
}
