// Accessibility of the candidate page, checked by axe-core (WCAG 2.x A/AA) in
// a real Chromium at phone width: every screen a candidate passes through, in
// English and in right-to-left Arabic, has no serious or critical violation;
// and text in another direction than the page's keeps its own.

import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './helpers/axe.js';
import { launchChromium } from './helpers/chromium.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';
import { createJobInterview } from './helpers/session.js';

let t: TestServer;
let key: string;
let browser: Browser;
useTestServer({ CANDIDATE_PRIVACY_URL: 'https://example.com/privacy' }, (server, k) => ([t, key] = [server, k]), {
  speech: () => ({ recognition: 'none', synthesis: false }),
});

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

async function check(page: Page, screen: string, found: Record<string, string[]>): Promise<void> {
  const violations = await seriousViolations(page);
  if (violations.length > 0) found[screen] = violations;
}

describe('the candidate page under axe-core', () => {
  for (const [name, languageCode] of [
    ['English', 1],
    ['Arabic', 9],
  ] as const) {
    it(`has no serious or critical WCAG violation on any screen, in ${name} at 390 px`, { timeout: 120_000 }, async () => {
      const id = await createJobInterview(t, key, { language_code: languageCode });
      const page = await browser.newPage({ viewport: { width: 390, height: 844 }, bypassCSP: true });
      await page.goto(`${t.url}/interview?iid=${id}`);
      const found: Record<string, string[]> = {};

      await page.locator('#start-interview').waitFor({ state: 'visible' });
      await check(page, 'welcome', found);
      await page.click('#start-interview');
      await page.locator('#agree').waitFor({ state: 'visible' });
      await check(page, 'consent', found);
      await page.click('#agree');
      await page.locator('#device-type').waitFor({ state: 'visible' });
      await check(page, 'device check', found);
      await page.click('#device-type');
      await page.locator('#text').waitFor({ state: 'visible' });
      await page.locator('#transcript li.assistant').first().waitFor();
      await check(page, 'interview', found);
      await page.click('#end');
      await page.getByRole('alertdialog').waitFor();
      await check(page, 'end confirmation', found);
      await page.click('#end-yes');
      await page.locator('#screen-end').waitFor({ state: 'visible' });
      await check(page, 'end', found);

      expect(found).toEqual({});
      await page.close();
    });
  }
});

describe('text in another direction than the page', () => {
  it(
    'shows the English questions of an Arabic interview left-to-right, isolated from the Arabic around them',
    { timeout: 120_000 },
    async () => {
      const id = await createJobInterview(t, key, { language_code: 9 });
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(`${t.url}/interview?iid=${id}`);
      await page.click('#start-interview');
      await page.click('#agree');
      await page.click('#device-type');
      await page.locator('#text').waitFor({ state: 'visible' });
      await page.fill('#text', 'أنا مهندس برمجيات منذ ست سنوات وأعمل على خدمات Node.js.');
      await page.click('#send');
      const line = page.locator('#transcript li.assistant', { hasText: 'What is a race condition?' }).locator('[dir]');
      await line.waitFor();
      expect(await line.getAttribute('dir')).toBe('rtl');
      // The Arabic label and the English question are isolated from each other, each in its own direction.
      const label = line.locator('bdi', { hasText: 'السؤال 1 من 2:' });
      expect(await label.evaluate((element) => element.matches(':dir(rtl)'))).toBe(true);
      const question = line.locator('bdi', { hasText: 'What is a race condition?' });
      // The line is laid out left-to-right although the page is right-to-left.
      expect(await question.evaluate((element) => element.matches(':dir(ltr)'))).toBe(true);
      // Read right to left: the label first (rightmost), then the question's first words to its left.
      const [labelBox, questionStart] = await Promise.all([
        label.evaluate((element) => element.getClientRects()[0]!.toJSON() as DOMRect),
        question.evaluate((element) => element.getClientRects()[0]!.toJSON() as DOMRect),
      ]);
      expect(questionStart.right).toBeLessThanOrEqual(labelBox.left + 1);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      mkdirSync('/tmp', { recursive: true });
      await page.screenshot({ path: '/tmp/page2-ar-en.png', fullPage: true });
      await page.close();
    },
  );
});
