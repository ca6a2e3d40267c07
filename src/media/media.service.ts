// The media module's face to the rest of the service: it assembles an
// interview's recording after the interview ended, stores it with the
// archived records beside it, hands out short-lived URLs, and erases it all.
// The results pipeline drives assemble() and store() as durable steps.

import type { Executor } from '../db/executor.js';
import type { InterviewRepository, InterviewRow, TranscriptRow } from '../interviews/interview.repository.js';
import type { RecordingKind, RecordingSource } from '../interviews/interview.service.js';
import { languageFor } from '../languages/registry.js';
import type { FileCandidateAudioSink } from './candidate-audio.js';
import { contentTypeOf, interviewPrefix, MEDIA_KEYS, type MediaStorage } from './media-storage.js';
import type { MediaRepository } from './media.repository.js';
import type { AssembledRecording, RecordingAssembler } from './recording-assembler.js';
import { hasVideoStream, runFfmpeg, webmRemuxArgs } from './ffmpeg.js';
import type { ChunkOutcome, VideoLimits, VideoProgress, VideoUploads } from './video-upload.js';
import { isUuid } from '../shared/ids.js';
import { ArchivalStatus, InterviewState } from '../interviews/enums.js';
import { rename, rm, stat, truncate } from 'node:fs/promises';
import { toSecondsRange } from './timeline.js';

export interface MediaServiceDeps {
  repository: MediaRepository;
  interviews: InterviewRepository;
  storage: MediaStorage;
  assembler: RecordingAssembler;
  spool: FileCandidateAudioSink;
  videos: VideoUploads;
  urlTtlSeconds: number;
  /** How long after the session's end the remux waits for the page's last camera chunk (unless the page says it is sent). */
  videoEndGraceMs: number;
}

/** What the media step records once the local recording exists. */
export interface AssemblyOutcome {
  recording: AssembledRecording;
  /** The remuxed camera recording, when the page uploaded one with a video stream. */
  video: { bytes: number } | null;
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
      video: await this.remuxVideo(interview.id, recording.file, signal),
      videoTimes: recording.entries.map((entry) => ({ seq: entry.seq, ...toSecondsRange(entry, recording.durationMs) })),
    };
  }

  /** The uploaded camera recording with the mixed audio, seekable; null without an upload or without a video stream (no camera). */
  private async remuxVideo(interviewId: string, mixedAudio: string, signal?: AbortSignal): Promise<{ bytes: number } | null> {
    const upload = await this.deps.videos.uploaded(interviewId);
    if (!upload) return null;
    // Only the committed chunks: a tail a crash left after the last count is not part of the recording.
    if ((await stat(upload.file)).size > upload.bytes) await truncate(upload.file, upload.bytes);
    if (!(await hasVideoStream(upload.file))) return null;
    const output = this.deps.assembler.videoFile(interviewId);
    const ffmpeg = runFfmpeg(webmRemuxArgs(upload.file, mixedAudio, `${output}.part`), signal);
    try {
      await ffmpeg.finish();
    } catch (error) {
      await rm(`${output}.part`, { force: true });
      throw error;
    }
    await rename(`${output}.part`, output);
    return { bytes: (await stat(output)).size };
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
      await this.deps.repository.saveLocal(executor, {
        interviewId,
        kind: 'video',
        key: MEDIA_KEYS.video(interviewId),
        bytes: outcome.video.bytes,
        durationMs: outcome.recording.durationMs,
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

  /** Once stored, the work folder and the candidate spool are no longer needed (best effort: a leftover is harmless). */
  async discardWork(interviewId: string): Promise<void> {
    await this.deps.assembler.discard(interviewId);
    await this.deps.spool.discard(interviewId);
  }

  /**
   * Asked once the interview is archived (the caller checks archival_status):
   * a fresh signed URL, or "" when that recording does not exist (no camera,
   * or nothing was said before the interview ended); null while not stored.
   */
  async recordingUrl(interviewId: string, kind: RecordingKind, executor?: Executor): Promise<string | null> {
    const row = await this.deps.repository.find(interviewId, kind, executor);
    if (!row) return '';
    if (!row.stored_at) return null;
    return this.deps.storage.signedUrl(row.storage_key, this.deps.urlTtlSeconds);
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
   * One chunk of the camera recording from the candidate page. The interview
   * must have started (the candidate agreed: nothing is recorded before) and
   * its upload not be sealed for the remux; null when there is no such interview.
   */
  async uploadVideoChunk(interviewId: string, chunk: number, body: Buffer): Promise<ChunkOutcome | null> {
    const id = interviewId.toLowerCase();
    if (!isUuid(id) || !(await this.deps.interviews.findById(id))) return null;
    return this.deps.videos.append(id, chunk, body, () => this.takesVideo(id));
  }

  /** The page's last chunk is uploaded: the media step need not wait for more. Null: no such interview; 'closed': too late. */
  async completeVideo(interviewId: string): Promise<VideoProgress | 'closed' | null> {
    const id = interviewId.toLowerCase();
    if (!isUuid(id) || !(await this.deps.interviews.findById(id))) return null;
    return (await this.deps.videos.complete(id, () => this.takesVideo(id))) ?? 'closed';
  }

  /**
   * Started (the candidate agreed) and not yet remuxed: until the media step
   * seals the upload (archival 2, after waiting for the page's last chunk),
   * chunks are taken.
   */
  private async takesVideo(id: string): Promise<boolean> {
    const row = await this.deps.interviews.findById(id);
    return (
      row !== undefined &&
      row.state !== InterviewState.NOT_STARTED &&
      (row.archival_status === ArchivalStatus.NOT_STARTED || row.archival_status === ArchivalStatus.ONGOING)
    );
  }

  /** Where a resumed upload goes on: the next chunk number and the bytes stored; null when there is no such interview. */
  async videoProgress(interviewId: string): Promise<VideoProgress | null> {
    const id = interviewId.toLowerCase();
    if (!isUuid(id) || !(await this.deps.interviews.findById(id))) return null;
    const { next_chunk, bytes } = await this.deps.videos.progress(id);
    return { next_chunk, bytes };
  }

  get videoLimits(): VideoLimits {
    return this.deps.videos.limits;
  }

  /** Forgets the interview's media everywhere: stored objects, local work, spool and rows. */
  async erase(executor: Executor, interviewId: string): Promise<number> {
    const deleted = await this.deps.storage.deletePrefix(interviewPrefix(interviewId));
    await this.discardWork(interviewId);
    await this.deps.repository.deleteAll(executor, interviewId);
    return deleted;
  }
}
