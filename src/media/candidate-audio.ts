// The candidate's microphone audio, spooled per interview while the session
// runs, for the mixed recording. The voice channel calls append() with each
// piece of PCM (about 1.5 s, candidate-recording.ts) and the wall-clock time of
// its first sample; whichever node assembles the recording collects the pieces
// after the interview ended.
//
// Each append is one object of the shared store (MediaStorage: S3 in a
// cluster, DATA_DIR/media/store on one node), under
// interviews/<id>/spool/candidate/<first sample, epoch ms>-<random>.pcm, so any
// node can take over the session and any worker can read the audio; a put is
// all or nothing, so a node killed mid-write loses that piece and nothing else.
// A piece holds records of a 16-byte header ("CAS1", float64 LE start in epoch
// ms, uint32 LE sample count) and the samples (PCM16 LE mono, 16 kHz).

import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { spoolPrefix, type MediaStorage } from './media-storage.js';

export const CANDIDATE_AUDIO_RATE = 16_000;
const MAGIC = 0x31534143; // "CAS1" read as uint32 LE
const HEADER_BYTES = 16;
const INTERVIEW_ID = /^[A-Za-z0-9-]{1,64}$/;

export interface CandidateAudioSink {
  /**
   * Appends PCM16 mono 16 kHz audio whose first sample was captured at
   * `startedAtMs` (epoch milliseconds: the recording timeline places it from
   * there, whatever session or node captured it). Resolves once stored.
   */
  append(interviewId: string, startedAtMs: number, pcm: Int16Array): Promise<void>;
}

/** One spooled record: where its samples sit in the collected file and when they were heard. */
export interface SpooledSegment {
  startMs: number;
  samples: number;
  /** Byte offset of the first sample in the collected file. */
  byteOffset: number;
}

export class StoredCandidateAudio implements CandidateAudioSink {
  /** Puts in flight: a node that stops waits for them before it closes the store's connections. */
  private readonly writing = new Set<Promise<void>>();

  constructor(private readonly storage: MediaStorage) {}

  /** Where the interview's pieces live in the store. */
  prefixOf(interviewId: string): string {
    if (!INTERVIEW_ID.test(interviewId)) throw new Error(`invalid interview id "${interviewId}"`);
    return `${spoolPrefix(interviewId)}candidate/`;
  }

  append(interviewId: string, startedAtMs: number, pcm: Int16Array): Promise<void> {
    const write = this.store(interviewId, startedAtMs, pcm);
    this.writing.add(write);
    void write.finally(() => this.writing.delete(write)).catch(() => {});
    return write;
  }

  /** Resolves once every piece handed over so far is stored (or failed). */
  async settled(): Promise<void> {
    while (this.writing.size > 0) await Promise.allSettled([...this.writing]);
  }

  private async store(interviewId: string, startedAtMs: number, pcm: Int16Array): Promise<void> {
    if (pcm.length === 0) return;
    if (!Number.isFinite(startedAtMs)) throw new Error('candidate audio needs the time of its first sample');
    const record = Buffer.alloc(HEADER_BYTES + pcm.length * 2);
    record.writeUInt32LE(MAGIC, 0);
    record.writeDoubleLE(startedAtMs, 4);
    record.writeUInt32LE(pcm.length, 12);
    Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength).copy(record, HEADER_BYTES);
    // Named by the time of the first sample (listing order is time order); the random part keeps two nodes apart.
    const name = `${String(Math.floor(startedAtMs)).padStart(13, '0')}-${randomBytes(4).toString('hex')}.pcm`;
    await this.storage.putBytes(`${this.prefixOf(interviewId)}${name}`, record, 'application/octet-stream');
  }

  /**
   * Copies every piece into `file` (one at a time: memory stays at one piece)
   * and returns where each record's samples sit in it; empty when the candidate never spoke.
   */
  async collect(interviewId: string, file: string): Promise<SpooledSegment[]> {
    const segments: SpooledSegment[] = [];
    const handle = await open(file, 'w', 0o600);
    try {
      let written = 0;
      for (const piece of await this.storage.list(this.prefixOf(interviewId))) {
        const bytes = await this.storage.getBytes(piece.key);
        if (!bytes) continue; // removed since the listing (an erase): nothing to place
        for (const record of parseRecords(bytes)) segments.push({ ...record, byteOffset: written + record.byteOffset });
        await handle.write(bytes, 0, bytes.length, written);
        written += bytes.length;
      }
    } finally {
      await handle.close();
    }
    return segments;
  }

  /** The records stored so far (their offsets are within each piece): what a node has made durable. */
  async segments(interviewId: string): Promise<SpooledSegment[]> {
    const segments: SpooledSegment[] = [];
    for (const piece of await this.storage.list(this.prefixOf(interviewId))) {
      const bytes = await this.storage.getBytes(piece.key);
      if (bytes) segments.push(...parseRecords(bytes));
    }
    return segments.sort((a, b) => a.startMs - b.startMs);
  }

  async discard(interviewId: string): Promise<void> {
    await this.storage.deletePrefix(this.prefixOf(interviewId));
  }
}

/** The complete records of one piece; anything after a record that is not ours, or cut short, is ignored. */
function parseRecords(bytes: Buffer): SpooledSegment[] {
  const records: SpooledSegment[] = [];
  let position = 0;
  while (position + HEADER_BYTES <= bytes.length) {
    if (bytes.readUInt32LE(position) !== MAGIC) break;
    const samples = bytes.readUInt32LE(position + 12);
    const end = position + HEADER_BYTES + samples * 2;
    if (end > bytes.length) break;
    records.push({ startMs: bytes.readDoubleLE(position + 4), samples, byteOffset: position + HEADER_BYTES });
    position = end;
  }
  return records;
}
