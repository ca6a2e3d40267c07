// The speculative reply over a real WebSocket, with real speech (flite), the
// Silero VAD, PocketSphinx and eSpeak NG: the reply is prepared while the end
// of turn still waits, sent when the candidate stays silent and discarded
// (logged, counted) when they go on after a pause. The fixed 7 s hang-over
// and a pause of about 5 s leave the early result (after 300 ms of silence)
// over four seconds to arrive before the candidate goes on: on CI's loaded
// machine a pause of 2.8 s was once too short for it, and with nothing
// prepared there was nothing to discard.

import { describe, expect, it } from 'vitest';
import { VoiceCandidate } from '../src/cli/voice-client.js';
import { createJobInterview, details, eventually, logs } from './helpers/session.js';
import { concatSamples, silence, speakWithFlite } from './helpers/spoken-audio.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;
let key: string;
useTestServer({ SESSION_VAD_ADAPTIVE: 'false', SESSION_VAD_SILENCE_MS: '7000' }, (server, k) => ([t, key] = [server, k]));

async function speculativeReplies(): Promise<{ sent: number; discarded: number }> {
  const text = await (await fetch(`${t.url}/metrics`)).text();
  const count = (outcome: string) =>
    Number(new RegExp(`speculative_replies_total\\{outcome="${outcome}"\\} (\\d+)`).exec(text)?.[1] ?? NaN);
  return { sent: count('sent'), discarded: count('discarded') };
}

describe('the speculative reply', () => {
  it('a candidate who goes on after a pause gets no reply mid-answer: the prepared one is discarded, logged and counted', async () => {
    const id = await createJobInterview(t, key);
    const candidate = await VoiceCandidate.connect(t.url, id, { speed: 1, maxTrailingSilenceMs: 10_000 });
    await candidate.start();
    // As a candidate does: the answer starts once the question's audio has all arrived (it can lag the turn's events).
    await candidate.waitForPlayback();
    const before = await speculativeReplies();
    const first = await speakWithFlite('I am a backend engineer with six years of experience.');
    const second = await speakWithFlite('Most of it building payment services.');
    const from = candidate.client.events.length;
    // A pause of about 5 s (flite's own silences included): past the early finish, short of the 7 s hang-over.
    const turn = await candidate.speak(concatSamples(first, silence(4_800), second));
    expect(turn.heard).toMatch(/engineer/);
    const during = candidate.client.events.slice(from);
    // One turn; nothing of the interviewer between the candidate's start and the final words.
    expect(during.filter((e) => e.type === 'vad').map((e) => e.type === 'vad' && e.speaking)).toEqual([true, false]);
    const spokeAt = during.findIndex((e) => e.type === 'vad');
    const heardAt = during.findIndex((e) => e.type === 'heard' && e.final);
    expect(during.slice(spokeAt, heardAt).filter((e) => e.type === 'utterance' || e.type === 'audio_start')).toEqual([]);
    // Settled when the candidate went on, before the final words: a short wait, then a clear failure.
    await eventually(async () => expect((await speculativeReplies()).discarded).toBeGreaterThan(before.discarded), 10_000);
    expect(await logs(t, key, id)).toMatch(/a reply prepared while the candidate paused was discarded/);
    // The answer once in the transcript, and nothing of the discarded reply.
    const transcript = (await details(t, key, id)).transcript;
    expect(transcript.filter((e) => e.role === 'user').map((e) => e.content)).toEqual([turn.heard]);
    expect(transcript.filter((e) => e.role === 'assistant').map((e) => e.content)).toEqual(
      candidate.client.events.flatMap((e) => (e.type === 'utterance' ? [e.text] : [])),
    );
    await candidate.close();
  });

  it('a candidate who stays silent gets the prepared reply, counted as sent, and the answer is stored once', async () => {
    const id = await createJobInterview(t, key);
    const candidate = await VoiceCandidate.connect(t.url, id, { speed: 1, maxTrailingSilenceMs: 10_000 });
    await candidate.start();
    // As a candidate does: the answer starts once the question's audio has all arrived (it can lag the turn's events).
    await candidate.waitForPlayback();
    const before = await speculativeReplies();
    const turn = await candidate.speak(await speakWithFlite('I am a backend engineer with six years of experience.'));
    expect(turn.heard).toMatch(/engineer/);
    expect(turn.said.at(-1)).toMatchObject({ control_id: 'q1' });
    await eventually(async () => expect((await speculativeReplies()).sent).toBeGreaterThan(before.sent), 10_000);
    expect((await details(t, key, id)).transcript.filter((e) => e.role === 'user').map((e) => e.content)).toEqual([turn.heard]);
    await candidate.close();
  });
});
