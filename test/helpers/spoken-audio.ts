// Real speech for the voice tests: flite speaks a sentence (helpers/speech.ts)
// in the candidate format (16 kHz mono PCM16) with silence around it, and sox
// makes noise. Nothing is recorded or canned.

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { speakWithFlite as fliteSpeech } from './speech.js';

const run = promisify(execFile);

export interface SpokenOptions {
  /** Silence before and after the words, in ms. */
  leadMs?: number;
  trailMs?: number;
}

/** The sentence spoken by flite (voice slt) as 16 kHz mono PCM16, with the silences asked for. */
export async function speakWithFlite(text: string, options: SpokenOptions = {}): Promise<Int16Array> {
  return concatSamples(silence(options.leadMs ?? 0), fliteSpeech(text).samples, silence(options.trailMs ?? 0));
}

/** sox's noise generators in the candidate format: `whitenoise`, `pinknoise`, ... at a given amplitude (0..1). */
export async function synthNoise(kind: 'whitenoise' | 'pinknoise' | 'brownnoise', seconds: number, amplitude: number): Promise<Int16Array> {
  const { stdout } = await run(
    'sox',
    [
      '-n',
      '-t',
      'raw',
      '-r',
      '16000',
      '-b',
      '16',
      '-e',
      'signed-integer',
      '-c',
      '1',
      '-L',
      '-',
      'synth',
      String(seconds),
      kind,
      'vol',
      String(amplitude),
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return toSamples(stdout);
}

export function silence(ms: number): Int16Array {
  return new Int16Array(Math.round((ms / 1000) * 16_000));
}

export function concatSamples(...parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Speech without the synthesizer's own leading and trailing silence (samples quieter than `threshold`). */
export function trimSilence(samples: Int16Array, threshold = 200): Int16Array {
  let start = 0;
  let end = samples.length;
  while (start < end && Math.abs(samples[start]!) < threshold) start++;
  while (end > start && Math.abs(samples[end - 1]!) < threshold) end--;
  return samples.subarray(start, end);
}

function toSamples(bytes: Buffer): Int16Array {
  const copy = new Uint8Array(bytes.byteLength - (bytes.byteLength % 2));
  copy.set(bytes.subarray(0, copy.length));
  return new Int16Array(copy.buffer);
}
