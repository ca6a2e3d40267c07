// The candidate page (web/candidate, built by Vite in the global setup) in a
// real Chromium over protocol v2: welcome, consent (nothing starts before
// "I agree"), device check, the interview by typing, the end with feedback,
// and the refusal screens. Screenshots of every screen go to /tmp/shots-page/.

import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './helpers/chromium.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';
import { GOOD_ANSWERS, createJobInterview, details } from './helpers/session.js';
import { languageFor } from '../src/languages/index.js';

// SHOTS_DIR keeps one run's screenshots apart from another's.
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-page';
let t: TestServer;
let key: string;
let browser: Browser;
// This server recognises no speech (whatever providers are configured), so the page offers typing.
useTestServer({ CANDIDATE_PRIVACY_URL: 'https://example.com/privacy', SESSION_MAX_RESUMES: '1' }, (server, k) => ([t, key] = [server, k]), {
  speech: () => ({ recognition: 'none', synthesis: false }),
});

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchChromium();
});
afterAll(() => browser?.close());

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function open(id: string, options: { width?: number } = {}): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage(options.width ? { viewport: { width: options.width, height: 844 } } : {});
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${t.url}/interview?iid=${id}`);
  return { page, errors };
}

const visibleHeading = (page: Page) => page.locator('section:not([hidden]) h1').textContent();

/** Welcome -> consent -> device check -> typed answers; `prefix` names the screenshots. */
async function startTyping(page: Page, prefix?: string): Promise<void> {
  await page.locator('#start-interview').waitFor({ state: 'visible' });
  if (prefix) await shot(page, `${prefix}-1-welcome`);
  await page.click('#start-interview');
  await page.locator('#agree').waitFor({ state: 'visible' });
  if (prefix) await shot(page, `${prefix}-2-consent`);
  await page.click('#agree');
  await page.locator('#device-type').waitFor({ state: 'visible' });
  if (prefix) await shot(page, `${prefix}-3-device`);
  await page.click('#device-type');
  await page.locator('#text').waitFor({ state: 'visible' });
}

async function answerAll(page: Page, answers: readonly string[], useEnter = false): Promise<void> {
  for (const answer of answers) {
    await page.locator('#text').waitFor({ state: 'visible' });
    await page.fill('#text', answer);
    if (useEnter) await page.press('#text', 'Enter');
    else await page.click('#send');
  }
}

/**
 * For every visible button: how far (px) the middle of its letters' main body sits below the button's middle
 * (negative: above). The body runs from the baseline up to the top of a plain letter of the script
 * (H, Devanagari क up to its headline, Arabic alef), which is where a reader sees the label.
 */
function labelOffsets(page: Page, letter: string): Promise<Record<string, number>> {
  return page.evaluate((plain) => {
    const offsets: Record<string, number> = {};
    for (const button of document.querySelectorAll('button')) {
      const box = button.getBoundingClientRect();
      if (box.height === 0 || !button.textContent) continue;
      const style = getComputedStyle(button);
      const probe = document.createElement('span');
      probe.style.cssText = 'display:inline-block;width:0;height:0;vertical-align:baseline';
      button.appendChild(probe);
      const baseline = probe.getBoundingClientRect().bottom;
      probe.remove();
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const body = context.measureText(plain).actualBoundingBoxAscent;
      offsets[button.textContent] = Math.round((baseline - body / 2 - (box.top + box.height / 2)) * 10) / 10;
    }
    return offsets;
  }, letter);
}

describe('the candidate page', () => {
  it('is served without an API key, with a strict Content-Security-Policy, its script a module, fonts shipped', async () => {
    const response = await fetch(`${t.url}/interview?iid=x`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toMatch(
      /default-src 'none'; script-src 'self'; style-src 'self'; font-src 'self'/,
    );
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
    const script = await asset.text();
    expect(() => execFileSync(process.execPath, ['--check', '--input-type=module', '-'], { input: script })).not.toThrow();
    // The audio worklet is a file of its own (a data: URL would break the policy).
    expect(script).not.toMatch(/data:text\/javascript/);
    const css = /href="(\/candidate\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    const style = await (await fetch(`${t.url}${css}`)).text();
    for (const family of ['Noto Sans', 'Noto Sans Arabic', 'Noto Sans Devanagari']) expect(style).toContain(`font-family:${family}`);
    const font = /url\((\/candidate\/assets\/noto-sans-devanagari[^)]+\.woff2)\)/.exec(style)?.[1];
    const fontFile = await fetch(`${t.url}${font}`);
    expect(fontFile.status).toBe(200);
    expect(fontFile.headers.get('content-type')).toBe('font/woff2');
    expect((await fetch(`${t.url}/candidate/assets/missing.js`)).status).toBe(404);
  });

  it('is rendered in the interview language, right-to-left for Arabic, before its socket connects', async () => {
    const id = await createJobInterview(t, key, { language_code: 9 });
    const html = await (await fetch(`${t.url}/interview?iid=${id}`)).text();
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toMatch(/<title>مقابلة<\/title>/);
    const config = JSON.parse(/<script type="application\/json" id="page-config">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');
    expect(config).toMatchObject({
      language_tag: 'ar',
      direction: 'rtl',
      words: { send: 'إرسال', agree: 'أوافق' },
      privacy_url: 'https://example.com/privacy',
      reconnect_grace_seconds: 900,
      max_resumes: 1,
    });

    // The socket is held open but silent: whatever the page shows comes from the served HTML alone.
    const page = await browser.newPage();
    await page.routeWebSocket(/\/session/, () => {});
    await page.goto(`${t.url}/interview?iid=${id}`);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    await expect.poll(() => page.textContent('#status')).toBe('جارٍ الاتصال…');
    expect(await visibleHeading(page)).toBe('مقابلة');
    await page.close();
  });

  it(
    'walks an English candidate through welcome, consent and device check; nothing starts before "I agree"',
    { timeout: 120_000 },
    async () => {
      const id = await createJobInterview(t, key);
      const { page, errors } = await open(id);
      await page.locator('#start-interview').waitFor({ state: 'visible' });
      expect(await visibleHeading(page)).toBe('Your interview for Backend Engineer');
      const welcome = await page.locator('#screen-welcome').innerText();
      expect(welcome).toMatch(/2 questions/);
      expect(welcome).toMatch(/About 9 minutes/);
      // The silence limit is stated before the interview starts (the defaults: 120 s, two reminders).
      expect(welcome).toMatch(/If you say nothing for 120 seconds, you get a reminder \(at most 2\); after that the interview ends\./);
      expect(welcome).toMatch(/What is recorded and why/);
      expect(await page.getAttribute('#privacy-link', 'href')).toBe('https://example.com/privacy');
      await shot(page, 'en-1-welcome');
      // The forward buttons are named as a candidate expects.
      await page.getByRole('button', { name: 'Start interview' }).click();
      await page.getByRole('button', { name: 'I agree' }).waitFor();
      await shot(page, 'en-2-consent');
      expect(await details(t, key, id)).toMatchObject({ state: 0, transcript: [] });
      await page.getByRole('button', { name: 'Back' }).click();
      await page.getByRole('button', { name: 'Start interview' }).click();
      await page.getByRole('button', { name: 'I agree' }).click();
      await page.locator('#device-type').waitFor({ state: 'visible' });
      // This server recognises no speech: the page says so and offers typing.
      expect(await page.locator('#speech-note').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: /type/ }).count()).toBeGreaterThan(0);
      await shot(page, 'en-3-device');
      expect(await details(t, key, id)).toMatchObject({ state: 0, transcript: [] });

      await page.getByRole('button', { name: 'Continue and type my answers' }).click();
      await page.locator('#text').waitFor({ state: 'visible' });
      expect(await page.textContent('#progress')).toBe('Introduction');
      expect(await page.textContent('#turn')).toBe('Your turn');
      const first = page.locator('#transcript li.assistant').first();
      expect(await first.locator('.who').textContent()).toBe('Interviewer: ');
      await shot(page, 'en-4-interview');
      expect(await details(t, key, id)).toMatchObject({ state: 4 });

      // Enter sends; Shift+Enter is a new line.
      await page.fill('#text', 'I am a backend engineer');
      await page.press('#text', 'Shift+Enter');
      await page.type('#text', 'with six years of experience building Node.js services and leading small teams.');
      await page.press('#text', 'Enter');
      await expect.poll(() => page.textContent('#progress')).toBe('Question 1 of 2');
      const stored = (await details(t, key, id)).transcript.filter((e) => e.role === 'user');
      expect(stored[0]?.content).toBe(
        'I am a backend engineer\nwith six years of experience building Node.js services and leading small teams.',
      );
      expect(await page.locator('#transcript li.user .who').first().textContent()).toBe('You: ');

      // Ending asks in the page, never with confirm(); "Keep going" changes nothing.
      page.on('dialog', () => errors.push('a browser dialog was opened'));
      await page.getByRole('button', { name: 'End the interview' }).click();
      await page.getByRole('alertdialog').waitFor();
      await shot(page, 'en-5-end-confirm');
      await page.keyboard.press('Escape');
      expect(await page.getByRole('alertdialog').isVisible()).toBe(false);
      await page.getByRole('button', { name: 'End the interview' }).click();
      await page.getByRole('button', { name: 'End now' }).click();
      await page.locator('#screen-end').waitFor({ state: 'visible' });
      expect(await visibleHeading(page)).toBe('Thank you!');
      // The words say how it ended: by the candidate, not "complete"; a reload says the same.
      const byYou = 'You ended the interview. Your answers so far were saved, and the organisation that invited you will be in touch.';
      expect(await page.textContent('#end-text')).toBe(byYou);
      await page.reload();
      await page.locator('#screen-end').waitFor({ state: 'visible' });
      expect(await page.textContent('#end-text')).toBe(byYou);
      await shot(page, 'en-6-end');
      expect(await details(t, key, id)).toMatchObject({ state: 2, ending_reason: 2 });

      await page.getByRole('radio', { name: '4 of 5' }).check();
      await page.fill('#feedback-comment', 'Clear questions.');
      await page.getByRole('button', { name: 'Send feedback' }).click();
      await expect.poll(() => page.textContent('#feedback-result')).toBe('Thank you for your feedback.');
      await shot(page, 'en-7-feedback-sent');
      const record = (await details(t, key, id)) as unknown as { feedback: Record<string, unknown> };
      expect(record.feedback).toMatchObject({ rating: 4, comment: 'Clear questions.' });
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it('runs a whole interview in Arabic, right-to-left, at phone width', { timeout: 120_000 }, async () => {
    const id = await createJobInterview(t, key, { language_code: 9 });
    const { page, errors } = await open(id, { width: 390 });
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    await startTyping(page, 'ar-390');
    await shot(page, 'ar-390-4-interview');
    await answerAll(page, [...GOOD_ANSWERS, 'ليست لدي أي أسئلة. شكرًا.'], true);
    await page.locator('#screen-end').waitFor({ state: 'visible' });
    expect(await visibleHeading(page)).toBe('شكرًا لك!');
    expect(await page.textContent('#end-text')).toBe('اكتملت مقابلتك. ستتواصل معك الجهة التي دعتك.');
    await shot(page, 'ar-390-6-end');
    expect(await page.locator('#transcript li.user').count()).toBe(4);
    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    expect(await details(t, key, id)).toMatchObject({ state: 2, ending_reason: 1 });
    await page.close();
  });

  it('renders Hindi in a Devanagari font shipped with the page', { timeout: 120_000 }, async () => {
    const id = await createJobInterview(t, key, { language_code: 3 });
    const { page, errors } = await open(id);
    await startTyping(page, 'hi');
    await shot(page, 'hi-4-interview');
    expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Devanagari"', 'साक्षात्कार'))).toBe(true);
    await page.getByRole('button', { name: 'साक्षात्कार समाप्त करें' }).click();
    await page.getByRole('button', { name: 'अभी समाप्त करें' }).click();
    await page.locator('#screen-end').waitFor({ state: 'visible' });
    await shot(page, 'hi-6-end');
    expect(errors).toEqual([]);
    await page.close();
  });

  it(
    'centres button labels vertically in every script (Devanagari and Arabic fonts reserve more room below)',
    { timeout: 120_000 },
    async () => {
      for (const { code, letter, width } of [
        { code: 1, letter: 'H', width: 1280 },
        { code: 3, letter: 'क', width: 1280 },
        { code: 9, letter: 'ا', width: 390 },
      ]) {
        const id = await createJobInterview(t, key, { language_code: code });
        const { page } = await open(id, { width });
        await page.locator('#start-interview').waitFor({ state: 'visible' });
        await page.evaluate(() => document.fonts.ready);
        const offsets = await labelOffsets(page, letter);
        await page.click('#start-interview');
        await page.click('#agree');
        await page.locator('#device-type').waitFor({ state: 'visible' });
        Object.assign(offsets, await labelOffsets(page, letter));
        expect(Object.keys(offsets).length, `language ${code}`).toBeGreaterThanOrEqual(4);
        for (const [label, offset] of Object.entries(offsets)) expect(Math.abs(offset), `${label}: ${offset} px`).toBeLessThanOrEqual(1);
        await page.close();
      }
    },
  );

  it(
    'gives an unknown link its own screen, and an ended interview the feedback form until feedback was given',
    { timeout: 120_000 },
    async () => {
      const { page } = await open('6f1c1b9e-5b0e-4f7e-9a57-0d3c1f0e2b11');
      await expect.poll(() => visibleHeading(page)).toBe('Link not valid');
      expect(await page.textContent('#notice-text')).toBe('This interview link is not valid.');
      await shot(page, 'en-refusal-invalid');
      await page.close();

      const id = await createJobInterview(t, key);
      const first = await open(id);
      await startTyping(first.page);
      await first.page.getByRole('button', { name: 'End the interview' }).click();
      await first.page.getByRole('button', { name: 'End now' }).click();
      await first.page.locator('#screen-end').waitFor({ state: 'visible' });
      // A reload on the end screen before any feedback: the end screen again, its feedback form still offered.
      await first.page.reload();
      await expect.poll(() => visibleHeading(first.page)).toBe('Thank you!');
      expect(await first.page.locator('#feedback').isVisible()).toBe(true);
      await shot(first.page, 'en-end-reloaded');
      await first.page.getByRole('radio', { name: '3 of 5' }).check();
      await first.page.getByRole('button', { name: 'Send feedback' }).click();
      await expect.poll(() => first.page.textContent('#feedback-result')).toBe('Thank you for your feedback.');
      expect(await details(t, key, id)).toMatchObject({ feedback: { rating: 3 } });
      await first.page.close();
      // Feedback given: the link now says the interview is over, with no second form.
      const again = await open(id);
      await expect.poll(() => visibleHeading(again.page)).toBe('Interview over');
      expect(await again.page.locator('#feedback').isVisible()).toBe(false);
      await shot(again.page, 'en-refusal-ended');
      await again.page.close();
    },
  );

  it(
    'tells a second tab the interview is open elsewhere, and "Use it here" takes over once the first is gone',
    { timeout: 120_000 },
    async () => {
      const id = await createJobInterview(t, key);
      const first = await open(id);
      await startTyping(first.page);
      const second = await open(id);
      await expect.poll(() => visibleHeading(second.page)).toBe('Open in another tab');
      await shot(second.page, 'en-refusal-elsewhere');
      await second.page.getByRole('button', { name: 'Use it here' }).click();
      await expect.poll(() => second.page.locator('#notice-extra').textContent()).toMatch(/still open elsewhere/);
      await first.page.close();
      await expect
        .poll(
          async () => {
            if (await second.page.locator('#notice-action').isVisible()) await second.page.click('#notice-action');
            return second.page.locator('#text').isVisible();
          },
          { timeout: 15_000, interval: 500 },
        )
        .toBe(true);
      // The conversation so far is shown again.
      expect(await second.page.locator('#transcript li.assistant').count()).toBeGreaterThan(0);
      await second.page.close();
    },
  );

  it(
    'shows "Connection lost" with the grace period counting down, warns before the last reconnect, and resumes',
    { timeout: 120_000 },
    async () => {
      const id = await createJobInterview(t, key);
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // The page's socket goes through a relay the test can cut, and hold cut.
      let allow = true;
      const relays: { close(): Promise<void> }[] = [];
      await page.routeWebSocket(/\/session/, (ws) => {
        if (!allow) return void ws.close({ code: 1006 }).catch(() => {});
        ws.connectToServer();
        relays.push(ws);
      });
      await page.goto(`${t.url}/interview?iid=${id}`);
      await startTyping(page);
      allow = false;
      await relays.at(-1)?.close();
      await expect.poll(() => visibleHeading(page)).toBe('Connection lost');
      expect(await page.textContent('#notice-text')).toMatch(/Your interview is kept for 1[45]:\d\d\./);
      // SESSION_MAX_RESUMES=1: this reconnect is the last one allowed.
      expect(await page.textContent('#notice-extra')).toBe('Warning: if the connection drops once more, the interview will end.');
      await shot(page, 'en-refusal-connection-lost');
      allow = true;
      await page.getByRole('button', { name: 'Reconnect now' }).click();
      await page.locator('#text').waitFor({ state: 'visible' });
      expect(await details(t, key, id)).toMatchObject({ state: 4, resume_count: 1 });
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it(
    'keeps reconnecting, with back-off, while the server still holds the dropped connection, and resumes by itself',
    { timeout: 120_000 },
    async () => {
      const id = await createJobInterview(t, key);
      const page = await browser.newPage();
      // After the cut, the next attempts meet a server that still holds the old connection (its node died, the
      // lease has not run out): more refusals than the page used to accept before giving up.
      const HELD = 7;
      let connections = 0;
      const relays: { close(): Promise<void> }[] = [];
      const attemptsAt: number[] = [];
      await page.routeWebSocket(/\/session/, (ws) => {
        connections += 1;
        if (connections > 1 && connections <= HELD + 1) {
          attemptsAt.push(Date.now());
          const refusal = { type: 'INTERVIEW_NOT_ALLOWED', reason: 'session_active', state: 4, ending_reason: 0, message: 'held' };
          ws.send(JSON.stringify(refusal));
          return void ws.close({ code: 4409 }).catch(() => {});
        }
        ws.connectToServer();
        relays.push(ws);
      });
      const headings: string[] = [];
      await page.exposeFunction('noteHeading', (text: string) => headings.push(text));
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const heading = document.getElementById('notice-heading')!;
          const note = (window as unknown as { noteHeading: (text: string) => void }).noteHeading;
          new MutationObserver(() => note(heading.textContent ?? '')).observe(heading, {
            childList: true,
            characterData: true,
            subtree: true,
          });
        });
      });
      await page.goto(`${t.url}/interview?iid=${id}`);
      await startTyping(page);
      await relays.at(-1)?.close();
      await expect.poll(() => visibleHeading(page)).toBe('Connection lost');
      // Back by itself once the server lets go, without a click: the conversation and the answer box again.
      await page.locator('#text').waitFor({ state: 'visible', timeout: 60_000 });
      expect(connections).toBe(HELD + 2);
      expect(await details(t, key, id)).toMatchObject({ state: 4, resume_count: 1 });
      // It never gave up in between ("Open in another tab"), and the waits between attempts grew.
      expect(headings.filter((h) => h && h !== 'Connection lost')).toEqual([]);
      const gaps = attemptsAt.slice(1).map((at, i) => at - attemptsAt[i]!);
      expect(Math.max(...gaps)).toBeGreaterThan(2 * Math.min(...gaps));
      await page.close();
    },
  );

  it('sends the start again when the connection dropped with it, so the candidate is not asked twice', { timeout: 120_000 }, async () => {
    const id = await createJobInterview(t, key);
    const page = await browser.newPage();
    let dropped = false;
    await page.routeWebSocket(/\/session/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        if (!dropped && typeof message === 'string' && message.includes('"start"')) {
          dropped = true;
          void server.close().catch(() => {});
          return void ws.close({ code: 1006 }).catch(() => {});
        }
        server.send(message);
      });
    });
    await page.goto(`${t.url}/interview?iid=${id}`);
    await startTyping(page).catch(async (error: unknown) => {
      throw new Error(`${String(error)}; shown: ${await page.locator('section:not([hidden])').innerText()}`);
    });
    expect(dropped).toBe(true);
    expect(await page.locator('#transcript li.assistant').count()).toBe(2);
    expect(await details(t, key, id)).toMatchObject({ state: 4, resume_count: 0 });
    await page.close();
  });

  it('stops for good when the interview is reset under it, instead of starting it again', { timeout: 120_000 }, async () => {
    const id = await createJobInterview(t, key);
    const { page } = await open(id);
    await startTyping(page);
    const reset = await fetch(`${t.url}/interview/reset/${id}`, { method: 'POST', headers: { 'x-application-secret-key': key } });
    expect(reset.status).toBe(200);
    await expect.poll(() => page.textContent('#notice-text')).toMatch(/SESSION_TAKEN_OVER/);
    // The page's reconnect back-off is 0.5 s at first: give it time to (wrongly) come back.
    await page.waitForTimeout(2500);
    expect((await details(t, key, id)).state).toBe(0);
    await page.close();
  });

  // Every screen a candidate can meet, in Arabic at phone width and in Hindi, for the screenshots a person looks at.
  for (const { code, name, width } of [
    { code: 9, name: 'ar-390', width: 390 },
    { code: 3, name: 'hi', width: 1280 },
  ]) {
    it(`shows every screen in ${name}, each in its own words`, { timeout: 120_000 }, async () => {
      const words = languageFor(code).page;
      const id = await createJobInterview(t, key, { language_code: code });
      const page = await browser.newPage({ viewport: { width, height: 844 } });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      let allow = true;
      const relays: { close(): Promise<void> }[] = [];
      await page.routeWebSocket(/\/session/, (ws) => {
        if (!allow) return void ws.close({ code: 1006 }).catch(() => {});
        ws.connectToServer();
        relays.push(ws);
      });
      await page.goto(`${t.url}/interview?iid=${id}`);
      await startTyping(page);

      const second = await browser.newPage({ viewport: { width, height: 844 } });
      await second.goto(`${t.url}/interview?iid=${id}`);
      await expect.poll(() => visibleHeading(second)).toBe(words.elsewhereHeading);
      await shot(second, `${name}-refusal-elsewhere`);
      await second.close();

      allow = false;
      await relays.at(-1)?.close();
      await expect.poll(() => visibleHeading(page)).toBe(words.lostHeading);
      await shot(page, `${name}-refusal-connection-lost`);
      allow = true;
      await page.getByRole('button', { name: words.reconnectNow }).click();
      await page.locator('#text').waitFor({ state: 'visible' });

      await page.getByRole('button', { name: words.end }).click();
      await page.getByRole('alertdialog').waitFor();
      await shot(page, `${name}-5-end-confirm`);
      await page.getByRole('button', { name: words.endConfirmYes }).click();
      await page.locator('#screen-end').waitFor({ state: 'visible' });
      await page.getByRole('radio', { name: words.ratingValue.replace('{n}', '5') }).check();
      await page.getByRole('button', { name: words.feedbackSend }).click();
      await expect.poll(() => page.textContent('#feedback-result')).toBe(words.feedbackThanks);
      await shot(page, `${name}-7-feedback-sent`);

      const again = await browser.newPage({ viewport: { width, height: 844 } });
      await again.goto(`${t.url}/interview?iid=${id}`);
      await expect.poll(() => visibleHeading(again)).toBe(words.overHeading);
      await shot(again, `${name}-refusal-ended`);
      for (const shown of [page, again]) {
        expect(await shown.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
      await again.close();
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
