// One connected candidate, reached through a CandidateChannel: the face the
// gateway and the channel talk to. Messages are handled strictly one at a
// time; each turn goes through the TurnRunner (persist, then emit). This file
// takes the page's messages and audio, and tells the channel what it needs
// to know (ChannelSession). Its parts: the phase, the turn queue and the one
// terminate path in session-lifecycle.ts; how a connection opens (the
// opening turn, or the welcome and the wait for consent: protocol v2 starts
// and stores nothing before `start`) in session-opener.ts; silence and the
// maximum length in inactivity-watch.ts and the lease renewal in
// lease-heartbeat.ts (their clocks in session-timers.ts); speaking or typing
// in answer-mode.ts; the `session` event in session-event.ts; the page's
// error-report budget in client-reports.ts; the opening plan in opening.ts;
// and what each message means in candidate-input.ts.

import { performance } from 'node:perf_hooks';
import { DEFAULT_POLICY, isAwaitingInput, transition, type MachineEvent, type MachinePolicy } from '../conversation/state-machine.js';
import { languageFor } from '../languages/index.js';
import type { Language } from '../languages/language.js';
import { AnswerMode, storedMode } from './answer-mode.js';
import { admitAudio, planAnswer, processMessage, takesEffectAtOnce } from './candidate-input.js';
import type { CandidateChannel, ChannelSession, ReplyDraft } from './channel.js';
import { NO_SPEECH, type LiveSessionDeps, type LiveSessionInit } from './live-session-types.js';
import { CloseCode, PROTOCOL_VERSION, VOICE_PROTOCOL_VERSION, type ClientMessage, type SessionMode } from './protocol.js';
import type { Recognition, RecognitionChoice, SpeechOffer } from './recognition-policy.js';
import { hashResumeToken, isSameTokenHash } from './resume-token.js';
import { sessionEvent, type TranscriptEntry } from './session-event.js';
import { SessionLifecycle } from './session-lifecycle.js';
import type { NewEntry } from './session.repository.js';
import { SessionOpener } from './session-opener.js';
import type { TurnRunner } from './turn-runner.js';

export class LiveSession implements ChannelSession {
  readonly interviewId: string;
  private readonly core: SessionLifecycle;
  private readonly answering: AnswerMode;
  private readonly opener: SessionOpener;
  /** Sent to this connection only: the same page's next connection takes this one over with it. */
  private readonly resumeToken: string;
  private readonly audioListeners: ((frame: Uint8Array) => void)[] = [];
  /** Answers queued or being turned: until they are, no other answer is awaited. */
  private answersInFlight = 0;
  /** Mode switches waiting in the turn queue (handle): a later one queues behind them. */
  private modesQueued = 0;

  constructor(
    private readonly deps: LiveSessionDeps,
    private readonly channel: CandidateChannel,
    init: LiveSessionInit,
  ) {
    this.interviewId = init.interview.id;
    this.resumeToken = init.resumeToken;
    const protocolVersion = init.protocolVersion ?? PROTOCOL_VERSION;
    this.core = new SessionLifecycle(deps, channel, init.interview, init.brief, init.connectionId, protocolVersion, this);
    this.answering = new AnswerMode(
      () => this.speechOffer(),
      protocolVersion >= VOICE_PROTOCOL_VERSION ? storedMode(init.interview) : channel.mode,
    );
    this.opener = new SessionOpener(this.core, this.answering, channel, deps, (transcript, resumed, resumeCount) =>
      this.sendSession(transcript, resumed, resumeCount),
    );
    // Before anything is sent: what the channel needs to know it asks this session.
    channel.attach?.(this);
  }

  /** The interview's owner: capacity shared out per tenant (the recognisers) is counted against it. */
  get tenant(): string {
    return this.core.interview.owner_id;
  }

  get language(): Language {
    return languageFor(this.core.brief.languageCode);
  }

  /** Whether the interviewer's words are spoken in the interview's language (protocol v2). */
  get canSpeak(): boolean {
    return this.speechOffer().synthesis;
  }

  /** The interviewer waits for the candidate's answer, and none is already on its way (the voice channel listens then). */
  get isAwaitingInput(): boolean {
    // Before the opening turn has been planned there is no conversation yet.
    if (this.core.phase.kind !== 'live' || this.answersInFlight > 0 || !(this.core.turns as TurnRunner | undefined)) return false;
    return isAwaitingInput(this.core.context().state);
  }

  /** Version 2: true until the candidate has sent `start`. */
  get consentRequired(): boolean {
    return this.core.isConsentPending();
  }

  /** How the candidate answers now: the `start` choice or the last `mode` (null before consent). */
  get mode(): SessionMode | null {
    return this.answering.mode;
  }

  /** Who recognises the candidate's speech now: the offer for the language and what the page said it does. */
  get recognition(): Recognition {
    return this.answering.recognition;
  }

  /** Called on every `mode` switch and change of recogniser (the voice channel starts or stops listening). */
  onModeChange(listener: (mode: SessionMode) => void): void {
    this.answering.onChange(listener);
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
    if (!this.core.isRunning()) return;
    if (admitAudio({ consentRequired: this.core.isConsentPending(), mode: this.answering.mode, channel: this.channel }, frame.byteLength))
      for (const listener of this.audioListeners) listener(frame);
  }

  /** First connection (0 -> 1 -> 4) or a resume (welcome back, the pending prompt again). */
  async begin(): Promise<void> {
    // Queued like any turn, so a reset arriving meanwhile waits for the opening turn instead of racing it.
    const opening = this.opener.open();
    this.core.queue = opening.catch(() => {});
    await opening;
  }

  /**
   * Takes effect at once (the audio frames after it are judged by it); its log
   * line is written in the turn queue, so a failing write ends the interview
   * there, after the turn in flight, like any other failed turn.
   */
  private async setMode(mode: SessionMode, recognition: RecognitionChoice | null): Promise<void> {
    const line = this.answering.switchTo(mode, recognition);
    if (line === null) return;
    // On the page-report budget: the page decides how often it switches.
    const lines = this.core.reports.modeSwitch(line);
    if (lines.length === 0) return;
    this.core.enqueue(async () => {
      if (!this.core.isRunning()) return;
      for (const written of lines) await this.core.appendLog(written === line ? 'info' : 'warn', written);
    });
  }

  /** The page failed before the candidate agreed: its report is logged, the socket closed, the interview stays in state 0. */
  private async leaveBeforeStart(line: string): Promise<void> {
    await this.core.appendLog('warn', line);
    await this.core.terminate({
      close: { code: CloseCode.NORMAL, reason: 'page error before the start' },
      grace: this.core.resumesAfterConsent(),
    });
  }

  /** Queues a validated message; turns never interleave. */
  handle(message: ClientMessage): void {
    const { core } = this;
    if (message.type === 'answer') {
      this.answersInFlight += 1;
      return core.enqueue(() => this.process(message).finally(() => (this.answersInFlight -= 1)));
    }
    // Before consent a switch waits for the `start` ahead of it (a page whose own recogniser fails at once
    // sends one right behind it): taken at once it would be refused as before consent, and lost. A later
    // switch waits too while one is still queued, even once consent is given: taken at once, it would be
    // undone by the older one when that runs. A count rather than a latest-wins slot: each switch is
    // processed and logged as the page sent it, in order, and the last one sent is the mode that stays.
    if (message.type === 'mode' && (core.isConsentPending() || this.modesQueued > 0)) {
      this.modesQueued += 1;
      return core.enqueue(() => this.process(message).finally(() => (this.modesQueued -= 1)));
    }
    if (!takesEffectAtOnce(message)) return core.enqueue(() => this.process(message));
    // A mode switch must not wait behind a model call, and the audio frames after it are judged by it.
    // Whatever it writes, and a failure's ending, go through the queue (setMode).
    void this.deps.host.track(this.process(message).catch((error: unknown) => core.enqueue(() => core.failed(error))));
  }

  /**
   * The speculative reply: the interviewer's words for a spoken answer whose
   * turn is not confirmed yet, worded from the conversation as it stands and
   * neither stored nor sent. If the same answer then comes (`handle`), its turn
   * uses them; otherwise they are forgotten (discardReply, or any other turn).
   */
  prepareReply(text: string, options: { modelCalls: boolean }): ReplyDraft | null {
    const { core } = this;
    if (!this.isAwaitingInput) return null;
    const { event, entry } = planAnswer(core.context(), core.brief, text);
    const draft = core.turns.prepare(transition(core.context(), event, this.policy()), entry.content, options);
    if (!draft) return null;
    return { lines: draft.utterances.then((utterances) => utterances.map((utterance) => utterance.text)), modelCall: draft.modelCall };
  }

  /** The prepared reply will not be sent: the candidate went on speaking. */
  discardReply(): void {
    (this.core.turns as TurnRunner | undefined)?.discardPrepared();
  }

  /** Lines from the channel (voice: barge-in, turn latency) in the interview's log, after the turn in flight. */
  note(lines: string[]): void {
    this.core.enqueue(async () => {
      if (this.core.isRunning()) await this.core.appendLog('info', lines);
    });
  }

  /** Whether `token` is the one this connection was given: the same page, reloaded or reconnected. */
  isResumedBy(token: string): boolean {
    return isSameTokenHash(hashResumeToken(this.resumeToken), hashResumeToken(token));
  }

  /**
   * The same page opened a new connection (a reload) while this one still looks alive: this
   * one goes as if its socket had closed (disconnection recorded, grace period, lease released
   * after the turn in flight), so the new connection resumes instead of being refused.
   */
  supersede(): void {
    const { core } = this;
    if (core.socketClosed || !core.isRunning()) return;
    if (!core.isConsentPending())
      this.note(["the page opened a new connection with this connection's resume token (a reload): the new connection takes over"]);
    this.channel.send({
      type: 'error',
      code: 'SESSION_TAKEN_OVER',
      message: 'this interview was opened again by the same page',
      fatal: true,
    });
    this.channel.close(CloseCode.NOT_ALLOWED, 'resumed by a new connection');
    this.onSocketClosed();
  }

  /** The channel closed without the interview ending: keep the state for the grace period (after the turn in flight). */
  onSocketClosed(): void {
    const { core } = this;
    if (core.socketClosed) return;
    core.socketClosed = true;
    if (core.isStopped()) return;
    // The heartbeat keeps the lease until terminate runs after the turn in flight (a model call
    // may outlast the lease); only the conversation's timers stop now.
    core.timers.stopConversation();
    // Decided when it runs: a `start` queued before the close has stored a session by then.
    // A resume still waiting for consent was already on record as dropped: its grace period starts again.
    core.enqueue(() =>
      core.terminate({ grace: !core.isConsentPending() || core.resumesAfterConsent(), recordDisconnect: !core.isConsentPending() }),
    );
  }

  /**
   * The interview is being reset: the page is told and closed at once, and the
   * session stops after the turn in flight without writing anything more.
   * Resolves once it has stopped, so the reset cannot be overwritten.
   */
  endForReset(): Promise<void> {
    const { core } = this;
    if (core.isRunning()) {
      core.phase = { kind: 'closing' };
      core.timers.stopAll();
      this.channel.send({
        type: 'error',
        code: 'SESSION_TAKEN_OVER',
        message: 'this interview was reset; open the link again',
        fatal: true,
      });
      this.channel.close(CloseCode.NOT_ALLOWED, 'interview reset');
      core.enqueue(() => core.terminate({ grace: false, silent: true }));
    }
    return core.queue;
  }

  /** Once the page has gone (socket closed, or reset): resolves when this session has stopped and released its lease. */
  get leaving(): Promise<void> | null {
    return this.core.socketClosed || this.core.phase.kind === 'closing' ? this.core.queue : null;
  }

  /** Process shutdown: the page reconnects to another node. */
  shutdown(): void {
    if (this.core.socketClosed) return;
    this.channel.close(CloseCode.GOING_AWAY, 'server shutting down');
    this.onSocketClosed();
  }

  /** A draining node: the turn in flight finishes and its reply reaches the page, then the page is moved (1001). */
  async drain(): Promise<void> {
    await this.core.queue;
    if (!this.core.isStopped()) this.shutdown();
  }

  private async process(message: ClientMessage): Promise<void> {
    const { core } = this;
    if (!core.isRunning()) return;
    await processMessage(
      {
        interviewId: this.interviewId,
        brief: core.brief,
        context: core.context(),
        channel: this.channel,
        reportPageError: (text) => core.writeReports(core.reports.report(text)),
        armSilenceTimer: () => core.inactivity.armSilence(),
        moreTime: () => core.inactivity.moreTime(),
        step: (event, candidateEntry, logLines) => this.step(event, candidateEntry, logLines),
        consentRequired: core.isConsentPending(),
        start: (mode, recognition) => this.opener.start(mode, recognition),
        setMode: (mode, recognition) => this.setMode(mode, recognition),
        leaveBeforeStart: (line) => this.leaveBeforeStart(line),
      },
      message,
    );
  }

  /** One turn of the conversation; its server time is what session_turn_seconds measures (pings, typing and refusals are not turns). */
  private async step(event: MachineEvent, candidateEntry: NewEntry | null, logLines: string[] = []): Promise<void> {
    // Real elapsed time on purpose: a metric of the server's work, which virtual time would report as zero.
    const started = performance.now();
    this.core.inactivity.answered();
    try {
      await this.core.run(transition(this.core.context(), event, this.policy()), { candidateEntry, logLines });
    } finally {
      this.deps.host.recordTurn(performance.now() - started);
    }
  }

  private policy(): MachinePolicy {
    return { ...DEFAULT_POLICY, uncooperativeLimit: this.deps.settings.uncooperativeLimit };
  }

  private sendSession(transcript: TranscriptEntry[], resumed: boolean, resumeCount: number): void {
    const { core } = this;
    this.channel.send(
      sessionEvent({
        protocolVersion: core.protocolVersion,
        interviewId: this.interviewId,
        interviewType: core.interview.interview_type,
        brief: core.brief,
        context: core.context(),
        transcript,
        resumed,
        resumeCount,
        resumeToken: this.resumeToken,
        consentRequired: core.isConsentPending(),
        mode: this.answering.mode,
        speech: this.speechOffer(),
      }),
    );
  }

  /** What speech the configured providers offer in the interview's language. */
  private speechOffer(): SpeechOffer {
    return this.deps.speech?.(this.core.brief.languageCode) ?? NO_SPEECH;
  }
}
