import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OpenAiSpeechServer } from '../../test/helpers/openai-speech-server.js';
import { SPOKEN_ANSWERS, speakWithFlite } from '../../test/helpers/speech.js';
import { loadConfig } from '../config.js';
import { languageByTag } from '../languages/index.js';
import { pcmDurationMs, rmsDbfs } from './audio.js';
import { createSpeech } from './index.js';
import { SpeechError } from './speech-error.js';
import { OpenAiSpeechToText } from './stt/openai.js';
import { transcribe } from './stt/speech-to-text.js';
import { OpenAiTextToSpeech } from './tts/openai.js';
import { wordErrorRate } from './word-error-rate.js';

const english = languageByTag('en')!;
const server = new OpenAiSpeechServer();
let stt: OpenAiSpeechToText;
let tts: OpenAiTextToSpeech;
// The real work (PocketSphinx, eSpeak) takes its time on a busy machine; only the timeout tests use a short limit.
const impatient = { apiKey: 'sk-test', timeoutMs: 1_500 };

beforeAll(async () => {
  await server.start();
  stt = new OpenAiSpeechToText({ baseUrl: server.baseUrl, apiKey: 'sk-test', model: 'whisper-1', timeoutMs: 20_000 });
  tts = new OpenAiTextToSpeech({ baseUrl: server.baseUrl, apiKey: 'sk-test', model: 'tts-1', voice: 'alloy', timeoutMs: 20_000 });
});
afterAll(() => server.stop());
beforeEach(() => {
  server.mode = 'normal';
});

describe('OpenAI-compatible transcription', () => {
  it('sends the utterance as a 16 kHz WAV with model, language and key, and returns what the server heard', async () => {
    const spoken = SPOKEN_ANSWERS[1]!;
    const audio = speakWithFlite(spoken);
    const stream = stt.open(english);
    for (let offset = 0; offset < audio.samples.length; offset += 320) stream.write(audio.samples.subarray(offset, offset + 320));
    const text = await stream.finish();
    expect(wordErrorRate(spoken, text)).toBeLessThan(0.4);
    expect(server.transcriptions.at(-1)).toEqual({
      authorization: 'Bearer sk-test',
      model: 'whisper-1',
      language: 'en',
      fileType: 'audio/wav',
      seconds: expect.closeTo(pcmDurationMs(audio) / 1000, 1),
    });
  });

  it('names the language as ISO 639-1 (Swiss German as German), and a server refusal is a SpeechError', async () => {
    await expect(transcribe(stt, languageByTag('de-CH')!, speakWithFlite('hallo'))).rejects.toThrow(
      /^openai-stt: http:\/\/127\.0\.0\.1:\d+\/v1\/audio\/transcriptions answered 400: unsupported language de$/,
    );
  });

  it('turns a slow server, a failing server and a malformed answer into SpeechErrors', async () => {
    const audio = speakWithFlite('hello');
    server.mode = 'slow';
    const quick = new OpenAiSpeechToText({ ...impatient, baseUrl: server.baseUrl, model: 'whisper-1' });
    await expect(transcribe(quick, english, audio)).rejects.toThrow(/^openai-stt: no answer from .* within 1\.5 s$/);
    server.mode = 'error';
    await expect(transcribe(stt, english, audio)).rejects.toThrow(/answered 503: The server is overloaded$/);
    server.mode = 'malformed';
    await expect(transcribe(stt, english, audio)).rejects.toThrow(/^openai-stt: the transcription answer has no "text"$/);
  });

  it('reports a server that is not there', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const nowhere = new OpenAiSpeechToText({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: null, model: 'm', timeoutMs: 2_000 });
    await expect(transcribe(nowhere, english, speakWithFlite('hello'))).rejects.toThrow(/^openai-stt: cannot reach .*ECONNREFUSED/);
  });

  it('abort drops the utterance: nothing is sent, and finish rejects', async () => {
    const before = server.transcriptions.length;
    const stream = stt.open(english);
    stream.write(speakWithFlite('hello').samples);
    stream.abort();
    await expect(stream.finish()).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.transcriptions.length).toBe(before);
  });

  it('asks nothing of the server for an empty utterance', async () => {
    const before = server.transcriptions.length;
    expect(await stt.open(english).finish()).toBe('');
    expect(server.transcriptions.length).toBe(before);
  });
});

describe('OpenAI-compatible speech', () => {
  it('asks for WAV and returns audible speech at the rate the server states', async () => {
    const audio = await tts.synthesize('Thank you for your answer. Let us move on to the next question.', english);
    expect(server.speeches.at(-1)).toMatchObject({
      authorization: 'Bearer sk-test',
      model: 'tts-1',
      voice: 'alloy',
      responseFormat: 'wav',
    });
    expect(audio.sampleRate).toBe(22_050);
    expect(pcmDurationMs(audio)).toBeGreaterThan(2_000);
    expect(rmsDbfs(audio.samples)).toBeGreaterThan(-35);
  });

  it('turns a slow server, a failing server and bytes that are not audio into SpeechErrors', async () => {
    server.mode = 'slow';
    const quick = new OpenAiTextToSpeech({ ...impatient, baseUrl: server.baseUrl, model: 'tts-1', voice: 'alloy' });
    await expect(quick.synthesize('hello', english)).rejects.toThrow(/^openai-tts: no answer .* within 1\.5 s$/);
    server.mode = 'error';
    await expect(tts.synthesize('hello', english)).rejects.toThrow(/^openai-tts: .* answered 503: The server is overloaded$/);
    server.mode = 'malformed';
    await expect(tts.synthesize('hello', english)).rejects.toThrow(/^openai-tts: the speech answer is not a usable WAV/);
  });

  it('stops waiting when the caller aborts', async () => {
    server.mode = 'slow';
    const controller = new AbortController();
    const pending = tts.synthesize('hello', english, controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses text beyond the protocol limit without calling the server', async () => {
    const before = server.speeches.length;
    await expect(tts.synthesize('a'.repeat(5_000), english)).rejects.toBeInstanceOf(SpeechError);
    expect(server.speeches.length).toBe(before);
  });
});

describe('configuration', () => {
  it('STT_PROVIDER=openai and TTS_PROVIDER=openai talk to the configured server', async () => {
    const speech = createSpeech(
      loadConfig({
        STT_PROVIDER: 'openai',
        STT_BASE_URL: server.baseUrl,
        TTS_PROVIDER: 'openai',
        TTS_BASE_URL: server.baseUrl,
        TTS_VOICE: 'nova',
      }),
    );
    try {
      expect([speech.stt.name, speech.tts.name]).toEqual(['openai', 'openai']);
      await speech.tts.synthesize('hello', english);
      expect(server.speeches.at(-1)).toMatchObject({ voice: 'nova', authorization: undefined });
    } finally {
      await speech.close();
    }
  });
});
