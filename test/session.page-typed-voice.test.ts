// A typed interview in a real Chromium, English and right-to-left Arabic, on
// the offline synthesizer (eSpeak NG): the candidate hears the interviewer
// although they type, can silence it with a labelled button reached from the
// keyboard (the interview log then says what was not heard; a reload keeps
// it silent), and an
// inactivity reminder states when the interview ends and offers more time,
// which the server grants. axe-core checks both screen states; screenshots at
// 390 and 1280 px go to SHOTS_DIR.

import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageFor } from '../src/languages/index.js';
import { seriousViolations } from './helpers/axe.js';
import { launchChromium } from './helpers/chromium.js';
import { INSTRUMENT_PAGE_AUDIO, playedSources } from './helpers/page-audio.js';
import { createJobInterview, eventually, logs } from './helpers/session.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-page';

let t: TestServer;
let key: string;
let browser: Browser;
// A short silence limit, so the reminder comes while the test watches; plenty of time granted. Not shorter: the
// steps before the reload (screenshots, axe, Tab presses) run on the first connection's silence clock, and on a loaded
// machine 15 s a reminder (45 s in all) ended the interview before the reload.
useTestServer(
  {
    SESSION_INACTIVITY_SECONDS: '25',
    SESSION_INACTIVITY_REMINDERS: '2',
    SESSION_MORE_TIME_SECONDS: '600',
    SESSION_MORE_TIME_REQUESTS: '1',
  },
  (server, k) => ([t, key] = [server, k]),
);

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchChromium();
});
afterAll(() => browser?.close());

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

/** Waits for the typed answer box; when it never shows, says what the page showed and what the interview log says. */
async function waitForTextBox(page: Page, id: string): Promise<void> {
  try {
    await page.locator('#text').waitFor({ state: 'visible', timeout: 60_000 });
  } catch (error) {
    const shown = (
      await page
        .locator('body')
        .innerText()
        .catch(() => '')
    ).slice(0, 600);
    const log = (await logs(t, key, id).catch(() => '')).slice(-1500);
    throw new Error(`the typed answer box never showed; the page said:\n${shown}\ninterview log:\n${log}`, { cause: error });
  }
}

/** Tabs from the top of the page until `id` has the focus (at most 40 presses): it is reachable by keyboard. */
async function tabTo(page: Page, id: string): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((wanted) => document.activeElement?.id === wanted, id)) return;
  }
  throw new Error(`#${id} was never reached with Tab`);
}

describe('a typed interview hears the interviewer', () => {
  for (const [name, languageCode] of [
    ['English', 1],
    ['Arabic', 9],
  ] as const) {
    it(`in ${name}: the voice plays, mutes from the keyboard, and the reminder offers more time`, { timeout: 180_000 }, async () => {
      const words = languageFor(languageCode).page;
      const tag = name === 'English' ? 'en' : 'ar';
      const id = await createJobInterview(t, key, { language_code: languageCode });
      const page = await browser.newPage({ viewport: { width: 1280, height: 844 }, bypassCSP: true });
      await page.addInitScript(INSTRUMENT_PAGE_AUDIO);
      await page.goto(`${t.url}/interview?iid=${id}`);
      await page.click('#start-interview');
      await page.click('#agree');
      await page.click('#device-type');
      await waitForTextBox(page, id);

      // The greeting is heard, typed mode or not: its frames start in the browser.
      await expect.poll(async () => (await playedSources(page)).length, { timeout: 60_000 }).toBeGreaterThan(3);
      const toggle = page.locator('#voice-toggle');
      await expect.poll(() => toggle.textContent(), { timeout: 60_000 }).toBe(words.voiceOff);
      expect(await page.textContent('#turn')).toBe(words.interviewerSpeaking);
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, `typed-voice-${tag}`);

      // Keyboard only: Tab to the control, Enter stops the voice; the log says how much was heard.
      await page.setViewportSize({ width: 1280, height: 844 });
      await tabTo(page, 'voice-toggle');
      await page.keyboard.press('Enter');
      await expect.poll(() => toggle.textContent(), { timeout: 60_000 }).toBe(words.voiceOn);
      await eventually(
        async () => expect(await logs(t, key, id)).toMatch(/the candidate heard \d+\.\d s of \d+\.\d s of the interviewer's .*\(muted\)/),
        30_000,
      );
      // The choice holds when the candidate comes back in the same tab: the resumed interview stays silent.
      // (Away first until the server has let the old connection go, so the page is not told it is open elsewhere.)
      await page.goto('about:blank');
      await eventually(async () => expect(await logs(t, key, id)).toMatch(/candidate disconnected/), 60_000);
      await page.goto(`${t.url}/interview?iid=${id}`);
      await waitForTextBox(page, id);
      await expect.poll(() => toggle.textContent(), { timeout: 60_000 }).toBe(words.voiceOn);

      // The reminder: the limit in words, and the button for more time.
      await page.locator('#reminder').waitFor({ state: 'visible', timeout: 60_000 });
      // Muted: neither the welcome back nor the reminder played.
      expect(await playedSources(page)).toEqual([]);
      // 25 s reminders, two of them: 50 s left, rounded up to one minute.
      expect(await page.textContent('#reminder-text')).toBe(words.reminderNotice.replace('{minutes}', '1'));
      const moreTime = page.locator('#more-time');
      expect(await moreTime.textContent()).toBe(words.moreTime);
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, `reminder-more-time-${tag}`);

      await page.setViewportSize({ width: 1280, height: 844 });
      await tabTo(page, 'more-time');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.textContent('#reminder-text'), { timeout: 60_000 })
        .toBe(words.moreTimeGranted.replace('{minutes}', '10'));
      expect(await moreTime.isHidden()).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('reminder-text');
      await eventually(async () => expect(await logs(t, key, id)).toMatch(/asked for more time \(1 of 1\): no reminder for 600 s/), 60_000);
      await page.close();
    });
  }
});
