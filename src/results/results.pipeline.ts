// The results pipeline: what happens after an interview ends, as a chain of
// durable jobs. Each step's database effects and the job for the next step
// are committed in one transaction with the step's completion, so a crash
// between two steps resumes at the step that was running, no step records
// twice, and interview.media_processed is queued exactly once.
//
//   interview.ended (transcript final) -> results.evaluate -> results.media
//     -> results.archive -> results.sync -> results.emit

import { evaluationInputOf, PROSE_LOCALES, type EvaluationResult, type Evaluator, type ProseLocale } from '../evaluation/index.js';
import type { InterviewType } from '../interviews/enums.js';
import { InterviewType as Types } from '../interviews/enums.js';
import type { InterviewRepository, InterviewRow } from '../interviews/interview.repository.js';
import type { Executor } from '../db/executor.js';
import { deleteJobs, enqueueJob } from '../jobs/job.repository.js';
import type { JobContext, JobDefinition } from '../jobs/job-runner.js';
import type { IdGenerator } from '../shared/ids.js';
import type { WebhookService } from '../webhooks/webhook.service.js';
import { interviewEndedDedupeKey, interviewEndedJob, type InterviewEndedPayload } from './interview-ended.job.js';
import type { ResultsRepository, StoredResults } from './results.repository.js';

export const RESULT_STEPS = ['evaluate', 'media', 'archive', 'sync', 'emit'] as const;
export type ResultStep = (typeof RESULT_STEPS)[number];

interface StepPayload {
  version: 1;
  interview_id: string;
}

const MAX_ATTEMPTS = 5;

export function stepKind(step: ResultStep): string {
  return `results.${step}`;
}

export function stepDedupeKey(step: ResultStep, interviewId: string): string {
  return `${stepKind(step)}:${interviewId}`;
}

export interface ResultsPipelineDeps {
  interviews: InterviewRepository;
  results: ResultsRepository;
  evaluator: Evaluator;
  /** False for the model-backed evaluator: one call, English prose (docs/evaluation.md). */
  evaluateEveryLocale: boolean;
  webhooks: WebhookService;
  ids: IdGenerator;
}

/** Every job definition of the pipeline, its first step (`interview.ended`) included. */
export function createResultsPipeline(deps: ResultsPipelineDeps): JobDefinition<never, never>[] {
  const enqueueStep = (tx: Executor, step: ResultStep, interviewId: string, at: string) =>
    enqueueJob(tx, {
      id: deps.ids.uuid(),
      kind: stepKind(step),
      dedupeKey: stepDedupeKey(step, interviewId),
      payload: { version: 1, interview_id: interviewId } satisfies StepPayload,
      maxAttempts: MAX_ATTEMPTS,
      at,
    });
  const log = (ctx: JobContext, interviewId: string, message: string) =>
    deps.interviews.appendLog(ctx.tx, interviewId, ctx.at, 'info', message);

  const handOver: JobDefinition<InterviewEndedPayload> = {
    ...interviewEndedJob,
    async record(payload, ctx) {
      await log(
        ctx,
        payload.interview_id,
        `handed over to the results pipeline (state ${payload.state}, ending reason ${payload.ending_reason})`,
      );
      await enqueueStep(ctx.tx, 'evaluate', payload.interview_id, ctx.at);
    },
  };

  const evaluate: JobDefinition<StepPayload, Omit<StoredResults, 'createdAt'>> = {
    kind: stepKind('evaluate'),
    maxAttempts: MAX_ATTEMPTS,
    parse: parseStepPayload,
    // The model call (if any) runs here, outside the transaction.
    perform: async (payload) => evaluateInterview(deps, await loadInterview(deps, payload.interview_id)),
    async record(payload, ctx) {
      const performed = ctx.performed;
      if (!performed) throw new Error('evaluation produced nothing');
      await deps.results.save(ctx.tx, { ...performed, createdAt: ctx.at });
      await log(ctx, payload.interview_id, describeEvaluation(performed));
      await enqueueStep(ctx.tx, 'media', payload.interview_id, ctx.at);
    },
  };

  // Recording, upload and upstream sync belong to the media issue; until
  // then each step records truthfully what exists and hands on.
  const simpleStep = (step: ResultStep, next: ResultStep | null, message: string): JobDefinition<StepPayload> => ({
    kind: stepKind(step),
    maxAttempts: MAX_ATTEMPTS,
    parse: parseStepPayload,
    async record(payload, ctx) {
      await log(ctx, payload.interview_id, message);
      if (next) await enqueueStep(ctx.tx, next, payload.interview_id, ctx.at);
    },
  });

  const emit: JobDefinition<StepPayload> = {
    kind: stepKind('emit'),
    maxAttempts: MAX_ATTEMPTS,
    parse: parseStepPayload,
    async record(payload, ctx) {
      // Queued in this transaction: committed with the step, and the delivery table's unique key refuses a second copy.
      const deliveries = await deps.webhooks.emitMediaProcessed(payload.interview_id, ctx.tx);
      await log(ctx, payload.interview_id, `interview.media_processed queued for ${deliveries.length} webhook endpoint(s)`);
    },
    // Woken only now: before the commit a worker could not see the new deliveries and would sleep a poll interval.
    afterCommit: () => deps.webhooks.wakeWorkers(),
  };

  return [
    handOver,
    evaluate,
    simpleStep('media', 'archive', 'media: no recording was made in this session (text mode); archival_status unchanged'),
    simpleStep('archive', 'sync', 'archive: transcript, evaluation and log are kept in the database; nothing to upload'),
    simpleStep('sync', 'emit', 'sync: no upstream platform is configured'),
    emit,
  ] as JobDefinition<never, never>[];
}

/** Forgets the pipeline's results and jobs (the hand-off included), so a reset interview is evaluated and notified afresh. */
export async function resetResults(results: ResultsRepository, tx: Executor, interviewId: string): Promise<void> {
  await results.delete(tx, interviewId);
  await deleteJobs(tx, [interviewEndedDedupeKey(interviewId), ...RESULT_STEPS.map((step) => stepDedupeKey(step, interviewId))]);
}

function parseStepPayload(payload: unknown): StepPayload {
  const p = payload as Partial<StepPayload> | null;
  if (!p || p.version !== 1 || typeof p.interview_id !== 'string') throw new Error('unsupported results step payload');
  return { version: 1, interview_id: p.interview_id };
}

async function loadInterview(
  deps: ResultsPipelineDeps,
  interviewId: string,
): Promise<{ interview: InterviewRow; transcript: { role: string; content: string; control_id: string | null }[] }> {
  const interview = await deps.interviews.findById(interviewId);
  if (!interview) throw new Error(`interview ${interviewId} no longer exists`);
  return { interview, transcript: await deps.interviews.listTranscript(interviewId) };
}

async function evaluateInterview(
  deps: ResultsPipelineDeps,
  { interview, transcript }: Awaited<ReturnType<typeof loadInterview>>,
): Promise<Omit<StoredResults, 'createdAt'>> {
  const type = interview.interview_type as InterviewType;
  // A video introduction has no evaluation: only its transcript and media are handed over.
  if (type === Types.VIDEO_INTRODUCTION_INTERVIEW) return { interviewId: interview.id, isComplete: true, evaluator: 'none', byLocale: {} };
  const base = evaluationInputOf(interview, transcript);
  const locales: readonly ProseLocale[] = deps.evaluateEveryLocale ? PROSE_LOCALES : ['en'];
  const byLocale: Partial<Record<ProseLocale, EvaluationResult>> = {};
  for (const locale of locales) byLocale[locale] = await deps.evaluator.evaluate({ ...base, locale });
  const english = byLocale.en as EvaluationResult;
  return { interviewId: interview.id, isComplete: english.is_complete, evaluator: english.provenance.evaluator, byLocale };
}

function describeEvaluation(results: Omit<StoredResults, 'createdAt'>): string {
  const english = results.byLocale.en;
  if (!english) return 'evaluation: none for a video introduction';
  const { summary } = english.evaluation;
  const fallback = english.provenance.fallback_reason ? ` (model bypassed: ${english.provenance.fallback_reason})` : '';
  return `evaluation stored by the ${english.provenance.evaluator} evaluator${fallback}: ${summary.evaluated_questions} of ${summary.total_questions} question(s) evaluated${
    results.isComplete ? '' : '; not every question was answered, so there is no overall summary'
  }`;
}
