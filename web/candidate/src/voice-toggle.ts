// The control that stops and restarts the interviewer's voice (WCAG 1.4.2),
// in both modes wherever the server speaks. The candidate's choice holds for
// the interview across reloads (sessionStorage); a reloaded page whose sound
// the browser holds back until a click starts with the voice off, and the
// click on "turn it on" is that gesture.

import type { InterviewerVoice } from './interviewer-voice.js';
import type { PageWords } from './page-config.js';
import { element } from './view.js';

export class VoiceToggle {
  private readonly button = element('voice-toggle', HTMLButtonElement);
  private readonly storageKey: string;
  private isOffered = false;

  constructor(
    private readonly playback: InterviewerVoice,
    private readonly words: PageWords,
    interviewId: string,
    /** The voice went off: audio the page was still expecting will not come. */
    private readonly turnedOff: () => void,
  ) {
    this.storageKey = `interviewer-voice-off:${interviewId}`;
    if (this.read()) playback.setMuted(true);
    this.button.addEventListener('click', () => this.toggle());
  }

  /** Shown when the server speaks in this interview's language (`session.speech.synthesis`). */
  offer(isOffered: boolean): void {
    this.isOffered = isOffered;
    this.render();
  }

  /** The browser does not let the page play sound yet: off until the candidate turns it on. */
  blocked(): void {
    this.playback.setMuted(true);
    this.turnedOff();
    this.render();
  }

  private toggle(): void {
    const isOff = !this.playback.muted;
    if (!isOff) this.playback.unlock();
    this.playback.setMuted(isOff);
    this.write(isOff);
    if (isOff) this.turnedOff();
    this.render();
  }

  private render(): void {
    this.button.hidden = !this.isOffered;
    this.button.textContent = this.playback.muted ? this.words.voiceOn : this.words.voiceOff;
  }

  private read(): boolean {
    try {
      return sessionStorage.getItem(this.storageKey) !== null;
    } catch {
      // Storage refused (private mode): the choice lasts for this page only.
      return false;
    }
  }

  private write(isOff: boolean): void {
    try {
      if (isOff) sessionStorage.setItem(this.storageKey, '1');
      else sessionStorage.removeItem(this.storageKey);
    } catch {
      // As above.
    }
  }
}
