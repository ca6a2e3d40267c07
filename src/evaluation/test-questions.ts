import type { StoredJobQuestion } from '../interviews/questions.js';

/** A technical question with two criteria, shared by the evaluation unit tests. */
export const QUEUE_QUESTION: StoredJobQuestion = {
  id: 'q1',
  question: 'Why would you put a message queue between two services?',
  evaluation_criteria: [
    'Explains that the queue decouples the sender from the receiver',
    'Mentions the cost of extra latency and operations',
  ],
  sample_answer: null,
  type: 'technical',
};
