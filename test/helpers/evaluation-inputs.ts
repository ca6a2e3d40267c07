// Job interview inputs shared by the evaluation unit tests.

import type { EvaluationInput } from '../../src/evaluation/evaluation.types.js';
import type { StoredJobQuestion } from '../../src/interviews/questions.js';

export const JOB_QUESTIONS: StoredJobQuestion[] = [
  {
    id: 'q1',
    question: 'What is the difference between a process and a thread?',
    evaluation_criteria: [
      'Processes have separate memory while threads share memory',
      'Threads are lighter to create',
      'Shared memory needs locks to avoid race conditions',
    ],
    sample_answer: null,
    type: 'technical',
  },
  {
    id: 'q2',
    question: 'Tell me about a time you missed a deadline.',
    evaluation_criteria: ['Takes ownership', 'Communicated early with stakeholders', 'Concrete steps to recover', 'Lessons learned'],
    sample_answer: null,
    type: 'behavioral',
  },
];

export const STRONG_Q1 =
  'A process has its own memory space, while threads inside a process share memory. Threads are lighter to create and switch, because no new address space is needed. Shared memory needs a mutex or other lock, for example around a shared counter, or you get race conditions.';
export const STRONG_Q2 =
  'Last year I underestimated a migration and it was my responsibility. I told my manager and the product owner the same day and proposed a new date. I split the work, paired with a colleague and we shipped two days late. Since then I add a buffer and flag risks early.';

export function jobInput(answers: Record<string, string>, overrides: Partial<EvaluationInput> = {}): EvaluationInput {
  return {
    interviewType: 0,
    languageCode: 1,
    jobTitle: 'Backend Engineer',
    primaryTechFocus: 'Node.js',
    experienceLevel: 'junior',
    difficultyLevel: 'medium',
    questions: JOB_QUESTIONS,
    answers: Object.entries(answers).map(([questionId, content]) => ({
      questionId,
      exchanges: [
        { role: 'assistant', content: JOB_QUESTIONS.find((q) => q.id === questionId)?.question ?? '' },
        { role: 'user', content },
      ],
    })),
    ...overrides,
  };
}
