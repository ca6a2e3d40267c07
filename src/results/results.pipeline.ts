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
import type { InterviewRepository, InterviewRow, TranscriptRow } from '../interviews/interview.repository.js';
import type { Executor } from '../db/executor.js';
import { deleteJobs, enqueueJob } from '../jobs/job.repository.js';
import type { JobContext, JobDefinition } from '../jobs/job-runner.js';
import type { IdGenerator } from '../common/ids.js';
import type { WebhookService } from '../webhooks/webhook.service.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { ArchivalStatus } from '../interviews/enums.js';
import { toTranscriptEntry } from '../interviews/interview.service.js';
import type { AssemblyOutcome, MediaService, StoreOutcome } from '../media/media.service.js';
import { interviewEndedDedupeKey, interviewEndedJob, type InterviewEndedPayload } from './interview-ended.job.js';
import type { ResultsRepository, StoredResults } from './results.repository.js';

export const RESULT_STEPS = ['evaluate', 'media', 'archive', 'sync', 'emit'] as const;
export type ResultStep = (typeof RESULT_STEPS)[number];

interface StepPayload {
  version: 1;
  interview_id: string;
}

const MAX_ATTEMPTS = 5;

/** The job lane of the slow media work (ffmpeg, uploads of large files), apart from the hand-off and the evaluation. */
export const MEDIA_LANE = 'media';
const MEDIA_LANE_STEPS: ReadonlySet<ResultStep> = new Set(['media', 'archive']);

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
  media: MediaService;
  /** For what a step writes outside its completing transaction: archival 2 as assembly starts, 3 and the log line when an attempt fails. */
  db: Kysely<Database>;
}

/** Every job definition of the pipeline, its first step (`interview.ended`) included. */
export function createResultsPipeline(deps: ResultsPipelineDeps): JobDefinition<never, never>[] {
  const enqueueStep = async (tx: Executor, step: ResultStep, interviewId: string, at: string) =>
    enqueueJob(tx, {
      id: deps.ids.uuid(),
      kind: stepKind(step),
      dedupeKey: stepDedupeKey(step, interviewId),
      payload: { version: 1, interview_id: interviewId } satisfies StepPayload,
      maxAttempts: MAX_ATTEMPTS,
      // The media lane shares its slots out by tenant (the interview's owner).
      tenant: MEDIA_LANE_STEPS.has(step) ? ((await deps.interviews.findById(interviewId, tx))?.owner_id ?? null) : null,
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

  /**
   * Runs a step's slow work; when it fails, archival_status becomes 3 and the
   * interview's log says which attempt failed and whether it is retried
   * (the job runner retries it with back-off).
   */
  const archivalAttempt = async <T>(
    step: ResultStep,
    interviewId: string,
    at: string,
    attempt: number,
    work: () => Promise<T>,
  ): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      const retry = attempt < MAX_ATTEMPTS ? 'retrying with back-off' : 'giving up';
      const reason = error instanceof Error ? error.message : String(error);
      await deps.db.transaction().execute(async (tx) => {
        await deps.interviews.setArchivalStatus(tx, interviewId, ArchivalStatus.ERROR, at);
        await deps.interviews.appendLog(
          tx,
          interviewId,
          at,
          'warn',
          `${step}: attempt ${attempt} of ${MAX_ATTEMPTS} failed: ${reason}; ${retry}`,
        );
      });
      // No media step runs again and no media row lets retention find the files: they go now.
      if (step === 'media' && attempt >= MAX_ATTEMPTS) await deps.media.discardWork(interviewId).catch(() => {});
      throw error;
    }
  };

  // Assembles the mixed MP3 into the work folder (archival 2 while it runs, 4 once it exists).
  const media: JobDefinition<StepPayload, AssemblyOutcome | null> = {
    kind: stepKind('media'),
    lane: MEDIA_LANE,
    maxAttempts: MAX_ATTEMPTS,
    parse: parseStepPayload,
    perform: async (payload, { at, attempt }) => {
      const { interview, transcript } = await loadInterview(deps, payload.interview_id);
      if (transcript.length === 0) return null;
      await deps.interviews.setArchivalStatus(deps.db, interview.id, ArchivalStatus.ONGOING, at);
      return archivalAttempt('media', interview.id, at, attempt, () => deps.media.assemble(interview, transcript));
    },
    async record(payload, ctx) {
      const outcome = ctx.performed;
      if (outcome) {
        await deps.media.recordAssembled(ctx.tx, payload.interview_id, outcome, ctx.at);
        await deps.interviews.setArchivalStatus(ctx.tx, payload.interview_id, ArchivalStatus.RECORDING_CREATED, ctx.at);
        await log(ctx, payload.interview_id, describeRecording(outcome));
        if (outcome.video && !outcome.video.isMade) {
          await deps.interviews.appendLog(
            ctx.tx,
            payload.interview_id,
            ctx.at,
            'warn',
            `media: no video from the camera upload (${outcome.video.reason}: ${outcome.video.detail}); the recording is archived without it`,
          );
        }
      } else {
        await log(ctx, payload.interview_id, 'media: nothing was said in this interview, so there is no recording');
      }
      await enqueueStep(ctx.tx, 'archive', payload.interview_id, ctx.at);
    },
  };

  // Stores the recording and archives transcript, evaluation and log beside it (archival 1).
  const archive: JobDefinition<StepPayload, StoreOutcome> = {
    kind: stepKind('archive'),
    lane: MEDIA_LANE,
    maxAttempts: MAX_ATTEMPTS,
    parse: parseStepPayload,
    perform: async (payload, { at, attempt }) =>
      archivalAttempt('archive', payload.interview_id, at, attempt, async () =>
        deps.media.store(payload.interview_id, await archivedRecords(deps, payload.interview_id)),
      ),
    async record(payload, ctx) {
      const outcome = ctx.performed ?? { uploaded: [], alreadyStored: [] };
      await deps.media.recordStored(ctx.tx, payload.interview_id, ctx.at);
      await deps.interviews.setArchivalStatus(ctx.tx, payload.interview_id, ArchivalStatus.ARCHIVED, ctx.at);
      const recordings = outcome.uploaded.length + outcome.alreadyStored.length;
      await log(
        ctx,
        payload.interview_id,
        `archive: ${recordings === 0 ? 'no recording to store' : `recording stored (${deps.media.storageKind} storage; ${outcome.uploaded.length} uploaded, ${outcome.alreadyStored.length} already there)`}; transcript, evaluation and log archived beside it`,
      );
      await enqueueStep(ctx.tx, 'sync', payload.interview_id, ctx.at);
    },
    afterCommit: (payload) => void deps.media.discardWork(payload.interview_id).catch(() => {}),
  };

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
    media,
    archive,
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
): Promise<{ interview: InterviewRow; transcript: TranscriptRow[] }> {
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

/** What is archived beside the media: the transcript as the API serves it, the English evaluation, the log. */
async function archivedRecords(deps: ResultsPipelineDeps, interviewId: string) {
  const stored = await deps.results.find(interviewId);
  return {
    transcript: (await deps.interviews.listTranscript(interviewId)).map(toTranscriptEntry),
    evaluation: stored?.byLocale.en?.evaluation ?? null,
    log: await deps.interviews.readLog(interviewId),
  };
}

function describeRecording({ recording }: AssemblyOutcome): string {
  const seconds = Math.round(recording.durationMs / 1000);
  const length = `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
  const unspoken = recording.unspoken === 0 ? '' : `; ${recording.unspoken} interviewer utterance(s) had no voice and are silent`;
  return `media: recording assembled (${length}, ${Math.round(recording.bytes / 1024)} KiB MP3)${unspoken}; archival_status 4`;
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
