// The speech module: picks the recogniser and the synthesizer from the
// configuration. Other modules import the interfaces and helpers from here.

import type { Scheduler } from '../common/clock.js';
import type { Config } from '../config.js';
import { LANGUAGES } from '../languages/index.js';
import { SpeechError } from './speech-error.js';
import { PocketsphinxSpeechToText } from './stt/pocketsphinx.js';
import { WarmPocketsphinxSpeechToText } from './stt/pocketsphinx-warm.js';
import type { SpeechToText } from './stt/speech-to-text.js';
import { OpenAiSpeechToText } from './stt/openai.js';
import { modelDirProblem, SherpaOnnxSpeechToText } from './stt/sherpa-onnx.js';
import { BrowserSpeechToText, NoSpeechToText } from './stt/unavailable.js';
import { TenantLimitedSpeechToText } from './stt/tenant-limited.js';
import { EspeakTextToSpeech } from './tts/espeak.js';
import { FliteTextToSpeech } from './tts/flite.js';
import { OpenAiTextToSpeech } from './tts/openai.js';
import { PerLanguageTextToSpeech } from './tts/per-language.js';
import { CachedTextToSpeech, type SynthesisSource } from './tts/synthesis-cache.js';
import type { TextToSpeech } from './tts/text-to-speech.js';
import { NoTextToSpeech } from './tts/unavailable.js';

export * from './audio.js';
export { SpeechError } from './speech-error.js';
export type { RecognitionContext, RecognitionStream, SpeechToText } from './stt/speech-to-text.js';
export { transcribe } from './stt/speech-to-text.js';
export type { TextToSpeech } from './tts/text-to-speech.js';
export type { SynthesisSource } from './tts/synthesis-cache.js';
export { synthesizeSentences } from './tts/sentences.js';
export { wordErrorRate } from './word-error-rate.js';

export interface Speech {
  stt: SpeechToText;
  tts: TextToSpeech;
  /** What the start-up log should say about speech (for example a fallback to typed answers). */
  notes: readonly string[];
  /** Calls `listener` for each sentence the interviewer's voice is asked for, with how it was served (metrics). */
  observeSynthesis(listener: (source: SynthesisSource) => void): void;
  /** Starts the synthesizer's workers ahead of the first interview (the server calls it 5 s after listening; tests need not). */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

export type SpeechSettings = Pick<Config, 'sttProvider' | 'ttsProvider' | 'speech'>;

export interface SpeechOverrides {
  /** Another PocketSphinx binary (tests use a missing one to see the start-up refusal). */
  pocketsphinxBinary?: string;
  /** Another koffi module for the warm decoders (tests use a missing one to see the fallback). */
  koffiPath?: string;
  /** Bounds a recognition's wait for a free recogniser (the service's; tests pass a virtual one). */
  scheduler?: Scheduler;
}

/**
 * Builds the configured providers. A provider that was asked for and cannot
 * run is a SpeechError with one line for the start-up; the default recogniser
 * (PocketSphinx) quietly becomes `none` when it is not installed, with a note.
 */
export function createSpeech(config: SpeechSettings, overrides: SpeechOverrides = {}): Speech {
  const notes: string[] = [];
  const stt = limitCapacity(createRecogniser(config, overrides, notes), config, overrides.scheduler);
  const synthesizer = createSynthesizer(config);
  const cache = config.speech.ttsCacheBytes > 0 ? new CachedTextToSpeech(synthesizer, config.speech.ttsCacheBytes) : null;
  const tts = cache ?? synthesizer;
  return {
    stt,
    tts,
    notes,
    observeSynthesis(listener) {
      cache?.observe(listener);
    },
    async warmUp() {
      await tts.warmUp?.();
    },
    async close() {
      await Promise.all([stt.close(), tts.close()]);
    },
  };
}

function createRecogniser(config: SpeechSettings, overrides: SpeechOverrides, notes: string[]): SpeechToText {
  switch (config.sttProvider) {
    case 'pocketsphinx': {
      const missing = PocketsphinxSpeechToText.missing(overrides.pocketsphinxBinary);
      if (!missing) return createPocketsphinx(config, overrides, notes);
      if (config.speech.sttProviderExplicit) throw new SpeechError('STT_PROVIDER=pocketsphinx', missing);
      notes.push(`speech recognition off: ${missing}; candidates answer by typing`);
      return new NoSpeechToText();
    }
    case 'browser':
      return new BrowserSpeechToText();
    case 'sherpa-onnx': {
      // Config refuses sherpa-onnx without STT_MODEL_DIR.
      const root = config.speech.stt.modelDir!;
      const problem = modelDirProblem(root);
      if (problem) throw new SpeechError('STT_PROVIDER=sherpa-onnx', problem);
      const stt = new SherpaOnnxSpeechToText(root);
      const heard = LANGUAGES.filter((language) => stt.supports(language)).map((language) => language.tag);
      const typed = LANGUAGES.length - heard.length;
      notes.push(
        `speech recognition: sherpa-onnx models for ${heard.join(', ')}${typed > 0 ? '; the other languages answer by typing' : ''}`,
      );
      return stt;
    }
    case 'openai':
      return new OpenAiSpeechToText({ ...config.speech.stt, timeoutMs: config.speech.timeoutSeconds * 1000 });
    case 'none':
      return new NoSpeechToText();
  }
}

/** Warm decoders (STT_DECODERS, by default the cores) where libpocketsphinx loads through koffi; else, or with STT_DECODERS=0, a process per utterance, which loads the model each time. */
function createPocketsphinx(config: SpeechSettings, overrides: SpeechOverrides, notes: string[]): SpeechToText {
  const perUtterance = () => new PocketsphinxSpeechToText({ binary: overrides.pocketsphinxBinary });
  // A binary of the tests' choosing is the per-utterance path under test.
  if (overrides.pocketsphinxBinary || config.speech.sttDecoders === 0) return perUtterance();
  const cold = WarmPocketsphinxSpeechToText.missing(overrides.koffiPath ?? undefined);
  if (cold) {
    notes.push(`PocketSphinx runs one process per utterance (slower: each loads the model): ${cold}`);
    return perUtterance();
  }
  return new WarmPocketsphinxSpeechToText({
    processes: config.speech.sttDecoders,
    maxStreams: config.speech.sttMaxConcurrent,
    ...(overrides.koffiPath ? { koffiPath: overrides.koffiPath } : {}),
  });
}

/** Recognisers that run on this node's or a shared server's capacity are shared out per tenant. */
function limitCapacity(stt: SpeechToText, config: SpeechSettings, scheduler?: Scheduler): SpeechToText {
  if (stt.recognisesInBrowser || stt instanceof NoSpeechToText) return stt;
  return new TenantLimitedSpeechToText(
    stt,
    { maxConcurrent: config.speech.sttMaxConcurrent, maxConcurrentPerTenant: config.speech.sttMaxConcurrentPerOwner },
    scheduler,
  );
}

/**
 * The voice a simulated candidate speaks with (`cli simulate --voice`): flite
 * where it has a voice (PocketSphinx hears flite's English far better than
 * eSpeak NG's), eSpeak NG elsewhere, whatever the server speaks with.
 */
export function createCandidateVoice(): TextToSpeech {
  return new PerLanguageTextToSpeech('flite', { flite: new FliteTextToSpeech(), espeak: new EspeakTextToSpeech() });
}

function createSynthesizer(config: SpeechSettings): TextToSpeech {
  switch (config.ttsProvider) {
    case 'espeak':
      return new EspeakTextToSpeech();
    case 'flite':
      return new PerLanguageTextToSpeech('flite', { flite: new FliteTextToSpeech(), espeak: new EspeakTextToSpeech() });
    case 'openai':
      return new OpenAiTextToSpeech({ ...config.speech.tts, timeoutMs: config.speech.timeoutSeconds * 1000 });
    case 'none':
      return new NoTextToSpeech();
  }
}
