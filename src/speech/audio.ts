// Audio as the speech pipeline passes it around: 16-bit signed PCM, mono,
// little-endian, at a stated sample rate. The candidate page sends 16 kHz;
// synthesizers answer at their own rate and say which.

export const CANDIDATE_SAMPLE_RATE = 16_000;

export interface PcmAudio {
  readonly sampleRate: number;
  readonly samples: Int16Array;
}

/** Duration in milliseconds. */
export function pcmDurationMs(audio: PcmAudio): number {
  return (audio.samples.length / audio.sampleRate) * 1000;
}
