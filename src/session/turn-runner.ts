// One conversation turn, persisted first and emitted second: the interviewer's
// words for the step's acts, one transaction (transcript, state, memory, log
// lines, and the hand-off job when the turn ends the interview), then the
// events to the candidate. What the candidate saw is always what the record
// says. Holds the conversation's memory (MachineContext) of one live session.

import type { InterviewBrief, Interviewer, Utterance } from '../conversation/interviewer.js';
import { controlIdOf, isAwaitingInput, isFinished, type Act, type MachineContext, type Step } from '../conversation/state-machine.js';
import { INTERVIEW_ENDED_JOB, interviewEndedDedupeKey, interviewEndedJob } from '../results/interview-ended.job.js';
import type { NewJob } from '../jobs/job.repository.js';
import type { Clock } from '../common/clock.js';
import type { IdGenerator } from '../common/ids.js';
import type { CandidateChannel } from './channel.js';
import { ENDING_REASON_NAMES } from './protocol.js';
import type { NewEntry, SessionRepository, TurnWrite } from './session.repository.js';

export interface TurnRunnerDeps {
  repository: SessionRepository;
  interviewer: Interviewer;
  clock: Clock;
  ids: IdGenerator;
  /** Called after a turn that ended an interview was committed (the job runner starts at once). */
  onInterviewEnded?: () => void;
}

export interface TurnOptions {
  candidateEntry?: NewEntry | null;
  /** The candidate's words when their entry was stored by an earlier half. */
  candidateText?: string | null;
  logLines?: readonly string[];
  interviewChanges?: TurnWrite['interviewChanges'];
  /** The first turn creates the session's stored memory. */
  startedAt?: string;
  /** Version 2: when the candidate agreed, stored with the first turn. */
  consentedAt?: string;
}

/** A reply worded ahead for a turn not yet confirmed (the speculative reply of a voice turn). */
interface PreparedReply {
  /** The memory it was worded from: a turn run from any other is not this one. */
  from: MachineContext;
  candidateText: string;
  acts: string;
  utterances: Promise<Utterance[]>;
  /** Aborts its model call, if it makes one, when it will not be used. */
  abort: AbortController;
}

/** Words being prepared ahead, and whether they take a model call (counted apart: operators may pay per call). */
export interface PreparedWords {
  utterances: Promise<Utterance[]>;
  modelCall: boolean;
}

export class TurnRunner {
  private prepared: PreparedReply | null = null;

  constructor(
    private readonly deps: TurnRunnerDeps,
    private readonly interviewId: string,
    private readonly brief: InterviewBrief,
    private readonly channel: CandidateChannel,
    /** When the session started; also its generation, which a reset forgets (see SessionRepository.saveTurn). */
    readonly startedAt: string,
    private current: MachineContext,
    /** The connection writing (its lease holder id): once another connection claims the session, its turns are refused. */
    private readonly writer: string,
  ) {}

  get context(): MachineContext {
    return this.current;
  }

  /**
   * Runs one step; true when it ended the interview (the `ended` event is
   * sent). When the words need a model call, the candidate's half is stored
   * first with the state the interviewer is in meanwhile (e.g. 10 while it
   * writes a follow-up), so the record tells the truth during the call and a
   * node dying mid-call loses nothing: the next node finishes the pending turn.
   * A call prepared ahead for this very turn (prepare) is awaited rather than
   * made again: it may well have answered already.
   */
  async run(step: Step, options: TurnOptions = {}): Promise<boolean> {
    const { interviewer, repository } = this.deps;
    const from = this.current.state;
    let candidateEntry = options.candidateEntry ?? null;
    const candidateText = candidateEntry?.content ?? options.candidateText ?? null;
    const prepared = this.takePrepared(step, candidateText);
    const thinking = step.path[0];
    if (candidateEntry && thinking !== undefined && interviewer.usesModelFor(step.acts)) {
      const meanwhile = { ...this.current, state: thinking };
      await repository.saveTurn({
        interviewId: this.interviewId,
        at: this.now(),
        entries: [candidateEntry],
        context: meanwhile,
        interviewChanges: options.interviewChanges,
        callLength: this.callLength(),
        logLines: [],
        pending: { step, candidateText },
        sessionStartedAt: this.startedAt,
        writer: this.writer,
      });
      this.current = meanwhile;
      candidateEntry = null;
      this.channel.send({
        type: 'state',
        state: thinking,
        path: [thinking],
        next_question_index: meanwhile.nextQuestionIndex,
        awaiting_input: false,
      });
    }
    const utterances = await (prepared ?? interviewer.render({ acts: step.acts, brief: this.brief, candidateText }));
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
    const at = this.now();
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
      job: ended ? handoffJob(this.deps.ids, this.interviewId, step.context, at) : undefined,
      startedAt: options.startedAt,
      consentedAt: options.consentedAt,
      sessionStartedAt: this.startedAt,
      writer: this.writer,
    });
    this.current = step.context;
    if (ended) this.deps.onInterviewEnded?.();

    for (const entry of assistant)
      this.channel.send({ type: 'utterance', role: 'assistant', text: entry.content, control_id: entry.controlId, created_at: at });
    this.channel.send({
      type: 'state',
      state: this.current.state,
      path: step.path,
      next_question_index: this.current.nextQuestionIndex,
      awaiting_input: isAwaitingInput(this.current.state),
    });
    if (ended) {
      this.channel.send({
        type: 'ended',
        state: this.current.state,
        ending_reason: this.current.endingReason,
        ending_reason_name: ENDING_REASON_NAMES[this.current.endingReason] ?? '',
      });
    }
    return ended;
  }

  /**
   * Words the reply to `candidateText` ahead of its turn, storing and sending
   * nothing: run() uses them if the very same turn comes next (same memory,
   * same acts, same words), else they are forgotten and a model call they
   * started is aborted. When wording takes a model call, the call starts now
   * (if `modelCalls` allows it; else null) and run() still stores the turn in
   * two halves: the candidate's half first, then it awaits this call.
   */
  prepare(step: Step, candidateText: string, options: { modelCalls: boolean }): PreparedWords | null {
    const modelCall = this.deps.interviewer.usesModelFor(step.acts);
    if (modelCall && !options.modelCalls) return null;
    this.discardPrepared();
    const abort = new AbortController();
    const utterances = this.deps.interviewer.render({ acts: step.acts, brief: this.brief, candidateText, signal: abort.signal });
    // Awaited by run() or by the voice channel; a reply discarded first must not leave it unhandled.
    utterances.catch(() => {});
    this.prepared = { from: this.current, candidateText, acts: JSON.stringify(step.acts), utterances, abort };
    return { utterances, modelCall };
  }

  /** The prepared reply will not be sent (the candidate went on speaking): its model call, if any, is aborted. */
  discardPrepared(): void {
    this.prepared?.abort.abort();
    this.prepared = null;
  }

  /** The prepared words if they are this turn's; either way they are used at most once. */
  private takePrepared(step: Step, candidateText: string | null): Promise<Utterance[]> | null {
    const { prepared } = this;
    this.prepared = null;
    if (!prepared) return null;
    const same = prepared.from === this.current && prepared.candidateText === candidateText && prepared.acts === JSON.stringify(step.acts);
    if (same) return prepared.utterances;
    // Another turn (a typed answer, other words): the call's answer would never be used.
    prepared.abort.abort();
    return null;
  }

  /** Seconds since the session started, to a tenth (the record's call_length). */
  callLength(): number {
    return Math.max(0, Math.round((Date.parse(this.now()) - Date.parse(this.startedAt)) / 100) / 10);
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }
}

/** The results pipeline's first job, written in the same transaction as the end state. */
export function handoffJob(
  ids: IdGenerator,
  interviewId: string,
  context: Pick<MachineContext, 'state' | 'endingReason'>,
  at: string,
): NewJob {
  return {
    id: ids.uuid(),
    kind: INTERVIEW_ENDED_JOB,
    dedupeKey: interviewEndedDedupeKey(interviewId),
    payload: { version: 1, interview_id: interviewId, ending_reason: context.endingReason, state: context.state },
    maxAttempts: interviewEndedJob.maxAttempts,
    at,
  };
}
