// The camera recording, uploaded by the candidate page in chunks while the
// session runs (MediaRecorder WebM), resumable after a reconnect: the page
// asks for the next chunk number and goes on from there. A chunk's body is
// streamed to a file of its own (bounded memory, hashed on the way), then
// checked before anything is appended: its size, the total per interview,
// the order (exactly the next number; the last one again, with the same
// bytes, is an idempotent repeat after a lost answer; other bytes under its
// number are refused), and for the first chunk the WebM container and its
// codecs and packet rate (video-probe.ts). Each chunk is then an object of the
// shared store (interviews/<id>/spool/video/<n>.webm), so the chunks of one
// upload may arrive at any node and the remux may run on any worker; the count
// and length are committed to interviews/<id>/spool/video.json after each
// chunk, and a chunk stored beyond them (a crash between the two) is not part
// of the upload and is replaced by the next one. When the interview ends the page says
// its last chunk is sent (complete); the media step waits for that, bounded,
// then seals the upload before the remux, so a chunk still in flight is
// either in the recording or refused. The seal is an object of its own
// (video.sealed), never rewritten by an append: the per-interview queue
// orders one node's operations only, and a session node may be storing a
// chunk while the worker seals. An append looks for the seal again after
// committing its chunk and answers "closed" when it is there; with a store
// that reads its own writes (S3 does), a chunk answered as stored was
// committed before the seal, so the remux, which reads the count after
// sealing, has it.

import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { waitOn, type Clock, type Scheduler } from '../common/clock.js';
import { spoolPrefix, type MediaStorage } from './media-storage.js';
import { probeFirstChunk } from './video-probe.js';

/** How often the media step looks for the page's word that its last chunk is sent (it may reach any node: it is read from the store). */
const LAST_CHUNK_POLL_MS = 100;
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
const INTERVIEW_ID = /^[0-9a-f-]{36}$/;
const CLOSED: ChunkRefusal = {
  code: 'closed',
  detail:
    'This interview does not take video now: it has not started (the candidate has not agreed yet), or its recording is being made or is done',
};

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
  /** SHA-256 of the last chunk: a repeat must be the same bytes. */
  lastChunkSha256?: string;
  /** The page said its last chunk is uploaded. */
  complete: boolean;
  /** The media step took the upload for the remux: nothing more is appended. */
  sealed: boolean;
}

export type ChunkRefusal =
  | { code: 'too_large'; detail: string }
  | { code: 'not_webm'; detail: string }
  | { code: 'unsupported_codec'; detail: string }
  | { code: 'packet_flood'; detail: string }
  | { code: 'out_of_order'; detail: string }
  | { code: 'conflict'; detail: string }
  | { code: 'closed'; detail: string };

export type ChunkOutcome = { ok: true; progress: VideoProgress; repeated: boolean } | { ok: false; refusal: ChunkRefusal };

export class VideoUploads {
  /** One append at a time per interview: two requests racing for one chunk number cannot both write. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    /** DATA_DIR/media/spool: where this node receives a chunk's body before it is checked and stored. */
    private readonly spoolRoot: string,
    /** The shared store, where the chunks and their count live. */
    private readonly storage: MediaStorage,
    readonly limits: VideoLimits,
    /** Reads the end of the wait for the last chunk. */
    private readonly clock: Clock,
    /** Bounds the first chunk's probe and paces the wait for the last chunk. */
    private readonly scheduler: Scheduler,
  ) {}

  /** This node's folder for chunks being received. */
  private localDirOf(interviewId: string): string {
    if (!INTERVIEW_ID.test(interviewId)) throw new Error(`invalid interview id "${interviewId}"`);
    return path.join(this.spoolRoot, interviewId);
  }

  private chunkKey(interviewId: string, chunk: number): string {
    return `${this.prefixOf(interviewId)}video/${String(chunk).padStart(6, '0')}.webm`;
  }

  private metaKey(interviewId: string): string {
    return `${this.prefixOf(interviewId)}video.json`;
  }

  private sealKey(interviewId: string): string {
    return `${this.prefixOf(interviewId)}video.sealed`;
  }

  private async isSealed(interviewId: string): Promise<boolean> {
    return (await this.storage.stat(this.sealKey(interviewId))) !== null;
  }

  private prefixOf(interviewId: string): string {
    if (!INTERVIEW_ID.test(interviewId)) throw new Error(`invalid interview id "${interviewId}"`);
    return spoolPrefix(interviewId);
  }

  async progress(interviewId: string): Promise<VideoMeta> {
    const [stored, isSealed] = await Promise.all([this.storage.getBytes(this.metaKey(interviewId)), this.isSealed(interviewId)]);
    if (!stored) return { next_chunk: 0, bytes: 0, lastChunkBytes: 0, complete: false, sealed: isSealed };
    const meta = JSON.parse(stored.toString('utf8')) as Partial<VideoMeta> & VideoProgress;
    return {
      next_chunk: meta.next_chunk,
      bytes: meta.bytes,
      lastChunkBytes: meta.lastChunkBytes ?? 0,
      ...(meta.lastChunkSha256 ? { lastChunkSha256: meta.lastChunkSha256 } : {}),
      complete: meta.complete ?? false,
      // `sealed` in video.json: written by versions before the seal object.
      sealed: isSealed || (meta.sealed ?? false),
    };
  }

  /**
   * What an arriving chunk would get, decided before its body is read (the
   * route answers a refusal with the body unread): null when it may be sent.
   */
  async refusalBeforeBody(interviewId: string, chunk: number, isOpen: () => Promise<boolean>): Promise<ChunkRefusal | null> {
    const progress = await this.progress(interviewId);
    if (progress.sealed || !(await isOpen())) return CLOSED;
    if (chunk !== progress.next_chunk && chunk !== progress.next_chunk - 1) {
      return { code: 'out_of_order', detail: `Expected video chunk ${progress.next_chunk}, got ${chunk}` };
    }
    return null;
  }

  /**
   * Streams `body` to a file of its own, then appends it in order.
   * `isOpen` says whether the interview still takes video (checked inside the queue, after earlier chunks).
   */
  async append(interviewId: string, chunk: number, body: Readable, isOpen: () => Promise<boolean>): Promise<ChunkOutcome> {
    const incoming = path.join(this.localDirOf(interviewId), `incoming-${randomUUID()}.part`);
    try {
      const received = await this.receive(body, incoming);
      if (received === 'too_large' || received === 'empty') {
        const detail =
          received === 'empty'
            ? `A video chunk must hold 1 to ${this.limits.maxChunkBytes} bytes`
            : `Request body is larger than ${this.limits.maxChunkBytes} bytes`;
        return { ok: false, refusal: { code: 'too_large', detail } };
      }
      return await this.serially(interviewId, () => this.appendNow(interviewId, chunk, incoming, received, isOpen));
    } finally {
      await rm(incoming, { force: true });
      // The folder only holds bodies being received: gone with the last one, so a session node keeps nothing.
      await rmdir(path.dirname(incoming)).catch(() => {});
    }
  }

  /** The body into `file`, at most one chunk's worth; its length and SHA-256. */
  private async receive(body: Readable, file: string): Promise<{ bytes: number; sha256: string } | 'too_large' | 'empty'> {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const hash = createHash('sha256');
    const limit = this.limits.maxChunkBytes;
    let bytes = 0;
    let tooLarge = false;
    try {
      await pipeline(
        body,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const piece of source) {
            bytes += piece.length;
            if (bytes > limit) {
              tooLarge = true;
              throw new Error('chunk too large');
            }
            hash.update(piece);
            yield piece;
          }
        },
        createWriteStream(file, { mode: 0o600 }),
      );
    } catch (error) {
      if (tooLarge) return 'too_large';
      throw error;
    }
    if (bytes === 0) return 'empty';
    return { bytes, sha256: hash.digest('hex') };
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
   * (epoch ms on the clock): the page's final MediaRecorder chunk may still be
   * on its way when the server ended the interview. No wait without an upload.
   */
  async waitForLastChunk(interviewId: string, deadlineMs: number, signal?: AbortSignal): Promise<void> {
    for (;;) {
      const meta = await this.progress(interviewId);
      const leftMs = deadlineMs - this.clock.now().getTime();
      if (meta.bytes === 0 || meta.complete || meta.sealed || leftMs <= 0) return;
      signal?.throwIfAborted();
      await waitOn(this.scheduler, Math.min(LAST_CHUNK_POLL_MS, leftMs), signal);
    }
  }

  /**
   * Takes the upload for the remux: chunks after this are refused (after any append already queued
   * on this node; one in flight on another node is refused unless it was committed before). Sealed
   * even without an upload, so a first chunk arriving on another node now cannot start one the remux misses.
   */
  seal(interviewId: string): Promise<void> {
    return this.serially(interviewId, async () => {
      if (!(await this.isSealed(interviewId))) await this.storage.putBytes(this.sealKey(interviewId), '{}', 'application/json');
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

  private async appendNow(
    interviewId: string,
    chunk: number,
    incoming: string,
    received: { bytes: number; sha256: string },
    isOpen: () => Promise<boolean>,
  ): Promise<ChunkOutcome> {
    const refuse = (code: ChunkRefusal['code'], detail: string): ChunkOutcome => ({ ok: false, refusal: { code, detail } });
    const progress = await this.progress(interviewId);
    if (progress.sealed || !(await isOpen())) return { ok: false, refusal: CLOSED };
    if (chunk === progress.next_chunk - 1) {
      // A page whose answer was lost sends the same chunk again; other bytes under a stored number are not the same chunk.
      const isSame =
        received.bytes === progress.lastChunkBytes &&
        (progress.lastChunkSha256 === undefined || progress.lastChunkSha256 === received.sha256);
      if (!isSame) return refuse('conflict', `Video chunk ${chunk} was already stored with other bytes; send chunk ${progress.next_chunk}`);
      return { ok: true, progress: { next_chunk: progress.next_chunk, bytes: progress.bytes }, repeated: true };
    }
    if (chunk !== progress.next_chunk) return refuse('out_of_order', `Expected video chunk ${progress.next_chunk}, got ${chunk}`);
    if (chunk === 0) {
      if (!(await startsWith(incoming, EBML_MAGIC))) return refuse('not_webm', 'The first video chunk must start a WebM (EBML) file');
      const verdict = await probeFirstChunk(incoming, this.scheduler);
      if (!verdict.ok) return refuse(verdict.code, verdict.detail);
    }
    if (progress.bytes + received.bytes > this.limits.maxTotalBytes) {
      return refuse('too_large', `An interview's video may hold at most ${this.limits.maxTotalBytes} bytes`);
    }
    // Stored, then counted: a crash between the two leaves an object the count does not name, replaced by the next chunk.
    await this.storage.putFile(this.chunkKey(interviewId, chunk), incoming, 'video/webm');
    const updated: VideoMeta = {
      ...progress,
      next_chunk: chunk + 1,
      bytes: progress.bytes + received.bytes,
      lastChunkBytes: received.bytes,
      lastChunkSha256: received.sha256,
    };
    await this.writeMeta(interviewId, updated);
    // Sealed meanwhile by another node: the remux may have read the count before this chunk, so it is not "stored".
    if (await this.isSealed(interviewId)) return { ok: false, refusal: CLOSED };
    return { ok: true, progress: { next_chunk: updated.next_chunk, bytes: updated.bytes }, repeated: false };
  }

  /**
   * The committed chunks, in order, copied from the store into `file` (one
   * chunk in memory at a time): the upload for the remux; null when no video was uploaded.
   */
  async collect(interviewId: string, file: string): Promise<{ file: string; bytes: number } | null> {
    const progress = await this.progress(interviewId);
    if (progress.bytes === 0) return null;
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const handle = await open(file, 'w', 0o600);
    let written = 0;
    try {
      for (let chunk = 0; chunk < progress.next_chunk; chunk++) {
        const bytes = await this.storage.getBytes(this.chunkKey(interviewId, chunk));
        if (!bytes) throw new Error(`video chunk ${chunk} of ${interviewId} is counted but not in the store`);
        await handle.write(bytes, 0, bytes.length, written);
        written += bytes.length;
      }
    } finally {
      await handle.close();
    }
    return { file, bytes: Math.min(written, progress.bytes) };
  }

  /** Removes what this node holds of the interview's upload (bodies being received); the chunks go with the spool. */
  async discardLocal(interviewId: string): Promise<void> {
    await rm(this.localDirOf(interviewId), { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }

  private async writeMeta(interviewId: string, meta: VideoMeta): Promise<void> {
    await this.storage.putBytes(this.metaKey(interviewId), JSON.stringify(meta), 'application/json');
  }
}

async function startsWith(file: string, prefix: Buffer): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(prefix.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === prefix.length && head.equals(prefix);
  } finally {
    await handle.close();
  }
}
