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
  /** Starts recognising one utterance at CANDIDATE_SAMPLE_RATE; a SpeechError when it cannot (the candidate then types). */
  open(language: Language, context?: RecognitionContext): RecognitionStream;
  /** True when the audio is only buffered while the candidate speaks and all the work runs at finish() (a remote server): capacity is then held for finish() alone. */
  readonly decodesAtFinish?: boolean;
  /** True when its streams have checkpoint(): wrappers that open streams later (waiting for capacity) offer it only then. */
  readonly checkpoints?: boolean;
  close(): Promise<void>;
}

/** Who the utterance is recognised for: capacity is shared out per tenant (stt/tenant-limited.ts). */
export interface RecognitionContext {
  /** The interview's owner (the principal that created it). */
  tenant: string;
}

export interface RecognitionStream {
  /** More of the utterance, 16-bit mono PCM at CANDIDATE_SAMPLE_RATE. */
  write(samples: Int16Array): void;
  /** The utterance is over: resolves with what was heard ('' for nothing). */
  finish(): Promise<string>;
  /**
   * The words so far, as finish() would give them if the utterance ended now; the stream goes on
   * taking audio, and what comes after is decoded once, from where it was (not every recogniser has it).
   */
  checkpoint?(): Promise<string>;
  /** Drops the utterance (barge-in cancelled, session ended). */
  abort(): void;
  /** What was heard so far, while the candidate speaks (live captions, end-of-turn decisions); not every recogniser has it. */
  onPartial?(listener: (text: string) => void): void;
  /** True while the utterance waits for a free recogniser (this node is at capacity): its audio is kept and decoded once one frees. */
  readonly isWaiting?: boolean;
}

/** The same stream, calling `release` once it has finished (either way) or been aborted. */
export function releasingWhenSettled(stream: RecognitionStream, release: () => void): RecognitionStream {
  const held: RecognitionStream = {
    write: (samples) => stream.write(samples),
    onPartial: (listener) => stream.onPartial?.(listener),
    get isWaiting() {
      return stream.isWaiting ?? false;
    },
    finish: () => {
      const result = stream.finish();
      result.then(release, release);
      return result;
    },
    abort: () => {
      stream.abort();
      release();
    },
  };
  // Only where the stream has it: the listener falls back to finish-and-restart otherwise.
  if (stream.checkpoint) held.checkpoint = () => stream.checkpoint!();
  return held;
}

/** Convenience for tests and batch use: one whole utterance. */
export async function transcribe(stt: SpeechToText, language: Language, audio: PcmAudio): Promise<string> {
  const stream = stt.open(language);
  stream.write(audio.samples);
  return stream.finish();
}
