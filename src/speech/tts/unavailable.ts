// TTS_PROVIDER=none: the interviewer is text only (the page shows it; the recording has no interviewer voice).

import type { Language } from '../../languages/language.js';
import type { PcmAudio } from '../audio.js';
import { SpeechError } from '../speech-error.js';
import type { TextToSpeech } from './text-to-speech.js';

export class NoTextToSpeech implements TextToSpeech {
  readonly name = 'none';

  supports(_language: Language): boolean {
    return false;
  }

  async synthesize(_text: string, language: Language): Promise<PcmAudio> {
    throw new SpeechError(this.name, `no speech synthesizer is configured (${language.englishName})`);
  }

  async close(): Promise<void> {}
}
