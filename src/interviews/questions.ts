// Questions as stored: the client's fields plus a stable id (q1, q2, ... in
// asking order) that transcript control_ids and evaluation reports refer to.

import { RequestValidationError, type FieldError } from '../common/errors.js';
import type { JobQuestionType, ScreeningQuestionType } from './enums.js';
import type { ScreeningQuestionSchema, SkillInterviewQuestion } from './interview.schemas.js';

export interface StoredJobQuestion {
  id: string;
  question: string;
  evaluation_criteria: string[];
  sample_answer: string | null;
  type: JobQuestionType;
}

export interface StoredScreeningQuestion {
  id: string;
  question_text: string;
  question_type: ScreeningQuestionType;
  asking_order: number;
  qualifying_criteria: string | null;
}

export type StoredQuestion = StoredJobQuestion | StoredScreeningQuestion;

export function questionId(index: number): string {
  return `q${index + 1}`;
}

export function normaliseJobQuestions(questions: readonly SkillInterviewQuestion[]): StoredJobQuestion[] {
  return questions.map((q, index) => ({
    id: questionId(index),
    question: q.question,
    evaluation_criteria: [...q.evaluation_criteria],
    sample_answer: q.sample_answer ?? null,
    type: q.type ?? 'technical',
  }));
}

/** Sorted by asking_order, which must be unique: two questions cannot share a position. */
export function normaliseScreeningQuestions(questions: readonly ScreeningQuestionSchema[]): StoredScreeningQuestion[] {
  const firstIndexOf = new Map<number, number>();
  const errors: FieldError[] = [];
  questions.forEach((q, index) => {
    const first = firstIndexOf.get(q.asking_order);
    if (first === undefined) {
      firstIndexOf.set(q.asking_order, index);
      return;
    }
    errors.push({
      loc: ['body', 'questions', index, 'asking_order'],
      msg: `Value error, asking_order ${q.asking_order} is already used by questions[${first}]`,
      type: 'value_error',
      input: q.asking_order,
    });
  });
  if (errors.length > 0) throw new RequestValidationError(errors);
  return [...questions]
    .sort((a, b) => a.asking_order - b.asking_order)
    .map((q, index) => ({
      id: questionId(index),
      question_text: q.question_text,
      question_type: q.question_type,
      asking_order: q.asking_order,
      qualifying_criteria: q.qualifying_criteria,
    }));
}
