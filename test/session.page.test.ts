// The text-mode candidate page (web/candidate, built by Vite in the global
// setup) in a real Chromium: the candidate types answers and the interview
// runs to its end over the real protocol.

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
  it('is served without an API key, with a strict Content-Security-Policy, its script a module', async () => {
    const response = await fetch(`${t.url}/interview?iid=x`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'; script-src 'self'/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    // No inline script may run: the only scripts are the bundle (same origin) and the JSON data block.
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
    expect(scripts).toEqual([
      expect.stringMatching(/type="application\/json"/),
      expect.stringMatching(/type="module".*src="\/candidate\/assets\//),
    ]);
    const src = /src="(\/candidate\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    const asset = await fetch(`${t.url}${src}`);
    expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);
    expect(asset.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    const script = await asset.text();
    expect(() => execFileSync(process.execPath, ['--check', '--input-type=module', '-'], { input: script })).not.toThrow();
    expect((await fetch(`${t.url}/candidate/assets/missing.js`)).status).toBe(404);
  });

  it('is rendered in the interview language, right-to-left for Arabic, before its socket connects', async () => {
    const id = await createJobInterview(t, key, { language_code: 9 });
    const html = await (await fetch(`${t.url}/interview?iid=${id}`)).text();
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toMatch(/<title>مقابلة<\/title>/);
    const config = JSON.parse(/<script type="application\/json" id="page-config">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');
    expect(config).toMatchObject({ language_tag: 'ar', direction: 'rtl', words: { send: 'إرسال', ended: 'انتهت المقابلة. شكرًا لك.' } });

    // The socket is held open but silent: whatever the page shows comes from the served HTML alone.
    const page = await browser.newPage();
    await page.routeWebSocket(/\/session/, () => {});
    await page.goto(`${t.url}/interview?iid=${id}`);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    await expect.poll(() => page.textContent('#status')).toBe('جارٍ الاتصال…');
    expect(await page.textContent('h1')).toBe('مقابلة');
    expect(await page.textContent('button[type=submit]')).toBe('إرسال');
    await page.close();
  });

  it('gives an unknown or malformed link the English page, which says the link is not valid', async () => {
    for (const iid of ['not-a-uuid', '6f1c1b9e-5b0e-4f7e-9a57-0d3c1f0e2b11', '']) {
      const html = await (await fetch(`${t.url}/interview?iid=${encodeURIComponent(iid)}`)).text();
      expect(html).toMatch(/<html lang="en" dir="ltr">/);
    }
    const page = await browser.newPage();
    await page.goto(`${t.url}/interview?iid=6f1c1b9e-5b0e-4f7e-9a57-0d3c1f0e2b11`);
    await expect.poll(() => page.textContent('#status')).toBe('This interview link is not valid.');
    await page.close();
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

  it('stops for good when the interview is reset under it, instead of starting it again', { timeout: 60_000 }, async () => {
    const id = await createJobInterview(t, key);
    const page = await browser.newPage();
    await page.goto(`${t.url}/interview?iid=${id}`);
    await page.locator('#text').waitFor({ state: 'visible' });
    const reset = await fetch(`${t.url}/interview/reset/${id}`, { method: 'POST', headers: { 'x-application-secret-key': key } });
    expect(reset.status).toBe(200);
    await expect.poll(() => page.textContent('#status')).toMatch(/SESSION_TAKEN_OVER/);
    // The page's reconnect back-off is 1 s at first: give it time to (wrongly) come back.
    await page.waitForTimeout(2500);
    expect((await details(t, key, id)).state).toBe(0);
    await page.close();
  });
});
