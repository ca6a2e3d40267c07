// Every ffmpeg run over a recording has a deadline that follows the
// recording's length: a base (start-up, a loaded machine) plus a share of the
// recording's duration. An honest run needs a small fraction of it (the MP3
// of a 60-minute interview encodes in about 12 s); a crafted upload that makes
// ffmpeg work for minutes is killed instead of holding a media slot.

import type { Scheduler } from '../common/clock.js';
import type { FfmpegDeadline } from './ffmpeg.js';

export interface MediaDeadlineSettings {
  /** MEDIA_DEADLINE_BASE_SECONDS */
  baseSeconds: number;
  /** MEDIA_DEADLINE_PER_RECORDING_SECOND: seconds of ffmpeg allowed per second of recording. */
  perRecordingSecond: number;
}

export class MediaDeadlines {
  constructor(
    private readonly settings: MediaDeadlineSettings,
    private readonly scheduler: Scheduler,
  ) {}

  /** The bound of one ffmpeg run over a recording this long. */
  forRecording(durationMs: number): FfmpegDeadline {
    const seconds = this.settings.baseSeconds + (this.settings.perRecordingSecond * Math.max(0, durationMs)) / 1000;
    return { ms: Math.round(seconds * 1000), scheduler: this.scheduler };
  }
}
