// Per-turn latency of a spoken answer: from the end of the candidate's speech
// to the first audio frame of the interviewer's reply, split into the parts a
// deployment can tune: the VAD hang-over (SESSION_VAD_SILENCE_*), speech
// recognition, the interviewer (state machine, storage, a model call) and
// speech synthesis of the reply's first sentence.

export interface TurnLatency {
  hangoverMs: number;
  sttMs: number;
  interviewerMs: number;
  ttsMs: number;
  totalMs: number;
}

export type TurnLatencyObserver = (latency: TurnLatency) => void;

interface Pending {
  hangoverMs: number;
  sttMs: number;
  answeredAt: number;
  repliedAt: number | null;
}

/** Follows one answer at a time through to its reply's first audio frame. */
export class TurnLatencyTracker {
  private pending: Pending | null = null;

  constructor(private readonly now: () => number) {}

  /** The recognised answer was handed to the session. */
  answered(hangoverMs: number, sttMs: number): void {
    this.pending = { hangoverMs, sttMs, answeredAt: this.now(), repliedAt: null };
  }

  /** The interviewer's first utterance after the answer was sent (its text, before synthesis). */
  replied(): void {
    if (this.pending && this.pending.repliedAt === null) this.pending.repliedAt = this.now();
  }

  /** The reply's first audio frame left: the turn's latency, once. */
  firstAudio(): TurnLatency | null {
    const pending = this.pending;
    if (!pending || pending.repliedAt === null) return null;
    this.pending = null;
    const now = this.now();
    const interviewerMs = pending.repliedAt - pending.answeredAt;
    const ttsMs = now - pending.repliedAt;
    return {
      hangoverMs: pending.hangoverMs,
      sttMs: pending.sttMs,
      interviewerMs,
      ttsMs,
      totalMs: pending.hangoverMs + pending.sttMs + interviewerMs + ttsMs,
    };
  }

  /** The reply will not be spoken (typed answer, no synthesis, the interview ended). */
  forget(): void {
    this.pending = null;
  }
}

export function formatTurnLatency(latency: TurnLatency): string {
  const ms = (value: number) => `${Math.round(value)} ms`;
  return (
    `voice turn latency ${ms(latency.totalMs)} from the end of speech to the first reply audio ` +
    `(VAD hang-over ${ms(latency.hangoverMs)}, STT ${ms(latency.sttMs)}, interviewer ${ms(latency.interviewerMs)}, TTS ${ms(latency.ttsMs)})`
  );
}
