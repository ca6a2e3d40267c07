// The candidate's microphone for the recording: admitted frames are batched
// (about a second per append, so the spool is not written 50 times a second)
// and appended to the media module's CandidateAudioSink with the wall-clock
// time of each batch's first sample. A gap in the frames (the page muted, the
// network stalled) starts a new batch, so the timeline keeps the silence.

import type { CandidateAudioSink } from '../../media/candidate-audio.js';
import { CANDIDATE_SAMPLE_RATE } from '../../speech/audio.js';

const BATCH_MS = 1_000;
/** Frames arriving later than this after the batch's expected end start a new batch. */
const GAP_MS = 250;

export class CandidateRecording {
  private parts: Int16Array[] = [];
  private samples = 0;
  private startedAtMs = 0;
  private writes: Promise<void> = Promise.resolve();
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

  /** Writes what is batched; resolves once everything handed over so far is on disk. */
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
      this.writes = this.writes.then(() =>
        this.sink.append(this.interviewId, startedAtMs, pcm).catch((error: unknown) => {
          // Told once: a full disk would otherwise log every second.
          if (!this.failed) this.onError(error);
          this.failed = true;
        }),
      );
    }
    return this.writes;
  }
}
