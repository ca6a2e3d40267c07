// The model-backed evaluator: any OpenAI-compatible chat-completions server,
// structured JSON output at temperature 0, the reply validated against a
// schema, one retry, and the built-in evaluator standing in (and saying why)
// on timeout, error or invalid output. The built-in result is computed first
// in any case: it carries the unanswered questions, the communication analysis
// and the fallback.

import type { ValidateFunction } from 'ajv';
import OpenAI from 'openai';
import { InterviewType } from '../interviews/enums.js';
import { BuiltinEvaluator, candidateText, isJobQuestion } from './builtin-evaluator.js';
import type { EvaluationInput, EvaluationResult, Evaluator, JobEvaluation, ScreeningEvaluation } from './evaluation.types.js';
import { resolveLocale } from './locale.js';
import { buildSystemPrompt, buildUserMessage } from './llm-prompt.js';
import {
  LlmJobResult,
  LlmScreeningResult,
  jsonSchemaOf,
  validateJobResult,
  validateScreeningResult,
  type LlmJobResult as LlmJob,
  type LlmScreeningResult as LlmScreening,
} from './llm-schemas.js';

export interface LlmEvaluatorOptions {
  /** LLM_BASE_URL; null means the SDK default. */
  baseUrl: string | null;
  /** LLM_API_KEY; local servers often need none. */
  apiKey: string | null;
  /** LLM_MODEL. */
  model: string;
  /** Per attempt; two attempts at most. Default 30 s. */
  timeoutMs?: number;
  /** `json_schema` (default) or `json_object` for servers without structured outputs. */
  responseFormat?: 'json_schema' | 'json_object';
  fallback?: Evaluator;
}

const ATTEMPTS = 2;

class InvalidOutput extends Error {}

export class LlmEvaluator implements Evaluator {
  private readonly client: OpenAI;
  private readonly fallback: Evaluator;
  private readonly timeoutMs: number;

  constructor(private readonly options: LlmEvaluatorOptions) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.fallback = options.fallback ?? new BuiltinEvaluator();
    this.client = new OpenAI({
      apiKey: options.apiKey ?? 'not-needed',
      baseURL: options.baseUrl ?? undefined,
      timeout: this.timeoutMs,
      maxRetries: 0,
    });
  }

  async evaluate(input: EvaluationInput): Promise<EvaluationResult> {
    const builtin = await this.fallback.evaluate(input);
    const answeredIds = new Set(
      input.questions
        .filter((q) => isJobQuestion(q) || q.question_type === 'qualifying')
        .filter((q) => candidateText(input.answers.find((a) => a.questionId === q.id)) !== '')
        .map((q) => q.id),
    );
    if (answeredIds.size === 0) return builtin;

    let lastProblem = 'no attempt made';
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        const merged = await this.attempt(input, answeredIds, builtin);
        return { ...merged, provenance: { evaluator: 'llm', model: this.options.model, fallback_reason: null } };
      } catch (error) {
        lastProblem = describe(error);
      }
    }
    return {
      ...builtin,
      provenance: {
        evaluator: 'builtin',
        model: this.options.model,
        fallback_reason: `LLM evaluation failed after ${ATTEMPTS} attempts: ${lastProblem}`,
      },
    };
  }

  private async attempt(input: EvaluationInput, answeredIds: ReadonlySet<string>, builtin: EvaluationResult): Promise<EvaluationResult> {
    const isJob = input.interviewType === InterviewType.JOB_INTERVIEW;
    const locale = resolveLocale(input.locale);
    const schema = isJob ? LlmJobResult : LlmScreeningResult;
    const completion = await this.client.chat.completions.create(
      {
        model: this.options.model,
        temperature: 0,
        messages: [
          { role: 'system', content: buildSystemPrompt(isJob ? 'job' : 'screening', locale) },
          { role: 'user', content: buildUserMessage(input, answeredIds) },
        ],
        response_format:
          this.options.responseFormat === 'json_object'
            ? { type: 'json_object' }
            : {
                type: 'json_schema',
                json_schema: { name: isJob ? 'job_evaluation' : 'screening_evaluation', strict: true, schema: jsonSchemaOf(schema) },
              },
      },
      { timeout: this.timeoutMs, maxRetries: 0 },
    );
    const content = completion.choices[0]?.message?.content;
    if (!content) throw new InvalidOutput('empty reply');
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      throw new InvalidOutput('malformed JSON');
    }
    return isJob ? mergeJob(parsed, answeredIds, builtin) : mergeScreening(parsed, answeredIds, builtin);
  }
}

/** The reply validated against its schema, with exactly one result per answered question, by id. */
function checkedReply<T extends { questions: Array<{ id: string }> }>(
  parsed: unknown,
  validate: ValidateFunction<T>,
  answeredIds: ReadonlySet<string>,
): { reply: T; byId: Map<string, T['questions'][number]> } {
  if (!validate(parsed)) throw new InvalidOutput(`schema-invalid output: ${schemaErrors(validate.errors)}`);
  const returned = parsed.questions.map((q) => q.id);
  const unique = new Set(returned);
  const sameSet =
    unique.size === answeredIds.size && returned.length === answeredIds.size && [...answeredIds].every((id) => unique.has(id));
  if (!sameSet)
    throw new InvalidOutput(`question ids [${returned.join(', ')}] do not match the answered questions [${[...answeredIds].join(', ')}]`);
  return { reply: parsed, byId: new Map(parsed.questions.map((q) => [q.id, q])) };
}

function mergeJob(parsed: unknown, answeredIds: ReadonlySet<string>, builtin: EvaluationResult): EvaluationResult {
  const { reply, byId } = checkedReply<LlmJob>(parsed, validateJobResult, answeredIds);
  const base = builtin.evaluation as JobEvaluation;
  const questions = base.questions.map((q) => {
    const judged = byId.get(q.id);
    if (!judged) return q;
    // The evidence shapes the model's rating and reasons; the stored evaluation keeps its documented fields.
    const { id: _id, evidence: _evidence, depth: _depth, errors: _errors, ...evaluation } = judged;
    return { ...q, evaluation };
  });
  return {
    ...builtin,
    evaluation: { ...base, questions, overall_summary: builtin.is_complete ? { overall_assessment: reply.overall_assessment } : null },
  };
}

function mergeScreening(parsed: unknown, answeredIds: ReadonlySet<string>, builtin: EvaluationResult): EvaluationResult {
  const { byId } = checkedReply<LlmScreening>(parsed, validateScreeningResult, answeredIds);
  const base = builtin.evaluation as ScreeningEvaluation;
  const questions = base.questions.map((q) => {
    const judged = byId.get(q.id);
    // An undecided answer is never a pass, whatever the model put in outcome.
    return judged
      ? { ...q, evaluation: { outcome: judged.outcome && !judged.undecided, analysis: judged.analysis, undecided: judged.undecided } }
      : q;
  });
  return {
    ...builtin,
    evaluation: {
      ...base,
      questions,
      qualifying_questions: questions.filter((q) => q.category === 'qualifying'),
      information_questions: questions.filter((q) => q.category === 'information'),
    },
  };
}

function schemaErrors(errors: ReadonlyArray<{ instancePath: string; message?: string }> | null | undefined): string {
  return (errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? 'invalid'}`)
    .join('; ');
}

function describe(error: unknown): string {
  if (error instanceof OpenAI.APIConnectionTimeoutError) return 'timeout';
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') return `server answered HTTP ${error.status}`;
  if (error instanceof OpenAI.APIConnectionError) return 'connection error';
  if (error instanceof InvalidOutput) return error.message;
  return error instanceof Error ? error.message : String(error);
}
