// The inactivity reminder on the page (WCAG 2.2.1): beside the interviewer's
// spoken reminder it states when the interview ends without an answer, and
// offers "I need more time" (protocol `more_time`) while the server has any
// left. It goes away once the candidate answers.

import type { ServerEvents } from '../../../src/session/protocol.js';
import type { PageWords } from './page-config.js';
import { element, fill } from './view.js';

/** Whole minutes, rounded up: "about 2 min." for 90 seconds, never 0. */
export function minutesFor(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

export class InactivityReminder {
  private readonly box = element('reminder', HTMLDivElement);
  private readonly text = element('reminder-text', HTMLParagraphElement);
  private readonly button = element('more-time', HTMLButtonElement);

  constructor(
    private readonly words: PageWords,
    askForMoreTime: () => void,
  ) {
    this.button.addEventListener('click', () => {
      // One request at a time: the server's answer shows the button again or not.
      this.button.disabled = true;
      askForMoreTime();
    });
  }

  reminded(event: ServerEvents['reminder']): void {
    this.text.textContent = fill(this.words.reminderNotice, { minutes: minutesFor(event.ends_in_seconds) });
    this.button.hidden = event.more_time_left <= 0;
    this.button.disabled = false;
    this.box.hidden = false;
  }

  granted(event: ServerEvents['more_time']): void {
    this.text.textContent = fill(this.words.moreTimeGranted, { minutes: minutesFor(event.seconds) });
    this.button.hidden = true;
    // The button is gone: focus stays on what it did.
    this.text.focus({ preventScroll: true });
  }

  /** The server has none left (`NO_MORE_TIME`). */
  refused(): void {
    this.button.hidden = true;
    this.text.focus({ preventScroll: true });
  }

  /** The candidate answered (or the interview moved on): the reminder no longer applies. */
  clear(): void {
    this.box.hidden = true;
  }
}
