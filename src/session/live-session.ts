// One connected candidate, reached through a CandidateChannel. Messages are
// handled strictly one at a time; each turn goes through the TurnRunner
// (persist, then emit). This file owns the session's lifecycle around the
// turns: the lease heartbeat, the silence reminders, the session's maximum
// length, the budget of page error reports, consent (protocol v2: nothing
// starts or is stored before `start`), the candidate's mode, and the one
// terminate path every way of stopping goes through. What each message means
// is in candidate-input.ts.

import { performance } from 'node:perf_hooks';
import type { SessionConfig } from '../config.js';
import type { InterviewBrief } from '../conversation/interviewer.js';
import { languageFor } from '../languages/index.js';
import {
  DEFAULT_POLICY,
  initialContext,
  isAwaitingInput,
  isFinished,
  transition,
  type MachineContext,
  type MachineEvent,
  type MachinePolicy,
  type Step,
} from '../conversation/state-machine.js';
import { EndingReason, InterviewState } from '../interviews/enums.js';
import type { InterviewRow } from '../interviews/interview.repository.js';
import { toTranscriptEntry } from '../interviews/interview.service.js';
import type { Scheduler, TimerHandle } from '../shared/clock.js';
import { admitAudio, processMessage, takesEffectAtOnce } from './candidate-input.js';
import type { CandidateChannel } from './channel.js';
import { ClientReports } from './client-reports.js';
import { expectedMinutes, planOpening } from './opening.js';
import {
  CloseCode,
  MAX_AUDIO_FRAME_BYTES,
  PROTOCOL_VERSION,
  VOICE_PROTOCOL_VERSION,
  type ClientMessage,
  type ServerEvents,
  type SessionMode,
} from './protocol.js';
import type { SessionLeases } from './session-lease.js';
import { SessionConflictError, type NewEntry, type SessionRow } from './session.repository.js';
import { TurnRunner, type TurnOptions, type TurnRunnerDeps } from './turn-runner.js';

export type SessionLogger = (level: 'info' | 'warn' | 'error', message: string, error?: unknown) => void;

/** What a live session needs from the service that owns it. */
export interface SessionHost {
  /** Keeps the promise visible to a graceful stop. */
  track<T>(promise: Promise<T>): Promise<T>;
  /** The session has stopped; with `startGrace` the candidate may still come back. */
  detach(session: LiveSession, options: { startGrace: boolean }): void;
  /** Server think time of one turn (metrics). */
  recordTurn(milliseconds: number): void;
  log: SessionLogger;
}

/** What speech the service can handle in a language (protocol v2 `session.speech`). */
export type SpeechSupport = Pick<NonNullable<ServerEvents['session']['speech']>, 'recognition' | 'synthesis'>;
const NO_SPEECH: SpeechSupport = { recognition: 'none', synthesis: false };

export interface LiveSessionDeps extends TurnRunnerDeps {
  leases: SessionLeases;
  scheduler: Scheduler;
  settings: SessionConfig;
  host: SessionHost;
  /** What the configured speech providers offer for a language; nothing when absent. */
  speech?: (languageCode: number) => SpeechSupport;
}

export interface LiveSessionInit {
  interview: InterviewRow;
  brief: InterviewBrief;
  /** The lease holder's name for this connection. */
  connectionId: string;
  /** The protocol version the page speaks (1 when absent): version 2 waits for consent. */
  protocolVersion?: number;
}

interface Termination {
  /** Close the channel with this code (omitted: it is already closed). */
  close?: { code: number; reason: string };
  /** The candidate may come back: start the grace period. */
  grace: boolean;
  /** Record on the interview that the candidate dropped (the channel closed under a live interview). */
  recordDisconnect?: boolean;
  /** Write nothing more (the interview was reset under the session). */
  silent?: boolean;
}

export class LiveSession {
  readonly interviewId: string;
  private readonly brief: InterviewBrief;
  private readonly connectionId: string;
  private readonly interview: InterviewRow;
  private turns!: TurnRunner;
  private queue: Promise<void> = Promise.resolve();
  private heartbeat: TimerHandle | null = null;
  private silenceTimer: TimerHandle | null = null;
  private deadline: TimerHandle | null = null;
  private remindersSent = 0;
  private stopped = false;
  /** Set the moment a reset asks the session to go: queued frames and timers do nothing more. */
  private closing = false;
  /** The page's socket has closed: the session only finishes its last write and releases the lease. */
  private socketClosed = false;
  private readonly reports: ClientReports;
  private readonly protocolVersion: number;
  /**
   * Version 2, no consent on record (a fresh interview, or one started over
   * version 1): nothing starts until the candidate agrees, and it stays set
   * until the write that stores the consent has succeeded.
   */
  private consentPending = false;
  /** Version 2 resume of an interview started without consent (version 1): what `start` resumes from. */
  private resumeAfterConsent: { stored: SessionRow | undefined } | null = null;
  private currentMode: SessionMode | null;
  private readonly modeListeners: ((mode: SessionMode) => void)[] = [];
  private readonly audioListeners: ((frame: Uint8Array) => void)[] = [];

  constructor(
    private readonly deps: LiveSessionDeps,
    private readonly channel: CandidateChannel,
    init: LiveSessionInit,
  ) {
    this.interviewId = init.interview.id;
    this.interview = init.interview;
    this.brief = init.brief;
    this.connectionId = init.connectionId;
    this.protocolVersion = init.protocolVersion ?? PROTOCOL_VERSION;
    this.currentMode = this.protocolVersion >= VOICE_PROTOCOL_VERSION ? storedMode(init.interview) : channel.mode;
    this.reports = new ClientReports({ perSession: deps.settings.clientLogLines, perMinute: deps.settings.clientLogLinesPerMinute }, () =>
      deps.clock.now().getTime(),
    );
  }

  private get context(): MachineContext {
    return this.turns.context;
  }

  /** Version 2: true until the candidate has sent `start`. */
  get consentRequired(): boolean {
    return this.consentPending;
  }

  /** Waiting for consent to resume an interview started over version 1: leaving keeps its grace period going. */
  private get resumesAfterConsent(): boolean {
    return this.resumeAfterConsent !== null;
  }

  /** How the candidate answers now: the `start` choice or the last `mode` (null before consent). */
  get mode(): SessionMode | null {
    return this.currentMode;
  }

  /** Called on every `mode` switch (the voice channel starts or stops listening). */
  onModeChange(listener: (mode: SessionMode) => void): void {
    this.modeListeners.push(listener);
  }

  /** Receives the microphone frames admitted by admitAudio (candidate-input.ts), in arrival order. */
  onAudio(listener: (frame: Uint8Array) => void): void {
    this.audioListeners.push(listener);
  }

  /**
   * A binary frame from the page. Checked at once, outside the turn queue
   * (audio keeps flowing while the interviewer speaks): refused before
   * consent, in text mode, or malformed; otherwise handed to the audio listener.
   */
  handleAudio(frame: Uint8Array): void {
    if (this.stopped || this.closing) return;
    if (admitAudio({ consentRequired: this.consentPending, mode: this.currentMode, channel: this.channel }, frame.byteLength))
      for (const listener of this.audioListeners) listener(frame);
  }

  /** First connection (0 -> 1 -> 4) or a resume (welcome back, the pending prompt again). */
  async begin(): Promise<void> {
    // Queued like any turn, so a reset arriving meanwhile waits for the opening turn instead of racing it.
    const opening = this.open();
    this.queue = opening.catch(() => {});
    await opening;
  }

  private async open(): Promise<void> {
    const row = this.interview;
    const { repository } = this.deps;
    if (this.protocolVersion >= VOICE_PROTOCOL_VERSION && row.state === InterviewState.NOT_STARTED) {
      // Nothing is said, stored or recorded before `start`; the lease is held so a second tab is refused.
      this.consentPending = true;
      this.turns = this.newTurns(this.now(), initialContext(this.brief.kind, this.brief.questions.length));
      this.sendSession([], false, 0);
      this.startHeartbeat();
      this.armDeadline(this.now());
      return;
    }
    const transcript = (await repository.listTranscript(row.id)).map(toTranscriptEntry);
    const stored = row.state === InterviewState.NOT_STARTED ? undefined : await repository.findSession(row.id);
    const opening = this.plan(stored, this.now());
    this.turns = this.newTurns(opening.startedAt, opening.context);
    if (this.protocolVersion >= VOICE_PROTOCOL_VERSION && !stored?.consented_at && !isFinished(opening.step.context.state)) {
      // Started over version 1 (opening the socket was its agreement): a version 2 page, which
      // records audio, asks first. Nothing is said or stored until `start`, which resumes.
      this.consentPending = true;
      this.resumeAfterConsent = { stored };
      this.currentMode = null;
      this.sendSession(transcript, true, row.resume_count ?? 0);
      this.startHeartbeat();
      this.armDeadline(this.now());
      return;
    }
    this.sendSession(transcript, opening.resumed, opening.resumeCount);
    await this.run(opening.step, opening.options);
    if (this.stopped || this.closing) return;
    this.startHeartbeat();
    this.armDeadline(opening.startedAt);
  }

  /** What this connection opens with: the first turn, or a resume of the stored session. */
  private plan(stored: SessionRow | undefined, now: string, consent?: { mode: SessionMode; consentedAt: string }) {
    return planOpening({
      row: this.interview,
      stored,
      brief: this.brief,
      channel: this.channel,
      connectionId: this.connectionId,
      interviewerName: this.deps.interviewer.name,
      maxResumes: this.deps.settings.maxResumes,
      now,
      protocolVersion: this.protocolVersion,
      ...consent,
    });
  }

  /**
   * Version 2 `start`: the consent is stored with the opening turn (0 -> 1 -> 4,
   * as version 1 opens), or with the resume of an interview started over
   * version 1. Consent counts only once that write has succeeded: until then
   * audio is refused, and a failed write leaves the session waiting for consent.
   */
  private async start(mode: SessionMode): Promise<void> {
    const now = this.now();
    const opening = this.plan(this.resumeAfterConsent?.stored, now, { mode, consentedAt: now });
    const before = { turns: this.turns, mode: this.currentMode };
    this.turns = this.newTurns(opening.startedAt, opening.context);
    // Set first: the voice channel speaks the opening words in this mode.
    this.currentMode = mode;
    let ended: boolean;
    try {
      ended = await this.turns.run(opening.step, opening.options);
    } catch (error) {
      this.turns = before.turns;
      this.currentMode = before.mode;
      throw error;
    }
    this.consentPending = false;
    this.resumeAfterConsent = null;
    this.deadline?.clear();
    await this.afterTurn(ended);
    if (this.stopped || this.closing) return;
    this.armDeadline(opening.startedAt);
  }

  /**
   * Takes effect at once (the audio frames after it are judged by it); its log
   * line is written in the turn queue, so a failing write ends the interview
   * there, after the turn in flight, like any other failed turn.
   */
  private async setMode(mode: SessionMode): Promise<void> {
    if (mode === this.currentMode) return;
    const from = this.currentMode;
    this.currentMode = mode;
    for (const listener of this.modeListeners) listener(mode);
    this.enqueue(async () => {
      if (this.stopped || this.closing) return;
      await this.deps.repository.appendLog(
        this.interviewId,
        this.now(),
        'info',
        `the candidate switched from ${from ?? 'no'} mode to ${mode} mode`,
      );
    });
  }

  /** The page failed before the candidate agreed: its report is logged, the socket closed, the interview stays in state 0. */
  private async leaveBeforeStart(line: string): Promise<void> {
    await this.deps.repository.appendLog(this.interviewId, this.now(), 'warn', line);
    await this.terminate({ close: { code: CloseCode.NORMAL, reason: 'page error before the start' }, grace: this.resumesAfterConsent });
  }

  private newTurns(startedAt: string, context: MachineContext): TurnRunner {
    return new TurnRunner(this.deps, this.interviewId, this.brief, this.channel, startedAt, context);
  }

  /** Queues a validated message; turns never interleave. */
  handle(message: ClientMessage): void {
    if (!takesEffectAtOnce(message)) return this.enqueue(() => this.process(message));
    // A mode switch must not wait behind a model call, and the audio frames after it are judged by it.
    // Whatever it writes, and a failure's ending, go through the queue (setMode).
    void this.deps.host.track(this.process(message).catch((error: unknown) => this.enqueue(() => this.failed(error))));
  }

  /** Lines from the channel (voice: barge-in, turn latency) in the interview's log, after the turn in flight. */
  note(lines: string[]): void {
    this.enqueue(async () => {
      if (!this.stopped && !this.closing) await this.deps.repository.appendLog(this.interviewId, this.now(), 'info', lines);
    });
  }

  /** The channel closed without the interview ending: keep the state for the grace period (after the turn in flight). */
  onSocketClosed(): void {
    this.socketClosed = true;
    if (this.stopped) return;
    // The heartbeat keeps the lease until terminate runs after the turn in flight (a model call
    // may outlast the lease); only the conversation's timers stop now.
    this.stopConversationTimers();
    // Decided when it runs: a `start` queued before the close has stored a session by then.
    // A resume still waiting for consent was already on record as dropped: its grace period starts again.
    this.enqueue(() => this.terminate({ grace: !this.consentPending || this.resumesAfterConsent, recordDisconnect: !this.consentPending }));
  }

  /**
   * The interview is being reset: the page is told and closed at once, and the
   * session stops after the turn in flight without writing anything more.
   * Resolves once it has stopped, so the reset cannot be overwritten.
   */
  endForReset(): Promise<void> {
    if (!this.stopped && !this.closing) {
      this.closing = true;
      this.stopTimers();
      this.channel.send({
        type: 'error',
        code: 'SESSION_TAKEN_OVER',
        message: 'this interview was reset; open the link again',
        fatal: true,
      });
      this.channel.close(CloseCode.NOT_ALLOWED, 'interview reset');
      this.enqueue(() => this.terminate({ grace: false, silent: true }));
    }
    return this.queue;
  }

  /** Once the page has gone (socket closed, or reset): resolves when this session has stopped and released its lease. */
  get leaving(): Promise<void> | null {
    return this.socketClosed || this.closing ? this.queue : null;
  }

  /** Process shutdown: the page reconnects to another node. */
  shutdown(): void {
    this.channel.close(CloseCode.GOING_AWAY, 'server shutting down');
    this.onSocketClosed();
  }

  private enqueue(task: () => Promise<void>): void {
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

  private async process(message: ClientMessage): Promise<void> {
    if (this.stopped || this.closing) return;
    await processMessage(
      {
        interviewId: this.interviewId,
        brief: this.brief,
        context: this.context,
        channel: this.channel,
        reportPageError: (text) => this.writeReports(this.reports.report(text)),
        armSilenceTimer: () => this.armSilenceTimer(),
        step: (event, candidateEntry, logLines) => this.step(event, candidateEntry, logLines),
        consentRequired: this.consentPending,
        start: (mode) => this.start(mode),
        setMode: (mode) => this.setMode(mode),
        leaveBeforeStart: (line) => this.leaveBeforeStart(line),
      },
      message,
    );
  }

  private async writeReports(lines: readonly string[]): Promise<void> {
    if (lines.length > 0) await this.deps.repository.appendLog(this.interviewId, this.now(), 'warn', lines);
  }

  /** One turn of the conversation; its server time is what session_turn_seconds measures (pings, typing and refusals are not turns). */
  private async step(event: MachineEvent, candidateEntry: NewEntry | null, logLines: string[] = []): Promise<void> {
    const started = performance.now();
    this.remindersSent = 0;
    try {
      await this.run(transition(this.context, event, this.policy()), { candidateEntry, logLines });
    } finally {
      this.deps.host.recordTurn(performance.now() - started);
    }
  }

  private policy(): MachinePolicy {
    return { ...DEFAULT_POLICY, uncooperativeLimit: this.deps.settings.uncooperativeLimit };
  }

  /** A turn, then either the end of the session or the silence clock for the candidate's answer. */
  private async run(step: Step, options: TurnOptions): Promise<void> {
    await this.afterTurn(await this.turns.run(step, options));
  }

  /** A turn is stored: the session ends with it, or waits for the candidate again. */
  private async afterTurn(ended: boolean): Promise<void> {
    if (ended) {
      await this.terminate({ close: { code: CloseCode.NORMAL, reason: 'interview ended' }, grace: false });
      return;
    }
    this.armSilenceTimer();
  }

  /**
   * The one way a session stops: timers, the channel, the disconnection on
   * record (when the candidate may come back), the lease, the service's map,
   * and the grace period. Idempotent.
   */
  private async terminate(how: Termination): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.stopTimers();
    if (how.close) this.channel.close(how.close.code, how.close.reason);
    try {
      if (how.silent) return;
      if (how.recordDisconnect) {
        await this.deps.repository.markDisconnected(this.interviewId, this.turns.startedAt, this.now(), this.turns.callLength());
      }
      await this.writeReports(this.reports.flush());
    } finally {
      await this.deps.leases.release(this.interviewId, this.connectionId).catch(() => {});
      this.deps.host.detach(this, { startGrace: how.grace });
    }
  }

  /** A turn failed: end with reason 5 (recording the farewell if possible), or give up the connection. */
  private async failed(error: unknown): Promise<void> {
    const { log } = this.deps.host;
    if (error instanceof SessionConflictError) {
      log('warn', `interview ${this.interviewId} ended or was reset elsewhere; closing this session`);
      await this.terminate({ close: { code: CloseCode.ENDED, reason: 'interview ended' }, grace: false, silent: true });
      return;
    }
    log('error', `turn of interview ${this.interviewId} failed`, error);
    if (this.stopped) return;
    if (this.consentPending) {
      // Nothing was started, so nothing is ended: the page may try again.
      this.channel.send({ type: 'error', code: 'SERVER_ERROR', message: 'a technical problem occurred; try again', fatal: true });
      await this.terminate({ close: { code: CloseCode.SERVER_ERROR, reason: 'server error' }, grace: this.resumesAfterConsent });
      return;
    }
    this.channel.send({ type: 'error', code: 'SERVER_ERROR', message: 'a technical problem occurred', fatal: true });
    const step = transition(this.context, { type: 'end', reason: EndingReason.ENDED_DUE_TO_ERRROR });
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

  private sendSession(transcript: ReturnType<typeof toTranscriptEntry>[], resumed: boolean, resumeCount: number): void {
    const language = languageFor(this.brief.languageCode);
    this.channel.send({
      type: 'session',
      protocol_version: this.protocolVersion,
      interview_id: this.interviewId,
      interview_type: this.interview.interview_type,
      language_code: this.brief.languageCode,
      language_tag: language.tag,
      direction: language.direction,
      state: this.context.state,
      next_question_index: this.context.nextQuestionIndex,
      question_count: this.brief.questions.length,
      resumed,
      resume_count: resumeCount,
      transcript,
      ...(this.protocolVersion >= VOICE_PROTOCOL_VERSION ? this.welcome() : {}),
    });
  }

  /** Version 2: what the welcome and consent screens need, and what speech can do here. */
  private welcome(): Partial<ServerEvents['session']> {
    const speech = this.deps.speech?.(this.brief.languageCode) ?? NO_SPEECH;
    return {
      consent_required: this.consentPending,
      job_title: this.brief.jobTitle,
      expected_minutes: expectedMinutes(this.brief.questions.length),
      mode: this.currentMode,
      speech: { ...speech, sample_rate: 16_000, max_audio_frame_bytes: MAX_AUDIO_FRAME_BYTES },
    };
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }

  private get leaseMs(): number {
    return this.deps.settings.leaseSeconds * 1000;
  }

  private startHeartbeat(): void {
    this.heartbeat = this.deps.scheduler.setInterval(() => void this.deps.host.track(this.beat()), Math.max(100, this.leaseMs / 3));
  }

  private async beat(): Promise<void> {
    if (this.stopped) return;
    try {
      if (!(await this.deps.leases.renew(this.interviewId, this.connectionId, this.leaseMs))) {
        if (this.stopped) return;
        this.channel.send({ type: 'error', code: 'SESSION_TAKEN_OVER', message: 'this session lost its lease', fatal: true });
        await this.terminate({ close: { code: CloseCode.NOT_ALLOWED, reason: 'session taken over' }, grace: false });
        return;
      }
      // Before consent there is no stored session to touch: the lease alone is kept.
      if (this.consentPending) return;
      if (!(await this.deps.repository.touch(this.interviewId, this.turns.startedAt, this.now())) && !this.stopped) {
        // The stored session is gone: the interview was reset (on another node, or this one's reset raced the beat).
        this.channel.send({
          type: 'error',
          code: 'SESSION_TAKEN_OVER',
          message: 'this interview was reset; open the link again',
          fatal: true,
        });
        await this.terminate({ close: { code: CloseCode.NOT_ALLOWED, reason: 'interview reset' }, grace: false, silent: true });
      }
    } catch (error) {
      this.deps.host.log('warn', `heartbeat of ${this.interviewId} failed`, error);
    }
  }

  private armSilenceTimer(): void {
    this.silenceTimer?.clear();
    this.silenceTimer = null;
    if (this.stopped || this.closing || !isAwaitingInput(this.context.state)) return;
    this.silenceTimer = this.deps.scheduler.setTimeout(
      () => this.enqueue(() => this.onSilence()),
      this.deps.settings.inactivitySeconds * 1000,
    );
  }

  /** However active the page keeps it, a session ends this long after it started (a resume counts from the first start). */
  private armDeadline(startedAt: string): void {
    const { maxMinutes } = this.deps.settings;
    const remaining = Date.parse(startedAt) + maxMinutes * 60_000 - this.deps.clock.now().getTime();
    this.deadline = this.deps.scheduler.setTimeout(() => this.enqueue(() => this.onDeadline()), Math.max(0, remaining));
  }

  private async onDeadline(): Promise<void> {
    if (this.stopped || this.closing) return;
    if (this.consentPending) {
      // A welcome screen left open this long lets the lease go; the link still works.
      await this.terminate({
        close: { code: CloseCode.NORMAL, reason: 'no start before the session limit' },
        grace: this.resumesAfterConsent,
      });
      return;
    }
    await this.run(transition(this.context, { type: 'end', reason: EndingReason.ENDED_DUE_TO_USER_INACTIVITY }), {
      logLines: [`the session reached its maximum length of ${this.deps.settings.maxMinutes} minute(s) (SESSION_MAX_MINUTES)`],
    });
  }

  private async onSilence(): Promise<void> {
    if (this.stopped || this.closing || !isAwaitingInput(this.context.state)) return;
    if (this.remindersSent < this.deps.settings.inactivityReminders) {
      this.remindersSent += 1;
      await this.run(
        { context: this.context, acts: [{ kind: 'reminder' }], path: [] },
        { logLines: [`no answer; reminder ${this.remindersSent}`] },
      );
      return;
    }
    await this.run(transition(this.context, { type: 'end', reason: EndingReason.ENDED_DUE_TO_USER_INACTIVITY }), {
      logLines: [`no answer after ${this.remindersSent} reminder(s)`],
    });
  }

  private stopTimers(): void {
    this.heartbeat?.clear();
    this.heartbeat = null;
    this.stopConversationTimers();
  }

  private stopConversationTimers(): void {
    this.silenceTimer?.clear();
    this.deadline?.clear();
    this.silenceTimer = null;
    this.deadline = null;
  }
}

/** A resumed version 2 session keeps the mode recorded when it started (text when unreadable). */
function storedMode(row: InterviewRow): SessionMode | null {
  if (row.state === InterviewState.NOT_STARTED) return null;
  try {
    const mode = (JSON.parse(row.interview_agent_meta ?? '{}') as { mode?: unknown }).mode;
    return mode === 'voice' ? 'voice' : 'text';
  } catch {
    return 'text';
  }
}
