// Speech-to-text behind one interface (STT_PROVIDER). A recogniser is opened
// per candidate turn and fed audio while the candidate speaks, so little work
// remains when voice-activity detection ends the turn.

import type { Language } from '../../languages/language.js';
import type { PcmAudio } from '../audio.js';

export interface SpeechToText {
  readonly name: string;
  /** True when the candidate's browser recognises and the page sends text (STT_PROVIDER=browser); the server then never decodes audio. */
  readonly recognisesInBrowser?: boolean;
  /** Whether this recogniser understands the language; if not, the page falls back to typing. */
  supports(language: Language): boolean;
  /** Starts recognising one utterance at CANDIDATE_SAMPLE_RATE. */
  open(language: Language): RecognitionStream;
  close(): Promise<void>;
}

export interface RecognitionStream {
  /** More of the utterance, 16-bit mono PCM at CANDIDATE_SAMPLE_RATE. */
  write(samples: Int16Array): void;
  /** The utterance is over: resolves with what was heard ('' for nothing). */
  finish(): Promise<string>;
  /** Drops the utterance (barge-in cancelled, session ended). */
  abort(): void;
}

/** Convenience for tests and batch use: one whole utterance. */
export async function transcribe(stt: SpeechToText, language: Language, audio: PcmAudio): Promise<string> {
  const stream = stt.open(language);
  stream.write(audio.samples);
  return stream.finish();
}
