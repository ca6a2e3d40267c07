// The camera recording, uploaded by the candidate page in chunks while the
// session runs (MediaRecorder WebM), resumable after a reconnect: the page
// asks for the next chunk number and goes on from there. Every chunk is
// checked before anything is written: its size, the total per interview,
// the order (exactly the next number; the last one again is an idempotent
// repeat after a lost answer), and for the first chunk the WebM container
// (EBML magic 1A45DFA3). Appended to DATA_DIR/media/spool/<id>/video.webm;
// the count and length are committed to video.json after each append, and a
// tail beyond them (a crash between the two) is cut before the next append.
// When the interview ends the page says its last chunk is sent (complete);
// the media step waits for that, bounded, then seals the upload before the
// remux, so a chunk still in flight is either in the recording or refused.

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

/** What video.json holds: the committed count and length, and how the upload ended. */
interface VideoMeta extends VideoProgress {
  lastChunkBytes: number;
  /** The page said its last chunk is uploaded. */
  complete: boolean;
  /** The media step took the upload for the remux: nothing more is appended. */
  sealed: boolean;
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

  async progress(interviewId: string): Promise<VideoMeta> {
    try {
      const meta = JSON.parse(await readFile(this.metaOf(interviewId), 'utf8')) as Partial<VideoMeta> & VideoProgress;
      return {
        next_chunk: meta.next_chunk,
        bytes: meta.bytes,
        lastChunkBytes: meta.lastChunkBytes ?? 0,
        complete: meta.complete ?? false,
        sealed: meta.sealed ?? false,
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return { next_chunk: 0, bytes: 0, lastChunkBytes: 0, complete: false, sealed: false };
      throw error;
    }
  }

  /** `isOpen` says whether the interview still takes video (checked inside the queue, after earlier chunks). */
  append(interviewId: string, chunk: number, body: Buffer, isOpen: () => Promise<boolean>): Promise<ChunkOutcome> {
    return this.serially(interviewId, () => this.appendNow(interviewId, chunk, body, isOpen));
  }

  /** The page's word that its last chunk is uploaded (the media step stops waiting); null when the upload is closed. */
  complete(interviewId: string, isOpen: () => Promise<boolean>): Promise<VideoProgress | null> {
    return this.serially(interviewId, async () => {
      const meta = await this.progress(interviewId);
      if (meta.sealed || !(await isOpen())) return null;
      if (!meta.complete) await this.writeMeta(interviewId, { ...meta, complete: true });
      return { next_chunk: meta.next_chunk, bytes: meta.bytes };
    });
  }

  /**
   * Waits until the page said its last chunk is uploaded, or until `deadlineMs`
   * (epoch ms): the page's final MediaRecorder chunk may still be on its way
   * when the server ended the interview. No wait without an upload.
   */
  async waitForLastChunk(interviewId: string, deadlineMs: number, signal?: AbortSignal): Promise<void> {
    for (;;) {
      const meta = await this.progress(interviewId);
      if (meta.bytes === 0 || meta.complete || meta.sealed || Date.now() >= deadlineMs) return;
      signal?.throwIfAborted();
      await new Promise((resolve) => setTimeout(resolve, Math.min(100, Math.max(1, deadlineMs - Date.now()))));
    }
  }

  /** Takes the upload for the remux: chunks after this are refused (after any append already queued). */
  seal(interviewId: string): Promise<void> {
    return this.serially(interviewId, async () => {
      const meta = await this.progress(interviewId);
      if (meta.bytes > 0 && !meta.sealed) await this.writeMeta(interviewId, { ...meta, sealed: true });
    });
  }

  /** One operation at a time per interview (appends, completion, sealing). */
  private serially<T>(interviewId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(interviewId) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(work);
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
    const progress = await this.progress(interviewId);
    if (progress.sealed || !(await isOpen()))
      return refuse(
        'closed',
        'This interview does not take video now: it has not started (the candidate has not agreed yet), or its recording is being made or is done',
      );
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
    const updated = { ...progress, next_chunk: chunk + 1, bytes: progress.bytes + body.length, lastChunkBytes: body.length };
    await this.writeMeta(interviewId, updated);
    return { ok: true, progress: { next_chunk: updated.next_chunk, bytes: updated.bytes }, repeated: false };
  }

  /** The uploaded file and its committed length, or null when no video was uploaded. */
  async uploaded(interviewId: string): Promise<{ file: string; bytes: number } | null> {
    const progress = await this.progress(interviewId);
    return progress.bytes > 0 ? { file: this.fileOf(interviewId), bytes: progress.bytes } : null;
  }

  private async writeMeta(interviewId: string, meta: VideoMeta): Promise<void> {
    const file = this.metaOf(interviewId);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(`${file}.part`, JSON.stringify(meta), { mode: 0o600 });
    await rename(`${file}.part`, file);
  }

  private metaOf(interviewId: string): string {
    return path.join(path.dirname(this.fileOf(interviewId)), 'video.json');
  }
}
