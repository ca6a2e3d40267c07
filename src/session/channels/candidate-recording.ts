// The candidate's microphone for the recording: admitted frames are batched
// (1.5 s per append: each append is one object in the shared store, so not 50
// a second, and a node killed mid-answer loses at most the batch it was
// collecting and one upload in flight, about the last 2 s) and appended to the
// media module's CandidateAudioSink with the wall-clock time of each batch's
// first sample. A gap in the frames (the page muted, the
// network stalled) starts a new batch, so the timeline keeps the silence.

import type { CandidateAudioSink } from '../../media/candidate-audio.js';
import { CANDIDATE_SAMPLE_RATE } from '../../speech/audio.js';

const BATCH_MS = 1_500;
/** Frames arriving later than this after the batch's expected end start a new batch. */
const GAP_MS = 250;

export class CandidateRecording {
  private parts: Int16Array[] = [];
  private samples = 0;
  private startedAtMs = 0;
  /** Pieces being stored: each is an object of its own, so they need no order and are stored side by side. */
  private readonly writes = new Set<Promise<void>>();
  private failed = false;

  constructor(
    private readonly sink: CandidateAudioSink,
    private readonly interviewId: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** A frame received at `receivedAtMs` (epoch ms): its first sample was captured one frame earlier. */
  add(samples: Int16Array, receivedAtMs: number): void {
    const durationMs = (samples.length / CANDIDATE_SAMPLE_RATE) * 1000;
    const firstSampleAt = receivedAtMs - durationMs;
    const expected = this.startedAtMs + (this.samples / CANDIDATE_SAMPLE_RATE) * 1000;
    if (this.samples > 0 && firstSampleAt - expected > GAP_MS) void this.flush();
    if (this.samples === 0) this.startedAtMs = firstSampleAt;
    this.parts.push(samples);
    this.samples += samples.length;
    if ((this.samples / CANDIDATE_SAMPLE_RATE) * 1000 >= BATCH_MS) void this.flush();
  }

  /** Writes what is batched; resolves once everything handed over so far is stored. */
  flush(): Promise<void> {
    if (this.samples > 0) {
      const pcm = new Int16Array(this.samples);
      let at = 0;
      for (const part of this.parts) {
        pcm.set(part, at);
        at += part.length;
      }
      const startedAtMs = this.startedAtMs;
      this.parts = [];
      this.samples = 0;
      const write = this.sink.append(this.interviewId, startedAtMs, pcm).catch((error: unknown) => {
        // Told once: a store that is down would otherwise log every piece.
        if (!this.failed) this.onError(error);
        this.failed = true;
      });
      this.writes.add(write);
      void write.finally(() => this.writes.delete(write));
    }
    return Promise.all([...this.writes]).then(() => {});
  }
}
