// Mixes PCM sources placed on the timeline into one stream, a second at a
// time: each source is a stretch of a PCM16 file (a synthesised utterance, a
// record of the candidate spool) read only for the chunk being mixed, so the
// memory used does not grow with the interview's length.

import { open, type FileHandle } from 'node:fs/promises';

export interface PcmSource {
  file: string;
  byteOffset: number;
  samples: number;
  /** Timeline position of the first sample, in samples (may be negative: the part before zero is dropped). */
  atSample: number;
}

export async function mixSources(
  sources: readonly PcmSource[],
  totalSamples: number,
  chunkSamples: number,
  emit: (chunk: Buffer) => Promise<void>,
): Promise<void> {
  const sorted = [...sources].filter((s) => s.samples > 0).sort((a, b) => a.atSample - b.atSample);
  const handles = new Map<string, FileHandle>();
  const handleOf = async (file: string) => {
    let handle = handles.get(file);
    if (!handle) {
      handle = await open(file, 'r');
      handles.set(file, handle);
    }
    return handle;
  };
  const sum = new Int32Array(chunkSamples);
  const read = Buffer.alloc(chunkSamples * 2);
  const readSamples = new Int16Array(read.buffer, read.byteOffset, chunkSamples);
  let next = 0;
  let active: PcmSource[] = [];
  try {
    for (let start = 0; start < totalSamples; start += chunkSamples) {
      const length = Math.min(chunkSamples, totalSamples - start);
      const end = start + length;
      while (next < sorted.length && sorted[next]!.atSample < end) active.push(sorted[next++]!);
      active = active.filter((source) => source.atSample + source.samples > start);
      sum.fill(0, 0, length);
      for (const source of active) {
        const from = Math.max(start, source.atSample);
        const to = Math.min(end, source.atSample + source.samples);
        if (to <= from) continue;
        const count = to - from;
        const handle = await handleOf(source.file);
        await handle.read(read, 0, count * 2, source.byteOffset + (from - source.atSample) * 2);
        const at = from - start;
        for (let i = 0; i < count; i++) sum[at + i]! += readSamples[i]!;
      }
      // A fresh buffer per chunk: ffmpeg's pipe may still hold the previous one. (Little-endian hosts, as PCM16 LE.)
      const out = new Int16Array(length);
      for (let i = 0; i < length; i++) out[i] = Math.max(-32768, Math.min(32767, sum[i]!));
      await emit(Buffer.from(out.buffer, 0, length * 2));
    }
  } finally {
    for (const handle of handles.values()) await handle.close();
  }
}
