// A real synthesizer for the media tests, independent of the configured
// TTS_PROVIDER: Debian's flite per utterance (helpers/speech.ts), counting calls.

import type { Language } from '../../src/languages/language.js';
import type { PcmAudio } from '../../src/speech/audio.js';
import type { TextToSpeech } from '../../src/speech/tts/text-to-speech.js';
import { speakWithFlite } from './speech.js';

export class FliteTts implements TextToSpeech {
  readonly name = 'flite-test';
  calls = 0;

  supports(language: Language): boolean {
    return language.tag === 'en';
  }

  synthesize(text: string): Promise<PcmAudio> {
    this.calls++;
    return Promise.resolve(speakWithFlite(text));
  }

  async close(): Promise<void> {}
}
