// The minimal text-mode page in a real Chromium: the candidate types answers
// and the interview runs to its end over the real protocol.

import { execFileSync } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './helpers/chromium.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';
import { GOOD_ANSWERS, createJobInterview, details } from './helpers/session.js';

let t: TestServer;
let key: string;
let browser: Browser;
useTestServer({}, (server, k) => ([t, key] = [server, k]));

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('the text-mode candidate page', () => {
  it('is served without an API key, with a strict Content-Security-Policy', async () => {
    const response = await fetch(`${t.url}/interview?iid=x`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'; script-src 'self'/);
    const script = await (await fetch(`${t.url}/candidate/assets/text-mode.js`)).text();
    expect(() => execFileSync(process.execPath, ['--check', '-'], { input: script })).not.toThrow();
  });

  it('runs a whole interview in Chromium by typing, right-to-left and in Arabic words for Arabic', { timeout: 60_000 }, async () => {
    const id = await createJobInterview(t, key, { language_code: 9 });
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${t.url}/interview?iid=${id}`);
    await expect.poll(() => page.getAttribute('html', 'dir')).toBe('rtl');
    // The page's own words follow the interview's language too.
    await expect.poll(() => page.textContent('h1')).toBe('مقابلة');
    expect(await page.textContent('button[type=submit]')).toBe('إرسال');
    for (const answer of [...GOOD_ANSWERS, 'ليست لدي أي أسئلة. شكرًا.']) {
      await page.locator('#text').waitFor({ state: 'visible' });
      await page.fill('#text', answer);
      await page.click('button[type=submit]');
    }
    await expect.poll(() => page.textContent('#status'), { timeout: 10_000 }).toBe('انتهت المقابلة. شكرًا لك.');
    expect(await page.locator('#transcript li.user').count()).toBe(4);
    expect(errors).toEqual([]);
    expect(await details(t, key, id)).toMatchObject({ state: 2, ending_reason: 1 });
    await page.close();
  });

  it('tells a second window that the interview is open elsewhere', { timeout: 60_000 }, async () => {
    const id = await createJobInterview(t, key);
    const first = await browser.newPage();
    await first.goto(`${t.url}/interview?iid=${id}`);
    await first.locator('#text').waitFor({ state: 'visible' });
    const second = await browser.newPage();
    await second.goto(`${t.url}/interview?iid=${id}`);
    await expect.poll(() => second.textContent('#status')).toMatch(/already open in another window/);
    await first.close();
    await second.close();
  });
});
