// The recruiter report page in Debian's Chromium, for a voice interview that
// really happened: a candidate answers by voice (`cli simulate --voice`,
// flite WAVs), the pipeline evaluates it and mixes the MP3, the API hands
// out the report link. Selecting the second answer moves the player into
// that answer's `video_time` and highlights its line; the page passes
// axe-core's WCAG 2.1 AA rules, fits a phone without sideways scrolling,
// prints without its controls, and is right to left in Arabic. Screenshots go
// to /tmp/report-page/. Expired and tampered links get a page that says so.

import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportPageData } from '../src/results/report-page.types.js';
import { launchChromium } from './helpers/chromium.js';
import { freePort } from './helpers/child-server.js';
import { createJobInterview, details, eventually } from './helpers/session.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { entryArgs } from './helpers/processes.js';

const run = promisify(execFile);
const SHOTS = '/tmp/report-page';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const SPOKEN = [
  'I am a backend engineer with six years of experience building services and leading small teams.',
  'A race condition is when two threads change shared state and the timing decides the result.',
  'In my last team two people disagreed about a design. I explained the situation to both, and the resolution was a small prototype.',
  'No, thank you. I have no questions.',
];

let t: TestServer;
let key: string;
let browser: Browser;
let dir: string;
let id: string;

/** The link as the API hands it out, on the test server's port. */
async function reportUrl(locale: string): Promise<string> {
  const response = await t.api(key, `/interview/report-link/${id}`, { method: 'POST', headers: { locale } });
  expect(response.status).toBe(200);
  const url = new URL(((await response.json()) as { report_url: string }).report_url);
  return `${t.url}${url.pathname}${url.search}`;
}

async function openReport(locale: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const response = await page.goto(await reportUrl(locale));
  expect(response?.status()).toBe(200);
  await page.locator('#transcript').waitFor();
  // Fonts decide line breaks: measure and photograph only once they are in.
  await page.evaluate(() => document.fonts.ready);
  return page;
}

async function dataOf(page: Page): Promise<ReportPageData> {
  return JSON.parse((await page.textContent('#report-data')) ?? 'null') as ReportPageData;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'report-page-'));
  mkdirSync(SHOTS, { recursive: true });
  // The page loads the recording from the link the service made on PUBLIC_BASE_URL: it must be this server's address.
  const port = await freePort();
  t = await startTestServer({
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    JOBS_POLL_SECONDS: '0.1',
    STT_PROVIDER: 'pocketsphinx',
  });
  key = await t.createKey();
  browser = await launchChromium();

  const files = SPOKEN.map((_, i) => path.join(dir, `answer-${i + 1}.wav`));
  await Promise.all(files.map((file, i) => run('flite', ['-voice', 'slt', '-t', SPOKEN[i]!, '-o', file])));
  const answers = path.join(dir, 'answers.json');
  writeFileSync(answers, JSON.stringify(files));
  id = await createJobInterview(t, key);
  const { stdout } = await run(
    process.execPath,
    [...entryArgs('src/cli/main.ts'), 'simulate', id, '--voice', '--answers', answers, '--url', t.url],
    {
      env: { ...process.env, ...t.database.env },
    },
  );
  expect(stdout).toMatch(/ending reason 1 \(INTERVIEW_COMPLETED\)/);
  await eventually(async () => expect((await details(t, key, id)).archival_status).toBe(1), 120_000);
  await t.server.container.jobRunner.whenIdle();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the report page of a finished voice interview', () => {
  it('plays the second answer from its video_time when it is selected, and highlights that line', { timeout: 120_000 }, async () => {
    const page = await openReport('en', 1280);
    const data = await dataOf(page);
    const answers = data.transcript.filter((line) => line.role === 'user' && line.video_time);
    expect(answers.length).toBeGreaterThanOrEqual(3);
    const second = answers[1]!.video_time!;
    await page.waitForFunction(() => (document.getElementById('player') as HTMLMediaElement).readyState >= 1);

    const line = page.locator('li.line.candidate').nth(1);
    await line.getByRole('button').click();
    await page.waitForFunction(
      ([begin, end]) => {
        const time = (document.getElementById('player') as HTMLMediaElement).currentTime;
        return time >= begin! && time <= end! + 1;
      },
      [second.begin, second.end],
    );
    await expect.poll(() => line.getAttribute('aria-current')).toBe('true');
    expect(await page.locator('li[aria-current="true"]').count()).toBe(1);
    await page.screenshot({ path: path.join(SHOTS, 'en-1280-playing.png') });

    // The same by keyboard, from question 2's card: Enter on "Play the answer" moves the player to its answer.
    const question2 = data.questions[1]!;
    expect(question2.video_time).not.toBeNull();
    await page
      .locator('#questions article')
      .nth(1)
      .getByRole('button', { name: /^Play the answer from/ })
      .focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      ([begin, end]) => {
        const time = (document.getElementById('player') as HTMLMediaElement).currentTime;
        return time >= begin! && time <= end! + 1;
      },
      [question2.video_time!.begin, question2.video_time!.end],
    );
    await page.close();
  });

  it('shows each answer beside its question with its rating and reasons, and the communication analysis', async () => {
    const page = await openReport('en', 1280);
    const cards = page.locator('#questions article');
    expect(await cards.count()).toBe(2);
    await expect.poll(() => cards.nth(0).locator('.question-text').textContent()).toBe('What is a race condition?');
    expect(await cards.nth(0).locator('.answer-text').count()).toBeGreaterThan(0);
    expect(await cards.nth(0).locator('.verdict').textContent()).toMatch(/^Rating: (Suboptimal|Okay|Good|Excellent)$/);
    expect(await page.locator('#communication dl').textContent()).toContain('Words spoken');
    expect(await page.locator('#overall').textContent()).toMatch(/Suitability: /);
    await page.close();
  });

  for (const [locale, width] of [
    ['en', 1280],
    ['en', 390],
    ['ar', 1280],
    ['ar', 390],
  ] as const) {
    it(`fits ${width} px in ${locale} without sideways scrolling and passes axe-core (screenshot ${locale}-${width}.png)`, async () => {
      const page = await openReport(locale, width);
      expect(await page.getAttribute('html', 'dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(SHOTS, `${locale}-${width}.png`), fullPage: true });
      await page.evaluate(AXE);
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(o: unknown): Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }> } })
          .axe;
        const result = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
        return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
      });
      expect(violations).toEqual([]);
      await page.close();
    });
  }

  it('prints without the player and buttons, every transcript line on paper', async () => {
    const page = await openReport('en', 1280);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('#player').isVisible()).toBe(false);
    expect(await page.locator('.print-button').isVisible()).toBe(false);
    const lines = page.locator('li.line');
    expect(await lines.count()).toBeGreaterThan(4);
    expect(await lines.last().isVisible()).toBe(true);
    await page.pdf({ path: path.join(SHOTS, 'en.pdf') });
    await page.close();
  });

  it('refuses a tampered and an expired link with a page that says so', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const url = await reportUrl('en');
    const tampered = url.replace(/signature=./, (s) => (s.endsWith('A') ? 'signature=B' : 'signature=A'));
    expect((await page.goto(tampered))?.status()).toBe(403);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This report link is not valid');
    await page.screenshot({ path: path.join(SHOTS, 'tampered-390.png') });

    const arabic = await reportUrl('ar');
    t.clock.advance(3_601_000);
    expect((await page.goto(url))?.status()).toBe(410);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This report link has expired');
    expect((await page.goto(arabic))?.status()).toBe(410);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('انتهت صلاحية رابط التقرير هذا');
    await page.screenshot({ path: path.join(SHOTS, 'expired-ar-390.png') });
    await context.close();
  });
});
