// Public API of the evaluation module. The results pipeline's evaluate step
// (src/results/results.pipeline.ts) builds an EvaluationInput from the stored
// interview and transcript, calls `evaluate` and stores the result.

import type { Config } from '../config.js';
import { BuiltinEvaluator } from './builtin-evaluator.js';
import type { Evaluator } from './evaluation.types.js';
import { LlmEvaluator } from './llm-evaluator.js';

export type {
  EvaluatedQuestionResult,
  EvaluationInput,
  EvaluationProvenance,
  EvaluationResult,
  Evaluator,
  Exchange,
  JobEvaluation,
  JobQuestionEvaluation,
  QuestionAnswer,
  Rating,
  ScreeningEvaluation,
  ScreeningQuestionEvaluation,
  Suitability,
} from './evaluation.types.js';
export { RATINGS, SUITABILITIES } from './evaluation.types.js';
export type { CommunicationAnalysis } from './communication.js';
export { analyseCommunication } from './communication.js';
export { evaluationInputOf, groupAnswersByQuestion, type TranscriptTurn } from './answers.js';
export { BuiltinEvaluator, evaluateBuiltin } from './builtin-evaluator.js';
export { LlmEvaluator, type LlmEvaluatorOptions } from './llm-evaluator.js';
export { PROSE_LOCALES, messagesFor, resolveLocale, type ProseLocale } from './locale.js';
export { creditsAnyCriterion } from './job-rubric.js';

/** True when every prose locale can be evaluated cheaply and identically (the deterministic built-in evaluator). */
export function isDeterministic(evaluator: Evaluator): boolean {
  return evaluator instanceof BuiltinEvaluator;
}

/** `LLM_PROVIDER=openai` gives the model-backed evaluator (falling back to built-in); anything else the built-in one. */
export function createEvaluator(llm: Config['llm'], options: { timeoutMs?: number } = {}): Evaluator {
  if (llm.provider === 'openai' && llm.model) {
    return new LlmEvaluator({ baseUrl: llm.baseUrl, apiKey: llm.apiKey, model: llm.model, timeoutMs: options.timeoutMs });
  }
  return new BuiltinEvaluator();
}
