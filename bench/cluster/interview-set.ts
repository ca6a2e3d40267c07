// The interview both cluster benches play: five questions and an answer to each.

import { GOOD_ANSWERS } from '../../test/helpers/session.js';

export const QUESTIONS = [
  { question: 'What is a race condition?', evaluation_criteria: ['shared state', 'timing'], type: 'technical' },
  { question: 'Tell me about a conflict in your team.', evaluation_criteria: ['situation', 'resolution'], type: 'behavioral' },
  { question: 'How do you make an API idempotent?', evaluation_criteria: ['keys', 'retries'], type: 'technical' },
  { question: 'How would you find a memory leak in Node.js?', evaluation_criteria: ['heap snapshot', 'profiling'], type: 'technical' },
  { question: 'Describe a project you are proud of.', evaluation_criteria: ['impact', 'ownership'], type: 'behavioral' },
];
export const ANSWERS = [
  ...GOOD_ANSWERS,
  'I would give every request an idempotency key, store the outcome under it, and return the stored outcome when the same key comes again.',
  'I would take two heap snapshots some minutes apart under load and compare what grew, then read the retaining paths.',
  'I led the move of our billing jobs to a durable queue; failed charges dropped to zero and on-call pages halved.',
];
