import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { languageByTag } from '../../languages/index.js';
import { CANDIDATE_SAMPLE_RATE, pcmDurationMs, resample, rmsDbfs } from '../audio.js';
import { createSpeech } from '../index.js';
import { SpeechError } from '../speech-error.js';
import { PocketsphinxSpeechToText } from '../stt/pocketsphinx.js';
import { transcribe } from '../stt/speech-to-text.js';
import { wordErrorRate } from '../word-error-rate.js';
import { FliteTextToSpeech } from './flite.js';

const english = languageByTag('en')!;
const tts = new FliteTextToSpeech({ workers: 2 });
afterAll(() => tts.close());

describe('flite (WASI)', () => {
  it('speaks English audibly, clearly enough for PocketSphinx to follow', async () => {
    const text = 'I have five years of experience building web services.';
    const audio = await tts.synthesize(text, english);
    expect(audio.sampleRate).toBe(16_000);
    expect(rmsDbfs(audio.samples)).toBeGreaterThan(-35);
    expect(pcmDurationMs(audio)).toBeGreaterThan(2_000);
    const stt = new PocketsphinxSpeechToText();
    const heard = await transcribe(stt, english, resample(audio, CANDIDATE_SAMPLE_RATE));
    expect(wordErrorRate(text, heard)).toBeLessThan(0.35);
  });

  it('has no voice for other languages and says so', async () => {
    const german = languageByTag('de')!;
    expect(tts.supports(english)).toBe(true);
    expect(tts.supports(german)).toBe(false);
    await expect(tts.synthesize('Hallo', german)).rejects.toThrow(/^flite: no voice for German$/);
  });

  it('answers an abort at once and keeps working', async () => {
    const controller = new AbortController();
    const running = tts.synthesize('This answer goes on for a while. '.repeat(30), english, controller.signal);
    setTimeout(() => controller.abort(), 20);
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(pcmDurationMs(await tts.synthesize('Still here.', english))).toBeGreaterThan(300);
  });

  it('refuses an overlong text with a SpeechError', async () => {
    await expect(tts.synthesize('a '.repeat(6_000), english)).rejects.toBeInstanceOf(SpeechError);
  });

  it('TTS_PROVIDER=flite speaks English with flite and the other languages with eSpeak NG', async () => {
    const speech = createSpeech(loadConfig({ TTS_PROVIDER: 'flite', STT_PROVIDER: 'none' }));
    try {
      expect(speech.tts.supports(languageByTag('ar')!)).toBe(true);
      expect((await speech.tts.synthesize('Hello there.', english)).sampleRate).toBe(16_000);
      expect((await speech.tts.synthesize('Hallo zusammen.', languageByTag('de')!)).sampleRate).toBe(22_050);
    } finally {
      await speech.close();
    }
  });
});
