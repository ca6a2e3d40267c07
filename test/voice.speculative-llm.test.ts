// The speculative reply when the interviewer's words take a model call, over
// a real WebSocket with real speech (flite, Silero VAD, PocketSphinx, eSpeak
// NG) and the fake OpenAI-compatible server standing for a hosted model: the
// call starts with the early result, while the end of turn still waits (a 7 s
// hang-over, as in voice.speculative.test.ts), and is aborted when the
// candidate goes on. A thin spoken answer to q1 gets a model-written follow-up.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VoiceCandidate } from '../src/cli/voice-client.js';
import { FakeOpenAi } from './helpers/fake-openai.js';
import { GOOD_ANSWERS, createJobInterview, details, logs } from './helpers/session.js';
import { concatSamples, silence, speakWithFlite } from './helpers/spoken-audio.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const model = new FakeOpenAi();
const HANG_OVER = { SESSION_VAD_ADAPTIVE: 'false', SESSION_VAD_SILENCE_MS: '7000' };
/** Speculation with model calls (the default), and without them. */
let on: TestServer;
let off: TestServer;
const keys = new Map<TestServer, string>();

beforeAll(async () => {
  await model.start();
  model.mode = 'delayed';
  on = await startTestServer({ ...model.env(10), ...HANG_OVER });
  off = await startTestServer({ ...model.env(10), ...HANG_OVER, SESSION_SPECULATIVE_MODEL_CALLS: 'false' });
  for (const t of [on, off]) keys.set(t, await t.createKey());
}, 60_000);
afterAll(async () => {
  await on?.close();
  await off?.close();
  await model.stop();
});

async function counters(t: TestServer): Promise<{ replySent: number; replyDiscarded: number; callSent: number; callDiscarded: number }> {
  const text = await (await fetch(`${t.url}/metrics`)).text();
  const count = (name: string, outcome: string) => Number(new RegExp(`${name}\\{outcome="${outcome}"\\} (\\d+)`).exec(text)?.[1] ?? NaN);
  return {
    replySent: count('speculative_replies_total', 'sent'),
    replyDiscarded: count('speculative_replies_total', 'discarded'),
    callSent: count('speculative_model_calls_total', 'sent'),
    callDiscarded: count('speculative_model_calls_total', 'discarded'),
  };
}

/** A voice interview at q1: the introduction typed (no model call), the question's audio all arrived. */
async function atFirstQuestion(t: TestServer) {
  const id = await createJobInterview(t, keys.get(t)!);
  const candidate = await VoiceCandidate.connect(t.url, id, { speed: 1, maxTrailingSilenceMs: 10_000 });
  await candidate.start();
  await candidate.waitForPlayback();
  candidate.client.send({ type: 'answer', text: GOOD_ANSWERS[0]! });
  const q1 = await candidate.client.turn(30_000);
  expect(q1.said.at(-1)).toMatchObject({ control_id: 'q1' });
  await candidate.waitForPlayback();
  return { id, candidate };
}

/** Each half of the turn once: the answer once among the candidate's entries, the page's utterances exactly the interviewer's. */
async function expectTranscriptMatchesPage(t: TestServer, id: string, candidate: VoiceCandidate, heard: string) {
  const transcript = (await details(t, keys.get(t)!, id)).transcript;
  expect(transcript.filter((e) => e.role === 'user').map((e) => e.content)).toEqual([GOOD_ANSWERS[0], heard]);
  expect(transcript.filter((e) => e.role === 'assistant').map((e) => e.content)).toEqual(
    candidate.client.events.flatMap((e) => (e.type === 'utterance' ? [e.text] : [])),
  );
}

describe('the speculative reply with a model call', () => {
  it('the model call starts before the turn ends (not when speculation with model calls is off); the reply is stored once', async () => {
    model.delayMs = 800;
    const answer = await speakWithFlite('I am a backend engineer with six years of experience.');
    const waits: Record<string, number> = {};
    for (const t of [on, off]) {
      const { id, candidate } = await atFirstQuestion(t);
      const before = await counters(t);
      const from = candidate.client.events.length;
      const requestsBefore = model.arrivals.length;
      const turn = await candidate.speak(answer);
      expect(turn.heard).toMatch(/engineer/);
      // A thin answer: the model wrote the follow-up.
      expect(turn.said.map((u) => u.text)).toEqual(['MODEL: Which concrete example from your work shows this best?']);
      const { events, arrivals } = candidate.client;
      const endAt = events.findIndex((e, i) => i >= from && e.type === 'vad' && !e.speaking);
      const replyAt = events.findIndex((e, i) => i > endAt && e.type === 'utterance');
      const requests = model.arrivals.slice(requestsBefore);
      // One model call for the turn, answered; with speculation it was made while the candidate's turn was still open.
      expect(requests.map((r) => r.aborted)).toEqual([false]);
      if (t === on) expect(requests[0]!.at).toBeLessThan(arrivals[endAt]!);
      else expect(requests[0]!.at).toBeGreaterThan(arrivals[endAt]!);
      waits[t === on ? 'on' : 'off'] = arrivals[replyAt]! - arrivals[endAt]!;
      await expectTranscriptMatchesPage(t, id, candidate, turn.heard);
      const after = await counters(t);
      if (t === on) {
        expect(after.replySent).toBeGreaterThan(before.replySent);
        expect(after.callSent).toBeGreaterThan(before.callSent);
      } else expect(after.callSent).toBe(before.callSent);
      expect(await logs(t, keys.get(t)!, id)).toMatch(/follow_up written by the model/);
      await candidate.close();
    }
    // Reported, not asserted (speed depends on the machine's load): the end of speech to the reply's words.
    console.info(`speculative model call: reply ${Math.round(waits.on!)} ms after the end of speech, ${Math.round(waits.off!)} ms without`);
  }, 120_000);

  it('a candidate who goes on after a pause: the model call is aborted, nothing of it reaches the page or the transcript, and it is counted', async () => {
    // Long enough that the call is still in flight when the candidate goes on (after a pause of about 5 s).
    model.delayMs = 9_000;
    const { id, candidate } = await atFirstQuestion(on);
    const before = await counters(on);
    const requestsBefore = model.arrivals.length;
    const first = await speakWithFlite('I am a backend engineer with six years of experience.');
    const second = await speakWithFlite('Most of it building payment services.');
    const from = candidate.client.events.length;
    const speaking = candidate.speak(concatSamples(first, silence(4_800), second));
    speaking.catch(() => {});
    // The server saw the call's connection closed before it answered.
    await expect.poll(() => model.arrivals.slice(requestsBefore).some((r) => r.aborted), { timeout: 30_000, interval: 100 }).toBe(true);
    // The confirmed turn's own call, if it makes one, need not wait as long.
    model.delayMs = 300;
    const turn = await speaking;
    expect(turn.heard).toMatch(/engineer/);
    const during = candidate.client.events.slice(from);
    expect(during.filter((e) => e.type === 'vad').map((e) => e.type === 'vad' && e.speaking)).toEqual([true, false]);
    const heardAt = during.findIndex((e) => e.type === 'heard' && e.final);
    expect(during.slice(0, heardAt).filter((e) => e.type === 'utterance' || e.type === 'audio_start')).toEqual([]);
    await expectTranscriptMatchesPage(on, id, candidate, turn.heard);
    await expect
      .poll(async () => {
        const after = await counters(on);
        return [after.replyDiscarded > before.replyDiscarded, after.callDiscarded > before.callDiscarded];
      })
      .toEqual([true, true]);
    const log = await logs(on, keys.get(on)!, id);
    expect(log).toMatch(/a reply prepared while the candidate paused was discarded/);
    // The aborted call is not reported as the model failing: its words were never meant to be used.
    expect(log).not.toMatch(/aborted/i);
    await candidate.close();
  }, 120_000);
});
