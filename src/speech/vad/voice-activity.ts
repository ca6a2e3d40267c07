// Voice-activity detection: turns a stream of candidate audio into speech
// start / speech end events. The voice channel closes a candidate turn on
// speech end (after the VAD's hang-over: SESSION_VAD_SILENCE_MS, or the
// short silence of the adaptive end of turn, which the listener may extend).

export interface VoiceActivityEvents {
  /** Speech began at this offset (ms from the detector's first sample). */
  onSpeechStart(atMs: number): void;
  /** Speech ended at this offset: the last voiced frame, before the hang-over. */
  onSpeechEnd(atMs: number): void;
  /** Optional: each analysed window (32 ms for Silero) and whether it was voiced, e.g. to measure sustained speech. */
  onWindow?(voiced: boolean, durationMs: number): void;
}

export interface VoiceActivityDetector {
  /** 16-bit mono PCM at CANDIDATE_SAMPLE_RATE, any chunk size. */
  push(samples: Int16Array): Promise<void>;
  reset(): void;
  close(): void;
}
