// The camera recording's remux, kept apart from the MP3: the video comes from
// the candidate's browser (untrusted bytes), the MP3 from the server. When no
// video can be made from the upload (a codec WebM cannot hold, ffmpeg failing
// on it, or ffmpeg killed past its deadline) the interview is archived
// without it and says why, instead of failing the whole media step forever.

import { rename, rm, stat, truncate } from 'node:fs/promises';
import { FfmpegDeadlineExceeded, runFfmpeg, videoCodecOf, webmRemuxArgs, type FfmpegDeadline } from './ffmpeg.js';

/** Why an uploaded camera recording gave no video (media.video_missing_reason in interview.media_processed). */
export const VIDEO_MISSING_REASONS = ['unsupported_codec', 'remux_timed_out', 'remux_failed'] as const;
export type VideoMissingReason = (typeof VIDEO_MISSING_REASONS)[number];

export type VideoOutcome = { isMade: true; bytes: number } | { isMade: false; reason: VideoMissingReason; detail: string };

/** The video codecs a WebM holds; the remux copies the video, so anything else cannot be made into one. */
const WEBM_VIDEO_CODECS = new Set(['vp8', 'vp9', 'av1']);

export interface RemuxInput {
  /** The committed upload: its spool file and how many bytes of it belong to the recording. */
  upload: { file: string; bytes: number };
  mixedAudio: string;
  output: string;
  /** Bounds each ffmpeg run (the probe and the remux). */
  deadline?: FfmpegDeadline;
  signal?: AbortSignal;
}

/** The remuxed WebM's size, why there is none, or null when the upload has no video stream (no camera: nothing is missing). */
export async function remuxCameraVideo(input: RemuxInput): Promise<VideoOutcome | null> {
  const { upload, output, deadline, signal } = input;
  // Only the committed chunks: a tail a crash left after the last count is not part of the recording.
  if ((await stat(upload.file)).size > upload.bytes) await truncate(upload.file, upload.bytes);
  const partial = `${output}.part`;
  try {
    const codec = await videoCodecOf(upload.file, deadline);
    if (codec === null) return null;
    if (!WEBM_VIDEO_CODECS.has(codec)) {
      return { isMade: false, reason: 'unsupported_codec', detail: `the camera upload's video is ${codec}; a WebM holds VP8, VP9 or AV1` };
    }
    await runFfmpeg(webmRemuxArgs(upload.file, input.mixedAudio, partial), signal, deadline).finish();
  } catch (error) {
    await rm(partial, { force: true });
    // Stopping (a reset, a shutdown) or the system refusing a process is not a verdict on the upload: the step runs again.
    if (signal?.aborted || typeof (error as NodeJS.ErrnoException).code === 'string') throw error;
    const detail = error instanceof Error ? error.message : String(error);
    return { isMade: false, reason: error instanceof FfmpegDeadlineExceeded ? 'remux_timed_out' : 'remux_failed', detail };
  }
  await rename(partial, output);
  return { isMade: true, bytes: (await stat(output)).size };
}
