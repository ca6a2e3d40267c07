// The candidate gateway's flood limits, applied before the session sees a
// frame: a message rate per connection and a byte budget for microphone audio.
// Policy of the gateway, not part of the protocol's shape.

/**
 * At most `limit` frames per one-second window per connection. Refused frames
 * are counted; a connection that keeps flooding is closed.
 */
export class FrameRateLimiter {
  private windowStart = 0;
  private count = 0;
  private refusedWindows = 0;

  constructor(
    private readonly limit: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** 'ok', 'refuse' (first refusal in this window: tell the client), 'drop' (already told), or 'close'. */
  hit(): 'ok' | 'refuse' | 'drop' | 'close' {
    const now = this.now();
    if (now - this.windowStart >= 1_000) {
      this.windowStart = now;
      this.count = 0;
    }
    this.count += 1;
    if (this.count <= this.limit) return 'ok';
    if (this.count === this.limit + 1) {
      this.refusedWindows += 1;
      return this.refusedWindows >= 3 ? 'close' : 'refuse';
    }
    return this.count > this.limit * 10 ? 'close' : 'drop';
  }
}

/** Bytes of one second of microphone audio as the protocol carries it: 16 kHz, 16-bit mono. */
export const AUDIO_BYTES_PER_SECOND = 16_000 * 2;
/** Microphone audio may arrive this much faster than real time, sustained. */
export const AUDIO_SPEED_SLACK = 1.5;
/**
 * Seconds of that allowance a connection may spend at once: a page whose
 * network stalled for a few seconds sends what its microphone buffered
 * meanwhile in one go, and those words must not be lost.
 */
export const AUDIO_BURST_SECONDS = 10;

/**
 * A byte budget for version 2 microphone audio (a token bucket): the frame
 * budget alone lets a client send 100 frames of 16 KiB a second, 50 times real
 * time. Audio is admitted at AUDIO_SPEED_SLACK times real time, with bursts of
 * AUDIO_BURST_SECONDS of that; a frame beyond it is dropped.
 */
export class AudioByteBudget {
  private readonly perMs: number;
  private readonly capacity: number;
  private available: number;
  private last: number;
  private toldAt = Number.NEGATIVE_INFINITY;

  constructor(
    bytesPerSecond = AUDIO_BYTES_PER_SECOND * AUDIO_SPEED_SLACK,
    burstSeconds = AUDIO_BURST_SECONDS,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.perMs = bytesPerSecond / 1000;
    this.capacity = bytesPerSecond * burstSeconds;
    this.available = this.capacity;
    this.last = now();
  }

  /** 'ok' (admitted), 'refuse' (over budget: tell the client, at most once a second) or 'drop' (over budget, already told). */
  take(bytes: number): 'ok' | 'refuse' | 'drop' {
    const now = this.now();
    this.available = Math.min(this.capacity, this.available + (now - this.last) * this.perMs);
    this.last = now;
    if (bytes <= this.available) {
      this.available -= bytes;
      return 'ok';
    }
    if (now - this.toldAt < 1_000) return 'drop';
    this.toldAt = now;
    return 'refuse';
  }
}
