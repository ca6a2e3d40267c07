// eSpeak NG compiled to WebAssembly (@echogarden/espeak-ng-emscripten): a voice
// for every interview language, no native binary. It runs in worker threads
// (synth-workers.ts); aborting a running synthesis raises the shared flag that
// the worker's audio callback reads, and eSpeak stops at its next audio chunk.

import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Language } from '../../languages/language.js';
import type { PcmAudio } from '../audio.js';
import { SpeechError } from '../speech-error.js';
import { SynthWorkers } from './synth-workers.js';
import type { TextToSpeech } from './text-to-speech.js';

/** eSpeak NG's output rate. */
export const ESPEAK_SAMPLE_RATE = 22_050;

/** Longest text synthesized in one call: several minutes of speech, far past any interviewer turn. */
export const MAX_TTS_CHARS = 10_000;

// The worker is plain JavaScript given as a string, so it runs the same under
// tsx, Vitest and the compiled dist/ without a build step of its own.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const abortFlag = new Int32Array(workerData.abortFlag);
let engine = null;
async function load() {
  const { default: init } = await import(workerData.moduleUrl);
  const module = await init();
  return new module.eSpeakNGWorker();
}
parentPort.on('message', async (job) => {
  try {
    engine ??= await load();
    if (engine.set_voice(job.voice) !== 0) throw new Error('eSpeak NG has no voice "' + job.voice + '"');
    const chunks = [];
    let length = 0;
    engine.synthesize(job.text, (samples) => {
      chunks.push(samples);
      length += samples.length;
      return Atomics.load(abortFlag, 0) === 1;
    });
    // Aborted: the caller has already been answered; an empty reply frees the worker.
    const aborted = Atomics.load(abortFlag, 0) === 1;
    const samples = new Int16Array(aborted ? 0 : length);
    let offset = 0;
    for (const chunk of aborted ? [] : chunks) { samples.set(chunk, offset); offset += chunk.length; }
    parentPort.postMessage({ id: job.id, sampleRate: engine.samplerate, samples }, [samples.buffer]);
  } catch (error) {
    // A WebAssembly trap can leave the instance broken: the next job loads a fresh one.
    if (error instanceof WebAssembly.RuntimeError) engine = null;
    parentPort.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

export interface EspeakOptions {
  /** Worker threads, each with its own eSpeak instance (about 40 MB each). Default: up to 2. */
  workers?: number;
}

export class EspeakTextToSpeech implements TextToSpeech {
  readonly name = 'espeak';
  private readonly workers: SynthWorkers;

  constructor(options: EspeakOptions = {}) {
    this.workers = new SynthWorkers({
      provider: this.name,
      source: WORKER_SOURCE,
      // Resolved here, in the main thread, so a missing package fails at start-up, not mid-interview.
      workerData: { moduleUrl: pathToFileURL(createRequire(import.meta.url).resolve('@echogarden/espeak-ng-emscripten')).href },
      size: options.workers ?? Math.min(2, availableParallelism()),
    });
  }

  supports(language: Language): boolean {
    return language.speech.espeakVoice !== '';
  }

  async synthesize(text: string, language: Language, signal?: AbortSignal): Promise<PcmAudio> {
    if (text.length > MAX_TTS_CHARS) {
      throw new SpeechError(this.name, `text is too long (${text.length} characters, at most ${MAX_TTS_CHARS})`);
    }
    const clean = escapeForEspeak(text);
    if (clean === '') return { sampleRate: ESPEAK_SAMPLE_RATE, samples: new Int16Array(0) };
    return this.workers.run({ text: clean, voice: language.speech.espeakVoice }, signal);
  }

  warmUp(): Promise<void> {
    return this.workers.warmUp({ text: 'ok', voice: 'en-us' });
  }

  close(): Promise<void> {
    return this.workers.close();
  }
}

/**
 * What eSpeak is given. This build reads SSML and "[[...]]" phoneme input, so
 * text from a model could otherwise switch voices or inject sounds: markup
 * characters are escaped, phoneme brackets broken, control characters dropped.
 */
export function escapeForEspeak(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/\[\[/g, '[ [')
      .replace(/\]\]/g, '] ]')
      .trim()
  );
}
