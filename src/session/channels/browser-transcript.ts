// Browser recognition: the text the page recognised of the utterance in
// progress (`recognised` messages), taken when the server's VAD ends the turn.
// The browser's final result may trail that end a little, so taking it waits
// for a final result up to a limit, on the Scheduler, woken by the message.

import type { Scheduler } from '../../common/clock.js';

export class BrowserTranscript {
  private text = '';
  private isFinal = false;
  /** A page that marks final results: an interim text is then worth waiting on. */
  private marksFinal = false;
  private wake: (() => void) | null = null;

  constructor(private readonly scheduler: Scheduler) {}

  /** A `recognised` message: the whole text of the utterance so far. */
  heard(text: string, isFinal: boolean | undefined): void {
    this.text = text;
    this.isFinal = isFinal === true;
    if (isFinal !== undefined) this.marksFinal = true;
    if (this.isSettled()) this.wake?.();
  }

  /** The text of the utterance so far, interim or final; null before any (the end of turn reads it). */
  get current(): string | null {
    return this.text.trim() || null;
  }

  /**
   * The utterance's text, '' for none: at once when settled, otherwise after
   * waiting up to `waitMs` for it (then whatever interim text there is).
   * The next utterance starts empty.
   */
  async take(waitMs: number): Promise<string> {
    if (!this.isSettled()) {
      await new Promise<void>((resolve) => {
        const done = () => {
          timer.clear();
          this.wake = null;
          resolve();
        };
        const timer = this.scheduler.setTimeout(done, waitMs);
        this.wake = done;
      });
    }
    const text = this.text.trim();
    this.text = '';
    this.isFinal = false;
    return text;
  }

  /**
   * The server heard an utterance start: a final text the browser settled
   * before belongs to speech that was not listened to. (A page that never
   * marks results final keeps its text: it may send it ahead of the audio.)
   */
  startUtterance(): void {
    if (!this.marksFinal || !this.isFinal) return;
    this.text = '';
    this.isFinal = false;
  }

  /** The session ends: a waiting take() returns now. */
  cancel(): void {
    this.wake?.();
  }

  /** A final result, or any text from a page that never marks results final (it sends its best text as it goes). */
  private isSettled(): boolean {
    if (!this.text.trim()) return false;
    return this.isFinal || !this.marksFinal;
  }
}
