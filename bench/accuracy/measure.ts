// Runs each labelled item through the code paths the service uses, so the
// figures are what a candidate would meet: screening and job answers through
// the evaluator the results pipeline calls (`Evaluator.evaluate`), intents and
// follow-ups through `classifyIntent` + `isThinAnswer` + the state machine's
// `transition` exactly as the live session does, fillers through
// `analyseCommunication` (the screening report's communication analysis).

import { performance } from 'node:perf_hooks';
import { classifyIntent, isThinAnswer } from '../../src/conversation/intent.js';
import { initialContext, transition, type Act, type MachineContext } from '../../src/conversation/state-machine.js';
import { analyseCommunication, BuiltinEvaluator, RATINGS, type EvaluationInput, type Evaluator } from '../../src/evaluation/index.js';
import { InterviewState } from '../../src/interviews/enums.js';
import {
  jobQuestionOf,
  storedJobQuestion,
  LANGUAGE_CODE_OF,
  type IntentItem,
  type IntentLabel,
  type ScreeningLabel,
  type UnderstandingItem,
  type UnderstandingSet,
} from './understanding-set.js';

export interface Outcome {
  item: UnderstandingItem;
  expected: string;
  actual: string;
  isCorrect: boolean;
  /** Job: grades between label and rating. Fillers: |counted - labelled|. */
  distance: number;
  /** Time spent in the service code for this item. */
  ms: number;
}

export interface Measurement {
  outcomes: Outcome[];
}

/** Screening as the report reads it: not evaluated means the rules did not decide. */
async function measureScreening(set: UnderstandingSet, evaluator: Evaluator): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const item of set.screening) {
    const input: EvaluationInput = {
      interviewType: 1,
      languageCode: LANGUAGE_CODE_OF[item.language],
      jobTitle: 'Screening',
      primaryTechFocus: null,
      experienceLevel: null,
      difficultyLevel: null,
      questions: [
        {
          id: 'q1',
          question_text: item.question_text,
          question_type: 'qualifying',
          asking_order: 1,
          qualifying_criteria: item.qualifying_criteria,
        },
      ],
      answers: [
        {
          questionId: 'q1',
          exchanges: [
            { role: 'assistant', content: item.question_text },
            { role: 'user', content: item.answer },
          ],
          ...(item.answered_at ? { answeredAt: item.answered_at } : {}),
        },
      ],
      locale: 'en',
    };
    const started = performance.now();
    const result = await evaluator.evaluate(input);
    const ms = performance.now() - started;
    const judged = result.evaluation.questions[0];
    const evaluation = judged?.evaluation;
    const isUndecided = !judged?.is_evaluated || !evaluation || !('outcome' in evaluation) || evaluation.undecided === true;
    const actual: ScreeningLabel = isUndecided ? 'undecided' : evaluation.outcome ? 'met' : 'not_met';
    // The qualifying outcome a client acts on: met or not. An undecided label is right when the answer is not taken as met.
    const isCorrect = (item.label === 'met') === (actual === 'met');
    outcomes.push({ item, expected: item.label, actual, isCorrect, distance: actual === item.label ? 0 : 1, ms });
  }
  return outcomes;
}

async function measureJob(set: UnderstandingSet, evaluator: Evaluator): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const item of set.job) {
    const q = jobQuestionOf(set, item);
    const started = performance.now();
    const result = await evaluator.evaluate({
      interviewType: 0,
      languageCode: LANGUAGE_CODE_OF[item.language],
      jobTitle: 'Software Engineer',
      primaryTechFocus: 'Backend development',
      experienceLevel: q.experience_level,
      difficultyLevel: q.difficulty_level,
      questions: [storedJobQuestion(q)],
      answers: [
        {
          questionId: 'q1',
          exchanges: [
            { role: 'assistant', content: q.question },
            { role: 'user', content: item.answer },
          ],
        },
      ],
      locale: 'en',
    });
    const ms = performance.now() - started;
    const evaluation = result.evaluation.questions[0]?.evaluation;
    const actual = evaluation && 'rating' in evaluation ? evaluation.rating : 'none';
    const distance = actual === 'none' ? RATINGS.length : Math.abs(RATINGS.indexOf(actual) - RATINGS.indexOf(item.label));
    outcomes.push({ item, expected: item.label, actual, isCorrect: distance === 0, distance, ms });
  }
  return outcomes;
}

function contextAt(stage: IntentItem['stage']): MachineContext {
  const base = initialContext('job_interview', 2);
  return stage === 'answer'
    ? { ...base, state: InterviewState.AWAITING_ANSWER, nextQuestionIndex: 1 }
    : { ...base, state: InterviewState.AWAITING_CANDIDATE_QUESTIONS, nextQuestionIndex: 2 };
}

/** One candidate turn as the live session takes it (src/session/live-session.ts, `answer`). */
function takeTurn(context: MachineContext, text: string, languageCode: number, criteria: readonly string[], question?: string): Act[] {
  const intent = classifyIntent(text, languageCode);
  const isThin = isThinAnswer(text, [...criteria], languageCode, question);
  return transition(context, { type: 'input', intent, isThin }).acts;
}

/** What the interviewer did, read back as the label it amounts to. */
function intentShownBy(acts: readonly Act[], stage: IntentItem['stage']): IntentLabel | 'abuse' {
  const kinds = new Set(acts.map((a) => a.kind));
  if (kinds.has('abuse_warning')) return 'abuse';
  if (kinds.has('farewell')) return 'end';
  if (stage === 'candidate_questions') {
    if (kinds.has('answer_candidate_question')) return 'question';
    if (kinds.has('closing')) return 'no_questions';
    return 'repeat';
  }
  if (kinds.has('repeat_question')) return 'repeat';
  if (kinds.has('refusal_noted')) return 'refusal';
  return 'answer';
}

/** The result of a synchronous service call and the time it took. */
function clocked<T>(run: () => T): [T, number] {
  const started = performance.now();
  const value = run();
  return [value, performance.now() - started];
}

function measureIntent(set: UnderstandingSet): Outcome[] {
  return set.intent.map((item) => {
    const [acts, ms] = clocked(() => takeTurn(contextAt(item.stage), item.text, LANGUAGE_CODE_OF[item.language], []));
    const actual = intentShownBy(acts, item.stage);
    return { item, expected: item.label, actual, isCorrect: actual === item.label, distance: actual === item.label ? 0 : 1, ms };
  });
}

function measureFollowUp(set: UnderstandingSet): Outcome[] {
  return set.followUp.map((item) => {
    const q = jobQuestionOf(set, item);
    const [acts, ms] = clocked(() =>
      takeTurn(contextAt('answer'), item.answer, LANGUAGE_CODE_OF[item.language], q.evaluation_criteria, q.question),
    );
    const actual = acts.some((a) => a.kind === 'follow_up');
    return {
      item,
      expected: String(item.label),
      actual: String(actual),
      isCorrect: actual === item.label,
      distance: actual === item.label ? 0 : 1,
      ms,
    };
  });
}

function measureFillers(set: UnderstandingSet): Outcome[] {
  return set.fillers.map((item) => {
    const [analysis, ms] = clocked(() => analyseCommunication([item.answer], LANGUAGE_CODE_OF[item.language]));
    const counted = analysis.filler_words.total;
    return {
      item,
      expected: String(item.label),
      actual: String(counted),
      isCorrect: counted === item.label,
      distance: Math.abs(counted - item.label),
      ms,
    };
  });
}

export async function measureUnderstanding(set: UnderstandingSet, evaluator: Evaluator = new BuiltinEvaluator()): Promise<Measurement> {
  const screening = await measureScreening(set, evaluator);
  const job = await measureJob(set, evaluator);
  return { outcomes: [...screening, ...job, ...measureIntent(set), ...measureFollowUp(set), ...measureFillers(set)] };
}
