// TTS_PROVIDER=flite: each language with the offline synthesizer that sounds
// better for it (its record's `speech.preferredTts`): flite for English,
// eSpeak NG for the languages flite has no voice for.

import type { Language } from '../../languages/language.js';
import type { PcmAudio } from '../audio.js';
import type { SynthUrgency, TextToSpeech } from './text-to-speech.js';

export class PerLanguageTextToSpeech implements TextToSpeech {
  constructor(
    readonly name: string,
    private readonly preferred: Readonly<Record<Language['speech']['preferredTts'], TextToSpeech>>,
  ) {}

  /** The synthesizer this language is spoken with. */
  voiceFor(language: Language): TextToSpeech {
    const preferred = this.preferred[language.speech.preferredTts];
    return preferred.supports(language) ? preferred : this.preferred.espeak;
  }

  supports(language: Language): boolean {
    return this.voiceFor(language).supports(language);
  }

  synthesize(text: string, language: Language, signal?: AbortSignal, urgency?: SynthUrgency): Promise<PcmAudio> {
    return this.voiceFor(language).synthesize(text, language, signal, urgency);
  }

  async warmUp(): Promise<void> {
    await Promise.all(Object.values(this.preferred).map((tts) => tts.warmUp?.() ?? Promise.resolve()));
  }

  async close(): Promise<void> {
    await Promise.all(Object.values(this.preferred).map((tts) => tts.close()));
  }
}
