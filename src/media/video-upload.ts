// The camera recording, uploaded by the candidate page in chunks while the
// session runs (MediaRecorder WebM), resumable after a reconnect: the page
// asks for the next chunk number and goes on from there. Every chunk is
// checked before anything is written: its size, the total per interview,
// the order (exactly the next number; the last one again is an idempotent
// repeat after a lost answer), and for the first chunk the WebM container
// (EBML magic 1A45DFA3). Appended to DATA_DIR/media/spool/<id>/video.webm;
// the count and length are committed to video.json after each append, and a
// tail beyond them (a crash between the two) is cut before the next append.

import { appendFile, mkdir, readFile, rename, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
const INTERVIEW_ID = /^[0-9a-f-]{36}$/;

export interface VideoLimits {
  maxChunkBytes: number;
  maxTotalBytes: number;
}

export interface VideoProgress {
  next_chunk: number;
  bytes: number;
}

export type ChunkRefusal =
  | { code: 'too_large'; detail: string }
  | { code: 'not_webm'; detail: string }
  | { code: 'out_of_order'; detail: string }
  | { code: 'closed'; detail: string };

export type ChunkOutcome = { ok: true; progress: VideoProgress; repeated: boolean } | { ok: false; refusal: ChunkRefusal };

export class VideoUploads {
  /** One append at a time per interview: two requests racing for one chunk number cannot both write. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly spoolRoot: string,
    readonly limits: VideoLimits,
  ) {}

  fileOf(interviewId: string): string {
    if (!INTERVIEW_ID.test(interviewId)) throw new Error(`invalid interview id "${interviewId}"`);
    return path.join(this.spoolRoot, interviewId, 'video.webm');
  }

  async progress(interviewId: string): Promise<VideoProgress & { lastChunkBytes: number }> {
    try {
      const meta = JSON.parse(await readFile(this.metaOf(interviewId), 'utf8')) as VideoProgress & { lastChunkBytes?: number };
      return { next_chunk: meta.next_chunk, bytes: meta.bytes, lastChunkBytes: meta.lastChunkBytes ?? 0 };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { next_chunk: 0, bytes: 0, lastChunkBytes: 0 };
      throw error;
    }
  }

  /** `isOpen` says whether the interview still takes video (checked inside the queue, after earlier chunks). */
  append(interviewId: string, chunk: number, body: Buffer, isOpen: () => Promise<boolean>): Promise<ChunkOutcome> {
    const previous = this.queues.get(interviewId) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(() => this.appendNow(interviewId, chunk, body, isOpen));
    this.queues.set(interviewId, next);
    // The caller handles `next`; this bookkeeping branch must not turn its failure into an unhandled rejection.
    next
      .finally(() => {
        if (this.queues.get(interviewId) === next) this.queues.delete(interviewId);
      })
      .catch(() => {});
    return next;
  }

  private async appendNow(interviewId: string, chunk: number, body: Buffer, isOpen: () => Promise<boolean>): Promise<ChunkOutcome> {
    const refuse = (code: ChunkRefusal['code'], detail: string): ChunkOutcome => ({ ok: false, refusal: { code, detail } });
    if (body.length === 0 || body.length > this.limits.maxChunkBytes) {
      return refuse('too_large', `A video chunk must hold 1 to ${this.limits.maxChunkBytes} bytes (got ${body.length})`);
    }
    if (!(await isOpen()))
      return refuse(
        'closed',
        'This interview does not take video now: it has not started (the candidate has not agreed yet), or its recording is being made or is done',
      );
    const progress = await this.progress(interviewId);
    if (chunk === progress.next_chunk - 1 && body.length === progress.lastChunkBytes) {
      return { ok: true, progress: { next_chunk: progress.next_chunk, bytes: progress.bytes }, repeated: true };
    }
    if (chunk !== progress.next_chunk) return refuse('out_of_order', `Expected video chunk ${progress.next_chunk}, got ${chunk}`);
    if (chunk === 0 && !body.subarray(0, 4).equals(EBML_MAGIC)) {
      return refuse('not_webm', 'The first video chunk must start a WebM (EBML) file');
    }
    if (progress.bytes + body.length > this.limits.maxTotalBytes) {
      return refuse('too_large', `An interview's video may hold at most ${this.limits.maxTotalBytes} bytes`);
    }
    const file = this.fileOf(interviewId);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const size = await stat(file).then(
      (info) => info.size,
      () => 0,
    );
    if (size > progress.bytes) await truncate(file, progress.bytes); // a crash after an append, before its count
    await appendFile(file, body, { mode: 0o600 });
    const updated = { next_chunk: chunk + 1, bytes: progress.bytes + body.length, lastChunkBytes: body.length };
    const meta = this.metaOf(interviewId);
    await writeFile(`${meta}.part`, JSON.stringify(updated), { mode: 0o600 });
    await rename(`${meta}.part`, meta);
    return { ok: true, progress: { next_chunk: updated.next_chunk, bytes: updated.bytes }, repeated: false };
  }

  /** The uploaded file and its committed length, or null when no video was uploaded. */
  async uploaded(interviewId: string): Promise<{ file: string; bytes: number } | null> {
    const progress = await this.progress(interviewId);
    return progress.bytes > 0 ? { file: this.fileOf(interviewId), bytes: progress.bytes } : null;
  }

  private metaOf(interviewId: string): string {
    return path.join(path.dirname(this.fileOf(interviewId)), 'video.json');
  }
}
