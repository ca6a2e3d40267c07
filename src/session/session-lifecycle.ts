// A live session's state and the steps every part of it shares: where it is
// (SessionPhase), the queue its work runs in one at a time, running a turn
// (then the end or the silence clock), recovering from a failed turn, and the
// one terminate path every way of stopping goes through. Its clocks (the lease
// heartbeat, silence and the maximum length) act through it. LiveSession
// (live-session.ts) is the face the gateway and the channel talk to.

import { transition, type MachineContext, type Step } from '../conversation/state-machine.js';
import type { InterviewBrief } from '../conversation/interviewer.js';
import { EndingReason } from '../interviews/enums.js';
import type { InterviewRow } from '../interviews/interview.repository.js';
import type { CandidateChannel } from './channel.js';
import { ClientReports } from './client-reports.js';
import { InactivityWatch, type WatchedSession } from './inactivity-watch.js';
import { LeaseHeartbeat, type HeldSession } from './lease-heartbeat.js';
import type { LiveSessionDeps, SessionPhase, Termination } from './live-session-types.js';
import { CloseCode } from './protocol.js';
import { SessionConflictError, type SessionRow } from './session.repository.js';
import { SessionTimers } from './session-timers.js';
import { TurnRunner, type TurnOptions } from './turn-runner.js';

export class SessionLifecycle implements WatchedSession, HeldSession {
  readonly interviewId: string;
  readonly connectionId: string;
  readonly timers: SessionTimers;
  readonly inactivity: InactivityWatch;
  readonly heartbeat: LeaseHeartbeat;
  /** The page's error-report budget (client-reports.ts). */
  readonly reports: ClientReports;
  phase: SessionPhase = { kind: 'live' };
  /** The page's socket has closed: the session only finishes its last write and releases the lease. */
  socketClosed = false;
  /** Set when the connection opens (live-session.ts), replaced when `start` plans the opening turn. */
  turns!: TurnRunner;
  queue: Promise<void> = Promise.resolve();

  constructor(
    readonly deps: LiveSessionDeps,
    readonly channel: CandidateChannel,
    readonly interview: InterviewRow,
    readonly brief: InterviewBrief,
    connectionId: string,
    readonly protocolVersion: number,
    /** What the service's map holds (detached by identity when the session stops). */
    private readonly owner: { readonly interviewId: string },
  ) {
    this.interviewId = interview.id;
    this.connectionId = connectionId;
    this.timers = new SessionTimers(deps.scheduler);
    this.inactivity = new InactivityWatch(this, this.timers, deps.settings, () => deps.clock.now().getTime());
    this.heartbeat = new LeaseHeartbeat(this, this.timers, deps);
    this.reports = new ClientReports({ perSession: deps.settings.clientLogLines, perMinute: deps.settings.clientLogLinesPerMinute }, () =>
      deps.clock.now().getTime(),
    );
  }

  context(): MachineContext {
    return this.turns.context;
  }

  isConsentPending(): boolean {
    return this.phase.kind === 'consent';
  }

  /** Waiting for consent to resume an interview started over version 1: leaving keeps its grace period going. */
  resumesAfterConsent(): boolean {
    return this.phase.kind === 'consent' && this.phase.resume !== null;
  }

  /** What `start` resumes from while waiting for consent to resume; null otherwise. */
  consentResume(): { stored: SessionRow | undefined } | null {
    return this.phase.kind === 'consent' ? this.phase.resume : null;
  }

  /** Neither stopped nor asked to go by a reset: frames, messages and timers still do something. */
  isRunning(): boolean {
    return this.phase.kind === 'consent' || this.phase.kind === 'live';
  }

  isStopped(): boolean {
    return this.phase.kind === 'stopped';
  }

  now(): string {
    return this.deps.clock.now().toISOString();
  }

  startedAt(): string {
    return this.turns.startedAt;
  }

  newTurns(startedAt: string, context: MachineContext): TurnRunner {
    return new TurnRunner(this.deps, this.interviewId, this.brief, this.channel, startedAt, context, this.connectionId);
  }

  track<T>(promise: Promise<T>): Promise<T> {
    return this.deps.host.track(promise);
  }

  warn(message: string, error: unknown): void {
    this.deps.host.log('warn', message, error);
  }

  /** The session's own lines: refused once another connection writes the session (it took this one over). */
  async appendLog(level: 'info' | 'warn', lines: string | readonly string[]): Promise<void> {
    await this.deps.repository.appendSessionLog(this.interviewId, this.connectionId, this.now(), level, lines);
  }

  async writeReports(lines: readonly string[]): Promise<void> {
    if (lines.length > 0) await this.appendLog('warn', lines);
  }

  /** Queues work behind the turn in flight; a failure there ends the interview (failed). */
  enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(() => this.runQueued(task));
    void this.deps.host.track(this.queue);
  }

  private async runQueued(task: () => Promise<void>): Promise<void> {
    try {
      await task();
    } catch (error) {
      await this.failed(error);
    }
  }

  /** A turn, then either the end of the session or the silence clock for the candidate's answer. */
  async run(step: Step, options: TurnOptions): Promise<void> {
    await this.afterTurn(await this.turns.run(step, options));
  }

  /** A turn is stored: the session ends with it, or waits for the candidate again. */
  async afterTurn(ended: boolean): Promise<void> {
    if (ended) {
      await this.terminate({ close: { code: CloseCode.NORMAL, reason: 'interview ended' }, grace: false });
      return;
    }
    this.inactivity.armSilence();
  }

  /** The welcome screen stayed open to the session's limit: the lease goes, the link still works. */
  leaveUnstarted(): Promise<void> {
    return this.terminate({
      close: { code: CloseCode.NORMAL, reason: 'no start before the session limit' },
      grace: this.resumesAfterConsent(),
    });
  }

  /** The heartbeat found another holder of the lease, or the stored session gone: the page is told and closed. */
  async lose(why: 'lease taken' | 'interview reset'): Promise<void> {
    if (why === 'lease taken') {
      this.channel.send({ type: 'error', code: 'SESSION_TAKEN_OVER', message: 'this session lost its lease', fatal: true });
      await this.terminate({ close: { code: CloseCode.NOT_ALLOWED, reason: 'session taken over' }, grace: false });
      return;
    }
    this.channel.send({ type: 'error', code: 'SESSION_TAKEN_OVER', message: 'this interview was reset; open the link again', fatal: true });
    await this.terminate({ close: { code: CloseCode.NOT_ALLOWED, reason: 'interview reset' }, grace: false, silent: true });
  }

  /**
   * The one way a session stops: timers, the channel, the disconnection on
   * record (when the candidate may come back), the lease, the service's map,
   * and the grace period. Idempotent.
   */
  async terminate(how: Termination): Promise<void> {
    if (this.isStopped()) return;
    this.phase = { kind: 'stopped' };
    this.timers.stopAll();
    if (how.close) this.channel.close(how.close.code, how.close.reason);
    try {
      if (how.silent) return;
      if (how.recordDisconnect) {
        await this.deps.repository.markDisconnected(
          this.interviewId,
          this.turns.startedAt,
          this.connectionId,
          this.now(),
          this.turns.callLength(),
        );
      }
      await this.writeReports(this.reports.flush());
    } finally {
      await this.deps.leases.release(this.interviewId, this.connectionId).catch(() => {});
      this.deps.host.detach(this.owner, { startGrace: how.grace });
    }
  }

  /**
   * The page took this session over on another connection (a reload that reached another node)
   * while a turn was in flight here: that turn was refused, and this session stops without sending
   * or storing anything more (the new connection owns the conversation). One line says so in the
   * interview's log: appended, it changes nothing the new connection relies on, and only this side
   * knows a turn was dropped.
   */
  private async discardTakenOver(): Promise<void> {
    this.deps.host.log(
      'warn',
      `interview ${this.interviewId}: session taken over by another connection; the turn in flight here was discarded`,
    );
    // The heartbeat may have noticed the takeover first (and closed the page's old socket).
    await this.terminate({ close: { code: CloseCode.NOT_ALLOWED, reason: 'session taken over' }, grace: false, silent: true });
    await this.deps.repository
      .appendLog(this.interviewId, this.now(), 'warn', [
        `session ${this.connectionId}: its turn in flight was discarded (nothing of it stored or sent): the page's new connection had taken the session over`,
      ])
      .catch((error: unknown) => this.warn(`logging the discarded turn of ${this.interviewId} failed`, error));
  }

  /** A turn failed: end with reason 5 (recording the farewell if possible), or give up the connection. */
  async failed(error: unknown): Promise<void> {
    const { log } = this.deps.host;
    if (error instanceof SessionConflictError && error.reason === 'taken_over') {
      await this.discardTakenOver();
      return;
    }
    if (error instanceof SessionConflictError) {
      log('warn', `interview ${this.interviewId} ended or was reset elsewhere; closing this session`);
      await this.terminate({ close: { code: CloseCode.ENDED, reason: 'interview ended' }, grace: false, silent: true });
      return;
    }
    log('error', `turn of interview ${this.interviewId} failed`, error);
    if (this.isStopped()) return;
    if (this.isConsentPending()) {
      // Nothing was started, so nothing is ended: the page may try again.
      this.channel.send({ type: 'error', code: 'SERVER_ERROR', message: 'a technical problem occurred; try again', fatal: true });
      await this.terminate({ close: { code: CloseCode.SERVER_ERROR, reason: 'server error' }, grace: this.resumesAfterConsent() });
      return;
    }
    this.channel.send({ type: 'error', code: 'SERVER_ERROR', message: 'a technical problem occurred', fatal: true });
    const step = transition(this.context(), { type: 'end', reason: EndingReason.ENDED_DUE_TO_ERRROR });
    const line = `backend error during a turn: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`;
    try {
      await this.run(step, { logLines: [line] });
      return;
    } catch {
      // The farewell could not be recorded (the transcript store itself may be failing): record the end alone.
    }
    try {
      await this.run({ ...step, acts: [] }, { logLines: [line] });
    } catch (second) {
      log('error', `interview ${this.interviewId} could not be ended after a backend error`, second);
      await this.terminate({ close: { code: CloseCode.SERVER_ERROR, reason: 'server error' }, grace: true });
    }
  }
}
