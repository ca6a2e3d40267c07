// Text-to-speech behind one interface (TTS_PROVIDER). Always on the server:
// the recording needs the interviewer's voice even when the candidate types.

import type { Language } from '../../languages/language.js';
import type { PcmAudio } from '../audio.js';

/**
 * Who waits for a synthesis, which decides its place in a busy synthesizer's queue: `now`, a
 * candidate in silence (a reply's first sentence); `next`, a candidate who is hearing the sentence
 * before it; `background`, nobody yet (the recording's copy of the interviewer's voice).
 */
export type SynthUrgency = 'now' | 'next' | 'background';

/** The urgencies in order: lower goes first. */
export const URGENCY_RANK: Readonly<Record<SynthUrgency, number>> = { now: 0, next: 1, background: 2 };

export interface TextToSpeech {
  readonly name: string;
  /** Whether this synthesizer has a voice for the language. */
  supports(language: Language): boolean;
  /** The whole utterance as PCM; rejects with SpeechError when it cannot. `urgency` defaults to `now`. */
  synthesize(text: string, language: Language, signal?: AbortSignal, urgency?: SynthUrgency): Promise<PcmAudio>;
  /** Loads what the first synthesis would otherwise wait for (worker threads, WASM), so the first reply is not slow. */
  warmUp?(): Promise<void>;
  close(): Promise<void>;
}
