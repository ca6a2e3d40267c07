// eSpeak NG compiled to WebAssembly (@echogarden/espeak-ng-emscripten): a voice
// for every interview language, no native binary. eSpeak NG is GPL-3.0, so it
// runs as a separate program, never inside the service's process
// (synth-processes.ts, docs/licenses.md); aborting a running synthesis ends
// that program and a fresh one takes its place.

import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Language } from '../../languages/language.js';
import type { PcmAudio } from '../audio.js';
import { SpeechError } from '../speech-error.js';
import { SynthProcesses } from './synth-processes.js';
import type { SynthUrgency, TextToSpeech } from './text-to-speech.js';

/** eSpeak NG's output rate. */
export const ESPEAK_SAMPLE_RATE = 22_050;

/** Longest text synthesized in one call: several minutes of speech, far past any interviewer turn. */
export const MAX_TTS_CHARS = 10_000;

// The program's engine part (synth-processes.ts runs it after its prelude). It
// loads eSpeak as soon as it starts, so a replacement process is ready early.
const PROGRAM_SOURCE = `
const engine = (async () => {
  const { default: init } = await import(config.moduleUrl);
  const module = await init();
  return new module.eSpeakNGWorker();
})();
async function handle(job) {
  const espeak = await engine;
  try {
    if (espeak.set_voice(job.voice) !== 0) throw new Error('eSpeak NG has no voice "' + job.voice + '"');
    const chunks = [];
    let length = 0;
    espeak.synthesize(job.text, (samples) => {
      chunks.push(samples.slice());
      length += samples.length;
      return false;
    });
    const samples = new Int16Array(length);
    let offset = 0;
    for (const chunk of chunks) { samples.set(chunk, offset); offset += chunk.length; }
    send({ id: job.id, sampleRate: espeak.samplerate }, samples);
  } catch (error) {
    send({ id: job.id, error: error instanceof Error ? error.message : String(error) });
    // A WebAssembly trap can leave the instance broken: the next job gets a fresh program.
    if (error instanceof WebAssembly.RuntimeError) process.exit(1);
  }
}
`;

export interface EspeakOptions {
  /** Programs running at once, each with its own eSpeak instance (about 80 MB each). Default: up to 2. */
  workers?: number;
}

export class EspeakTextToSpeech implements TextToSpeech {
  readonly name = 'espeak';
  private readonly workers: SynthProcesses;

  constructor(options: EspeakOptions = {}) {
    this.workers = new SynthProcesses({
      provider: this.name,
      source: PROGRAM_SOURCE,
      // Resolved here, in the service, so a missing package fails at start-up, not mid-interview.
      config: { moduleUrl: pathToFileURL(createRequire(import.meta.url).resolve('@echogarden/espeak-ng-emscripten')).href },
      size: options.workers ?? Math.min(2, availableParallelism()),
      decode: ({ header, body }) => ({
        sampleRate: header.sampleRate as number,
        samples: new Int16Array(body.buffer, body.byteOffset, body.byteLength >> 1),
      }),
    });
  }

  supports(language: Language): boolean {
    return language.speech.espeakVoice !== '';
  }

  async synthesize(text: string, language: Language, signal?: AbortSignal, urgency?: SynthUrgency): Promise<PcmAudio> {
    if (text.length > MAX_TTS_CHARS) {
      throw new SpeechError(this.name, `text is too long (${text.length} characters, at most ${MAX_TTS_CHARS})`);
    }
    const clean = escapeForEspeak(text);
    if (clean === '') return { sampleRate: ESPEAK_SAMPLE_RATE, samples: new Int16Array(0) };
    return this.workers.run({ text: clean, voice: language.speech.espeakVoice }, signal, urgency);
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
