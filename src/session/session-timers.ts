// The clocks of one live session, all on the Scheduler so tests move them in
// virtual time: the lease heartbeat, the silence timer (reminders, then the
// end for inactivity) and the session's maximum length. Arming one again
// replaces it; clearing is harmless at any time.

import type { Scheduler, TimerHandle } from '../common/clock.js';

export class SessionTimers {
  private heartbeat: TimerHandle | null = null;
  private silence: TimerHandle | null = null;
  private deadline: TimerHandle | null = null;
  /** The silence timer is more time the candidate asked for: typing does not shorten it. */
  private isQuietGranted = false;

  constructor(private readonly scheduler: Scheduler) {}

  startHeartbeat(beat: () => void, everyMs: number): void {
    this.heartbeat?.clear();
    this.heartbeat = this.scheduler.setInterval(beat, everyMs);
  }

  /** The candidate's silence: `onSilence` after `afterMs` unless re-armed (an answer, typing, speech) or cleared. */
  armSilence(onSilence: () => void, afterMs: number): void {
    this.clearSilence();
    this.silence = this.scheduler.setTimeout(onSilence, afterMs);
  }

  clearSilence(): void {
    this.silence?.clear();
    this.silence = null;
    this.isQuietGranted = false;
  }

  /** "I need more time": `onOver` after `afterMs`, replacing the silence timer until it fires or is cleared. */
  grantQuiet(onOver: () => void, afterMs: number): void {
    this.clearSilence();
    this.isQuietGranted = true;
    this.silence = this.scheduler.setTimeout(() => {
      this.isQuietGranted = false;
      this.silence = null;
      onOver();
    }, afterMs);
  }

  get hasGrantedQuiet(): boolean {
    return this.isQuietGranted && this.silence !== null;
  }

  /** However active the page keeps it, the session ends at its maximum length. */
  armDeadline(onDeadline: () => void, afterMs: number): void {
    this.deadline?.clear();
    this.deadline = this.scheduler.setTimeout(onDeadline, Math.max(0, afterMs));
  }

  clearDeadline(): void {
    this.deadline?.clear();
    this.deadline = null;
  }

  /** The conversation's clocks stop (the page left); the heartbeat keeps the lease until the session stops. */
  stopConversation(): void {
    this.clearSilence();
    this.clearDeadline();
  }

  stopAll(): void {
    this.heartbeat?.clear();
    this.heartbeat = null;
    this.stopConversation();
  }
}
