// The candidate page records the camera: in a real Chromium with a fake
// camera and a fake microphone playing flite's speech, a candidate who leaves
// the camera on at the device check is recorded (MediaRecorder WebM, uploaded
// in chunks while the interview runs); once the interview ends and the
// pipeline archives, get-video-recording hands out a WebM that ffprobe reads
// with a duration, video and audio. The device check says that the camera is
// recorded, in English and in Arabic, at phone width.

import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './helpers/chromium.js';
import { fakeMicrophoneWav } from './helpers/speech.js';
import { createJobInterview, details, eventually } from './helpers/session.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';

const run = promisify(execFile);
const SHOTS = '/tmp/shots-page';
let t: TestServer;
let key: string;
let browser: Browser;
let dir: string;
useTestServer({ JOBS_POLL_SECONDS: '0.1' }, (server, k) => ([t, key] = [server, k]), {
  speech: () => ({ recognition: 'server', synthesis: false }),
});

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  dir = mkdtempSync(path.join(tmpdir(), 'camera-page-'));
  browser = await launchChromium({
    fakeMicrophone: fakeMicrophoneWav(dir, 'I build backend services.', { afterSeconds: 1 }),
    grantMedia: true,
  });
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function deviceCheckWithCamera(page: Page, id: string): Promise<void> {
  await page.goto(`${t.url}/interview?iid=${id}`);
  await page.locator('#start-interview').click();
  await page.locator('#agree').click();
  await page.locator('#screen-device').waitFor({ state: 'visible' });
  await page.locator('#camera-toggle').click();
  await expect.poll(() => page.evaluate(() => document.querySelector('video')?.videoWidth ?? 0)).toBeGreaterThan(0);
}

const progress = async (id: string) =>
  (await (await fetch(`${t.url}/candidate/interviews/${id}/video`)).json()) as { next_chunk: number; bytes: number };

describe('the camera recording on the candidate page', () => {
  it('records the camera with both voices, uploads it during the interview and ends as a seekable WebM', { timeout: 120_000 }, async () => {
    const id = await createJobInterview(t, key);
    const context = await browser.newContext({ permissions: ['microphone', 'camera'], viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await deviceCheckWithCamera(page, id);
    expect(await page.textContent('[data-w=cameraNote]')).toMatch(/its picture is recorded/);
    await page.screenshot({ path: `${SHOTS}/en-390-device-camera.png`, fullPage: true });
    await page.locator('#device-continue').click();
    await page.locator('#voice-controls').waitFor({ state: 'visible', timeout: 60_000 });
    // Chunks reach the server while the interview runs, not only at the end.
    await expect.poll(async () => (await progress(id)).next_chunk, { timeout: 60_000 }).toBeGreaterThan(1);
    await page.locator('#end').click();
    await page.locator('#end-yes').click();
    await page.locator('#screen-end').waitFor({ state: 'visible', timeout: 60_000 });
    await context.close();

    await eventually(async () => expect((await details(t, key, id)).archival_status).toBe(1), 45_000);
    const { interview_video_recording: url } = (await (await t.api(key, `/interview/get-video-recording/${id}`)).json()) as {
      interview_video_recording: string;
    };
    expect(url).not.toBe('');
    const link = new URL(url);
    const response = await fetch(`${t.url}${link.pathname}${link.search}`);
    expect(response.status).toBe(200);
    const file = path.join(dir, 'recording.webm');
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type', '-of', 'json', file]);
    const probed = JSON.parse(stdout) as { format: { duration?: string }; streams: { codec_type: string }[] };
    expect(probed.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    expect(Number(probed.format.duration)).toBeGreaterThan(2);
  });

  it('uploads nothing when the candidate switched the camera off again', { timeout: 120_000 }, async () => {
    const id = await createJobInterview(t, key);
    const context = await browser.newContext({ permissions: ['microphone', 'camera'] });
    const page = await context.newPage();
    await deviceCheckWithCamera(page, id);
    await page.locator('#camera-toggle').click();
    await page.locator('#device-continue').click();
    await page.locator('#voice-controls').waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForTimeout(3_000); // longer than a chunk
    expect(await progress(id)).toEqual({ next_chunk: 0, bytes: 0 });
    await context.close();
  });

  it('says in Arabic, at phone width, that the camera is recorded when switched on', { timeout: 120_000 }, async () => {
    const id = await createJobInterview(t, key, { language_code: 9 });
    const context = await browser.newContext({ permissions: ['microphone', 'camera'], viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await deviceCheckWithCamera(page, id);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.textContent('[data-w=cameraNote]')).toMatch(/تُسجَّل صورتها/);
    await page.screenshot({ path: `${SHOTS}/ar-390-device-camera.png`, fullPage: true });
    await context.close();
  });

  it('a video introduction says the camera is required and cannot start without it', { timeout: 120_000 }, async () => {
    const id = await createJobInterview(t, key, { interview_type: 2 });
    const context = await browser.newContext({ permissions: ['microphone', 'camera'], viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${t.url}/interview?iid=${id}`);
    await page.locator('#welcome-camera').waitFor({ state: 'visible' });
    expect(await page.textContent('#welcome-camera')).toMatch(/video introduction: it needs your camera/);
    await page.locator('#start-interview').click();
    await page.locator('#agree').click();
    await page.locator('#device-camera').waitFor({ state: 'visible' });
    await expect.poll(() => page.locator('#mic-meter').isVisible()).toBe(true);
    expect(await page.locator('#device-continue').isVisible()).toBe(false);
    expect(await page.locator('#device-type').isVisible()).toBe(false);
    await page.screenshot({ path: `${SHOTS}/en-390-device-camera-required.png`, fullPage: true });
    await page.locator('#camera-toggle').click();
    await page.locator('#device-continue').waitFor({ state: 'visible' });
    expect(await page.locator('#device-camera').isVisible()).toBe(false);
    expect(t.server.container.sessions.find(id)?.consentRequired).toBe(true);
    await context.close();
  });
});
