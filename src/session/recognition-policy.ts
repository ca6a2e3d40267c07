// Who recognises the candidate's speech in a language, chosen by what hears
// real people best (docs/speech.md, "Which recogniser"): a Whisper-compatible
// server or a sherpa-onnx model the operator configured, else the browser's
// own recogniser where the page has one and the operator allows it (the audio
// then goes to the browser's vendor), else PocketSphinx for English, the
// low-accuracy offline fallback, else nobody (typed answers).
//
// The server cannot know whether a browser has a recogniser, so the offer
// names the server's own choice (`recognition`) and whether the page may take
// over (`browser_recognition`); the page says what it does in `start` or `mode`.

import type { ServerEvents } from './protocol.js';

type SpeechEvent = NonNullable<ServerEvents['session']['speech']>;
export type Recognition = SpeechEvent['recognition'];
/** What the page says it does: recognise itself, or leave it to the server. */
export type RecognitionChoice = 'browser' | 'server';

/** What the service offers a language (protocol v2 `session.speech`, without the audio format). */
export type SpeechOffer = Pick<SpeechEvent, 'recognition' | 'synthesis' | 'browser_recognition' | 'low_accuracy'>;

export interface RecogniserFacts {
  /** STT_PROVIDER. */
  provider: string;
  /** Whether the server's recogniser supports the language. */
  serverSupports: boolean;
  /** Whether the server can take turns by voice (a VAD): without one nothing can be heard. */
  canTakeTurns: boolean;
  /** STT_BROWSER_ALLOWED. */
  browserAllowed: boolean;
}

/** Recognisers that hear real speakers well: the page is not asked to use the browser's instead. */
const ACCURATE_SERVER_RECOGNISERS: ReadonlySet<string> = new Set(['openai', 'sherpa-onnx']);

export function offerRecognition(facts: RecogniserFacts): Pick<SpeechOffer, 'recognition' | 'browser_recognition' | 'low_accuracy'> {
  const none = { recognition: 'none', browser_recognition: false, low_accuracy: false } as const;
  if (!facts.canTakeTurns || facts.provider === 'none') return none;
  if (facts.provider === 'browser') return { recognition: 'browser', browser_recognition: true, low_accuracy: false };
  if (facts.serverSupports && ACCURATE_SERVER_RECOGNISERS.has(facts.provider))
    return { recognition: 'server', browser_recognition: false, low_accuracy: false };
  return {
    recognition: facts.serverSupports ? 'server' : 'none',
    browser_recognition: facts.browserAllowed,
    // PocketSphinx: fine on synthetic voices, weak on real people (docs/speech.md, "Measured").
    low_accuracy: facts.serverSupports && facts.provider === 'pocketsphinx',
  };
}

/** Who recognises now, given the offer and what the page said it does (null: nothing said yet). */
export function recognitionInUse(
  offer: Pick<SpeechOffer, 'recognition' | 'browser_recognition'>,
  choice: RecognitionChoice | null,
): Recognition {
  if (choice === 'browser') return offer.browser_recognition ? 'browser' : offer.recognition;
  // The page cannot recognise after all: with STT_PROVIDER=browser nobody can.
  if (choice === 'server' && offer.recognition === 'browser') return 'none';
  return offer.recognition;
}
