// Text-to-speech behind one interface (TTS_PROVIDER). Always on the server:
// the recording needs the interviewer's voice even when the candidate types.

import type { Language } from '../../languages/language.js';
import type { PcmAudio } from '../audio.js';

export interface TextToSpeech {
  readonly name: string;
  /** Whether this synthesizer has a voice for the language. */
  supports(language: Language): boolean;
  /** The whole utterance as PCM; rejects with SpeechError when it cannot. */
  synthesize(text: string, language: Language, signal?: AbortSignal): Promise<PcmAudio>;
  /** Loads what the first synthesis would otherwise wait for (worker threads, WASM), so the first reply is not slow. */
  warmUp?(): Promise<void>;
  close(): Promise<void>;
}
