// Audio as the speech pipeline passes it around: 16-bit signed PCM, mono,
// little-endian, at a stated sample rate. The candidate page sends 16 kHz;
// synthesizers answer at their own rate and say which. WAV in and out and a
// resampler live here so media, voice and the providers share one of each.

import { SpeechError } from './speech-error.js';

export const CANDIDATE_SAMPLE_RATE = 16_000;

export interface PcmAudio {
  readonly sampleRate: number;
  readonly samples: Int16Array;
}

/** Duration in milliseconds. */
export function pcmDurationMs(audio: PcmAudio): number {
  return (audio.samples.length / audio.sampleRate) * 1000;
}

/** Root-mean-square level in dBFS (-Infinity for digital silence). */
export function rmsDbfs(samples: Int16Array): number {
  if (samples.length === 0) return -Infinity;
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  const rms = Math.sqrt(sum / samples.length) / 32768;
  return rms === 0 ? -Infinity : 20 * Math.log10(rms);
}

/** Zero-crossings of the windowed-sinc kernel on each side: enough to keep aliasing well below speech's noise floor. */
const SINC_ZERO_CROSSINGS = 8;
/** Rate pairs whose output sample positions repeat within this many phases get a kernel table; others are computed tap by tap. */
const MAX_TABLE_PHASES = 4_096;
/** Kernel tables kept (a node sees a handful of rate pairs: its synthesizers' and the page's). */
const MAX_TABLES = 16;

/**
 * The kernel's weights for one output position's fractional phase: weights[k]
 * applies to input sample floor(center) + firstOffset + k.
 */
interface PhaseKernel {
  firstOffset: number;
  weights: Float64Array;
}

/** By "from:to": the kernels for each of the pair's phases. */
const kernelTables = new Map<string, PhaseKernel[]>();

/**
 * The same sound at another sample rate (windowed-sinc interpolation, low-passed
 * below the lower Nyquist frequency when going down, so nothing folds back).
 */
export function resample(audio: PcmAudio, targetRate: number = CANDIDATE_SAMPLE_RATE): PcmAudio {
  if (!Number.isInteger(targetRate) || targetRate < 1000 || targetRate > 384_000) {
    throw new RangeError(`sample rate must be an integer from 1000 to 384000 (got ${targetRate})`);
  }
  const { sampleRate, samples } = audio;
  if (sampleRate === targetRate || samples.length === 0) return { sampleRate: targetRate, samples: samples.slice() };
  const step = sampleRate / targetRate;
  const length = Math.floor(samples.length / step);
  const out = new Int16Array(length);
  // Only whole rates have a common divisor (a WAV's rate always is one).
  const divisor = Number.isInteger(sampleRate) ? greatestCommonDivisor(sampleRate, targetRate) : 0;
  const phases = divisor > 0 ? targetRate / divisor : Infinity;
  if (phases > MAX_TABLE_PHASES) {
    const shape = kernelShape(sampleRate, targetRate);
    for (let j = 0; j < length; j++) out[j] = clamp16(interpolate(samples, j * step, shape));
    return { sampleRate: targetRate, samples: out };
  }
  // Output sample j sits at j * step = j * advance / phases input samples: its fractional part
  // takes `phases` values in turn, so each phase's weights are computed once, not per sample
  // (the trigonometry was most of a speaking node's main-thread time).
  const advance = sampleRate / divisor;
  const table = kernelTable(sampleRate, targetRate, phases);
  for (let j = 0; j < length; j++) {
    const base = Math.floor((j * advance) / phases);
    const { firstOffset, weights } = table[(j * advance) % phases]!;
    const first = base + firstOffset;
    let sum = 0;
    let total = 0;
    for (let k = Math.max(0, -first); k < weights.length && first + k < samples.length; k++) {
      sum += weights[k]! * samples[first + k]!;
      total += weights[k]!;
    }
    // Dividing by the weights keeps the gain at 1 at the edges, where the kernel is cut short.
    out[j] = clamp16(total === 0 ? 0 : sum / total);
  }
  return { sampleRate: targetRate, samples: out };
}

/** The low-pass cutoff (a fraction of the input's Nyquist frequency) and the kernel's half-width in input samples. */
function kernelShape(sampleRate: number, targetRate: number): { cutoff: number; halfWidth: number } {
  const cutoff = Math.min(1, targetRate / sampleRate);
  return { cutoff, halfWidth: SINC_ZERO_CROSSINGS / cutoff };
}

/** The kernel's weight at `x` input samples from the output position. */
function weightAt(x: number, { cutoff, halfWidth }: { cutoff: number; halfWidth: number }): number {
  return cutoff * sinc(cutoff * x) * blackman(x / halfWidth);
}

/** One output sample at input position `center`, every tap computed. */
function interpolate(samples: Int16Array, center: number, shape: { cutoff: number; halfWidth: number }): number {
  const first = Math.max(0, Math.ceil(center - shape.halfWidth));
  const last = Math.min(samples.length - 1, Math.floor(center + shape.halfWidth));
  let sum = 0;
  let total = 0;
  for (let i = first; i <= last; i++) {
    const weight = weightAt(i - center, shape);
    sum += weight * samples[i]!;
    total += weight;
  }
  return total === 0 ? 0 : sum / total;
}

function kernelTable(sampleRate: number, targetRate: number, phases: number): PhaseKernel[] {
  const key = `${sampleRate}:${targetRate}`;
  const cached = kernelTables.get(key);
  if (cached) return cached;
  const shape = kernelShape(sampleRate, targetRate);
  const table: PhaseKernel[] = [];
  for (let phase = 0; phase < phases; phase++) {
    const fraction = phase / phases;
    const firstOffset = Math.ceil(fraction - shape.halfWidth);
    const lastOffset = Math.floor(fraction + shape.halfWidth);
    const weights = new Float64Array(lastOffset - firstOffset + 1);
    for (let k = 0; k < weights.length; k++) weights[k] = weightAt(firstOffset + k - fraction, shape);
    table.push({ firstOffset, weights });
  }
  if (kernelTables.size >= MAX_TABLES) kernelTables.delete(kernelTables.keys().next().value!);
  kernelTables.set(key, table);
  return table;
}

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

function sinc(x: number): number {
  if (x === 0) return 1;
  const px = Math.PI * x;
  return Math.sin(px) / px;
}

/** Blackman window over [-1, 1]. */
function blackman(t: number): number {
  if (t <= -1 || t >= 1) return 0;
  const phase = Math.PI * (t + 1);
  return 0.42 - 0.5 * Math.cos(phase) + 0.08 * Math.cos(2 * phase);
}

function clamp16(value: number): number {
  return Math.max(-32768, Math.min(32767, Math.round(value)));
}

/** A canonical 44-byte-header WAV file: PCM, 16-bit, mono. */
export function encodeWav(audio: PcmAudio): Buffer {
  const dataBytes = audio.samples.length * 2;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(audio.sampleRate, 24);
  wav.writeUInt32LE(audio.sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < audio.samples.length; i++) wav.writeInt16LE(audio.samples[i]!, 44 + i * 2);
  return wav;
}

const FORMAT_PCM = 1;
const FORMAT_FLOAT = 3;
const FORMAT_EXTENSIBLE = 0xfffe;
/** Longest WAV decoded: an hour of 48 kHz stereo float is far past any interview answer. */
const MAX_WAV_BYTES = 1024 * 1024 * 1024;

/**
 * Reads a WAV file (PCM 8/16/24/32-bit or 32-bit float, any channel count,
 * which is mixed down to mono). Anything else, truncated or inconsistent,
 * is a SpeechError: WAVs arrive from clients and remote servers.
 */
export function decodeWav(bytes: Uint8Array): PcmAudio {
  const fail = (problem: string): never => {
    throw new SpeechError('wav', problem);
  };
  if (bytes.length > MAX_WAV_BYTES) fail('file is too large');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') fail('not a RIFF/WAVE file');
  let format: { code: number; channels: number; sampleRate: number; bits: number } | null = null;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + size > bytes.length) fail('fmt chunk is truncated');
      let code = view.getUint16(body, true);
      if (code === FORMAT_EXTENSIBLE && size >= 26) code = view.getUint16(body + 24, true); // the sub-format GUID's first two bytes
      format = {
        code,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      if (!format) return fail('data chunk comes before the fmt chunk');
      // Streamed WAVs (ffmpeg to a pipe) leave the data size at 0 or 0xFFFFFFFF: take what is there.
      const end = size === 0 || size === 0xffffffff ? bytes.length : Math.min(bytes.length, body + size);
      return { sampleRate: format.sampleRate, samples: toMono16(view, body, end, format, fail) };
    }
    offset = body + size + (size % 2); // chunks are word-aligned
  }
  return fail(format ? 'no data chunk' : 'no fmt chunk');
}

function toMono16(
  view: DataView,
  start: number,
  end: number,
  format: { code: number; channels: number; sampleRate: number; bits: number },
  fail: (problem: string) => never,
): Int16Array {
  const { code, channels, sampleRate, bits } = format;
  if (channels < 1 || channels > 16) fail(`unsupported channel count ${channels}`);
  if (sampleRate < 1000 || sampleRate > 384_000) fail(`unsupported sample rate ${sampleRate}`);
  const read = sampleReader(view, code, bits) ?? fail(`unsupported sample format (format ${code}, ${bits}-bit)`);
  const frameBytes = (bits / 8) * channels;
  const frames = Math.floor((end - start) / frameBytes);
  const out = new Int16Array(frames);
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0;
    for (let channel = 0; channel < channels; channel++) sum += read(start + frame * frameBytes + (channel * bits) / 8);
    out[frame] = clamp16((sum / channels) * 32768);
  }
  return out;
}

/** A reader of one sample as a float in [-1, 1). */
function sampleReader(view: DataView, code: number, bits: number): ((at: number) => number) | null {
  if (code === FORMAT_PCM && bits === 8) return (at) => (view.getUint8(at) - 128) / 128;
  if (code === FORMAT_PCM && bits === 16) return (at) => view.getInt16(at, true) / 32768;
  if (code === FORMAT_PCM && bits === 24) return (at) => ((view.getUint8(at + 2) << 24) | (view.getUint16(at, true) << 8)) / 2 ** 31;
  if (code === FORMAT_PCM && bits === 32) return (at) => view.getInt32(at, true) / 2 ** 31;
  if (code === FORMAT_FLOAT && bits === 32) return (at) => view.getFloat32(at, true);
  return null;
}

/** Little-endian 16-bit PCM bytes (the candidate's binary frames) as samples; an odd trailing byte is dropped. */
export function pcmFromBytes(bytes: Uint8Array): Int16Array {
  const count = Math.floor(bytes.byteLength / 2);
  const out = new Int16Array(count);
  const view = new DataView(bytes.buffer, bytes.byteOffset, count * 2);
  for (let i = 0; i < count; i++) out[i] = view.getInt16(i * 2, true);
  return out;
}

/** Samples as little-endian 16-bit PCM bytes. */
export function pcmToBytes(samples: Int16Array): Buffer {
  const out = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) out.writeInt16LE(samples[i]!, i * 2);
  return out;
}
