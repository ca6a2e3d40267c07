import { describe, expect, it } from 'vitest';
import { decodeWav, encodeWav, pcmDurationMs, pcmFromBytes, pcmToBytes, resample, rmsDbfs, type PcmAudio } from './audio.js';
import { SpeechError } from './speech-error.js';

function tone(frequency: number, sampleRate: number, seconds: number, amplitude = 10_000): PcmAudio {
  const samples = new Int16Array(Math.round(sampleRate * seconds));
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate));
  return { sampleRate, samples };
}

/** Upward zero crossings per second: the frequency of a pure tone. */
function frequencyOf(audio: PcmAudio): number {
  let crossings = 0;
  for (let i = 1; i < audio.samples.length; i++) if (audio.samples[i - 1]! < 0 && audio.samples[i]! >= 0) crossings++;
  return crossings / (audio.samples.length / audio.sampleRate);
}

/** A WAV header for hand-built files: format code, channels, rate, bits, then the data bytes. */
function wav(format: number, channels: number, sampleRate: number, bits: number, data: Buffer, extra: Buffer = Buffer.alloc(0)): Buffer {
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0, 'ascii');
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(format, 8);
  fmt.writeUInt16LE(channels, 10);
  fmt.writeUInt32LE(sampleRate, 12);
  fmt.writeUInt32LE((sampleRate * channels * bits) / 8, 16);
  fmt.writeUInt16LE((channels * bits) / 8, 20);
  fmt.writeUInt16LE(bits, 22);
  const head = Buffer.alloc(8);
  head.write('data', 0, 'ascii');
  head.writeUInt32LE(data.length, 4);
  const body = Buffer.concat([Buffer.from('WAVE', 'ascii'), extra, fmt, head, data]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'ascii');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

describe('WAV', () => {
  it('round-trips 16-bit mono PCM with its sample rate', () => {
    const audio = tone(440, 22_050, 0.25);
    const decoded = decodeWav(encodeWav(audio));
    expect(decoded.sampleRate).toBe(22_050);
    expect([...decoded.samples]).toEqual([...audio.samples]);
    expect(encodeWav(audio).length).toBe(44 + audio.samples.length * 2);
  });

  it('mixes stereo down to mono and reads float and 24-bit samples', () => {
    const stereo = Buffer.alloc(8);
    stereo.writeInt16LE(1000, 0);
    stereo.writeInt16LE(3000, 2);
    stereo.writeInt16LE(-2000, 4);
    stereo.writeInt16LE(-4000, 6);
    expect([...decodeWav(wav(1, 2, 8000, 16, stereo)).samples]).toEqual([2000, -3000]);

    const float = Buffer.alloc(8);
    float.writeFloatLE(0.5, 0);
    float.writeFloatLE(-1, 4);
    expect([...decodeWav(wav(3, 1, 48_000, 32, float)).samples]).toEqual([16384, -32768]);

    const pcm24 = Buffer.from([0x00, 0x00, 0x40, 0x00, 0x00, 0xc0]); // +0.5, -0.5
    expect([...decodeWav(wav(1, 1, 16_000, 24, pcm24)).samples]).toEqual([16384, -16384]);
  });

  it('skips chunks it does not know before the format', () => {
    const list = Buffer.concat([Buffer.from('LIST', 'ascii'), Buffer.from([3, 0, 0, 0]), Buffer.from('abc\0', 'ascii')]);
    const data = Buffer.alloc(4);
    data.writeInt16LE(7, 0);
    data.writeInt16LE(-7, 2);
    expect([...decodeWav(wav(1, 1, 16_000, 16, data, list)).samples]).toEqual([7, -7]);
  });

  it.each([
    ['empty input', Buffer.alloc(0)],
    ['text', Buffer.from('hello, this is not audio at all')],
    ['a header cut short', encodeWav(tone(440, 16_000, 0.01)).subarray(0, 30)],
    ['A-law samples', wav(6, 1, 8000, 8, Buffer.alloc(16))],
    ['no channels', wav(1, 0, 16_000, 16, Buffer.alloc(16))],
    ['an absurd sample rate', wav(1, 1, 5, 16, Buffer.alloc(16))],
  ])('refuses %s with a SpeechError', (_name, bytes) => {
    expect(() => decodeWav(bytes)).toThrow(SpeechError);
  });

  it('takes the samples that are there when the data size is wrong (streamed or cut-off files)', () => {
    const audio = tone(300, 16_000, 0.1);
    const cut = encodeWav(audio).subarray(0, 44 + 200);
    expect(decodeWav(cut).samples.length).toBe(100);
  });
});

describe('resample', () => {
  it('keeps the pitch and the duration when changing the rate', () => {
    const source = tone(440, 22_050, 1);
    const down = resample(source, 16_000);
    expect(down.sampleRate).toBe(16_000);
    expect(pcmDurationMs(down)).toBeCloseTo(1000, -1);
    expect(frequencyOf(down)).toBeCloseTo(440, -1);
    expect(rmsDbfs(down.samples)).toBeCloseTo(rmsDbfs(source.samples), 0);
    const up = resample(source, 48_000);
    expect(frequencyOf(up)).toBeCloseTo(440, -1);
  });

  it('removes what the lower rate cannot carry instead of folding it back as a false tone', () => {
    // 10 kHz at 48 kHz would alias to 6 kHz at 16 kHz; a proper low-pass leaves near silence.
    const down = resample(tone(10_000, 48_000, 0.5), 16_000);
    expect(rmsDbfs(down.samples.subarray(100, -100))).toBeLessThan(rmsDbfs(tone(10_000, 48_000, 0.5).samples) - 30);
  });

  it('keeps the pitch between rates whose sample positions never repeat soon (computed tap by tap)', () => {
    const source = tone(440, 44_101, 0.5);
    const down = resample(source, 16_000);
    expect(pcmDurationMs(down)).toBeCloseTo(500, -1);
    expect(frequencyOf(down)).toBeCloseTo(440, -1);
    expect(rmsDbfs(down.samples)).toBeCloseTo(rmsDbfs(source.samples), 0);
  });

  it('refuses a nonsensical target rate', () => {
    expect(() => resample(tone(440, 16_000, 0.1), 0)).toThrow(RangeError);
  });
});

describe('PCM bytes', () => {
  it('reads little-endian 16-bit frames and drops an odd trailing byte', () => {
    const samples = Int16Array.from([0, 1, -1, 32767, -32768]);
    const bytes = pcmToBytes(samples);
    expect([...pcmFromBytes(bytes)]).toEqual([...samples]);
    expect([...pcmFromBytes(Buffer.concat([bytes, Buffer.from([9])]))]).toEqual([...samples]);
    // A view into a larger buffer at an odd offset still reads correctly.
    const shifted = Buffer.concat([Buffer.from([0]), bytes]).subarray(1);
    expect([...pcmFromBytes(shifted)]).toEqual([...samples]);
  });
});
