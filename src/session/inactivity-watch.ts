// What a live session does about time passing without the candidate: after
// SESSION_INACTIVITY_SECONDS of silence a reminder (SESSION_INACTIVITY_REMINDERS
// of them), then the end for inactivity; "I need more time" quiets the
// reminders for a while, a bounded number of times; and at SESSION_MAX_MINUTES
// the session ends however active the page keeps it. The clocks are
// SessionTimers (on the Scheduler); what fires is queued behind the turn in
// flight by the session.

import type { SessionConfig } from '../config.js';
import { isAwaitingInput, transition, type MachineContext, type Step } from '../conversation/state-machine.js';
import { EndingReason } from '../interviews/enums.js';
import type { CandidateChannel } from './channel.js';
import { VOICE_PROTOCOL_VERSION } from './protocol.js';
import type { SessionTimers } from './session-timers.js';
import type { TurnOptions } from './turn-runner.js';

/** The parts of the live session the watch acts through. */
export interface WatchedSession {
  readonly channel: CandidateChannel;
  readonly protocolVersion: number;
  /** Neither stopped nor closing: timers still do something. */
  isRunning(): boolean;
  /** Version 2 and the candidate has not agreed yet. */
  isConsentPending(): boolean;
  context(): MachineContext;
  /** Queues work behind the turn in flight. */
  enqueue(task: () => Promise<void>): void;
  /** A turn, then the end of the session or the silence clock again. */
  run(step: Step, options: TurnOptions): Promise<void>;
  /** The welcome screen stayed open to the session's limit: the lease goes, the link still works. */
  leaveUnstarted(): Promise<void>;
  appendLog(level: 'info', line: string): Promise<void>;
}

export class InactivityWatch {
  private remindersSent = 0;
  /** "I need more time" requests granted on this connection. */
  private moreTimeUsed = 0;

  constructor(
    private readonly session: WatchedSession,
    private readonly timers: SessionTimers,
    private readonly settings: SessionConfig,
    private readonly nowMs: () => number,
  ) {}

  /** The candidate answered: the reminders count from zero, and more time was for the prompt just answered. */
  answered(): void {
    this.remindersSent = 0;
    this.timers.clearSilence();
  }

  /** The silence clock starts again; typing during granted extra time does not cut it short. */
  armSilence(): void {
    if (this.timers.hasGrantedQuiet) return;
    this.timers.clearSilence();
    if (!this.session.isRunning() || !isAwaitingInput(this.session.context().state)) return;
    this.timers.armSilence(() => this.session.enqueue(() => this.onSilence()), this.settings.inactivitySeconds * 1000);
  }

  /** However active the page keeps it, a session ends this long after it started (a resume counts from the first start). */
  armDeadline(startedAt: string): void {
    const remaining = Date.parse(startedAt) + this.settings.maxMinutes * 60_000 - this.nowMs();
    this.timers.armDeadline(() => this.session.enqueue(() => this.onDeadline()), remaining);
  }

  private async onDeadline(): Promise<void> {
    const { session } = this;
    if (!session.isRunning()) return;
    if (session.isConsentPending()) {
      await session.leaveUnstarted();
      return;
    }
    await session.run(transition(session.context(), { type: 'end', reason: EndingReason.ENDED_DUE_TO_USER_INACTIVITY }), {
      logLines: [`the session reached its maximum length of ${this.settings.maxMinutes} minute(s) (SESSION_MAX_MINUTES)`],
    });
  }

  private async onSilence(): Promise<void> {
    const { session } = this;
    if (!session.isRunning() || !isAwaitingInput(session.context().state)) return;
    if (this.remindersSent < this.settings.inactivityReminders) {
      this.remindersSent += 1;
      await session.run(
        { context: session.context(), acts: [{ kind: 'reminder' }], path: [] },
        { logLines: [`no answer; reminder ${this.remindersSent}`] },
      );
      this.announceReminder();
      return;
    }
    await session.run(transition(session.context(), { type: 'end', reason: EndingReason.ENDED_DUE_TO_USER_INACTIVITY }), {
      logLines: [`no answer after ${this.remindersSent} reminder(s)`],
    });
  }

  /**
   * "I need more time" (version 2): no reminder for SESSION_MORE_TIME_SECONDS and the
   * reminders count from the start again, at most SESSION_MORE_TIME_REQUESTS times per connection.
   */
  async moreTime(): Promise<void> {
    const { moreTimeSeconds, moreTimeRequests } = this.settings;
    if (this.moreTimeUsed >= moreTimeRequests) {
      this.session.channel.send({
        type: 'error',
        code: 'NO_MORE_TIME',
        message: `more time can be asked for ${moreTimeRequests} time(s); answer, or the interview ends after the reminders`,
        fatal: false,
      });
      return;
    }
    this.moreTimeUsed += 1;
    this.remindersSent = 0;
    this.timers.grantQuiet(() => this.session.enqueue(() => this.onSilence()), moreTimeSeconds * 1000);
    this.session.channel.send({ type: 'more_time', seconds: moreTimeSeconds, more_time_left: moreTimeRequests - this.moreTimeUsed });
    await this.session.appendLog(
      'info',
      `the candidate asked for more time (${this.moreTimeUsed} of ${moreTimeRequests}): no reminder for ${moreTimeSeconds} s`,
    );
  }

  /** Version 2: the page states the limit beside the reminder and offers more time while any is left. */
  private announceReminder(): void {
    if (this.session.protocolVersion < VOICE_PROTOCOL_VERSION || !this.session.isRunning()) return;
    const { inactivitySeconds, inactivityReminders, moreTimeSeconds, moreTimeRequests } = this.settings;
    this.session.channel.send({
      type: 'reminder',
      number: this.remindersSent,
      of: inactivityReminders,
      // The reminders still to come, then one more period of silence.
      ends_in_seconds: Math.round((inactivityReminders - this.remindersSent + 1) * inactivitySeconds),
      more_time_left: moreTimeRequests - this.moreTimeUsed,
      more_time_seconds: moreTimeSeconds,
    });
  }
}
