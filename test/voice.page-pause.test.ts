// A candidate who pauses to think, in Debian's Chromium: the fake microphone
// plays an answer with a 1.2 s pause after "and" in the middle (flite speaks
// both halves, sox joins them), longer than the fixed 700 ms hang-over. With
// the adaptive end of turn (the default) the server hears "... and", waits,
// and stores the whole answer as one; with SESSION_VAD_ADAPTIVE=false the
// interviewer would take the turn in the pause and the answer would be split.

import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openVoiceInterview } from './helpers/chromium.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';
import { createJobInterview, details } from './helpers/session.js';

const BEFORE = 'I moved the billing service to a new database and';
const AFTER = 'it was twice as fast afterwards.';
const PAUSE_SECONDS = 1.2;

let t: TestServer;
let key: string;
let browser: Browser;
useTestServer({}, (server, k) => ([t, key] = [server, k]));

/** The answer's halves, trimmed of flite's own silence, joined with the pause; 0.5 s before, 4 s after (Chromium loops it). */
function pausedAnswerWav(dir: string): string {
  const trim = ['silence', '1', '0.02', '0.5%', 'reverse', 'silence', '1', '0.02', '0.5%', 'reverse'];
  const halves = [BEFORE, AFTER].map((text, i) => {
    const spoken = path.join(dir, `half-${i}.wav`);
    const trimmed = path.join(dir, `half-${i}-16k.wav`);
    execFileSync('flite', ['-voice', 'slt', '-t', text, '-o', spoken]);
    execFileSync('sox', [spoken, '-r', '16000', '-c', '1', '-b', '16', trimmed, ...trim]);
    return trimmed;
  });
  const first = path.join(dir, 'first.wav');
  execFileSync('sox', [halves[0]!, first, 'pad', '0.5', String(PAUSE_SECONDS)]);
  const microphone = path.join(dir, 'microphone.wav');
  execFileSync('sox', [first, halves[1]!, microphone, 'pad', '0', '4']);
  return microphone;
}

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'voice-pause-'));
  browser = await launchChromium({ fakeMicrophone: pausedAnswerWav(dir), grantMedia: true });
});
afterAll(() => browser?.close());

describe('a candidate pausing mid-answer in Chromium', () => {
  it('is not interrupted by a 1.2 s pause after "and": the answer is stored whole', { timeout: 240_000 }, async () => {
    const id = await createJobInterview(t, key);
    const page = await openVoiceInterview(browser, `${t.url}/interview?iid=${id}`);

    // The microphone loops; the first stored answer that has the words before the pause is the one to read.
    const answers = async () => (await details(t, key, id)).transcript.filter((e) => e.role === 'user').map((e) => e.content);
    await expect.poll(async () => (await answers()).some((a) => /database/.test(a)), { timeout: 150_000, interval: 500 }).toBe(true);
    const stored = await answers();
    for (const a of stored) console.log(`  heard: ${a}`);
    const answer = stored.find((a) => /database/.test(a))!;
    // The words after the pause are in the same answer: the interviewer did not take the turn in it.
    expect(answer).toMatch(/twice|fast|afterwards/);
    await page.context().close();
  });
});
