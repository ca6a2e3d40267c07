// The candidate page's voice side in a real Chromium whose fake microphone
// plays a WAV spoken by flite: the device check's level meter moves, voice
// mode streams 16 kHz PCM16 frames that reach the live session on the server,
// a denied microphone leads to typed answers, and the interviewer's audio
// (audio_start, binary frames, audio_end) is played and reported.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type Page, type WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordErrorRate } from '../src/speech/word-error-rate.js';
import { launchChromium } from './helpers/chromium.js';
import { fakeMicrophoneWav } from './helpers/speech.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';
import { createJobInterview, details, eventually, logs } from './helpers/session.js';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-page';
const SENTENCE = 'I am a backend engineer with six years of experience building services.';
let t: TestServer;
let key: string;
let browser: Browser;
// This server says it recognises speech, so the page offers voice; it sends no speech of its own, so the
// interviewer's audio in these tests is only what the test sends through its relay.
useTestServer({}, (server, k) => ([t, key] = [server, k]), { speech: () => ({ recognition: 'server', synthesis: false }) });

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'voice-page-'));
  // flite's slt voice (PocketSphinx hears it well), then two seconds of silence; Chromium loops the file.
  browser = await launchChromium({ fakeMicrophone: fakeMicrophoneWav(dir, SENTENCE, { afterSeconds: 2 }) });
});
afterAll(() => browser?.close());

/** Raw 16 kHz PCM16 -> WAV beside it. */
function toWav(raw: string): string {
  const wav = raw.replace(/\.raw$/, '.wav');
  execFileSync('sox', ['-t', 'raw', '-r', '16000', '-e', 'signed', '-b', '16', '-c', '1', raw, wav]);
  return wav;
}

/**
 * Counts the binary frames the page sends and keeps its audio contexts, so a test can wait on the page's own
 * audio clock (what drives the microphone worklet) instead of the wall clock of a loaded machine.
 */
const COUNT_AUDIO = `
  window.__binarySent = 0;
  window.__contexts = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (typeof data !== 'string') window.__binarySent += 1;
    return send.call(this, data);
  };
  const Plain = window.AudioContext;
  window.AudioContext = class extends Plain {
    constructor(...args) {
      super(...args);
      window.__contexts.push(this);
    }
  };
`;
const binarySent = (page: Page) => page.evaluate(() => (window as unknown as { __binarySent: number }).__binarySent);
const audioClock = (page: Page) =>
  page.evaluate(() => Math.max(0, ...(window as unknown as { __contexts: AudioContext[] }).__contexts.map((c) => c.currentTime)));

/** 40 ms frames -> the first whole utterance in them: a run of loud frames with quiet before and after, or null. */
function firstUtterance(frames: readonly Uint8Array[]): Uint8Array[] | null {
  const loud = frames.map((f) => Math.max(...new Int16Array(f.buffer, f.byteOffset, f.byteLength / 2).map(Math.abs)) > 500);
  const QUIET = 25; // a second of quiet frames closes (and opens) the utterance
  let start = -1;
  let quiet = 0;
  for (let i = 0; i < loud.length; i++) {
    if (loud[i]) {
      if (start < 0 && quiet >= QUIET) start = i;
      quiet = 0;
    } else if (++quiet >= QUIET && start >= 0 && i - start > 50) return frames.slice(Math.max(0, start - 10), i);
  }
  return null;
}

async function toDeviceCheck(page: Page, id: string): Promise<void> {
  await page.goto(`${t.url}/interview?iid=${id}`);
  await page.getByRole('button', { name: 'Start interview' }).click();
  await page.getByRole('button', { name: 'I agree' }).click();
  await page.locator('#screen-device').waitFor({ state: 'visible' });
}

describe('the candidate page by voice', () => {
  it('a denied microphone says how to fix it, and the candidate continues by typing', { timeout: 120_000 }, async () => {
    const id = await createJobInterview(t, key);
    const context = await browser.newContext(); // no microphone permission: the prompt is refused
    const page = await context.newPage();
    await toDeviceCheck(page, id);
    await expect.poll(() => page.textContent('#mic-message')).toMatch(/The microphone is blocked/);
    expect(await page.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    expect(await page.locator('#device-continue').isVisible()).toBe(false);
    await page.screenshot({ path: `${SHOTS}/en-device-mic-denied.png`, fullPage: true });
    await page.getByRole('button', { name: 'Continue and type my answers' }).click();
    await page.locator('#text').waitFor({ state: 'visible' });
    await page.fill('#text', 'I am a backend engineer with six years of experience.');
    await page.press('#text', 'Enter');
    await expect.poll(() => page.textContent('#progress')).toBe('Question 1 of 2');
    expect((await details(t, key, id)).interview_agent_meta).toMatchObject({ protocol_version: 2, mode: 'text' });
    await context.close();
  });

  it(
    'streams the microphone as 16 kHz PCM16 frames that reach the session, mutes, and keeps typing one click away',
    { timeout: 120_000 },
    async () => {
      const id = await createJobInterview(t, key);
      const context = await browser.newContext({ permissions: ['microphone', 'camera'] });
      const page = await context.newPage();
      await page.addInitScript(COUNT_AUDIO);
      await toDeviceCheck(page, id);
      // The level meter moves with the fake microphone's speech.
      await expect.poll(async () => Number(await page.getAttribute('#mic-meter', 'data-level')), { timeout: 60_000 }).toBeGreaterThan(0.01);
      // The optional camera turns on, showing the fake camera, and off again.
      await page.getByRole('button', { name: 'Turn camera on' }).click();
      await expect.poll(() => page.evaluate(() => document.querySelector('video')?.videoWidth ?? 0)).toBeGreaterThan(0);
      await page.screenshot({ path: `${SHOTS}/en-device-mic-ok.png`, fullPage: true });
      await page.getByRole('button', { name: 'Turn camera off' }).click();
      expect(await page.locator('#camera-preview').isVisible()).toBe(false);
      // "Off" is what the button says: the camera itself stops (so nothing would be recorded), not just its picture.
      expect(
        await page.evaluate(() =>
          ((document.querySelector('video')?.srcObject as MediaStream | null)?.getTracks() ?? []).map((track) => track.readyState),
        ),
      ).toEqual(['ended']);
      expect(await page.getByRole('button', { name: 'Turn camera on' }).isVisible()).toBe(true);

      const live = t.server.container.sessions.find(id);
      expect(live?.consentRequired).toBe(true);
      const frames: Uint8Array[] = [];
      live!.onAudio((frame) => frames.push(frame));
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect.poll(() => frames.length, { timeout: 60_000 }).toBeGreaterThan(10);
      expect(live!.mode).toBe('voice');
      // 40 ms of 16 kHz 16-bit mono each, and not silence: flite's words came through.
      expect(new Set(frames.map((f) => f.byteLength))).toEqual(new Set([1280]));
      const peak = Math.max(...frames.map((f) => Math.max(...new Int16Array(f.buffer, f.byteOffset, f.byteLength / 2).map(Math.abs))));
      expect(peak).toBeGreaterThan(1000);
      expect((await details(t, key, id)).interview_agent_meta).toMatchObject({ mode: 'voice' });
      // The server's own VAD hears the fake microphone's words, so the page may already show them as speech (or heard).
      expect(await page.textContent('#turn')).toMatch(
        /^(Your turn\. Listening…|You are speaking|Got it\. One moment…|The interviewer is thinking…)$/,
      );
      await page.screenshot({ path: `${SHOTS}/en-interview-voice.png`, fullPage: true });

      // What reached the server is still speech a recogniser understands: PocketSphinx hears one whole utterance of
      // the frames about as it hears the WAV. Waited for by its content (quiet, the sentence, quiet), not by time.
      await expect.poll(() => firstUtterance(frames) !== null, { timeout: 60_000 }).toBe(true);
      const captured = path.join(mkdtempSync(path.join(tmpdir(), 'captured-')), 'captured.raw');
      writeFileSync(captured, Buffer.concat(firstUtterance(frames)!));
      const heard = execFileSync('pocketsphinx_continuous', ['-infile', toWav(captured), '-logfn', '/dev/null'], { encoding: 'utf8' });
      // PocketSphinx's own error on flite's clean WAV is about 15 %; a frame lost on a loaded machine may cost a word.
      expect(wordErrorRate(SENTENCE, heard), heard).toBeLessThan(0.35);

      await page.getByRole('button', { name: 'Mute microphone' }).click();
      expect(await page.getAttribute('#mute', 'aria-pressed')).toBe('true');
      // Half a second of the page's audio clock (what drives the microphone worklet: 12 frames when unmuted) passes
      // and the page sends no frame.
      const whenMuted = await binarySent(page);
      const clockAtMute = await audioClock(page);
      await expect.poll(() => audioClock(page), { timeout: 60_000 }).toBeGreaterThan(clockAtMute + 0.5);
      expect(await binarySent(page)).toBe(whenMuted);
      const arrivedWhenMuted = frames.length;
      await page.getByRole('button', { name: 'Unmute microphone' }).click();
      await expect.poll(() => frames.length).toBeGreaterThan(arrivedWhenMuted);

      // Typing stays one click away in voice mode.
      expect(await page.locator('#text').isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Type your answer' }).click();
      const typed = 'I am a backend engineer with six years of experience.';
      await page.fill('#text', typed);
      await page.press('#text', 'Enter');
      // The typed answer is a turn like a spoken one. The looping fake microphone may already have answered the
      // introduction by voice, so the page is then at the first or the second question.
      await expect
        .poll(async () => (await details(t, key, id)).transcript.some((e) => e.role === 'user' && e.content === typed), { timeout: 15_000 })
        .toBe(true);
      await expect.poll(() => page.textContent('#progress')).toMatch(/^Question [12] of 2$/);
      await context.close();
    },
  );

  it(
    "plays the interviewer's audio and reports it; captions follow heard and vad; speech_unavailable switches to typing",
    { timeout: 120_000 },
    async () => {
      const id = await createJobInterview(t, key);
      const context = await browser.newContext({ permissions: ['microphone'] });
      const page = await context.newPage();
      // A relay between the page and the server, so the test can speak as the server's voice channel will.
      let relay: WebSocketRoute | null = null;
      const fromPage: string[] = [];
      await page.routeWebSocket(/\/session/, (ws) => {
        const server = ws.connectToServer();
        ws.onMessage((message) => {
          if (typeof message === 'string') fromPage.push(message);
          server.send(message);
        });
        relay = ws;
      });
      await toDeviceCheck(page, id);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page
        .locator('#voice-controls')
        .waitFor({ state: 'visible', timeout: 60_000 })
        .catch((error: unknown) => {
          throw new Error(`${String(error)}; the page sent: ${fromPage.filter((m) => !m.includes('"playback"')).join(' ')}`);
        });
      await expect.poll(() => page.textContent('#turn')).toBe('Your turn. Listening…');

      // 0.3 s of a 440 Hz tone at 16 kHz, in two frames.
      const samples = Int16Array.from({ length: 4800 }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 16000)));
      const bytes = Buffer.from(samples.buffer);
      relay!.send(JSON.stringify({ type: 'audio_start', id: 'a1', control_id: 'q1', sample_rate: 16000, text: 'Hello' }));
      relay!.send(bytes.subarray(0, 4800));
      relay!.send(bytes.subarray(4800));
      relay!.send(JSON.stringify({ type: 'audio_end', id: 'a1', duration_ms: 300 }));
      const playbackEvents = () =>
        fromPage.map((m) => JSON.parse(m) as { type: string; id?: string; event?: string }).filter((m) => m.type === 'playback');
      await expect.poll(playbackEvents, { timeout: 60_000 }).toEqual([
        { type: 'playback', id: 'a1', event: 'started' },
        { type: 'playback', id: 'a1', event: 'ended' },
      ]);

      // A stream stopped by the server is reported as interrupted.
      relay!.send(JSON.stringify({ type: 'audio_start', id: 'a2', control_id: 'q1', sample_rate: 16000, text: 'Hello' }));
      relay!.send(bytes);
      await expect.poll(() => page.textContent('#turn')).toBe('The interviewer is speaking');
      relay!.send(JSON.stringify({ type: 'stop_audio', id: 'a2', reason: 'barge_in' }));
      await expect
        .poll(() => playbackEvents().at(-1), { timeout: 30_000, message: fromPage.filter((m) => !m.includes('"ping')).join(' ') })
        .toEqual({ type: 'playback', id: 'a2', event: 'interrupted' });

      relay!.send(JSON.stringify({ type: 'vad', speaking: true }));
      await expect.poll(() => page.textContent('#turn')).toBe('You are speaking');
      relay!.send(JSON.stringify({ type: 'heard', text: 'I have six years', final: false }));
      await expect.poll(() => page.textContent('#live-caption')).toBe('You: I have six years');
      await page.screenshot({ path: `${SHOTS}/en-interview-voice-caption.png`, fullPage: true });
      relay!.send(JSON.stringify({ type: 'heard', text: 'I have six years of experience.', final: true }));
      await expect.poll(() => page.locator('#transcript li.user').last().textContent()).toBe('You: I have six years of experience.');
      expect(await page.locator('#live-caption').isVisible()).toBe(false);

      relay!.send(JSON.stringify({ type: 'speech_unavailable', reason: 'recogniser_failed', message: 'the recogniser stopped' }));
      await expect.poll(() => page.textContent('#interview-notice')).toMatch(/cannot be recognised/);
      await page.locator('#text').waitFor({ state: 'visible' });
      expect(await page.textContent('#turn')).toBe('Your turn');
      await eventually(async () => expect(await logs(t, key, id)).toMatch(/switched from voice mode to text mode/));
      await page.screenshot({ path: `${SHOTS}/en-interview-speech-unavailable.png`, fullPage: true });
      await context.close();
    },
  );
});
