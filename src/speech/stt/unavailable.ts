// Recognisers that do not run on the server. `none`: nothing hears the
// candidate, the page offers typed answers only. `browser`: the candidate's
// browser recognises (Web Speech API) and the page sends the text; the server
// still receives the audio for the recording but never decodes it. Neither
// pretends to hear: opening a stream is a SpeechError.

import type { Language } from '../../languages/language.js';
import { SpeechError } from '../speech-error.js';
import type { RecognitionStream, SpeechToText } from './speech-to-text.js';

export class NoSpeechToText implements SpeechToText {
  readonly name = 'none';

  supports(_language: Language): boolean {
    return false;
  }

  open(language: Language): RecognitionStream {
    throw new SpeechError(this.name, `no speech recogniser is configured (${language.englishName}: typed answers only)`);
  }

  async close(): Promise<void> {}
}

/** The page's own recogniser: every language is offered; the browser says at run time whether it has one. */
export class BrowserSpeechToText implements SpeechToText {
  readonly name = 'browser';
  /** The page recognises and sends text; the server has nothing to decode. */
  readonly recognisesInBrowser = true;

  supports(_language: Language): boolean {
    return true;
  }

  open(_language: Language): RecognitionStream {
    throw new SpeechError(this.name, "the candidate's browser recognises speech; the page sends the text");
  }

  async close(): Promise<void> {}
}
