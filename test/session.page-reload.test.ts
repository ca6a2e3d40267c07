// A candidate who reloads the page mid-interview gets the interview back (the
// same question, the conversation so far), not the "open in another tab"
// screen; a genuinely second tab still gets that screen. A real server, a real
// Chromium; screenshots of the resumed screen go to SHOTS_DIR.

import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './helpers/chromium.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';
import { GOOD_ANSWERS, createJobInterview, details } from './helpers/session.js';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-page';
/** How many reloads each interview takes: the race this guards against did not lose every time. */
const RELOADS = Number(process.env.RELOADS ?? 8);
let t: TestServer;
let key: string;
let browser: Browser;
useTestServer({ SESSION_MAX_RESUMES: '20' }, (server, k) => ([t, key] = [server, k]), {
  speech: () => ({ recognition: 'none', synthesis: false }),
});

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchChromium();
});
afterAll(() => browser?.close());

async function openTab(context: BrowserContext, id: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${t.url}/interview?iid=${id}`);
  return page;
}

async function startTyping(page: Page): Promise<void> {
  await page.click('#start-interview');
  await page.click('#agree');
  await page.click('#device-type');
  await page.locator('#text').waitFor({ state: 'visible' });
}

async function answer(page: Page, text: string): Promise<void> {
  const before = await page.locator('#transcript li.assistant').count();
  await page.fill('#text', text);
  await page.click('#send');
  // The reply has been shown and it is the candidate's turn again.
  await expect.poll(() => page.locator('#transcript li.assistant').count(), { timeout: 60_000 }).toBeGreaterThan(before);
  await page.locator('#text').waitFor({ state: 'visible', timeout: 60_000 });
}

const visibleHeading = (page: Page) => page.locator('section:not([hidden]) h1').first().textContent();
const lines = (page: Page) => page.locator('#transcript li').allTextContents();

/** Whichever comes first after a reload: the interview's answer box or a notice (the bug). */
async function settled(page: Page): Promise<string> {
  await page.locator('#text:visible, #screen-notice:not([hidden])').first().waitFor({ timeout: 60_000 });
  return (await page.locator('#text').isVisible()) ? 'interview' : `notice: ${await visibleHeading(page)}`;
}

describe('reloading the candidate page', () => {
  it('resumes the interview at the same question with the conversation so far, every time', { timeout: 240_000 }, async () => {
    const id = await createJobInterview(t, key);
    const context = await browser.newContext();
    const page = await openTab(context, id);
    await startTyping(page);
    await answer(page, GOOD_ANSWERS[0]!);
    const progress = 'Question 1 of 2';
    await expect.poll(() => page.textContent('#progress')).toBe(progress);
    for (let reload = 1; reload <= RELOADS; reload += 1) {
      const before = await lines(page);
      await page.reload();
      expect(await settled(page), `reload ${reload}`).toBe('interview');
      // The conversation so far, then the welcome back and the pending question again.
      await expect.poll(async () => (await lines(page)).at(-1), { timeout: 60_000 }).toMatch(/What is a race condition\?$/);
      expect((await lines(page)).slice(0, before.length)).toEqual(before);
      expect(await page.textContent('#progress')).toBe(progress);
    }
    // Still the same interview, and it goes on from where it was.
    await answer(page, GOOD_ANSWERS[1]!);
    await expect.poll(() => page.textContent('#progress')).toBe('Question 2 of 2');
    expect(await details(t, key, id)).toMatchObject({ state: 6, resume_count: RELOADS });
    await context.close();
  });

  for (const [language, languageCode] of [
    ['en', 1],
    ['ar', 9],
  ] as const) {
    it(`shows the resumed interview at phone width (${language})`, { timeout: 120_000 }, async () => {
      const id = await createJobInterview(t, key, { language_code: languageCode });
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await openTab(context, id);
      await startTyping(page);
      await answer(page, GOOD_ANSWERS[0]!);
      const before = await lines(page);
      const progress = await page.textContent('#progress');
      await page.reload();
      expect(await settled(page)).toBe('interview');
      await expect.poll(async () => (await lines(page)).length, { timeout: 60_000 }).toBe(before.length + 2);
      expect((await lines(page)).slice(0, before.length)).toEqual(before);
      expect(await page.textContent('#progress')).toBe(progress);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `${SHOTS}/reload-${language}-390-resumed.png`, fullPage: true });
      await context.close();
    });
  }

  it('still shows "Open in another tab" to a second tab of the same browser', { timeout: 120_000 }, async () => {
    const id = await createJobInterview(t, key);
    const context = await browser.newContext();
    const first = await openTab(context, id);
    await startTyping(first);
    await answer(first, GOOD_ANSWERS[0]!);
    await expect.poll(() => first.textContent('#progress')).toBe('Question 1 of 2');
    const second = await openTab(context, id);
    await expect.poll(() => visibleHeading(second), { timeout: 60_000 }).toBe('Open in another tab');
    // The first tab is untouched: still the interview, and it still answers.
    await answer(first, GOOD_ANSWERS[1]!);
    await expect.poll(() => first.textContent('#progress')).toBe('Question 2 of 2');
    expect(await visibleHeading(second)).toBe('Open in another tab');
    await context.close();
  });
});
