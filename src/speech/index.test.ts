import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { languageByTag } from '../languages/index.js';
import { createSpeech } from './index.js';
import { SpeechError } from './speech-error.js';

const english = languageByTag('en')!;

describe('createSpeech', () => {
  it('defaults to PocketSphinx and eSpeak NG where they are installed', async () => {
    const speech = createSpeech(loadConfig({}));
    try {
      expect(speech.stt.name).toBe('pocketsphinx');
      expect(speech.tts.name).toBe('espeak');
      expect(speech.notes).toEqual([]);
    } finally {
      await speech.close();
    }
  });

  it('falls back to typed answers, with a start-up note, when the default recogniser is missing', async () => {
    const speech = createSpeech(loadConfig({}), { pocketsphinxBinary: 'no_such_pocketsphinx' });
    expect(speech.stt.name).toBe('none');
    expect(speech.stt.supports(english)).toBe(false);
    expect(speech.notes).toEqual([expect.stringMatching(/^speech recognition off: no_such_pocketsphinx is not installed .*typing$/)]);
    await speech.close();
  });

  it('refuses to start, in one line, when PocketSphinx was asked for and is missing', () => {
    const config = loadConfig({ STT_PROVIDER: 'pocketsphinx' });
    expect(() => createSpeech(config, { pocketsphinxBinary: 'no_such_pocketsphinx' })).toThrow(SpeechError);
    expect(() => createSpeech(config, { pocketsphinxBinary: 'no_such_pocketsphinx' })).toThrow(
      /^STT_PROVIDER=pocketsphinx: no_such_pocketsphinx is not installed \(Debian: apt-get install pocketsphinx pocketsphinx-en-us\)$/,
    );
  });

  it('never pretends to hear: with no recogniser, or the browser recognising, the server decodes nothing', async () => {
    for (const provider of ['none', 'browser']) {
      const speech = createSpeech(loadConfig({ STT_PROVIDER: provider, TTS_PROVIDER: 'none' }));
      expect(speech.stt.name).toBe(provider);
      expect(speech.stt.supports(english)).toBe(provider === 'browser');
      expect(() => speech.stt.open(english)).toThrow(SpeechError);
      expect(speech.tts.supports(english)).toBe(false);
      await expect(speech.tts.synthesize('hello', english)).rejects.toBeInstanceOf(SpeechError);
      await speech.close();
    }
  });
});
