// The camera recording on the candidate page: MediaRecorder (WebM) over the
// camera and the audio the page mixes, uploaded in chunks while the session
// runs (docs/media.md, "Video"). Chunks are sent one at a time, in order;
// after a network failure the uploader asks the server where to go on and
// resumes from there, so a reconnect loses nothing that was recorded.
// The page (main.ts) decides when to start: after consent, with the camera
// granted. Without a camera there is no video; the server's MP3 still has
// both voices.

export interface VideoRecorderOptions {
  /** The interview id from the link; the link is the upload's authority. */
  interviewId: string;
  /** Base of the service (the page's own origin by default). */
  baseUrl?: string;
  /** Milliseconds of recording per chunk (MediaRecorder timeslice). */
  timesliceMs?: number;
  /** Called when the upload gives up (the server refused a chunk for good, e.g. past its size limit). */
  onStopped?: (reason: string) => void;
}

const MIME_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm'];
const RETRY_MS = [500, 1_000, 2_000, 5_000, 10_000];

export function canRecordVideo(): boolean {
  return typeof MediaRecorder !== 'undefined' && MIME_TYPES.some((type) => MediaRecorder.isTypeSupported(type));
}

export class VideoRecorder {
  private recorder: MediaRecorder | null = null;
  private readonly queue: Blob[] = [];
  private nextChunk = 0;
  private sending: Promise<void> | null = null;
  private stopped = false;
  private readonly base: string;

  constructor(private readonly options: VideoRecorderOptions) {
    this.base = `${options.baseUrl ?? location.origin}/candidate/interviews/${encodeURIComponent(options.interviewId)}/video`;
  }

  /** Starts recording `stream` (camera video plus the mixed audio track); resumes numbering where the server is. */
  async start(stream: MediaStream): Promise<void> {
    const mimeType = MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    if (!mimeType) throw new Error('this browser cannot record WebM');
    this.nextChunk = (await this.progress()).next_chunk;
    // A resumed page starts a new WebM file, whose header the server would refuse mid-stream: record only when starting afresh.
    if (this.nextChunk > 0) {
      this.options.onStopped?.('a recording of this interview was already uploaded from an earlier page');
      return;
    }
    this.recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: 500_000 });
    this.recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) this.enqueue(event.data);
    });
    this.recorder.start(this.options.timesliceMs ?? 5_000);
  }

  /**
   * Stops recording and resolves once every recorded chunk is uploaded (or the
   * upload gave up), then tells the server the upload is complete: after the
   * interview ended it waits a few seconds for this last chunk before making
   * the recording.
   */
  async stop(): Promise<void> {
    const recorder = this.recorder;
    if (!recorder) return;
    this.recorder = null;
    if (recorder.state !== 'inactive') {
      // stop() hands over what was recorded since the last timeslice (dataavailable), then fires stop.
      const flushed = new Promise<void>((resolve) => recorder.addEventListener('stop', () => resolve(), { once: true }));
      recorder.stop();
      await flushed;
    }
    await this.sending;
    await fetch(`${this.base}/complete`, { method: 'POST', keepalive: true }).catch(() => {});
  }

  private enqueue(blob: Blob): void {
    if (this.stopped) return;
    this.queue.push(blob);
    this.sending ??= this.drain().finally(() => {
      this.sending = null;
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0 && !this.stopped) {
      const blob = this.queue[0]!;
      const refusal = await this.send(this.nextChunk, blob);
      if (refusal === null) {
        this.queue.shift();
        this.nextChunk++;
      } else {
        this.giveUp(refusal);
      }
    }
  }

  /** Sends one chunk, retrying network failures with back-off; null once stored, else why the server refused it. */
  private async send(chunk: number, blob: Blob): Promise<string | null> {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(`${this.base}/${chunk}`, { method: 'PUT', headers: { 'content-type': 'video/webm' }, body: blob });
        if (response.ok) return null;
        const detail = ((await response.json().catch(() => ({}))) as { detail?: string }).detail ?? `HTTP ${response.status}`;
        if (response.status !== 409) return detail;
        // Out of order: the server is ahead (our answer was lost) or we are; follow it once.
        const { next_chunk } = await this.progress();
        if (next_chunk === chunk + 1) return null;
        return detail;
      } catch {
        if (attempt >= RETRY_MS.length) return 'the connection to the server was lost';
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS[attempt]));
      }
    }
  }

  private async progress(): Promise<{ next_chunk: number; bytes: number }> {
    const response = await fetch(this.base, { cache: 'no-store' });
    if (!response.ok) throw new Error(`video upload unavailable (HTTP ${response.status})`);
    return (await response.json()) as { next_chunk: number; bytes: number };
  }

  private giveUp(reason: string): void {
    this.stopped = true;
    this.queue.length = 0;
    if (this.recorder && this.recorder.state !== 'inactive') this.recorder.stop();
    this.options.onStopped?.(reason);
  }
}
