// The one builder of webhook payloads. The dispatcher uses it for real events
// and the catalog for its sample payloads and contracts, so what the catalog
// promises is by construction what receivers get. Missing data is null,
// never an absent key (spec, "Envelope of interview.media_processed").

import { groupAnswersByQuestion } from '../evaluation/answers.js';
import type { EvaluatedQuestionResult, EvaluationResult } from '../evaluation/evaluation.types.js';
import { kindOf, type InterviewKind, type InterviewType } from '../interviews/enums.js';
import type { InterviewRow } from '../interviews/interview.repository.js';
import type { Executor } from '../db/executor.js';
import type { OverallEvaluation, TranscriptEntry } from '../interviews/interview.schemas.js';

export const WEBHOOK_SCHEMA_VERSION = '1.0';
export const MEDIA_PROCESSED = 'interview.media_processed';
export const WEBHOOK_TEST = 'webhook.test';

/** An evaluated question as it appears in payloads; `transcript` items are `{interviewer: text}` or `{user: text}`. */
export interface PayloadEvaluatedQuestion {
  id?: string;
  question: string;
  question_type: string;
  transcript: Record<string, string>[];
  evaluation: Record<string, unknown> | null;
  video_timeline: { begin: number; end: number; formatted: string } | null;
  /** Screening only. */
  category?: 'qualifying' | 'information';
  is_evaluated?: boolean;
  eval_criteria?: string | string[] | null;
  [extra: string]: unknown;
}

export type EvaluationData =
  | { kind: 'job_interview'; overall_summary: OverallEvaluation | null; questions: PayloadEvaluatedQuestion[] }
  | { kind: 'screening_interview'; questions: PayloadEvaluatedQuestion[] };

export interface MediaData {
  audioUrl: string | null;
  videoUrl: string | null;
  durationSecs: number | null;
  /** Why the camera upload gave no video (docs/media.md); null when it did, or nothing was uploaded. */
  videoMissingReason?: string | null;
}

/** What the evaluation and media modules know about a finished interview; all null until they exist. */
export interface MediaProcessedExtras {
  evaluation: EvaluationData | null;
  communicationAnalysis: Record<string, unknown> | null;
  media: MediaData;
}

export interface MediaProcessedSource {
  /** Reads through `executor` when given: the emit runs inside the pipeline's transaction. */
  collect(interview: InterviewRow, executor?: Executor): Promise<MediaProcessedExtras>;
}

export interface MediaProcessedInput extends MediaProcessedExtras {
  interview: InterviewRow;
  transcript: TranscriptEntry[];
  occurredAt: string;
}

/** A stored evaluation as the payload's evaluation data: the reports and the catalog's samples go through here too. */
export function evaluationDataOf(result: EvaluationResult): EvaluationData {
  const questions = result.evaluation.questions.map(toPayloadQuestion);
  return result.evaluation.kind === 'job_interview'
    ? { kind: 'job_interview', overall_summary: result.evaluation.overall_summary, questions }
    : { kind: 'screening_interview', questions };
}

/**
 * As EvaluatedQuestion in reports and payloads; timelines come from the recording, which the media step will provide.
 * `is_evaluated` is derived from the category, so results stored before it followed the spec read as it says.
 */
export function toPayloadQuestion(question: EvaluatedQuestionResult): PayloadEvaluatedQuestion {
  const { is_evaluated: _stored, ...rest } = question;
  return {
    ...rest,
    ...(question.category === undefined ? {} : { is_evaluated: question.category === 'qualifying' }),
    transcript: question.transcript,
    evaluation: question.evaluation as Record<string, unknown> | null,
    video_timeline: null,
  };
}

export function mediaProcessedEventId(interviewId: string): string {
  return `${MEDIA_PROCESSED}:${interviewId}`;
}

export function buildMediaProcessedPayload(input: MediaProcessedInput): Record<string, unknown> {
  const row = input.interview;
  const kind = kindOf(row.interview_type as InterviewType);
  const audioUrl = input.media.audioUrl ?? '';
  const videoUrl = input.media.videoUrl ?? '';
  return envelope(MEDIA_PROCESSED, mediaProcessedEventId(row.id), input.occurredAt, {
    interview: {
      id: row.id,
      kind,
      interview_type: row.interview_type,
      platformai_interview_id: row.platformai_interview_id === null ? null : Number(row.platformai_interview_id),
      language_code: row.language_code,
      state: row.state,
      ending_reason: row.ending_reason,
      archival_status: row.archival_status,
      duration_secs: input.media.durationSecs ?? (row.call_length === null ? null : Math.round(row.call_length)),
      created_at: row.created_at,
      user_id: row.user_id,
      job_info_id: row.job_info_id,
      has_video: videoUrl !== '',
    },
    // video_missing_reason is ours (the spec's media object names two URLs and does not close it).
    media: { audio_url: audioUrl, video_url: videoUrl, video_missing_reason: input.media.videoMissingReason ?? null },
    transcript: input.transcript,
    evaluation: buildEvaluation(kind, row, input.evaluation),
    communication_analysis: kind === 'screening_interview' ? input.communicationAnalysis : null,
    metrics: {
      attempted_questions_count: countAttemptedQuestions(input.transcript),
      transcript_turns: input.transcript.length,
    },
  });
}

export function buildTestPayload(eventId: string, occurredAt: string): Record<string, unknown> {
  return envelope(WEBHOOK_TEST, eventId, occurredAt, {
    interview: null,
    media: null,
    transcript: [],
    evaluation: null,
    communication_analysis: null,
    metrics: { attempted_questions_count: 0, transcript_turns: 0 },
  });
}

function envelope(event: string, eventId: string, occurredAt: string, body: Record<string, unknown>): Record<string, unknown> {
  return {
    schema_version: WEBHOOK_SCHEMA_VERSION,
    event,
    event_id: eventId,
    occurred_at: occurredAt,
    interview: body.interview,
    media: body.media,
    transcript: body.transcript,
    evaluation: body.evaluation,
    communication_analysis: body.communication_analysis,
    metrics: body.metrics,
  };
}

function buildEvaluation(kind: InterviewKind, row: InterviewRow, data: EvaluationData | null): Record<string, unknown> | null {
  if (kind === 'job_interview' && data?.kind === 'job_interview') {
    return {
      kind: 'job_interview',
      overall_summary: data.overall_summary,
      primary_tech_focus: row.primary_tech_focus,
      experience_level: row.experience_level,
      questions: data.questions,
      summary: {
        total_questions: storedQuestionCount(row),
        evaluated_questions: data.questions.filter((q) => q.evaluation !== null).length,
      },
    };
  }
  if (kind === 'screening_interview' && data?.kind === 'screening_interview') {
    const qualifying = data.questions.filter((q) => q.category === 'qualifying');
    const information = data.questions.filter((q) => q.category === 'information');
    return {
      kind: 'screening_interview',
      overall_summary: null,
      primary_tech_focus: null,
      experience_level: null,
      questions: data.questions,
      qualifying_questions: qualifying,
      information_questions: information,
      summary: {
        total_questions: storedQuestionCount(row),
        qualifying_questions: qualifying.length,
        information_questions: information.length,
        evaluated_questions: data.questions.filter((q) => q.evaluation !== null).length,
      },
    };
  }
  // Video introductions carry no evaluation; for the others it is null until the evaluation exists.
  return null;
}

function storedQuestionCount(row: InterviewRow): number {
  const questions = JSON.parse(row.questions) as unknown;
  return Array.isArray(questions) ? questions.length : 0;
}

/** Questions the candidate reached: grouped as the evaluator groups them (by question id, procedural turns aside). */
function countAttemptedQuestions(transcript: readonly TranscriptEntry[]): number {
  return groupAnswersByQuestion(transcript).length;
}
