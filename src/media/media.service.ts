// The media module's face to the rest of the service: it assembles an
// interview's recording after the interview ended, stores it with the
// archived records beside it, hands out short-lived URLs, and erases it all.
// The results pipeline drives assemble() and store() as durable steps.

import type { Executor } from '../db/executor.js';
import type { InterviewRepository, InterviewRow, TranscriptRow } from '../interviews/interview.repository.js';
import type { RecordingKind, RecordingSource } from '../interviews/interview.service.js';
import { languageFor } from '../languages/registry.js';
import { contentTypeOf, interviewPrefix, MEDIA_KEYS, spoolPrefix, type MediaStorage } from './media-storage.js';
import type { MediaRepository } from './media.repository.js';
import type { AssembledRecording, RecordingAssembler } from './recording-assembler.js';
import type { MediaDeadlines } from './media-deadline.js';
import { remuxCameraVideo, type VideoMissingReason, type VideoOutcome } from './video-remux.js';
import type { ChunkOutcome, ChunkRefusal, VideoLimits, VideoProgress, VideoUploads } from './video-upload.js';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Clock } from '../common/clock.js';
import { isUuid } from '../common/ids.js';
import { ArchivalStatus, InterviewState } from '../interviews/enums.js';
import { toSecondsRange } from './timeline.js';

export interface MediaServiceDeps {
  repository: MediaRepository;
  interviews: InterviewRepository;
  storage: MediaStorage;
  assembler: RecordingAssembler;
  videos: VideoUploads;
  urlTtlSeconds: number;
  /** How long after the session's end the remux waits for the page's last camera chunk (unless the page says it is sent). */
  videoEndGraceMs: number;
  /** Bounds the camera remux by the recording's length (the assembler bounds the MP3 with the same). */
  deadlines?: MediaDeadlines;
  clock: Clock;
}

/** Why the candidate page may not send video now (a ChunkRefusal names the chunk's own problem). */
export type VideoRefusal = 'not_found' | 'erased' | ChunkRefusal;

/** What the media step records once the local recording exists. */
export interface AssemblyOutcome {
  recording: AssembledRecording;
  /** The remuxed camera recording or why none could be made; null without a camera upload (or one without a video stream). */
  video: VideoOutcome | null;
  videoTimes: { seq: number; begin: number; end: number }[];
}

/** What is archived beside the media (JSON files under the interview's prefix). */
export interface ArchivedRecords {
  transcript: unknown;
  evaluation: unknown;
  log: unknown;
}

export interface StoreOutcome {
  uploaded: string[];
  alreadyStored: string[];
}

export class MediaService implements RecordingSource {
  constructor(private readonly deps: MediaServiceDeps) {}

  get storageKind(): 'local' | 's3' {
    return this.deps.storage.kind;
  }

  /** Synthesises, mixes and encodes the interview's MP3 into the work folder; slow, outside any transaction. */
  async assemble(interview: InterviewRow, transcript: readonly TranscriptRow[], signal?: AbortSignal): Promise<AssemblyOutcome> {
    const session = await this.deps.repository.sessionTimes(interview.id);
    const firstEntry = transcript[0] ? Date.parse(transcript[0].created_at) : Date.parse(interview.created_at);
    // The timeline starts at consent; a session that never asked for it (protocol v1, the CLI) starts at its first
    // entry, and so does one started over v1 and consented to on a v2 resume (consent after the first entries).
    const startMs = session?.consentedAt ? Math.min(Date.parse(session.consentedAt), firstEntry) : firstEntry;
    const sessionEndMs =
      session && interview.call_length !== null ? Date.parse(session.startedAt) + Math.round(interview.call_length * 1000) : null;
    const recording = await this.deps.assembler.assemble(
      {
        interviewId: interview.id,
        language: languageFor(interview.language_code),
        startMs,
        sessionEndMs,
        entries: transcript.map((row) => ({ seq: row.seq, role: row.role, content: row.content, atMs: Date.parse(row.created_at) })),
      },
      signal,
    );
    // The page's last MediaRecorder chunk may still be on its way when the server ended the interview.
    await this.deps.videos.waitForLastChunk(interview.id, (sessionEndMs ?? 0) + this.deps.videoEndGraceMs, signal);
    await this.deps.videos.seal(interview.id);
    return {
      recording,
      video: await this.remuxVideo(interview.id, recording, signal),
      videoTimes: recording.entries.map((entry) => ({ seq: entry.seq, ...toSecondsRange(entry, recording.durationMs) })),
    };
  }

  /** The uploaded camera recording with the mixed audio, seekable; null without an upload or without a video stream (no camera). */
  private async remuxVideo(interviewId: string, recording: AssembledRecording, signal?: AbortSignal): Promise<VideoOutcome | null> {
    const upload = await this.deps.videos.collect(interviewId, path.join(this.deps.assembler.workDir(interviewId), 'camera.webm'));
    if (!upload) return null;
    return remuxCameraVideo({
      upload,
      mixedAudio: recording.file,
      output: this.deps.assembler.videoFile(interviewId),
      ...(this.deps.deadlines ? { deadline: this.deps.deadlines.forRecording(recording.durationMs) } : {}),
      ...(signal ? { signal } : {}),
    });
  }

  /** Records the local recording (archival 4 follows in the same transaction). */
  async recordAssembled(executor: Executor, interviewId: string, outcome: AssemblyOutcome, at: string): Promise<void> {
    await this.deps.interviews.setVideoTimes(executor, interviewId, outcome.videoTimes);
    await this.deps.repository.saveLocal(executor, {
      interviewId,
      kind: 'audio',
      key: MEDIA_KEYS.audio(interviewId),
      bytes: outcome.recording.bytes,
      durationMs: outcome.recording.durationMs,
      at,
    });
    if (outcome.video) {
      // A video that could not be made keeps its row, with the reason and no file: the archive skips it, its URL is "".
      await this.deps.repository.saveLocal(executor, {
        interviewId,
        kind: 'video',
        key: MEDIA_KEYS.video(interviewId),
        bytes: outcome.video.isMade ? outcome.video.bytes : 0,
        durationMs: outcome.recording.durationMs,
        missingReason: outcome.video.isMade ? null : outcome.video.reason,
        at,
      });
    }
  }

  /**
   * Uploads the local recordings and the archived records. Idempotent: a
   * recording already stored with its size (an upload that finished before a
   * crash) is not sent again.
   */
  async store(interviewId: string, records: ArchivedRecords): Promise<StoreOutcome> {
    const outcome: StoreOutcome = { uploaded: [], alreadyStored: [] };
    for (const row of await this.deps.repository.list(interviewId)) {
      if (row.missing_reason !== null) continue;
      const stored = await this.deps.storage.stat(row.storage_key);
      if (stored && stored.size === Number(row.bytes)) {
        outcome.alreadyStored.push(row.storage_key);
        continue;
      }
      const file = row.kind === 'audio' ? this.deps.assembler.recordingFile(interviewId) : this.deps.assembler.videoFile(interviewId);
      await this.deps.storage.putFile(row.storage_key, file, contentTypeOf(row.storage_key));
      outcome.uploaded.push(row.storage_key);
    }
    for (const [key, body] of [
      [MEDIA_KEYS.transcript(interviewId), records.transcript],
      [MEDIA_KEYS.evaluation(interviewId), records.evaluation],
      [MEDIA_KEYS.log(interviewId), records.log],
    ] as const) {
      await this.deps.storage.putBytes(key, `${JSON.stringify(body, null, 2)}\n`, 'application/json');
    }
    return outcome;
  }

  async recordStored(executor: Executor, interviewId: string, at: string): Promise<void> {
    await this.deps.repository.markStored(executor, interviewId, at);
  }

  /**
   * Once stored, the work folder and the spool are no longer needed: this
   * node's work folder and upload leftovers, and the pieces in the shared store
   * (candidate audio, prepared speech, camera chunks).
   */
  async discardWork(interviewId: string): Promise<void> {
    await this.deps.assembler.discard(interviewId);
    await this.deps.videos.discardLocal(interviewId);
    await this.deps.storage.deletePrefix(spoolPrefix(interviewId));
  }

  /**
   * Asked once the interview is archived (the caller checks archival_status):
   * a fresh signed URL, or "" when that recording does not exist (no camera,
   * or nothing was said before the interview ended); null while not stored.
   */
  async recordingUrl(interviewId: string, kind: RecordingKind, executor?: Executor): Promise<string | null> {
    const row = await this.deps.repository.find(interviewId, kind, executor);
    if (!row || row.missing_reason !== null) return '';
    if (!row.stored_at) return null;
    return this.deps.storage.signedUrl(row.storage_key, this.deps.urlTtlSeconds);
  }

  /** Why the uploaded camera recording gave no video; null when it did, or when there was none to make. */
  async videoMissingReason(interviewId: string, executor?: Executor): Promise<VideoMissingReason | null> {
    const row = await this.deps.repository.find(interviewId, 'video', executor);
    return (row?.missing_reason as VideoMissingReason | null | undefined) ?? null;
  }

  /** Each question's span on the recording: from its first entry's begin to its last entry's end (video_timeline). */
  async questionTimelines(interviewId: string, executor?: Executor): Promise<Map<string, { begin: number; end: number }>> {
    const spans = new Map<string, { begin: number; end: number }>();
    for (const row of await this.deps.interviews.listTranscript(interviewId, executor)) {
      if (row.control_id === null || row.video_begin === null || row.video_end === null) continue;
      const span = spans.get(row.control_id);
      spans.set(
        row.control_id,
        span
          ? { begin: Math.min(span.begin, row.video_begin), end: Math.max(span.end, row.video_end) }
          : { begin: row.video_begin, end: row.video_end },
      );
    }
    return spans;
  }

  /** The recording's length in whole seconds (the webhook's duration_secs); null before it exists. */
  async durationSecs(interviewId: string, executor?: Executor): Promise<number | null> {
    const row = await this.deps.repository.find(interviewId, 'audio', executor);
    return row ? Math.round(row.duration_ms / 1000) : null;
  }

  /**
   * Whether the candidate page may send video now, decided before a byte of
   * the body is read: the interview exists, is not erased, was started (the
   * candidate agreed: nothing is recorded before), is live or within the end
   * grace, and its upload is not sealed; with `chunk`, also whether that
   * number is the next one (or the last again). Null: go ahead.
   */
  async videoRefusal(interviewId: string, chunk?: number): Promise<VideoRefusal | null> {
    const id = interviewId.toLowerCase();
    const row = isUuid(id) ? await this.deps.interviews.findById(id) : undefined;
    if (!row) return 'not_found';
    if (row.erased_at !== null) return 'erased';
    if (chunk === undefined) return null;
    return this.deps.videos.refusalBeforeBody(id, chunk, () => this.takesVideo(id));
  }

  /**
   * One chunk of the camera recording from the candidate page, streamed from
   * `body`. Refused as in videoRefusal (checked again in the upload's queue).
   */
  async uploadVideoChunk(interviewId: string, chunk: number, body: Readable): Promise<ChunkOutcome | 'not_found' | 'erased'> {
    const id = interviewId.toLowerCase();
    const refusal = await this.videoRefusal(id);
    if (refusal === 'not_found' || refusal === 'erased') return refusal;
    const outcome = await this.deps.videos.append(id, chunk, body, () => this.takesVideo(id));
    // An erase (the CLI, another process) may have committed while this chunk was written: nothing of it may stay.
    if (outcome.ok && (await this.deps.interviews.findById(id))?.erased_at) {
      await this.discardWork(id);
      return 'erased';
    }
    return outcome;
  }

  /** The page's last chunk is uploaded: the media step need not wait for more. 'closed': too late. */
  async completeVideo(interviewId: string): Promise<VideoProgress | 'closed' | 'not_found' | 'erased'> {
    const id = interviewId.toLowerCase();
    const refusal = await this.videoRefusal(id);
    if (refusal === 'not_found' || refusal === 'erased') return refusal;
    return (await this.deps.videos.complete(id, () => this.takesVideo(id))) ?? 'closed';
  }

  /**
   * Started (the candidate agreed), not erased, and not yet remuxed: until the
   * media step seals the upload (archival 2, after waiting for the page's last
   * chunk), and after the end no longer than VIDEO_END_GRACE_SECONDS, chunks are taken.
   */
  private async takesVideo(id: string): Promise<boolean> {
    const row = await this.deps.interviews.findById(id);
    if (!row || row.erased_at !== null || row.state === InterviewState.NOT_STARTED) return false;
    if (row.archival_status !== ArchivalStatus.NOT_STARTED && row.archival_status !== ArchivalStatus.ONGOING) return false;
    if (row.state !== InterviewState.ENDED && row.state !== InterviewState.ERROR) return true;
    const session = await this.deps.repository.sessionTimes(id);
    const endedMs =
      session && row.call_length !== null ? Date.parse(session.startedAt) + Math.round(row.call_length * 1000) : Date.parse(row.updated_at);
    return this.deps.clock.now().getTime() <= endedMs + this.deps.videoEndGraceMs;
  }

  /** Where a resumed upload goes on: the next chunk number and the bytes stored. */
  async videoProgress(interviewId: string): Promise<VideoProgress | 'not_found' | 'erased'> {
    const id = interviewId.toLowerCase();
    const refusal = await this.videoRefusal(id);
    if (refusal === 'not_found' || refusal === 'erased') return refusal;
    const { next_chunk, bytes } = await this.deps.videos.progress(id);
    return { next_chunk, bytes };
  }

  get videoLimits(): VideoLimits {
    return this.deps.videos.limits;
  }

  /** Forgets the interview's media everywhere: stored objects (the spool's pieces among them), local work and rows. */
  async erase(executor: Executor, interviewId: string): Promise<number> {
    const deleted = await this.deps.storage.deletePrefix(interviewPrefix(interviewId));
    await this.deps.assembler.discard(interviewId);
    await this.deps.videos.discardLocal(interviewId);
    await this.deps.repository.deleteAll(executor, interviewId);
    return deleted;
  }
}
