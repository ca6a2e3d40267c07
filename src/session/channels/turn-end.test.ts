import { describe, expect, it } from 'vitest';
import { LANGUAGES, languageByTag } from '../../languages/index.js';
import { isTrailingOff, turnSilenceMs } from './turn-end.js';

const SILENCES = { shortMs: 400, unknownMs: 700, longMs: 2_000 };

/** Per language: answers cut at a pause that is not the end, and complete answers (spelled as a recogniser writes them). */
const SAMPLES: Record<string, { pausing: string[]; complete: string[] }> = {
  en: {
    pausing: ['I moved the service and', 'um', 'we chose it because', 'I worked on the'],
    complete: ['I moved the service to Kubernetes', 'yes I did that'],
  },
  de: {
    pausing: ['ich habe das gemacht weil', 'und äh', 'wir haben das mit einem'],
    complete: ['das habe ich gemacht', 'ja das mache ich'],
  },
  'de-CH': { pausing: ['ich habe das gemacht weil', 'und dann'], complete: ['das habe ich selber gemacht'] },
  fr: { pausing: ["j'ai choisi Postgres parce que", 'et euh', 'nous avons migré le'], complete: ["j'ai choisi Postgres", 'il y en a'] },
  es: { pausing: ['elegí Postgres porque', 'y eh', 'trabajé en el'], complete: ['elegí Postgres', 'creo que sí'] },
  da: { pausing: ['jeg valgte Postgres fordi', 'og øh'], complete: ['jeg valgte Postgres', 'det tror jeg'] },
  sv: { pausing: ['jag valde Postgres eftersom', 'och eh'], complete: ['jag valde Postgres', 'det tror jag'] },
  hi: { pausing: ['मैंने Postgres चुना क्योंकि', 'और', 'maine postgres chuna kyunki'], complete: ['मैंने Postgres चुना'] },
  ar: { pausing: ['اخترت Postgres لأن', 'اخترت Postgres و', 'يعني'], complete: ['اخترت Postgres'] },
};

describe('the end of a spoken turn, from the words so far', () => {
  it('knows the trailing words of every interview language', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(LANGUAGES.map((l) => l.tag).sort());
    for (const language of LANGUAGES) expect(language.lexicon.continuers.length, language.tag).toBeGreaterThan(5);
  });

  it.each(Object.entries(SAMPLES))(
    '%s: waits long after a conjunction, a filler or an open phrase, short after a whole clause',
    (tag, samples) => {
      const language = languageByTag(tag)!;
      for (const text of samples.pausing) {
        expect(isTrailingOff(text, language), text).toBe(true);
        expect(turnSilenceMs({ text, isRecognising: false }, language, SILENCES), text).toBe(2_000);
      }
      for (const text of samples.complete) {
        expect(isTrailingOff(text, language), text).toBe(false);
        expect(turnSilenceMs({ text, isRecognising: false }, language, SILENCES), text).toBe(400);
      }
    },
  );

  it('waits the usual hang-over with no words, for the words while they are being recognised, and never longer than the cap', () => {
    const english = languageByTag('en')!;
    expect(turnSilenceMs({ text: null, isRecognising: false }, english, SILENCES)).toBe(700);
    expect(turnSilenceMs({ text: '  ', isRecognising: false }, english, SILENCES)).toBe(700);
    expect(turnSilenceMs({ text: null, isRecognising: false }, english, { shortMs: 400, unknownMs: 700, longMs: 500 })).toBe(500);
    // The recogniser is still working out the words: they are waited for, up to the cap.
    expect(turnSilenceMs({ text: null, isRecognising: true }, english, SILENCES)).toBe(2_000);
    // A partial result that reads complete may lag behind the audio: it does not end the turn before the result.
    expect(turnSilenceMs({ text: 'I moved the service', isRecognising: true }, english, SILENCES)).toBe(2_000);
    expect(turnSilenceMs({ text: 'I moved the service', isRecognising: false }, english, SILENCES)).toBe(400);
  });
});
