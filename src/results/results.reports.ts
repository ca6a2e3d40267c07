// Reads the stored evaluation for the three consumers of results: the
// evaluation-report endpoint, the overall-evaluation-report endpoint and the
// interview.media_processed webhook. One source, so they always agree.

import { messagesFor, resolveLocale, type EvaluatedQuestionResult, type EvaluationResult } from '../evaluation/index.js';
import { InterviewType, kindOf } from '../interviews/enums.js';
import type { InterviewRow } from '../interviews/interview.repository.js';
import type { Executor } from '../db/executor.js';
import type { InterviewEvaluationReportResponse, OverallEvaluation } from '../interviews/interview.schemas.js';
import type { RecordingSource, ReportSource } from '../interviews/interview.service.js';
import { videoTimeRange } from '../interviews/interview.service.js';
import { AppError } from '../common/errors.js';
import {
  evaluationDataOf,
  toPayloadQuestion,
  type MediaProcessedExtras,
  type MediaProcessedSource,
  type PayloadEvaluatedQuestion,
} from '../webhooks/payload.builder.js';
import type { ResultsRepository, StoredResults } from './results.repository.js';

/** What the media module knows of a finished interview's recording. */
export interface RecordedMedia extends RecordingSource {
  /** The recording's length in whole seconds; null before it exists. */
  durationSecs(interviewId: string, executor?: Executor): Promise<number | null>;
  /** Why an uploaded camera recording gave no video (a code); null when it did or there was none. */
  videoMissingReason(interviewId: string, executor?: Executor): Promise<string | null>;
  /** question id -> its span on the recording, in whole seconds. */
  questionTimelines(interviewId: string, executor?: Executor): Promise<Map<string, { begin: number; end: number }>>;
}

export class ResultsReports implements ReportSource, MediaProcessedSource {
  constructor(
    private readonly results: ResultsRepository,
    private readonly recordings: RecordedMedia,
  ) {}

  async overallEvaluation(interview: InterviewRow, locale: string): Promise<OverallEvaluation | null> {
    const stored = await this.results.find(interview.id);
    if (!stored) return null;
    if (interview.interview_type === InterviewType.VIDEO_INTRODUCTION_INTERVIEW) return videoIntroductionOverall(locale);
    if (!stored.isComplete) throw new AppError('EvalReportGenerationException');
    return overallOf(resultInLocale(stored, locale), proseLocaleOf(stored, locale));
  }

  async evaluationReport(interview: InterviewRow, locale: string): Promise<InterviewEvaluationReportResponse | null> {
    const stored = await this.results.find(interview.id);
    if (!stored) return null;
    const isVideo = interview.interview_type === InterviewType.VIDEO_INTRODUCTION_INTERVIEW;
    if (!isVideo && !stored.isComplete) throw new AppError('EvalReportGenerationException');
    const result = isVideo ? null : resultInLocale(stored, locale);
    const timelines = await this.recordings.questionTimelines(interview.id);
    return {
      id: interview.id,
      interview: {
        id: interview.id,
        kind: kindOf(interview.interview_type as InterviewType),
        interview_type: interview.interview_type,
        job_title: interview.job_title,
        candidate_id: interview.candidate_id,
        language_code: interview.language_code,
        state: interview.state,
        ending_reason: interview.ending_reason,
        created_at: interview.created_at,
      },
      user: interview.user_id === null ? null : { id: interview.user_id },
      evaluation_report: result ? toReportEvaluation(result.evaluation, timelines) : { questions: [] },
      overall_evaluation: isVideo ? videoIntroductionOverall(locale) : overallOf(result as EvaluationResult, proseLocaleOf(stored, locale)),
      video_analysis_report: null,
      comm_analysis_report: result?.communication_analysis ?? null,
      created_at: stored.createdAt,
    };
  }

  /** The webhook's evaluation, communication analysis and media for this interview (English prose). */
  async collect(interview: InterviewRow, executor?: Executor): Promise<MediaProcessedExtras> {
    // One after another: inside the emit's transaction the reads share its connection.
    const stored = await this.results.find(interview.id, executor);
    const audioUrl = await this.recordings.recordingUrl(interview.id, 'audio', executor);
    const videoUrl = await this.recordings.recordingUrl(interview.id, 'video', executor);
    const durationSecs = await this.recordings.durationSecs(interview.id, executor);
    const videoMissingReason = await this.recordings.videoMissingReason(interview.id, executor);
    const timelines = await this.recordings.questionTimelines(interview.id, executor);
    const result = stored && interview.interview_type !== InterviewType.VIDEO_INTRODUCTION_INTERVIEW ? resultInLocale(stored, 'en') : null;
    // Without a recording (not assembled yet) the payload builder falls back to call_length.
    const media = { audioUrl, videoUrl, durationSecs, videoMissingReason };
    if (!result) return { evaluation: null, communicationAnalysis: null, media };
    const evaluation = evaluationDataOf(result);
    return {
      evaluation: { ...evaluation, questions: evaluation.questions.map((q) => withTimeline(q, timelines)) },
      communicationAnalysis: result.communication_analysis as Record<string, unknown> | null,
      media,
    };
  }
}

/** The prose in the requested locale when it was written in it, English otherwise. */
export function resultInLocale(stored: StoredResults, locale: string): EvaluationResult {
  const result = stored.byLocale[proseLocaleOf(stored, locale)];
  if (!result) throw new Error(`interview ${stored.interviewId} has no stored evaluation`);
  return result;
}

/** The locale whose stored prose answers a request: results stored before a language had prose are English. */
function proseLocaleOf(stored: StoredResults, locale: string): string {
  const wanted = resolveLocale(locale);
  return stored.byLocale[wanted] ? wanted : 'en';
}

function videoIntroductionOverall(locale: string): OverallEvaluation {
  return {
    overall_assessment: {
      suitability: 'Needs further assessment',
      strengths: [],
      weaknesses: [],
      recommendations: [messagesFor(resolveLocale(locale)).videoNotEvaluated],
    },
  };
}

/**
 * Job interviews carry the evaluator's summary. Screening has none in the
 * spec's payload, so the short form is derived from the qualifying outcomes:
 * all met -> Meets, any missed -> Below, none asked or any left undecided
 * (and none missed) -> Needs further assessment.
 */
function overallOf(result: EvaluationResult, locale: string): OverallEvaluation {
  const evaluation = result.evaluation;
  if (evaluation.kind === 'job_interview') {
    if (!evaluation.overall_summary) throw new AppError('EvalReportGenerationException');
    return evaluation.overall_summary;
  }
  const graded = evaluation.qualifying_questions.filter((q) => q.evaluation && 'outcome' in q.evaluation);
  const outcome = (q: EvaluatedQuestionResult) => q.evaluation as { outcome: boolean; analysis: string; undecided?: boolean };
  const met = graded.filter((q) => outcome(q).outcome);
  const missed = graded.filter((q) => !outcome(q).outcome);
  const isOpen = graded.length === 0 || (missed.length > 0 && missed.every((q) => outcome(q).undecided === true));
  return {
    overall_assessment: {
      suitability: isOpen ? 'Needs further assessment' : missed.length === 0 ? 'Meets expectations' : 'Below expectations',
      strengths: met.map((q) => `${q.question}: ${outcome(q).analysis}`),
      weaknesses: missed.map((q) => `${q.question}: ${outcome(q).analysis}`),
      recommendations: missed.map((q) => messagesFor(locale).confirmWithCandidate(q.question)),
    },
  };
}

type Timelines = Map<string, { begin: number; end: number }>;

/** The question's span on the recording (video_timeline), once the media step placed its entries. */
function withTimeline(question: PayloadEvaluatedQuestion, timelines: Timelines): PayloadEvaluatedQuestion {
  const span = question.id === undefined ? undefined : timelines.get(question.id);
  return span ? { ...question, video_timeline: videoTimeRange(span.begin, span.end) } : question;
}

/** The stored evaluation with every question list shaped as EvaluatedQuestion. */
function toReportEvaluation(
  evaluation: EvaluationResult['evaluation'],
  timelines: Timelines,
): Record<string, unknown> & { questions: PayloadEvaluatedQuestion[] } {
  const shape = (q: EvaluatedQuestionResult) => withTimeline(toPayloadQuestion(q), timelines);
  if (evaluation.kind === 'job_interview') return { ...evaluation, questions: evaluation.questions.map(shape) };
  return {
    ...evaluation,
    questions: evaluation.questions.map(shape),
    qualifying_questions: evaluation.qualifying_questions.map(shape),
    information_questions: evaluation.information_questions.map(shape),
  };
}
