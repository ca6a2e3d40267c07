// The candidate's microphone audio, spooled per interview while the session
// runs, for the mixed recording. The voice channel calls append() with each
// piece of PCM and the wall-clock time of its first sample; the recording
// assembly reads the spool back after the interview ended.
//
// File format (DATA_DIR/media/spool/<interview_id>/candidate.pcm): records of
// a 16-byte header ("CAS1", float64 LE start in epoch ms, uint32 LE sample
// count) and the samples (PCM16 LE mono, 16 kHz). Each record is one
// append(2) call, so a crash (even SIGKILL) leaves every finished record on
// disk and at worst a torn last record, which the reader ignores. A restarted
// node simply appends on.

import { appendFile, mkdir, open, rm, stat, truncate } from 'node:fs/promises';
import path from 'node:path';

export const CANDIDATE_AUDIO_RATE = 16_000;
const MAGIC = 0x31534143; // "CAS1" read as uint32 LE
const HEADER_BYTES = 16;

export interface CandidateAudioSink {
  /**
   * Appends PCM16 mono 16 kHz audio whose first sample was captured at
   * `startedAtMs` (epoch milliseconds: the recording timeline places it from
   * there, whatever session or node captured it). Resolves once written.
   */
  append(interviewId: string, startedAtMs: number, pcm: Int16Array): Promise<void>;
}

/** One spooled record: where its samples sit in the file and when they were heard. */
export interface SpooledSegment {
  startMs: number;
  samples: number;
  /** Byte offset of the first sample in the spool file. */
  byteOffset: number;
}

const INTERVIEW_ID = /^[A-Za-z0-9-]{1,64}$/;

export class FileCandidateAudioSink implements CandidateAudioSink {
  /** Spools this process has checked for a torn tail since it started. */
  private readonly checked = new Set<string>();

  constructor(private readonly spoolRoot: string) {}

  fileOf(interviewId: string): string {
    if (!INTERVIEW_ID.test(interviewId)) throw new Error(`invalid interview id "${interviewId}"`);
    return path.join(this.spoolRoot, interviewId, 'candidate.pcm');
  }

  async append(interviewId: string, startedAtMs: number, pcm: Int16Array): Promise<void> {
    if (pcm.length === 0) return;
    if (!Number.isFinite(startedAtMs)) throw new Error('candidate audio needs the time of its first sample');
    const file = this.fileOf(interviewId);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    if (!this.checked.has(interviewId)) {
      // The first append after a start: cut a record a crash left torn, or everything appended after it would be unreadable.
      await this.cutTornTail(interviewId);
      this.checked.add(interviewId);
    }
    const record = Buffer.alloc(HEADER_BYTES + pcm.length * 2);
    record.writeUInt32LE(MAGIC, 0);
    record.writeDoubleLE(startedAtMs, 4);
    record.writeUInt32LE(pcm.length, 12);
    Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength).copy(record, HEADER_BYTES);
    await appendFile(file, record, { mode: 0o600 });
  }

  /** The complete records of the spool, in file order (empty when the candidate never spoke). */
  async segments(interviewId: string): Promise<SpooledSegment[]> {
    return (await this.scan(interviewId)).segments;
  }

  private async cutTornTail(interviewId: string): Promise<void> {
    const { validBytes, size } = await this.scan(interviewId);
    if (size > validBytes) await truncate(this.fileOf(interviewId), validBytes);
  }

  private async scan(interviewId: string): Promise<{ segments: SpooledSegment[]; validBytes: number; size: number }> {
    const file = this.fileOf(interviewId);
    const size = await stat(file).then(
      (info) => info.size,
      () => 0,
    );
    if (size === 0) return { segments: [], validBytes: 0, size };
    const handle = await open(file, 'r');
    try {
      const segments: SpooledSegment[] = [];
      const header = Buffer.alloc(HEADER_BYTES);
      let position = 0;
      while (position + HEADER_BYTES <= size) {
        await handle.read(header, 0, HEADER_BYTES, position);
        if (header.readUInt32LE(0) !== MAGIC) break; // not ours past here: stop rather than guess
        const samples = header.readUInt32LE(12);
        const end = position + HEADER_BYTES + samples * 2;
        if (end > size) break; // torn last record
        segments.push({ startMs: header.readDoubleLE(4), samples, byteOffset: position + HEADER_BYTES });
        position = end;
      }
      return { segments, validBytes: position, size };
    } finally {
      await handle.close();
    }
  }

  async discard(interviewId: string): Promise<void> {
    await rm(path.dirname(this.fileOf(interviewId)), { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }
}
