// The last seconds of the camera recording when the SERVER ends the interview
// (here its maximum length, SESSION_MAX_MINUTES): the page's final
// MediaRecorder chunk is still on its way when the interview ends, so the
// page flushes and uploads it and says the upload is complete, and the media
// step waits for that (bounded by VIDEO_END_GRACE_SECONDS) before the remux.
// In a real Chromium with a fake camera: the WebM's picture lasts until the
// session's end (from consent, where the page starts recording and the
// recording's timeline starts), within a second.

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './helpers/chromium.js';
import { fakeMicrophoneWav } from './helpers/speech.js';
import { createJobInterview, details, eventually, logs } from './helpers/session.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';

const run = promisify(execFile);
let t: TestServer;
let key: string;
let browser: Browser;
let dir: string;
// 15 s sessions; a grace far longer than any upload here, so only the page's "complete" ends the wait early.
useTestServer(
  { JOBS_POLL_SECONDS: '0.1', SESSION_MAX_MINUTES: '0.25', VIDEO_END_GRACE_SECONDS: '20' },
  (server, k) => ([t, key] = [server, k]),
  {
    speech: () => ({ recognition: 'server', synthesis: false }),
  },
);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'video-end-'));
  browser = await launchChromium({
    fakeMicrophone: fakeMicrophoneWav(dir, 'I build backend services.', { afterSeconds: 1 }),
    grantMedia: true,
  });
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Where the last packet of a stream ends, in seconds from the file's start. */
async function streamEnd(file: string, stream: 'v:0' | 'a:0'): Promise<number> {
  const { stdout } = await run(
    'ffprobe',
    ['-v', 'error', '-select_streams', stream, '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', file],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  let end = 0;
  for (const line of stdout.trim().split('\n')) {
    const [pts, duration] = line.split(',').map(Number);
    if (Number.isFinite(pts)) end = Math.max(end, pts! + (Number.isFinite(duration) ? duration! : 0));
  }
  return end;
}

describe('the camera recording when the server ends the interview', () => {
  it(
    'keeps the picture up to the session end: the page uploads its last chunk and the server waits for it',
    { timeout: 240_000 },
    async () => {
      const id = await createJobInterview(t, key);
      const context = await browser.newContext({ permissions: ['microphone', 'camera'] });
      const page = await context.newPage();
      // A slow uplink: each chunk takes 3 s to arrive while the page records one every 2 s, so at the end
      // several seconds of picture are still on their way (without the wait they would be missing).
      await page.route('**/video/*', async (route) => {
        if (route.request().method() === 'PUT') await new Promise((resolve) => setTimeout(resolve, 3_000));
        await route.continue();
      });
      await page.goto(`${t.url}/interview?iid=${id}`);
      await page.locator('#start-interview').click();
      await page.locator('#agree').click();
      await page.locator('#screen-device').waitFor({ state: 'visible' });
      await page.locator('#camera-toggle').click();
      await expect.poll(() => page.evaluate(() => document.querySelector('video')?.videoWidth ?? 0)).toBeGreaterThan(0);
      await page.locator('#device-continue').click();
      // Nobody clicks End: the server ends the interview at its maximum length.
      await page.locator('#screen-end').waitFor({ state: 'visible', timeout: 60_000 });

      await eventually(async () => expect((await details(t, key, id)).archival_status).toBe(1), 60_000);
      expect(await logs(t, key, id)).toMatch(/maximum length/);
      await context.close();
      const { interview_video_recording: url } = (await (await t.api(key, `/interview/get-video-recording/${id}`)).json()) as {
        interview_video_recording: string;
      };
      const link = new URL(url);
      const file = path.join(dir, 'recording.webm');
      writeFileSync(file, Buffer.from(await (await fetch(`${t.url}${link.pathname}${link.search}`)).arrayBuffer()));
      const db = t.server.container.database.db;
      const session = await db
        .selectFrom('interview_sessions')
        .select(['started_at', 'consented_at'])
        .where('interview_id', '=', id)
        .executeTakeFirstOrThrow();
      const { call_length } = await db.selectFrom('interviews').select('call_length').where('id', '=', id).executeTakeFirstOrThrow();
      const sessionEnd = (Date.parse(session.started_at) + Number(call_length) * 1000 - Date.parse(session.consented_at!)) / 1000;
      const video = await streamEnd(file, 'v:0');
      expect(sessionEnd).toBeGreaterThan(5);
      expect(Math.abs(sessionEnd - video), `picture ends at ${video.toFixed(2)} s, the session at ${sessionEnd.toFixed(2)} s`).toBeLessThan(
        1,
      );
    },
  );
});
