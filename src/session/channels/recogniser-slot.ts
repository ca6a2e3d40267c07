// The one server recogniser a voice session may run at a time. Each
// PocketSphinx stream is a process: while the previous utterance is still
// decoding (the candidate spoke again right after the turn closed), the new
// speech is not recognised, so alternating speech and silence cannot start
// process after process. The slot frees itself when the stream has finished
// or been aborted.

import type { Language } from '../../languages/language.js';
import { releasingWhenSettled, type RecognitionStream, type SpeechToText } from '../../speech/stt/speech-to-text.js';

export interface RecogniserSlotEvents {
  /** The recogniser could not be opened (at capacity, the process failed to start). */
  failed(error: unknown): void;
  /** Speech while the slot is taken: it is not recognised. */
  busy(): void;
}

export class RecogniserSlot {
  private live: RecognitionStream | null = null;

  constructor(
    private readonly stt: SpeechToText,
    private readonly events: RecogniserSlotEvents,
  ) {}

  /** A stream for the utterance that starts, or null (the slot is taken, or the recogniser refused). */
  open(language: Language, tenant: string): RecognitionStream | null {
    if (this.live) {
      this.events.busy();
      return null;
    }
    let stream: RecognitionStream;
    try {
      // The tenant (the interview's owner) has its own share of the recognisers.
      stream = this.stt.open(language, { tenant });
    } catch (error) {
      this.events.failed(error);
      return null;
    }
    const held = releasingWhenSettled(stream, () => {
      if (this.live === held) this.live = null;
    });
    this.live = held;
    return held;
  }

  get isTaken(): boolean {
    return this.live !== null;
  }

  /** The session's stream waits for a free recogniser (this node, or the tenant's share, is at capacity). */
  get isWaiting(): boolean {
    return this.live?.isWaiting ?? false;
  }
}
