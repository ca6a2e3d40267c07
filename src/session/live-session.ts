// One connected candidate. Messages are handled strictly one at a time; each
// turn is: classify -> state machine -> interviewer words -> one transaction
// -> events to the page. Events go out only after the turn is committed, so
// what the candidate saw is always what the record says.

import { performance } from 'node:perf_hooks';
import { EndingReason, InterviewState } from '../interviews/enums.js';
import type { InterviewRow } from '../interviews/interview.repository.js';
import { toTranscriptEntry } from '../interviews/interview.service.js';
import { classifyIntent, isThinAnswer } from '../conversation/intent.js';
import type { InterviewBrief } from '../conversation/interviewer.js';
import { languageFor } from '../languages/index.js';
import { CloseCode, PROTOCOL_VERSION, type ClientMessage } from './protocol.js';
import { SessionConflictError, type NewEntry, type TurnWrite } from './session.repository.js';
import { ENDING_REASON_NAMES, type SessionConnection, type SessionService } from './session.service.js';
import {
  controlIdOf,
  DEFAULT_POLICY,
  initialContext,
  isAwaitingInput,
  isFinished,
  resumeActs,
  transition,
  type Act,
  type MachineContext,
  type MachineEvent,
  type MachinePolicy,
  type Step,
} from '../conversation/state-machine.js';

interface LiveSessionInit {
  interview: InterviewRow;
  brief: InterviewBrief;
  connectionId: string;
}

export class LiveSession {
  readonly interviewId: string;
  private readonly brief: InterviewBrief;
  private readonly connectionId: string;
  private interview: InterviewRow;
  private context!: MachineContext;
  private startedAt!: string;
  private queue: Promise<void> = Promise.resolve();
  private heartbeat: NodeJS.Timeout | null = null;
  private silenceTimer: NodeJS.Timeout | null = null;
  private remindersSent = 0;
  private stopped = false;

  constructor(
    private readonly service: SessionService,
    private readonly connection: SessionConnection,
    init: LiveSessionInit,
  ) {
    this.interviewId = init.interview.id;
    this.interview = init.interview;
    this.brief = init.brief;
    this.connectionId = init.connectionId;
  }

  /** First connection (0 -> 1 -> 4) or a resume (welcome back, the pending prompt again). */
  async begin(): Promise<void> {
    const row = this.interview;
    const { repository } = this.service.deps;
    const transcriptBefore = (await repository.listTranscript(row.id)).map(toTranscriptEntry);
    const connectionFields = { userip: this.connection.ip, call_api_id: this.connectionId, user_disconnected: 0 };

    if (row.state === InterviewState.NOT_STARTED) {
      this.context = initialContext(this.brief.kind, this.brief.questions.length);
      this.startedAt = this.service.now();
      const step = transition(this.context, { type: 'start' });
      this.sendSession(transcriptBefore, false, 0);
      await this.commit(step, {
        startedAt: this.startedAt,
        interviewChanges: {
          ...connectionFields,
          resume_count: 0,
          interview_agent_meta: JSON.stringify({
            interviewer: this.service.deps.interviewer.name,
            protocol_version: PROTOCOL_VERSION,
            mode: 'text',
          }),
        },
        logLines: [
          `session ${this.connectionId} opened from ${this.connection.ip ?? 'unknown address'} (protocol v${PROTOCOL_VERSION}, text mode)`,
        ],
      });
    } else {
      const stored = await repository.findSession(row.id);
      this.context = stored?.context ?? {
        ...initialContext(this.brief.kind, this.brief.questions.length),
        state: row.state as InterviewState,
        nextQuestionIndex: row.next_question_index,
      };
      this.startedAt = stored?.started_at ?? row.updated_at;
      const resumeCount = (row.resume_count ?? 0) + 1;
      this.sendSession(transcriptBefore, true, resumeCount);
      const changes = { interviewChanges: { ...connectionFields, resume_count: resumeCount } };
      if (resumeCount > this.service.settings.maxResumes) {
        await this.commit(transition(this.context, { type: 'end', reason: EndingReason.ENDED_DUE_TO_EXCEEDED_RESUME_COUNT }), {
          ...changes,
          logLines: [
            `session ${this.connectionId} refused: resume ${resumeCount} exceeds the limit of ${this.service.settings.maxResumes}`,
          ],
        });
      } else if (stored?.pending) {
        // The previous node stopped while the model was writing: finish that turn, which ends with the next prompt.
        await this.commit(stored.pending.step, {
          ...changes,
          candidateText: stored.pending.candidateText,
          logLines: [`session ${this.connectionId} resumed (resume ${resumeCount}); finishing the turn interrupted in state ${row.state}`],
        });
      } else {
        await this.commit(
          { context: this.context, acts: resumeActs(this.context), path: [] },
          {
            ...changes,
            logLines: [`session ${this.connectionId} resumed (resume ${resumeCount}) from ${this.connection.ip ?? 'unknown address'}`],
          },
        );
      }
    }
    if (!this.stopped) this.startHeartbeat();
  }

  /** Queues a validated message; turns never interleave. */
  handle(message: ClientMessage): void {
    this.enqueue(() => this.process(message));
  }

  /** The socket closed without the interview ending: keep the state for the grace period. */
  onSocketClosed(): void {
    if (this.stopped) return;
    this.stopTimers();
    this.enqueue(async () => {
      if (this.stopped) return;
      this.stopped = true;
      try {
        await this.service.deps.repository.markDisconnected(this.interviewId, this.service.now(), this.callLength());
      } finally {
        await this.service.deps.leases.release(this.interviewId, this.connectionId).catch(() => {});
        this.service.detach(this, { startGrace: true });
      }
    });
  }

  /** Process shutdown: the page reconnects to another node. */
  shutdown(): void {
    this.connection.close(CloseCode.GOING_AWAY, 'server shutting down');
    this.onSocketClosed();
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(() => this.runTurn(task));
    void this.service.track(this.queue);
  }

  private async runTurn(task: () => Promise<void>): Promise<void> {
    try {
      await task();
    } catch (error) {
      await this.failed(error);
    }
  }

  private async process(message: ClientMessage): Promise<void> {
    if (this.stopped) return;
    switch (message.type) {
      case 'ping':
        this.connection.send({ type: 'pong', ...(message.id === undefined ? {} : { id: message.id }) });
        return;
      case 'activity':
        // Typing counts as presence: the silence clock starts again, the reminders already sent stay counted.
        this.armSilenceTimer();
        return;
      case 'answer':
        return this.answer(message.text);
      case 'repeat':
        if (!this.expectInput()) return;
        return this.step({ type: 'input', intent: 'repeat', isThin: false }, null);
      case 'end':
        return this.step(
          { type: 'end', reason: message.after_error ? EndingReason.USER_ENDED_DUE_TO_ERROR : EndingReason.USER_ENDED },
          null,
        );
      case 'client_error':
        if (!message.fatal) {
          await this.service.deps.repository.appendLog(
            this.interviewId,
            this.service.now(),
            'warn',
            `page reported an error: ${message.message}`,
          );
          return;
        }
        return this.step({ type: 'end', reason: EndingReason.ENDED_DUE_TO_FRONTEND_ERRROR }, null, [
          `page reported a fatal error: ${message.message}`,
        ]);
    }
  }

  private async answer(text: string): Promise<void> {
    if (!this.expectInput()) return;
    const { state, nextQuestionIndex } = this.context;
    const question = state === InterviewState.AWAITING_ANSWER ? this.brief.questions[nextQuestionIndex - 1] : undefined;
    const intent = classifyIntent(text, this.brief.languageCode);
    const isThin = isThinAnswer(text, question?.criteria ?? [], this.brief.languageCode, question?.text);
    const entry: NewEntry = { role: 'user', content: text, controlId: question?.id ?? 'procedural' };
    await this.step({ type: 'input', intent, isThin }, entry);
  }

  private expectInput(): boolean {
    if (isAwaitingInput(this.context.state)) return true;
    this.connection.send({
      type: 'error',
      code: 'NOT_YOUR_TURN',
      message: 'the interviewer is not waiting for an answer now',
      fatal: false,
    });
    return false;
  }

  /** One turn of the conversation; its server time is what session_turn_seconds measures (pings, typing and refusals are not turns). */
  private async step(event: MachineEvent, candidateEntry: NewEntry | null, logLines: string[] = []): Promise<void> {
    const started = performance.now();
    this.remindersSent = 0;
    try {
      await this.commit(transition(this.context, event, this.policy()), { candidateEntry, logLines });
    } finally {
      this.service.recordTurn(performance.now() - started);
    }
  }

  private policy(): MachinePolicy {
    return { ...DEFAULT_POLICY, uncooperativeLimit: this.service.settings.uncooperativeLimit };
  }

  /**
   * Words for the acts, one transaction, then the events. When the words need
   * a model call, the candidate's half is stored first (with the state the
   * interviewer is in meanwhile, e.g. 10 while it writes a follow-up), so the
   * record tells the truth during the call and a crash loses nothing.
   */
  private async commit(
    step: Step,
    options: {
      candidateEntry?: NewEntry | null;
      /** The candidate's words when their entry was stored by an earlier half. */
      candidateText?: string | null;
      logLines?: string[];
      interviewChanges?: TurnWrite['interviewChanges'];
      startedAt?: string;
    },
  ): Promise<void> {
    const { interviewer, repository } = this.service.deps;
    const from = this.context.state;
    let candidateEntry = options.candidateEntry ?? null;
    const candidateText = candidateEntry?.content ?? options.candidateText ?? null;
    const thinking = step.path[0];
    if (candidateEntry && thinking !== undefined && interviewer.usesModelFor(step.acts)) {
      const meanwhile = { ...this.context, state: thinking };
      await repository.saveTurn({
        interviewId: this.interviewId,
        at: this.service.now(),
        entries: [candidateEntry],
        context: meanwhile,
        interviewChanges: options.interviewChanges,
        callLength: this.callLength(),
        logLines: [],
        pending: { step, candidateText },
      });
      this.context = meanwhile;
      candidateEntry = null;
      this.connection.send({
        type: 'state',
        state: thinking,
        path: [thinking],
        next_question_index: meanwhile.nextQuestionIndex,
        awaiting_input: false,
      });
    }
    const utterances = await interviewer.render({ acts: step.acts, brief: this.brief, candidateText });
    const assistant = step.acts.map((act: Act, i): NewEntry => ({
      role: 'assistant',
      content: utterances[i]?.text ?? '',
      controlId: controlIdOf(act),
    }));
    const authorship = step.acts.flatMap((act, i) => {
      const u = utterances[i];
      if (u?.source === 'model') return [`${act.kind} written by the model`];
      if (u?.source === 'fallback') return [`model unavailable for ${act.kind} (${u.problem ?? 'unknown'}); scripted words used`];
      return [];
    });
    const at = this.service.now();
    const ended = isFinished(step.context.state);
    const path = step.path.length ? [`state ${[from, ...step.path].join(' -> ')}`] : [];
    const endLine = ended
      ? [`interview ended: ending reason ${step.context.endingReason} (${ENDING_REASON_NAMES[step.context.endingReason]})`]
      : [];
    await repository.saveTurn({
      interviewId: this.interviewId,
      at,
      entries: candidateEntry ? [candidateEntry, ...assistant] : assistant,
      context: step.context,
      interviewChanges: options.interviewChanges,
      callLength: this.callLength(),
      logLines: [...(options.logLines ?? []), ...authorship, ...path, ...endLine],
      job: ended ? this.service.handoffJob(this.interviewId, step.context, at) : undefined,
      startedAt: options.startedAt,
    });
    this.context = step.context;
    for (const entry of assistant)
      this.connection.send({ type: 'utterance', role: 'assistant', text: entry.content, control_id: entry.controlId, created_at: at });
    this.connection.send({
      type: 'state',
      state: this.context.state,
      path: step.path,
      next_question_index: this.context.nextQuestionIndex,
      awaiting_input: isAwaitingInput(this.context.state),
    });
    if (ended) return this.finish();
    this.armSilenceTimer();
  }

  private finish(): void {
    this.stopped = true;
    this.stopTimers();
    this.connection.send({
      type: 'ended',
      state: this.context.state,
      ending_reason: this.context.endingReason,
      ending_reason_name: ENDING_REASON_NAMES[this.context.endingReason] ?? '',
    });
    this.connection.close(CloseCode.NORMAL, 'interview ended');
    void this.service.track(this.service.deps.leases.release(this.interviewId, this.connectionId).catch(() => {}));
    this.service.detach(this, { startGrace: false });
    this.service.deps.onInterviewEnded?.();
  }

  /** A turn failed: end with reason 5 (recording the farewell if possible), or give up the connection. */
  private async failed(error: unknown): Promise<void> {
    if (error instanceof SessionConflictError) {
      this.service.log('warn', `interview ${this.interviewId} ended elsewhere; closing this session`);
      this.stopped = true;
      this.stopTimers();
      this.connection.close(CloseCode.ENDED, 'interview ended');
      await this.service.deps.leases.release(this.interviewId, this.connectionId).catch(() => {});
      this.service.detach(this, { startGrace: false });
      return;
    }
    this.service.log('error', `turn of interview ${this.interviewId} failed`, error);
    if (this.stopped) return;
    this.connection.send({ type: 'error', code: 'SERVER_ERROR', message: 'a technical problem occurred', fatal: true });
    const step = transition(this.context, { type: 'end', reason: EndingReason.ENDED_DUE_TO_ERRROR });
    const line = `backend error during a turn: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`;
    try {
      await this.commit(step, { logLines: [line] });
      return;
    } catch {
      // The farewell could not be recorded (the transcript store itself may be failing): record the end alone.
    }
    try {
      await this.commit({ ...step, acts: [] }, { logLines: [line] });
    } catch (second) {
      this.service.log('error', `interview ${this.interviewId} could not be ended after a backend error`, second);
      this.stopped = true;
      this.stopTimers();
      this.connection.close(CloseCode.SERVER_ERROR, 'server error');
      await this.service.deps.leases.release(this.interviewId, this.connectionId).catch(() => {});
      this.service.detach(this, { startGrace: true });
    }
  }

  private sendSession(transcript: ReturnType<typeof toTranscriptEntry>[], resumed: boolean, resumeCount: number): void {
    const language = languageFor(this.brief.languageCode);
    this.connection.send({
      type: 'session',
      protocol_version: PROTOCOL_VERSION,
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
    });
  }

  private callLength(): number {
    return Math.max(0, Math.round((Date.parse(this.service.now()) - Date.parse(this.startedAt)) / 100) / 10);
  }

  private startHeartbeat(): void {
    const every = Math.max(100, this.service.leaseMs / 3);
    this.heartbeat = setInterval(() => {
      void this.service.track(this.beat());
    }, every);
    this.heartbeat.unref();
  }

  private async beat(): Promise<void> {
    if (this.stopped) return;
    const { leases, repository } = this.service.deps;
    try {
      if (!(await leases.renew(this.interviewId, this.connectionId, this.service.leaseMs))) {
        if (this.stopped) return;
        this.stopped = true;
        this.stopTimers();
        this.connection.send({ type: 'error', code: 'SESSION_TAKEN_OVER', message: 'this session lost its lease', fatal: true });
        this.connection.close(CloseCode.NOT_ALLOWED, 'session taken over');
        this.service.detach(this, { startGrace: false });
        return;
      }
      await repository.touch(this.interviewId, this.service.now());
    } catch (error) {
      this.service.log('warn', `heartbeat of ${this.interviewId} failed`, error);
    }
  }

  private armSilenceTimer(): void {
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    if (!isAwaitingInput(this.context.state)) return;
    this.silenceTimer = setTimeout(() => this.enqueue(() => this.onSilence()), this.service.settings.inactivitySeconds * 1000);
    this.silenceTimer.unref();
  }

  private async onSilence(): Promise<void> {
    if (this.stopped || !isAwaitingInput(this.context.state)) return;
    if (this.remindersSent < this.service.settings.inactivityReminders) {
      this.remindersSent += 1;
      await this.commit(
        { context: this.context, acts: [{ kind: 'reminder' }], path: [] },
        { logLines: [`no answer; reminder ${this.remindersSent}`] },
      );
      return;
    }
    await this.commit(transition(this.context, { type: 'end', reason: EndingReason.ENDED_DUE_TO_USER_INACTIVITY }), {
      logLines: [`no answer after ${this.remindersSent} reminder(s)`],
    });
  }

  private stopTimers(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.heartbeat = null;
    this.silenceTimer = null;
  }
}
