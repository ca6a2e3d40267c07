// An interviewer turn spoken sentence by sentence: the first sentence's audio
// can play while the next ones are synthesized, so the candidate hears the
// reply sooner than a whole-turn synthesis allows. One sentence is prepared
// ahead; stopping early (barge-in, or the caller's abort) cancels it. The
// first sentence may have been synthesized before the text was sent at all.

import type { Language } from '../../languages/language.js';
import { splitSentences } from '../../languages/text.js';
import type { PcmAudio } from '../audio.js';
import type { SynthUrgency, TextToSpeech } from './text-to-speech.js';

export async function* synthesizeSentences(
  tts: TextToSpeech,
  text: string,
  language: Language,
  signal?: AbortSignal,
  /** The first sentence's audio, already on its way (synthesized ahead: the speculative reply). */
  first?: Promise<PcmAudio>,
): AsyncGenerator<{ sentence: string; audio: PcmAudio }> {
  const sentences = splitSentences(text);
  if (sentences.length === 0) return;
  const stop = new AbortController();
  const both = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  // The first sentence is what the candidate waits for in silence; each later one has the sentence before it to play.
  const start = (sentence: string, urgency: SynthUrgency) => {
    const pending = tts.synthesize(sentence, language, both, urgency);
    // Awaited below; a consumer that stops first must not leave it unhandled.
    pending.catch(() => {});
    return pending;
  };
  try {
    let next = first ?? start(sentences[0]!, 'now');
    for (let i = 0; i < sentences.length; i++) {
      const current = next;
      if (i + 1 < sentences.length) next = start(sentences[i + 1]!, 'next');
      yield { sentence: sentences[i]!, audio: await current };
    }
  } finally {
    stop.abort();
  }
}
