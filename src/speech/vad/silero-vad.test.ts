// The batcher scores many detectors' windows in one run of the graph: each clip
// must get the same probabilities as when it is scored alone, and the runs must
// really be shared (counted on the runtime's own InferenceSession.run).

import * as ort from 'onnxruntime-node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { concatSamples, silence, speakWithFlite, synthNoise } from '../../../test/helpers/spoken-audio.js';
import { SileroVad } from './silero-vad.js';

const WINDOW = 512;
/** Every session's runs, counted where the runtime runs them; its types declare only the factory, not the class. */
const sessionClass = (ort.InferenceSession as unknown as { prototype: ort.InferenceSession }).prototype;

describe('Silero VAD batching', () => {
  let vad: SileroVad;
  let clips: Int16Array[];
  beforeAll(async () => {
    vad = await SileroVad.load({ silenceMs: 700 });
    clips = [
      concatSamples(silence(300), await speakWithFlite('I have six years of experience building backend services.'), silence(500)),
      await speakWithFlite('Two threads update shared state, and the timing decides the result.', { leadMs: 700 }),
      concatSamples(await synthNoise('pinknoise', 2, 0.2), await speakWithFlite('Not sure.')),
      await speakWithFlite('We moved the queue to Postgres last year.', { trailMs: 1_200 }),
      await synthNoise('brownnoise', 3, 0.3),
    ];
  });
  afterAll(async () => {
    await vad.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('gives each clip scored alongside others the probabilities it gets scored alone', async () => {
    const alone: number[][] = [];
    for (const clip of clips) alone.push(await vad.probabilities(clip));
    const together = await Promise.all(clips.map((clip) => vad.probabilities(clip)));
    clips.forEach((clip, i) => {
      expect(alone[i]).toHaveLength(Math.floor(clip.length / WINDOW));
      expect(together[i]).toHaveLength(alone[i]!.length);
      together[i]!.forEach((probability, window) => expect(Math.abs(probability - alone[i]![window]!)).toBeLessThan(1e-5));
    });
    // The clips hold speech and silence: the probabilities differ between windows, so equal lists mean something.
    expect(Math.max(...alone[0]!)).toBeGreaterThan(0.5);
    expect(Math.min(...alone[0]!)).toBeLessThan(0.1);
  });

  it('scores the windows of many streams pushing at once in far fewer runs than windows', async () => {
    const runs = vi.spyOn(sessionClass, 'run');
    const streams = 20;
    const detectors = Array.from({ length: streams }, () => vad.create({ onSpeechStart() {}, onSpeechEnd() {} }));
    // 100 ms frames as a page sends them, every stream's frame arriving together, for one second.
    const frame = 1_600;
    const audio = clips[0]!;
    for (let at = 0; at + frame <= 16_000; at += frame) {
      await Promise.all(detectors.map((detector) => detector.push(audio.subarray(at, at + frame))));
    }
    for (const detector of detectors) detector.close();
    const windows = streams * Math.floor(16_000 / WINDOW);
    expect(runs.mock.calls.length).toBeGreaterThan(0);
    expect(runs.mock.calls.length).toBeLessThanOrEqual(windows / 10);
  });

  it('rejects every window of a failed run, and scores the next windows again', async () => {
    vi.spyOn(sessionClass, 'run').mockRejectedValueOnce(new Error('runtime failed'));
    const detectors = Array.from({ length: 3 }, () => vad.create({ onSpeechStart() {}, onSpeechEnd() {} }));
    const window = clips[1]!.subarray(0, WINDOW);
    const failed = await Promise.allSettled(detectors.map((detector) => detector.push(window)));
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    const scores: number[] = [];
    const fresh = vad.create({ onSpeechStart() {}, onSpeechEnd() {}, onWindow: (voiced) => scores.push(voiced ? 1 : 0) });
    await fresh.push(window);
    expect(scores).toHaveLength(1);
  });
});
