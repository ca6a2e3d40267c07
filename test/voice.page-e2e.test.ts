// The whole thing in Debian's Chromium: the candidate page's fake microphone
// plays a flite-spoken answer (looped, with silence after it), the server's
// Silero VAD takes the turns, PocketSphinx hears, eSpeak NG answers and the
// page plays it. Halfway through, the candidate mutes and types one answer.
// The interview must complete (ending reason 1) with the spoken answers in the
// stored transcript.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordErrorRate } from '../src/speech/word-error-rate.js';
import { launchChromium, openVoiceInterview } from './helpers/chromium.js';
import { fakeMicrophoneWav } from './helpers/speech.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';
import { createJobInterview, details, logs } from './helpers/session.js';

// One answer that fits every prompt: content for the introduction and the questions, "no questions" at the end.
const SPOKEN = 'I have six years of experience building services, and I have no questions.';
const TYPED = 'Two threads change shared state and the timing decides the result, for example two updates of one counter.';

let t: TestServer;
let key: string;
let browser: Browser;
useTestServer({}, (server, k) => ([t, key] = [server, k]));

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'voice-e2e-page-'));
  // The fake microphone loops the file: the answer, then three seconds of silence for the VAD to close the turn.
  browser = await launchChromium({
    fakeMicrophone: fakeMicrophoneWav(dir, SPOKEN, { beforeSeconds: 0.5, afterSeconds: 3 }),
    grantMedia: true,
  });
});
afterAll(() => browser?.close());

describe('a voice interview in Chromium', () => {
  it('a candidate completes an English job interview by voice, typing one answer in the middle', { timeout: 240_000 }, async () => {
    const id = await createJobInterview(t, key);
    const page = await openVoiceInterview(browser, `${t.url}/interview?iid=${id}`);

    // By voice until the second question; then mute, type that answer, and speak again.
    await expect.poll(() => page.textContent('#progress'), { timeout: 120_000, interval: 250 }).toBe('Question 2 of 2');
    await page.getByRole('button', { name: 'Mute microphone' }).click();
    await page.getByRole('button', { name: 'Type your answer' }).click();
    await page.fill('#text', TYPED);
    await page.press('#text', 'Enter');
    await expect.poll(async () => (await details(t, key, id)).transcript.some((e) => e.content === TYPED), { timeout: 60_000 }).toBe(true);
    await page.getByRole('button', { name: 'Unmute microphone' }).click();

    await page.locator('#screen-end').waitFor({ state: 'visible', timeout: 120_000 });
    await page.screenshot({ path: '/tmp/shots-voice/en-voice-interview-ended.png', fullPage: true }).catch(() => {});
    const record = await details(t, key, id);
    expect(record).toMatchObject({ state: 2, ending_reason: 1 });
    const answers = record.transcript.filter((e) => e.role === 'user').map((e) => e.content);
    const spoken = answers.filter((a) => a !== TYPED);
    expect(answers).toContain(TYPED);
    expect(spoken.length).toBeGreaterThanOrEqual(2);
    expect(spoken.some((a) => /experience/.test(a))).toBe(true);
    const wer = wordErrorRate(SPOKEN, spoken.find((a) => /experience/.test(a)) ?? '');
    console.log(`Chromium voice interview: ${spoken.length} spoken answers, best-matching one at WER ${(wer * 100).toFixed(0)} %`);
    for (const a of answers) console.log(`  ${a === TYPED ? 'typed' : 'heard'}: ${a}`);
    expect(await logs(t, key, id)).toMatch(/voice turn latency/);
    await page.context().close();
  });
});
