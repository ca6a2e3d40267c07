// On the real page, the candidate starts a short answer while the
// interviewer's last words are still playing: too little voice to count as a
// barge-in, most of it after the question ended. The answer is real speech
// (flite) through the page's microphone capture, the server's VAD and
// PocketSphinx; the interviewer's voice is the offline synthesizer's. It must
// be kept and transcribed from its first word, not only recorded (held speech
// that ended after the question used to be dropped as echo).

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './helpers/chromium.js';
import { installScriptedMicrophone, speakNow } from './helpers/scripted-microphone.js';
import { speakWithFlite } from './helpers/spoken-audio.js';
import { createJobInterview, details, eventually, logs } from './helpers/session.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;
let key: string;
let browser: Browser;
// A barge-in needs 1.5 s of voice here: a short answer over the question's end is kept only because it goes on after it.
useTestServer({ SESSION_BARGE_IN_MS: '1500' }, (server, k) => ([t, key] = [server, k]));

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

interface Seen {
  type: string;
  id?: string;
  text?: string;
  event?: string;
  duration_ms?: number;
}

describe('an answer started over the end of the question', () => {
  it('is kept and transcribed', { timeout: 180_000 }, async () => {
    const id = await createJobInterview(t, key);
    const context = await browser.newContext();
    const page = await context.newPage();
    await installScriptedMicrophone(page, await speakWithFlite('I am ready.', { trailMs: 1500 }));
    // The socket's traffic both ways, to know when the question's audio plays and how long it is.
    const seen: Seen[] = [];
    await page.routeWebSocket(/\/session/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        if (typeof message === 'string') seen.push(JSON.parse(message) as Seen);
        server.send(message);
      });
      server.onMessage((message) => {
        if (typeof message === 'string') seen.push(JSON.parse(message) as Seen);
        ws.send(message);
      });
    });
    await page.goto(`${t.url}/interview?iid=${id}`);
    await page.click('#start-interview');
    await page.click('#agree');
    await page.click('#device-continue');

    // The question ("... introduce yourself?") is the opening's last utterance: wait until the page plays it.
    const question = await eventually(async () => {
      const start = seen.find((m) => m.type === 'audio_start' && /introduce yourself/.test(m.text ?? ''));
      const end = seen.find((m) => m.type === 'audio_end' && m.id === start?.id);
      expect(seen.some((m) => m.type === 'playback' && m.id === start?.id && m.event === 'started')).toBe(true);
      return { id: start!.id!, durationMs: end!.duration_ms! };
    }, 60_000);
    const startedAt = Date.now();
    // Speak with 700 ms of the question still to play: the first words overlap the interviewer's last.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, question.durationMs - 700)));
    expect(seen.some((m) => m.type === 'playback' && m.id === question.id && m.event !== 'started')).toBe(false);
    await speakNow(page);

    const heard = await eventually(async () => {
      const final = seen.find((m) => m.type === 'heard' && (m as { final?: boolean }).final);
      expect(final).toBeDefined();
      return final!.text ?? '';
    }, 90_000);
    expect(heard).toMatch(/\bi am\b/);
    expect(heard).toMatch(/ready/);
    await eventually(async () =>
      expect((await details(t, key, id)).transcript.filter((e) => e.role === 'user').map((e) => e.content)).toEqual([heard]),
    );
    expect(Date.now() - startedAt).toBeGreaterThan(question.durationMs - 700);
    expect(await logs(t, key, id)).not.toMatch(/not recognised/);
    await context.close();
  });
});
