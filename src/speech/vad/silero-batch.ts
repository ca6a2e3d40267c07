// Scores the windows that Silero detectors submit in the same turn of the event
// loop in one `session.run` with the batch dimension: at 50 sessions a batch of
// 50 costs about a third per window of 50 single runs, on the loop every session shares.

import * as ort from 'onnxruntime-node';
import { CANDIDATE_SAMPLE_RATE } from '../audio.js';

/** The model scores windows of 512 samples (32 ms at 16 kHz) with 64 samples of context before each. */
export const WINDOW = 512;
export const CONTEXT = 64;
/** One window with its context (576 floats) and the detector's recurrent state [2, 1, 128]. */
const SILERO_INPUT = CONTEXT + WINDOW;
const STATE_WIDTH = 128;
export const SILERO_STATE = 2 * STATE_WIDTH;
/** A batch that reaches this many windows runs at once rather than waiting for the end of the turn. */
const MAX_BATCH = 64;

export interface SileroScore {
  probability: number;
  /** The detector's next recurrent state, [2, 1, 128] flattened. */
  state: Float32Array;
}

interface Submitted {
  input: Float32Array;
  state: Float32Array;
  resolve(score: SileroScore): void;
  reject(error: unknown): void;
}

export class SileroBatcher {
  private readonly sr = new ort.Tensor('int64', BigInt64Array.from([BigInt(CANDIDATE_SAMPLE_RATE)]));
  private queue: Submitted[] = [];
  private flushScheduled = false;

  constructor(private readonly session: ort.InferenceSession) {}

  /** The input and state are copied before this returns, so the caller may reuse its buffers. */
  score(input: Float32Array, state: Float32Array): Promise<SileroScore> {
    return new Promise<SileroScore>((resolve, reject) => {
      this.queue.push({ input: input.slice(), state: state.slice(), resolve, reject });
      if (this.queue.length >= MAX_BATCH) {
        this.flush();
      } else if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => {
          this.flushScheduled = false;
          this.flush();
        });
      }
    });
  }

  private flush(): void {
    const batch = this.queue;
    if (batch.length === 0) return;
    this.queue = [];
    void this.run(batch);
  }

  private async run(batch: Submitted[]): Promise<void> {
    const size = batch.length;
    const input = new Float32Array(size * SILERO_INPUT);
    // The state is [2, batch, 128]: each of the two layers holds every detector's row in turn.
    const state = new Float32Array(2 * size * STATE_WIDTH);
    batch.forEach((window, row) => {
      input.set(window.input, row * SILERO_INPUT);
      state.set(window.state.subarray(0, STATE_WIDTH), row * STATE_WIDTH);
      state.set(window.state.subarray(STATE_WIDTH), (size + row) * STATE_WIDTH);
    });
    let result;
    try {
      result = await this.session.run({
        input: new ort.Tensor('float32', input, [size, SILERO_INPUT]),
        state: new ort.Tensor('float32', state, [2, size, STATE_WIDTH]),
        sr: this.sr,
      });
    } catch (error) {
      for (const window of batch) window.reject(error);
      return;
    }
    const probabilities = result.output!.data as Float32Array;
    const next = result.stateN!.data as Float32Array;
    batch.forEach((window, row) => {
      const own = new Float32Array(SILERO_STATE);
      own.set(next.subarray(row * STATE_WIDTH, (row + 1) * STATE_WIDTH));
      own.set(next.subarray((size + row) * STATE_WIDTH, (size + row + 1) * STATE_WIDTH), STATE_WIDTH);
      window.resolve({ probability: probabilities[row]!, state: own });
    });
  }
}
