// The offline, deterministic evaluator: same input, same output, no network.
// It is also what the LLM evaluator falls back to.

import { InterviewType } from '../interviews/enums.js';
import type { StoredJobQuestion, StoredQuestion } from '../interviews/questions.js';
import { communicationSteps } from './communication.js';
import type {
  EvaluatedQuestionResult,
  EvaluationInput,
  EvaluationResult,
  Evaluator,
  JobEvaluation,
  QuestionAnswer,
  ScreeningEvaluation,
} from './evaluation.types.js';
import { evaluateJobAnswer, summariseJobInterview, type JudgedJobAnswer } from './job-evaluation.js';
import { resolveLocale } from './locale.js';
import { judgeScreeningAnswer } from './screening.js';

/**
 * Scores answer by answer and lets the event loop run between them: the same
 * process serves live sessions, and a long interview scored in one go would
 * hold up their audio for the whole of it (docs/capacity.md). The result is
 * evaluateBuiltin's, step for step.
 */
export class BuiltinEvaluator implements Evaluator {
  async evaluate(input: EvaluationInput): Promise<EvaluationResult> {
    // A copy taken at the call: the steps read the input across yields, and a caller changing it
    // meanwhile must not change the result (under 1 ms for a 140,000-character interview).
    const steps = evaluationSteps(structuredClone(input));
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) return step.value;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
}

export function isJobQuestion(q: StoredQuestion): q is StoredJobQuestion {
  return 'evaluation_criteria' in q;
}

/** The candidate's words for one question: its user turns, joined. Empty when it was not answered. */
export function candidateText(answer: QuestionAnswer | undefined): string {
  if (!answer) return '';
  return answer.exchanges
    .filter((e) => e.role === 'user')
    .map((e) => e.content.trim())
    .filter((c) => c !== '')
    .join(' ');
}

/** When the answer was given, from the input; null when unknown or unreadable (never the clock of this run). */
export function referenceDate(iso: string | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function renderTranscript(answer: QuestionAnswer | undefined): EvaluatedQuestionResult['transcript'] {
  return (answer?.exchanges ?? []).map((e) => (e.role === 'user' ? { user: e.content } : { interviewer: e.content }));
}

/** The whole evaluation in one synchronous call, for callers that need it at once (the webhook catalogue's samples). */
export function evaluateBuiltin(input: EvaluationInput): EvaluationResult {
  const steps = evaluationSteps(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The evaluation, pausing (yield) after each answer it scores: the one place both entry points run. */
function* evaluationSteps(input: EvaluationInput): Generator<void, EvaluationResult> {
  const answers = new Map(input.answers.map((a) => [a.questionId, a]));
  const provenance = { evaluator: 'builtin' as const, model: null, fallback_reason: null };
  if (input.interviewType === InterviewType.JOB_INTERVIEW) {
    const { evaluation, isComplete } = yield* evaluateJob(input, answers);
    return { evaluation, communication_analysis: null, is_complete: isComplete, provenance };
  }
  if (input.interviewType === InterviewType.SCREENING_INTERVIEW) {
    const { evaluation, isComplete } = yield* evaluateScreening(input, answers);
    const texts = input.questions.map((q) => candidateText(answers.get(q.id)));
    // Answer by answer too: over a long interview it takes as long as scoring a few answers.
    const communication = yield* communicationSteps(texts, input.languageCode);
    return { evaluation, communication_analysis: communication, is_complete: isComplete, provenance };
  }
  throw new TypeError(`interview_type ${input.interviewType} has no evaluation`);
}

function* evaluateJob(
  input: EvaluationInput,
  answers: ReadonlyMap<string, QuestionAnswer>,
): Generator<void, { evaluation: JobEvaluation; isComplete: boolean }> {
  const locale = resolveLocale(input.locale);
  const judged: JudgedJobAnswer[] = [];
  const questions: EvaluatedQuestionResult[] = [];
  for (const [index, q] of input.questions.entries()) {
    if (!isJobQuestion(q)) throw new TypeError(`question ${q.id} is not a job question`);
    const answer = answers.get(q.id);
    const text = candidateText(answer);
    const base = { id: q.id, question: q.question, question_type: q.type, q_type: q.type, transcript: renderTranscript(answer) };
    if (text === '') {
      questions.push({ ...base, evaluation: null });
      continue;
    }
    const { evaluation, rubric } = evaluateJobAnswer(
      {
        question: q,
        answer: text,
        language: input.languageCode,
        experienceLevel: input.experienceLevel ?? 'junior',
        difficultyLevel: input.difficultyLevel ?? 'easy',
      },
      locale,
    );
    judged.push({ number: index + 1, question: q, answer: text, language: input.languageCode, evaluation, rubric });
    questions.push({ ...base, evaluation });
    yield;
  }
  const isComplete = judged.length === input.questions.length && judged.length > 0;
  // Complete means every answer was scored, each followed by a yield: the summary has a slice of its own.
  return {
    isComplete,
    evaluation: {
      kind: 'job_interview',
      overall_summary: isComplete ? summariseJobInterview(judged, locale) : null,
      primary_tech_focus: input.primaryTechFocus,
      experience_level: input.experienceLevel,
      questions,
      summary: { total_questions: questions.length, evaluated_questions: judged.length },
    },
  };
}

function* evaluateScreening(
  input: EvaluationInput,
  answers: ReadonlyMap<string, QuestionAnswer>,
): Generator<void, { evaluation: ScreeningEvaluation; isComplete: boolean }> {
  const locale = resolveLocale(input.locale);
  let answered = 0;
  const questions: EvaluatedQuestionResult[] = [];
  for (const q of input.questions) {
    if (isJobQuestion(q)) throw new TypeError(`question ${q.id} is not a screening question`);
    const sq = q;
    const answer = answers.get(sq.id);
    const text = candidateText(answer);
    if (text !== '') answered++;
    const base = {
      id: sq.id,
      question: sq.question_text,
      question_type: sq.question_type,
      q_type: sq.question_type,
      transcript: renderTranscript(answer),
      category: sq.question_type,
      is_evaluated: sq.question_type === 'qualifying',
    };
    if (sq.question_type === 'information') {
      questions.push({ ...base, evaluation: null, eval_criteria: null });
      continue;
    }
    if (text === '') {
      questions.push({ ...base, evaluation: null, eval_criteria: sq.qualifying_criteria });
      continue;
    }
    const judgement = judgeScreeningAnswer(
      sq.qualifying_criteria,
      text,
      input.languageCode,
      locale,
      sq.question_text,
      referenceDate(answer?.answeredAt ?? input.endedAt),
    );
    questions.push({
      ...base,
      evaluation: { outcome: judgement.outcome, analysis: judgement.analysis, undecided: judgement.isUndecided },
      eval_criteria: sq.qualifying_criteria,
    });
    yield;
  }
  const qualifying = questions.filter((q) => q.category === 'qualifying');
  const information = questions.filter((q) => q.category === 'information');
  return {
    isComplete: answered === questions.length && answered > 0,
    evaluation: {
      kind: 'screening_interview',
      overall_summary: null,
      primary_tech_focus: null,
      experience_level: null,
      questions,
      qualifying_questions: qualifying,
      information_questions: information,
      summary: {
        total_questions: questions.length,
        qualifying_questions: qualifying.length,
        information_questions: information.length,
        evaluated_questions: questions.filter((q) => q.evaluation !== null).length,
      },
    },
  };
}
