// Finding 6 (issue 17): recogniser capacity is shared out per tenant (the
// interview's owner). With two recognisers on the node and one per tenant,
// tenant A's candidate speaking holds A's share: A's next candidate's answer
// waits for it, and is asked to be typed when none frees within a few seconds
// of its end, while tenant B's candidate is still heard. Once A's share is
// free, A's candidate is heard again. While the answer waits, the candidate
// hears "one moment". Real server, real Silero VAD, real
// PocketSphinx, flite speaking the candidates.

import { expect, it } from 'vitest';
import { VoiceCandidate } from '../src/cli/voice-client.js';
import { CANDIDATE_SAMPLE_RATE } from '../src/speech/index.js';
import { createJobInterview, eventually } from './helpers/session.js';
import { concatSamples, silence, speakWithFlite } from './helpers/spoken-audio.js';
import { useTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;
useTestServer({ STT_MAX_CONCURRENT: '2', STT_MAX_CONCURRENT_PER_OWNER: '1' }, (server) => (t = server));

const FRAME_SAMPLES = 320 * 4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The speech without the silence flite leaves around it, so that looping it leaves no pause for the VAD. */
function withoutEdges(samples: Int16Array): Int16Array {
  const loud = (sample: number) => Math.abs(sample) > 300;
  let end = samples.length;
  while (end > 0 && !loud(samples[end - 1]!)) end -= 1;
  return samples.subarray(samples.findIndex(loud), end);
}

/** A microphone that keeps talking (the samples over and over, in real time, without a pause) until stopped. */
function keepTalking(candidate: VoiceCandidate, samples: Int16Array): () => void {
  let talking = true;
  void (async () => {
    for (let at = 0; talking && !candidate.client.isClosed; at = (at + FRAME_SAMPLES) % (samples.length - FRAME_SAMPLES)) {
      const frame = samples.subarray(at, at + FRAME_SAMPLES);
      candidate.client.sendRaw(Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength));
      await sleep((FRAME_SAMPLES / CANDIDATE_SAMPLE_RATE) * 1000);
    }
  })();
  return () => (talking = false);
}

async function startVoice(ownerKey: string): Promise<VoiceCandidate> {
  const candidate = await VoiceCandidate.connect(t.url, await createJobInterview(t, ownerKey), { speed: 1, maxTrailingSilenceMs: 10_000 });
  const { session } = await candidate.start();
  expect(session.speech).toMatchObject({ recognition: 'server' });
  return candidate;
}

it("one tenant's talking candidates use its share only: its next candidate waits, then types; another tenant's is still heard", async () => {
  const [keyA, keyB] = [await t.createKey(), await t.createKey()];
  const speech = await speakWithFlite('I am a backend engineer with six years of experience building services.', { leadMs: 300 });
  const a1 = await startVoice(keyA);
  const a2 = await startVoice(keyA);
  const b = await startVoice(keyB);
  try {
    // A's first candidate talks on and on: its recogniser stays open.
    const stopA1 = keepTalking(a1, withoutEdges(speech));
    await a1.client.next('vad', 30_000);
    // A's second candidate answers while over A's share: the answer waits, then the candidate is asked to type it.
    // (No text comes for that turn: the client stops waiting for one a second after the VAD closed it.)
    const waited = a2.speak(concatSamples(speech, silence(200)), 1_000);
    // Meanwhile, rather than seconds of silence, the interviewer says "one moment" (shown and spoken, not stored).
    expect(await a2.client.next('speech_unavailable', 30_000)).toMatchObject({ reason: 'recogniser_failed' });
    await waited;
    // The cue came meanwhile (its audio possibly after, on a loaded machine): looked up, not taken in order.
    const cue = (type: string) => a2.client.events.filter((e) => e.type === type && 'control_id' in e && e.control_id === 'one_moment');
    await eventually(async () => {
      expect(cue('utterance')).toEqual([expect.objectContaining({ text: 'One moment, please.' })]);
      expect(cue('audio_start')).toHaveLength(1);
    }, 30_000);
    // Tenant B is not affected.
    const turn = await b.speak(concatSamples(speech, silence(200)));
    expect(turn.heard).toMatch(/engineer/);
    // A's share frees when its first candidate stops: A's second candidate is heard again.
    stopA1();
    await a1.speak(silence(100));
    const again = await a2.speak(concatSamples(speech, silence(200)));
    expect(again.heard).toMatch(/engineer/);
  } finally {
    await Promise.all([a1.close(), a2.close(), b.close()]);
  }
}, 120_000); // three real-time voice sessions on a loaded machine
