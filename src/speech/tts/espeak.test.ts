import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGES, languageByTag } from '../../languages/index.js';
import { pcmDurationMs, rmsDbfs } from '../audio.js';
import { SpeechError } from '../speech-error.js';
import { ESPEAK_SAMPLE_RATE, EspeakTextToSpeech, MAX_TTS_CHARS } from './espeak.js';

const tts = new EspeakTextToSpeech({ workers: 2 });
const english = languageByTag('en')!;
afterAll(() => tts.close());

describe('eSpeak NG synthesis', () => {
  it.each(LANGUAGES.map((language) => [language.tag, language] as const))(
    'speaks %s audibly, at a speaking pace',
    async (_tag, language) => {
      const text = language.phrases.askIntro;
      expect(tts.supports(language)).toBe(true);
      const audio = await tts.synthesize(text, language);
      expect(audio.sampleRate).toBe(ESPEAK_SAMPLE_RATE);
      expect(rmsDbfs(audio.samples)).toBeGreaterThan(-35);
      // Spoken text runs at roughly 40-120 ms per character in any of these scripts.
      const msPerChar = pcmDurationMs(audio) / [...text].length;
      expect(msPerChar).toBeGreaterThan(25);
      expect(msPerChar).toBeLessThan(200);
    },
  );

  it('gives a longer text a longer utterance', async () => {
    const short = await tts.synthesize('Thank you.', english);
    const long = await tts.synthesize(
      'Thank you. Could you tell me about a project you are proud of, and what your part in it was?',
      english,
    );
    expect(pcmDurationMs(long)).toBeGreaterThan(pcmDurationMs(short) * 3);
  });

  it('serves many requests at once, each with its own audio', async () => {
    const texts = ['One.', 'Two apples and three pears.', 'Four.', 'Five hundred and fifty five days.', 'Six.', 'Seven.'];
    const results = await Promise.all(texts.map((text) => tts.synthesize(text, english)));
    for (const [i, text] of texts.entries()) {
      // Each answer belongs to its own text: the same length as that text alone (to a few samples of eSpeak's state).
      const alone = await tts.synthesize(text, english);
      expect(Math.abs(pcmDurationMs(results[i]!) - pcmDurationMs(alone))).toBeLessThan(20);
    }
  });

  it('reads markup and phoneme brackets aloud as text instead of obeying them', async () => {
    const plain = await tts.synthesize('hello', english);
    const markup = await tts.synthesize('<speak>hello</speak>', english);
    const phonemes = await tts.synthesize('[[h@loU]]', english);
    expect(pcmDurationMs(markup)).toBeGreaterThan(pcmDurationMs(plain) * 2);
    expect(pcmDurationMs(phonemes)).toBeGreaterThan(pcmDurationMs(plain));
  });

  it('stops a running synthesis when aborted, and the next one still works', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const running = tts.synthesize('This sentence goes on for a long while. '.repeat(200), english, controller.signal);
    setTimeout(() => controller.abort(), 100);
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    // The whole text takes tens of seconds of work; an abort that waited for it would be far slower.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(pcmDurationMs(await tts.synthesize('Still here.', english))).toBeGreaterThan(300);
  });

  it('drops a queued request when aborted before it starts', async () => {
    const one = new EspeakTextToSpeech({ workers: 1 });
    try {
      const busy = one.synthesize('A long sentence to keep the only worker busy for a while. '.repeat(20), english);
      const controller = new AbortController();
      const queued = one.synthesize('Never spoken.', english, controller.signal);
      controller.abort();
      await expect(queued).rejects.toMatchObject({ name: 'AbortError' });
      expect(pcmDurationMs(await busy)).toBeGreaterThan(10_000);
    } finally {
      await one.close();
    }
  });

  it('refuses an overlong text and a closed synthesizer with a SpeechError', async () => {
    await expect(tts.synthesize('a'.repeat(MAX_TTS_CHARS + 1), english)).rejects.toBeInstanceOf(SpeechError);
    const closed = new EspeakTextToSpeech({ workers: 1 });
    await closed.close();
    await expect(closed.synthesize('hello', english)).rejects.toThrow(/espeak: .*closed/);
  });

  it('answers empty text with no audio', async () => {
    const audio = await tts.synthesize('  \n ', english);
    expect(audio.samples.length).toBe(0);
  });
});
