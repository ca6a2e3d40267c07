// PCM16 as bytes, without a copy (the speech module owns resampling and WAV).

export function pcmBytes(samples: Int16Array): Buffer {
  return Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
}
