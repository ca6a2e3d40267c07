// The interviewer's voice on the candidate page, observed in a real Chromium:
// the Web Audio sources the page starts are instrumented from the test, so it
// sees what the candidate hears. Sentences that arrive back to back play one
// after another, each to its end; only a barge-in (stop_audio) or the
// candidate's own control stops them; "your turn" waits for the last one; and
// what the candidate did not hear reaches the interview log (`played`).

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type Page, type WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './helpers/chromium.js';
import { fakeMicrophoneWav } from './helpers/speech.js';
import { INSTRUMENT_PAGE_AUDIO as INSTRUMENT, playedSources, turnLines } from './helpers/page-audio.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';
import { createJobInterview, eventually, logs } from './helpers/session.js';

let browser: Browser;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'page-audio-'));
  // A silent microphone for the length of any test here: nothing the candidate says interferes.
  browser = await launchChromium({ fakeMicrophone: fakeMicrophoneWav(dir, 'Hello.', { beforeSeconds: 120, afterSeconds: 1 }) });
});
afterAll(() => browser?.close());

interface FromPage {
  type: string;
  id?: string;
  event?: string;
  played_ms?: number;
  outcome?: string;
}

const sources = playedSources;
const turns = turnLines;

/** `seconds` of a 440 Hz tone at 16 kHz, as PCM16 bytes. */
function tone(seconds: number): Buffer {
  const samples = Int16Array.from({ length: Math.round(16_000 * seconds) }, (_, i) =>
    Math.round(6000 * Math.sin((2 * Math.PI * 440 * i) / 16000)),
  );
  return Buffer.from(samples.buffer);
}

/** One utterance as the server sends it: audio_start, frames of 100 ms, audio_end; no pause after it. */
function sendUtterance(relay: WebSocketRoute, id: string, seconds: number): void {
  const bytes = tone(seconds);
  relay.send(JSON.stringify({ type: 'audio_start', id, control_id: 'procedural', sample_rate: 16000, text: `Sentence ${id}.` }));
  for (let at = 0; at < bytes.length; at += 3200) relay.send(bytes.subarray(at, at + 3200));
  relay.send(JSON.stringify({ type: 'audio_end', id, duration_ms: seconds * 1000 }));
}

/** To the interview in voice mode, with a relay in the socket through which the test speaks as the server. */
async function voiceInterview(
  t: TestServer,
  key: string,
): Promise<{ page: Page; relay: () => WebSocketRoute; fromPage: () => FromPage[] }> {
  const id = await createJobInterview(t, key);
  const context = await browser.newContext({ permissions: ['microphone'] });
  const page = await context.newPage();
  await page.addInitScript(INSTRUMENT);
  let relay: WebSocketRoute | null = null;
  const sent: string[] = [];
  await page.routeWebSocket(/\/session/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if (typeof message === 'string') sent.push(message);
      server.send(message);
    });
    relay = ws;
  });
  await page.goto(`${t.url}/interview?iid=${id}`);
  await page.getByRole('button', { name: 'Start interview' }).click();
  await page.getByRole('button', { name: 'I agree' }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.locator('#voice-controls').waitFor({ state: 'visible', timeout: 60_000 });
  return {
    page,
    relay: () => relay!,
    fromPage: () => sent.map((m) => JSON.parse(m) as FromPage).filter((m) => m.type === 'playback' || m.type === 'played'),
  };
}

describe('the interviewer speaks through one queue', () => {
  let t: TestServer;
  let key: string;
  // The server recognises speech but sends no audio of its own: the interviewer's audio is what the test relays.
  useTestServer({}, (server, k) => ([t, key] = [server, k]), { speech: () => ({ recognition: 'server', synthesis: false }) });

  it(
    'three sentences sent back to back all play to their end, in order; "your turn" comes after the last',
    { timeout: 120_000 },
    async () => {
      const { page, relay, fromPage } = await voiceInterview(t, key);
      await expect.poll(() => page.textContent('#turn'), { timeout: 60_000 }).toBe('Your turn. Listening…');
      const before = (await sources(page)).length;
      const turnsBefore = (await turns(page)).length;

      for (const id of ['t1', 't2', 't3']) sendUtterance(relay(), id, 0.6);
      await expect.poll(() => page.textContent('#turn')).toBe('The interviewer is speaking');
      await expect.poll(() => fromPage().filter((m) => m.type === 'played').length, { timeout: 60_000 }).toBe(3);

      expect(fromPage()).toEqual([
        { type: 'playback', id: 't1', event: 'started' },
        { type: 'playback', id: 't1', event: 'ended' },
        expect.objectContaining({ type: 'played', id: 't1', outcome: 'complete' }),
        { type: 'playback', id: 't2', event: 'started' },
        { type: 'playback', id: 't2', event: 'ended' },
        expect.objectContaining({ type: 'played', id: 't2', outcome: 'complete' }),
        { type: 'playback', id: 't3', event: 'started' },
        { type: 'playback', id: 't3', event: 'ended' },
        expect.objectContaining({ type: 'played', id: 't3', outcome: 'complete' }),
      ]);
      for (const played of fromPage().filter((m) => m.type === 'played')) expect(played.played_ms).toBeGreaterThanOrEqual(590);
      // What the browser played: 18 frames of 100 ms, each to its end, none stopped.
      const played = (await sources(page)).slice(before);
      expect(played).toHaveLength(18);
      expect(played.every((s) => s.endedAt !== null)).toBe(true);
      const heardSeconds = played.reduce((sum, s) => sum + s.duration, 0);
      expect(heardSeconds).toBeCloseTo(1.8, 2);

      // The turn line: the interviewer until the last frame ended, then the candidate; once each, no flicker between.
      await expect.poll(() => page.textContent('#turn')).toBe('Your turn. Listening…');
      const changes = (await turns(page)).slice(turnsBefore);
      expect(changes.map((c) => c.text)).toEqual(['The interviewer is speaking', 'Your turn. Listening…']);
      const lastEnded = Math.max(...played.map((s) => s.endedAt ?? 0));
      expect(changes[1]!.at).toBeGreaterThanOrEqual(lastEnded);
      await page.context().close();
    },
  );

  it('a barge-in stops the sentence playing and the ones queued behind it', { timeout: 120_000 }, async () => {
    const { page, relay, fromPage } = await voiceInterview(t, key);
    await expect.poll(() => page.textContent('#turn'), { timeout: 60_000 }).toBe('Your turn. Listening…');
    const before = (await sources(page)).length;
    // b2 is long, so the stop reaches it while it plays however slow the relay and the poll are under load.
    sendUtterance(relay(), 'b1', 1.5);
    sendUtterance(relay(), 'b2', 10);
    sendUtterance(relay(), 'b3', 1.5);
    await expect.poll(() => fromPage().some((m) => m.id === 'b2' && m.event === 'started'), { timeout: 60_000 }).toBe(true);
    // The server stops every id it sent, as its voice channel does on a barge-in.
    for (const id of ['b1', 'b2', 'b3']) relay().send(JSON.stringify({ type: 'stop_audio', id, reason: 'barge_in' }));
    await expect.poll(() => fromPage().filter((m) => m.type === 'played').length, { message: JSON.stringify(fromPage()) }).toBe(3);
    const reports = fromPage();
    expect(reports.find((m) => m.type === 'played' && m.id === 'b1')).toMatchObject({ outcome: 'complete' });
    const b2 = reports.find((m) => m.type === 'played' && m.id === 'b2');
    expect(b2).toMatchObject({ outcome: 'barge_in' });
    expect(b2!.played_ms).toBeLessThan(10_000);
    expect(reports.find((m) => m.type === 'played' && m.id === 'b3')).toMatchObject({ played_ms: 0, outcome: 'barge_in' });
    expect(reports.some((m) => m.id === 'b3' && m.event === 'started')).toBe(false);
    expect(reports.find((m) => m.type === 'playback' && m.id === 'b2' && m.event !== 'started')).toMatchObject({ event: 'interrupted' });
    // Nothing of the third sentence was ever started in the browser: 15 frames of b1 and at most 100 of b2.
    expect((await sources(page)).length - before).toBeLessThanOrEqual(115);
    await expect.poll(() => page.textContent('#turn')).toBe('Your turn. Listening…');
    await page.context().close();
  });
});

describe('what the candidate did not hear is in the interview log', () => {
  let t: TestServer;
  let key: string;
  // The offline defaults: eSpeak NG speaks the interviewer in voice mode.
  useTestServer({}, (server, k) => ([t, key] = [server, k]));

  it("stopping the interviewer's voice mid-sentence is logged with how much was heard", { timeout: 120_000 }, async () => {
    const id = await createJobInterview(t, key);
    const context = await browser.newContext({ permissions: ['microphone'] });
    const page = await context.newPage();
    await page.addInitScript(INSTRUMENT);
    await page.goto(`${t.url}/interview?iid=${id}`);
    await page.getByRole('button', { name: 'Start interview' }).click();
    await page.getByRole('button', { name: 'I agree' }).click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    // The greeting is playing: its first frames have started in the browser.
    await expect.poll(async () => (await sources(page)).length, { timeout: 60_000 }).toBeGreaterThan(3);
    await page.getByRole('button', { name: "Stop the interviewer's voice" }).click();
    await expect.poll(() => page.getByRole('button', { name: "Turn the interviewer's voice on" }).isVisible()).toBe(true);
    const line = await eventually(async () => {
      const log = await logs(t, key, id);
      const found = /the candidate heard (\d+\.\d) s of (\d+\.\d) s of the interviewer's "([^"]+)" \(muted\)/.exec(log);
      expect(found).not.toBeNull();
      return found!;
    }, 20_000);
    expect(Number(line[1])).toBeLessThan(Number(line[2]));
    expect(line[3]).toMatch(/^Hello/);
    // Muted, the turn line does not wait for audio that will not play.
    await expect.poll(() => page.textContent('#turn'), { timeout: 60_000 }).toMatch(/^Your turn/);
    await context.close();
  });
});
