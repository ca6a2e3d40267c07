// The interview's state machine: pure, synchronous, no I/O. Given the
// persisted context and one event it returns the next context, the states
// passed through (for the log and the protocol) and the acts the interviewer
// must put into words. The interviewer never decides the state; this does.
// Diagram and rationale: docs/states.md.

import { EndingReason, InterviewState, type InterviewKind } from '../interviews/enums.js';

export interface MachineContext {
  state: InterviewState;
  /** Index of the next question to ask; the current question is nextQuestionIndex - 1. */
  nextQuestionIndex: number;
  questionCount: number;
  kind: InterviewKind;
  /** Whether the current question already had its one follow-up. */
  followUpAsked: boolean;
  /** Refusals and abuse so far; at the policy's limit the interview ends as uncooperative. */
  strikes: number;
  /** Questions the candidate asked in state 9. */
  candidateQuestions: number;
  endingReason: EndingReason;
}

export interface MachinePolicy {
  uncooperativeLimit: number;
  maxCandidateQuestions: number;
}

export const DEFAULT_POLICY: MachinePolicy = { uncooperativeLimit: 3, maxCandidateQuestions: 3 };

/**
 * What the candidate's text amounts to, decided by the classifier (conversation/intent.ts).
 * `end`: the candidate said they want to stop the interview; it takes the same path as the page's end button.
 */
export type Intent = 'content' | 'repeat' | 'refusal' | 'abuse' | 'no_more' | 'end';

export type MachineEvent =
  | { type: 'start' }
  | { type: 'input'; intent: Intent; /** Short, or touching none of the criteria. */ isThin: boolean }
  | { type: 'end'; reason: EndingReason }
  /** Unrecoverable backend fault: state 3 with ending reason 5. */
  | { type: 'fault' };

export type Act =
  | { kind: 'greeting' }
  | { kind: 'ask_intro' }
  | { kind: 'ack_intro' }
  | { kind: 'ask_question'; index: number }
  | { kind: 'follow_up'; index: number }
  | { kind: 'repeat_question'; index: number }
  | { kind: 'ack_answer'; index: number }
  | { kind: 'refusal_noted' }
  | { kind: 'abuse_warning' }
  | { kind: 'invite_questions' }
  | { kind: 'answer_candidate_question' }
  | { kind: 'closing' }
  | { kind: 'farewell'; reason: EndingReason }
  | { kind: 'reminder' }
  | { kind: 'welcome_back' };

export interface Step {
  context: MachineContext;
  acts: Act[];
  /** Every state entered, in order, ending with context.state. */
  path: InterviewState[];
}

export class TransitionError extends Error {
  constructor(state: InterviewState, event: MachineEvent['type']) {
    super(`event "${event}" is not allowed in state ${state}`);
    this.name = 'TransitionError';
  }
}

/** States in which the interview waits for the candidate. Every turn ends in one of these, or in 2/3. */
export const RESTING_STATES: readonly InterviewState[] = [
  InterviewState.AWAITING_INTRODUCTION,
  InterviewState.AWAITING_ANSWER,
  InterviewState.AWAITING_CANDIDATE_QUESTIONS,
];

export function isAwaitingInput(state: number): boolean {
  return (RESTING_STATES as readonly number[]).includes(state);
}

export function isFinished(state: number): boolean {
  return state === InterviewState.ENDED || state === InterviewState.ERROR;
}

export function initialContext(kind: InterviewKind, questionCount: number): MachineContext {
  return {
    state: InterviewState.NOT_STARTED,
    nextQuestionIndex: 0,
    questionCount,
    kind,
    followUpAsked: false,
    strikes: 0,
    candidateQuestions: 0,
    endingReason: EndingReason.NOT_ENDED_BECAUSE_NOT_STARTED,
  };
}

/** The control_id of an act's transcript entry: the question id, or `procedural`. */
export function controlIdOf(act: Act): string {
  switch (act.kind) {
    case 'ask_question':
    case 'follow_up':
    case 'repeat_question':
      return `q${act.index + 1}`;
    default:
      return 'procedural';
  }
}

export function transition(context: MachineContext, event: MachineEvent, policy: MachinePolicy = DEFAULT_POLICY): Step {
  const step = new StepBuilder(context);
  if (isFinished(context.state)) throw new TransitionError(context.state, event.type);
  switch (event.type) {
    case 'fault':
      return step.enter(InterviewState.ERROR, { endingReason: EndingReason.ENDED_DUE_TO_ERRROR }).build();
    case 'end':
      return end(step, event.reason);
    case 'start':
      if (context.state !== InterviewState.NOT_STARTED) throw new TransitionError(context.state, event.type);
      step.enter(InterviewState.ONGOING).say({ kind: 'greeting' });
      // A video introduction consists of its questions; the others first ask the candidate to introduce themselves.
      if (context.kind === 'video_introduction') return askNextOrWrapUp(step).build();
      return step.say({ kind: 'ask_intro' }).enter(InterviewState.AWAITING_INTRODUCTION).build();
    case 'input':
      return onInput(step, event, policy);
  }
}

function onInput(step: StepBuilder, input: { intent: Intent; isThin: boolean }, policy: MachinePolicy): Step {
  const context = step.current;
  if (input.intent === 'end') {
    // Once every question is answered, stopping is finishing: the interview closes as completed, not as user-ended.
    if (context.state === InterviewState.AWAITING_CANDIDATE_QUESTIONS) return closing(step);
    if (isAwaitingInput(context.state)) return end(step, EndingReason.USER_ENDED);
  }
  switch (context.state) {
    case InterviewState.AWAITING_INTRODUCTION:
      if (input.intent === 'repeat')
        return step
          .enter(InterviewState.REPEAT_CURRENT_QUESTION)
          .say({ kind: 'ask_intro' })
          .enter(InterviewState.AWAITING_INTRODUCTION)
          .build();
      if (input.intent === 'refusal' || input.intent === 'abuse') {
        if (strike(step, policy)) return end(step, EndingReason.ENDED_DUE_TO_USER_UNCOOPERRATIVE);
        step.say(input.intent === 'abuse' ? { kind: 'abuse_warning' } : { kind: 'refusal_noted' });
      } else step.say({ kind: 'ack_intro' });
      return askNextOrWrapUp(step).build();

    case InterviewState.AWAITING_ANSWER: {
      const index = context.nextQuestionIndex - 1;
      if (input.intent === 'repeat') return repeatQuestion(step, index);
      if (input.intent === 'abuse') {
        if (strike(step, policy)) return end(step, EndingReason.ENDED_DUE_TO_USER_UNCOOPERRATIVE);
        step.say({ kind: 'abuse_warning' });
        return repeatQuestion(step, index);
      }
      if (input.intent === 'refusal') {
        if (strike(step, policy)) return end(step, EndingReason.ENDED_DUE_TO_USER_UNCOOPERRATIVE);
        step.say({ kind: 'refusal_noted' });
        return askNextOrWrapUp(step).build();
      }
      // Only job interviews probe: screening answers are recorded as given, video introductions just flow.
      if (input.isThin && !context.followUpAsked && context.kind === 'job_interview') {
        return step
          .enter(InterviewState.NEEDS_FOLLOW_UP, { followUpAsked: true })
          .say({ kind: 'follow_up', index })
          .enter(InterviewState.AWAITING_ANSWER)
          .build();
      }
      step.say({ kind: 'ack_answer', index });
      return askNextOrWrapUp(step).build();
    }

    case InterviewState.AWAITING_CANDIDATE_QUESTIONS:
      if (input.intent === 'repeat')
        return step.say({ kind: 'invite_questions' }).enter(InterviewState.AWAITING_CANDIDATE_QUESTIONS).build();
      if (input.intent === 'abuse') {
        if (strike(step, policy)) return end(step, EndingReason.ENDED_DUE_TO_USER_UNCOOPERRATIVE);
        return step
          .say({ kind: 'abuse_warning' })
          .say({ kind: 'invite_questions' })
          .enter(InterviewState.AWAITING_CANDIDATE_QUESTIONS)
          .build();
      }
      if (input.intent === 'content') {
        const asked = context.candidateQuestions + 1;
        step.set({ candidateQuestions: asked }).say({ kind: 'answer_candidate_question' });
        if (asked < policy.maxCandidateQuestions) return step.enter(InterviewState.AWAITING_CANDIDATE_QUESTIONS).build();
      }
      return closing(step);

    default:
      throw new TransitionError(context.state, 'input');
  }
}

function repeatQuestion(step: StepBuilder, index: number): Step {
  return step
    .enter(InterviewState.REPEAT_CURRENT_QUESTION)
    .say({ kind: 'repeat_question', index })
    .enter(InterviewState.AWAITING_ANSWER)
    .build();
}

/** 5 -> 6 with the next question, or 5 -> 7 -> (9 | 8 -> 2) when none is left. */
function askNextOrWrapUp(step: StepBuilder): StepBuilder {
  step.enter(InterviewState.READY_FOR_NEXT_QUESTION);
  const { nextQuestionIndex, questionCount, kind } = step.current;
  if (nextQuestionIndex < questionCount) {
    return step
      .say({ kind: 'ask_question', index: nextQuestionIndex })
      .enter(InterviewState.AWAITING_ANSWER, { nextQuestionIndex: nextQuestionIndex + 1, followUpAsked: false });
  }
  step.enter(InterviewState.ALL_QUESTIONS_ASKED);
  if (kind === 'video_introduction') {
    closing(step);
    return step;
  }
  return step.say({ kind: 'invite_questions' }).enter(InterviewState.AWAITING_CANDIDATE_QUESTIONS);
}

function closing(step: StepBuilder): Step {
  return step
    .enter(InterviewState.READY_FOR_FEEDBACK)
    .say({ kind: 'closing' })
    .enter(InterviewState.ENDED, { endingReason: EndingReason.INTERVIEW_COMPLETED })
    .build();
}

function end(step: StepBuilder, reason: EndingReason): Step {
  const spoken = step.current.state !== InterviewState.NOT_STARTED;
  if (spoken) step.say({ kind: 'farewell', reason });
  return step.enter(InterviewState.ENDED, { endingReason: reason }).build();
}

/** Counts one strike; true when the limit is reached. */
function strike(step: StepBuilder, policy: MachinePolicy): boolean {
  const strikes = step.current.strikes + 1;
  step.set({ strikes });
  return strikes >= policy.uncooperativeLimit;
}

class StepBuilder {
  private context: MachineContext;
  private readonly acts: Act[] = [];
  private readonly path: InterviewState[] = [];

  constructor(start: MachineContext) {
    this.context = { ...start };
  }

  get current(): Readonly<MachineContext> {
    return this.context;
  }

  enter(state: InterviewState, changes: Partial<MachineContext> = {}): this {
    this.context = { ...this.context, ...changes, state };
    this.path.push(state);
    return this;
  }

  set(changes: Partial<MachineContext>): this {
    this.context = { ...this.context, ...changes };
    return this;
  }

  say(act: Act): this {
    this.acts.push(act);
    return this;
  }

  build(): Step {
    return { context: this.context, acts: this.acts, path: this.path };
  }
}

/** What to say when the candidate comes back: a welcome and the pending prompt again. */
export function resumeActs(context: MachineContext): Act[] {
  return [{ kind: 'welcome_back' }, ...pendingPrompt(context)];
}

export function pendingPrompt(context: MachineContext): Act[] {
  switch (context.state) {
    case InterviewState.AWAITING_INTRODUCTION:
      return [{ kind: 'ask_intro' }];
    case InterviewState.AWAITING_ANSWER:
      return [{ kind: 'repeat_question', index: context.nextQuestionIndex - 1 }];
    case InterviewState.AWAITING_CANDIDATE_QUESTIONS:
      return [{ kind: 'invite_questions' }];
    default:
      return [];
  }
}
