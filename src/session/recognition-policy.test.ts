import { describe, expect, it } from 'vitest';
import { offerRecognition, recognitionInUse, type RecogniserFacts } from './recognition-policy.js';

const facts = (over: Partial<RecogniserFacts>): RecogniserFacts => ({
  provider: 'pocketsphinx',
  serverSupports: false,
  canTakeTurns: true,
  browserAllowed: true,
  ...over,
});

describe('who recognises the candidate in a language', () => {
  it('a configured Whisper-compatible server or sherpa-onnx model hears every language it supports, and the browser is not asked', () => {
    expect(offerRecognition(facts({ provider: 'openai', serverSupports: true }))).toEqual({
      recognition: 'server',
      browser_recognition: false,
      low_accuracy: false,
    });
    expect(offerRecognition(facts({ provider: 'sherpa-onnx', serverSupports: true })).browser_recognition).toBe(false);
  });

  it('offline, English is offered to the browser first, with PocketSphinx labelled as the low-accuracy fallback', () => {
    expect(offerRecognition(facts({ serverSupports: true }))).toEqual({
      recognition: 'server',
      browser_recognition: true,
      low_accuracy: true,
    });
  });

  it('offline, the other languages are heard only by the browser; STT_BROWSER_ALLOWED=false leaves typing', () => {
    expect(offerRecognition(facts({}))).toEqual({ recognition: 'none', browser_recognition: true, low_accuracy: false });
    expect(offerRecognition(facts({ browserAllowed: false }))).toEqual({
      recognition: 'none',
      browser_recognition: false,
      low_accuracy: false,
    });
    expect(offerRecognition(facts({ provider: 'sherpa-onnx', browserAllowed: false }))).toMatchObject({ recognition: 'none' });
  });

  it('STT_PROVIDER=browser and none keep their meaning; without voice-activity detection nothing is heard', () => {
    expect(offerRecognition(facts({ provider: 'browser' }))).toMatchObject({ recognition: 'browser', browser_recognition: true });
    expect(offerRecognition(facts({ provider: 'none' }))).toMatchObject({ recognition: 'none', browser_recognition: false });
    expect(offerRecognition(facts({ provider: 'openai', serverSupports: true, canTakeTurns: false }))).toMatchObject({
      recognition: 'none',
      browser_recognition: false,
    });
  });

  it('the page choosing its browser takes over only where allowed, and a page without one falls back to the server', () => {
    const english = { recognition: 'server', browser_recognition: true } as const;
    expect(recognitionInUse(english, null)).toBe('server');
    expect(recognitionInUse(english, 'browser')).toBe('browser');
    expect(recognitionInUse(english, 'server')).toBe('server');
    expect(recognitionInUse({ recognition: 'server', browser_recognition: false }, 'browser')).toBe('server');
    expect(recognitionInUse({ recognition: 'browser', browser_recognition: true }, 'server')).toBe('none');
  });
});
