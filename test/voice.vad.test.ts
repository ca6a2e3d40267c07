// Silero VAD on real audio: flite's voice with silence around it, and sox's
// noise. The detector must find the words where they are and nothing in
// silence or steady noise.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SileroVad } from '../src/speech/vad/silero-vad.js';
import { concatSamples, silence, speakWithFlite, synthNoise } from './helpers/spoken-audio.js';

interface Seen {
  starts: number[];
  ends: number[];
}

async function detect(vad: SileroVad, samples: Int16Array, chunk = 1_600): Promise<Seen> {
  const seen: Seen = { starts: [], ends: [] };
  const detector = vad.create({ onSpeechStart: (ms) => seen.starts.push(ms), onSpeechEnd: (ms) => seen.ends.push(ms) });
  // Frames of 100 ms, as a page sends them (not a multiple of the model's 512-sample window).
  for (let at = 0; at < samples.length; at += chunk) await detector.push(samples.subarray(at, at + chunk));
  detector.close();
  return seen;
}

describe('Silero voice-activity detection', () => {
  let vad: SileroVad;
  beforeAll(async () => {
    vad = await SileroVad.load({ silenceMs: 700 });
  });
  afterAll(async () => {
    await vad.close();
  });

  it('finds one utterance between silences, starting and ending where the words are', async () => {
    const words = await speakWithFlite('I have six years of experience building backend services in Node.');
    const wordsMs = (words.length / 16_000) * 1000;
    const seen = await detect(vad, concatSamples(silence(1_000), words, silence(1_500)));
    expect(seen.starts).toHaveLength(1);
    expect(seen.ends).toHaveLength(1);
    // flite leaves a little silence of its own at both ends of the clip.
    expect(seen.starts[0]).toBeGreaterThanOrEqual(900);
    expect(seen.starts[0]).toBeLessThan(1_400);
    expect(seen.ends[0]).toBeGreaterThan(1_000 + wordsMs - 600);
    expect(seen.ends[0]).toBeLessThan(1_000 + wordsMs + 200);
  });

  it('keeps a pause shorter than the hang-over inside one turn, and splits at a longer one', async () => {
    const first = await speakWithFlite('Two threads update shared state.');
    const second = await speakWithFlite('The timing decides the result.');
    const short = await detect(vad, concatSamples(silence(500), first, silence(300), second, silence(1_500)));
    expect(short.starts).toHaveLength(1);
    expect(short.ends).toHaveLength(1);
    const long = await detect(vad, concatSamples(silence(500), first, silence(1_500), second, silence(1_500)));
    expect(long.starts).toHaveLength(2);
    expect(long.ends).toHaveLength(2);
  });

  it('hears nothing in silence or in steady noise', async () => {
    expect(await detect(vad, silence(5_000))).toEqual({ starts: [], ends: [] });
    expect(await detect(vad, await synthNoise('whitenoise', 5, 0.1))).toEqual({ starts: [], ends: [] });
    expect(await detect(vad, await synthNoise('brownnoise', 5, 0.3))).toEqual({ starts: [], ends: [] });
  });

  it('waits the configured silence before ending a turn', async () => {
    const slow = await SileroVad.load({ silenceMs: 2_000 });
    try {
      const words = await speakWithFlite('Not sure.');
      const withShortTail = await detect(slow, concatSamples(silence(500), words, silence(1_500)));
      expect(withShortTail.starts).toHaveLength(1);
      expect(withShortTail.ends).toHaveLength(0);
      const withLongTail = await detect(slow, concatSamples(silence(500), words, silence(2_500)));
      expect(withLongTail.ends).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });
});
