import { describe, expect, it } from 'vitest';
import { EndingReason, InterviewState as S } from '../interviews/enums.js';
import {
  controlIdOf,
  initialContext,
  resumeActs,
  transition,
  TransitionError,
  type MachineContext,
  type MachineEvent,
} from './state-machine.js';

const answer = (isThin = false): MachineEvent => ({ type: 'input', intent: 'content', isThin });
const intent = (i: 'repeat' | 'refusal' | 'abuse' | 'no_more' | 'end'): MachineEvent => ({ type: 'input', intent: i, isThin: false });

function run(context: MachineContext, ...events: MachineEvent[]) {
  let current = context;
  const paths: number[][] = [];
  const acts: string[] = [];
  for (const event of events) {
    const step = transition(current, event);
    current = step.context;
    paths.push(step.path);
    acts.push(...step.acts.map((a) => a.kind));
  }
  return { context: current, paths, acts };
}

describe('the interview state machine', () => {
  it('walks a job interview 0 -> 1 -> 4 -> 5 -> 6 ... -> 7 -> 9 -> 8 -> 2 with ending reason 1', () => {
    const { context, paths } = run(initialContext('job_interview', 2), { type: 'start' }, answer(), answer(), answer(), intent('no_more'));
    expect(paths).toEqual([
      [1, 4],
      [5, 6],
      [5, 6],
      [5, 7, 9],
      [8, 2],
    ]);
    expect(context).toMatchObject({ state: S.ENDED, endingReason: EndingReason.INTERVIEW_COMPLETED, nextQuestionIndex: 2 });
  });

  it('asks exactly one follow-up per question in job interviews (6 -> 10 -> 6), none in screening', () => {
    const job = run(initialContext('job_interview', 2), { type: 'start' }, answer(), answer(true), answer(true));
    expect(job.paths.slice(2)).toEqual([
      [10, 6],
      [5, 6],
    ]);
    expect(job.acts).toContain('follow_up');
    const screening = run(initialContext('screening_interview', 2), { type: 'start' }, answer(), answer(true));
    expect(screening.paths.at(-1)).toEqual([5, 6]);
    expect(screening.context.nextQuestionIndex).toBe(2);
  });

  it('a follow-up is available again for the next question', () => {
    const { paths } = run(initialContext('job_interview', 2), { type: 'start' }, answer(), answer(true), answer(), answer(true));
    expect(paths.at(-1)).toEqual([10, 6]);
  });

  it('repeats the current question without moving on (6 -> 11 -> 6)', () => {
    const { context, paths, acts } = run(initialContext('job_interview', 2), { type: 'start' }, answer(), intent('repeat'));
    expect(paths.at(-1)).toEqual([11, 6]);
    expect(acts.at(-1)).toBe('repeat_question');
    expect(context.nextQuestionIndex).toBe(1);
  });

  it('a video introduction skips the self-introduction and the candidate questions', () => {
    const { paths, context } = run(initialContext('video_introduction', 1), { type: 'start' }, answer(true));
    expect(paths).toEqual([
      [1, 5, 6],
      [5, 7, 8, 2],
    ]);
    expect(context.endingReason).toBe(EndingReason.INTERVIEW_COMPLETED);
  });

  it('ends as uncooperative at the third refusal or abuse, and moves on after a refusal before that', () => {
    const { paths, context } = run(
      initialContext('job_interview', 5),
      { type: 'start' },
      answer(),
      intent('refusal'),
      intent('abuse'),
      intent('refusal'),
    );
    expect(paths[2]).toEqual([5, 6]);
    expect(paths[3]).toEqual([11, 6]);
    expect(paths[4]).toEqual([2]);
    expect(context).toMatchObject({ state: S.ENDED, endingReason: EndingReason.ENDED_DUE_TO_USER_UNCOOPERRATIVE, strikes: 3 });
  });

  it('lets the candidate ask up to three questions before closing', () => {
    const base = run(initialContext('job_interview', 1), { type: 'start' }, answer(), answer());
    const { paths, context } = run(base.context, answer(), answer(), answer());
    expect(paths).toEqual([[9], [9], [8, 2]]);
    expect(context.candidateQuestions).toBe(3);
  });

  it.each([
    EndingReason.USER_ENDED,
    EndingReason.ENDED_DUE_TO_USER_INACTIVITY,
    EndingReason.ENDED_DUE_TO_FRONTEND_ERRROR,
    EndingReason.ENDED_DUE_TO_EXCEEDED_RESUME_COUNT,
    EndingReason.USER_ENDED_DUE_TO_ERROR,
    EndingReason.ENDED_DUE_TO_ERRROR,
  ])('ends from any live state with ending reason %i and a farewell', (reason) => {
    for (const steps of [[], [answer()], [answer(), answer(true)]]) {
      const live = run(initialContext('job_interview', 2), { type: 'start' }, ...steps).context;
      const step = transition(live, { type: 'end', reason });
      expect(step.context).toMatchObject({ state: S.ENDED, endingReason: reason });
      expect(step.acts).toEqual([{ kind: 'farewell', reason }]);
    }
  });

  it('enters 3 only on a fault, with ending reason 5', () => {
    const live = run(initialContext('job_interview', 2), { type: 'start' }).context;
    expect(transition(live, { type: 'fault' }).context).toMatchObject({ state: S.ERROR, endingReason: EndingReason.ENDED_DUE_TO_ERRROR });
  });

  it('refuses every event once ended, and input before the start', () => {
    const ended = run(initialContext('job_interview', 1), { type: 'start' }, { type: 'end', reason: 2 }).context;
    expect(() => transition(ended, answer())).toThrow(TransitionError);
    expect(() => transition(initialContext('job_interview', 1), answer())).toThrow(TransitionError);
    expect(() => transition(ended, { type: 'start' })).toThrow(TransitionError);
  });

  it('resumes with a welcome and the pending prompt', () => {
    const at6 = run(initialContext('job_interview', 2), { type: 'start' }, answer()).context;
    expect(resumeActs(at6)).toEqual([{ kind: 'welcome_back' }, { kind: 'repeat_question', index: 0 }]);
    expect(controlIdOf({ kind: 'repeat_question', index: 0 })).toBe('q1');
    expect(controlIdOf({ kind: 'ack_answer', index: 0 })).toBe('procedural');
  });
});

describe('a spoken wish to end the interview', () => {
  it('ends a running interview as user-ended, with the farewell the end button gets', () => {
    const { context, paths, acts } = run(initialContext('job_interview', 2), { type: 'start' }, answer(), intent('end'));
    expect(paths.at(-1)).toEqual([S.ENDED]);
    expect(acts.at(-1)).toBe('farewell');
    expect(context).toMatchObject({ state: S.ENDED, endingReason: EndingReason.USER_ENDED });
    const button = run(initialContext('job_interview', 2), { type: 'start' }, answer(), { type: 'end', reason: EndingReason.USER_ENDED });
    expect(button.context).toEqual(context);
  });

  it('ends during the introduction as user-ended too', () => {
    const { context } = run(initialContext('screening_interview', 1), { type: 'start' }, intent('end'));
    expect(context).toMatchObject({ state: S.ENDED, endingReason: EndingReason.USER_ENDED });
  });

  it('closes as completed once every question is answered', () => {
    const { context, acts } = run(initialContext('job_interview', 1), { type: 'start' }, answer(), answer(), intent('end'));
    expect(acts.at(-1)).toBe('closing');
    expect(context).toMatchObject({ state: S.ENDED, endingReason: EndingReason.INTERVIEW_COMPLETED });
  });
});
