// GET /webhooks/catalog: the event contract, with sample payloads made by the
// real payload builder from sample inputs, and contracts derived from those
// samples, so the catalog cannot drift from what is delivered.

import { INTERVIEW_KINDS, InterviewType, type InterviewKind } from '../interviews/enums.js';
import type { InterviewRow } from '../interviews/interview.repository.js';
import type { TranscriptEntry } from '../interviews/interview.schemas.js';
import {
  buildMediaProcessedPayload,
  buildTestPayload,
  MEDIA_PROCESSED,
  WEBHOOK_SCHEMA_VERSION,
  WEBHOOK_TEST,
  type EvaluationData,
  type MediaProcessedExtras,
} from './payload.builder.js';
import { SIGNATURE_HEADER } from './signer.js';
import type { WebhookCatalog } from './webhook.schemas.js';

const OCCURRED_AT = '2025-01-01T12:30:00.000Z';
const CONTRACT_DESCRIPTIONS: Record<InterviewKind, string> = {
  job_interview: 'Per-question rating with improvement points plus an overall summary (null when it could not be generated).',
  screening_interview: 'Boolean outcomes for qualifying questions, information questions recorded, plus a communication analysis.',
  video_introduction: 'No evaluation: transcript and media only.',
};

export function buildWebhookCatalog(): WebhookCatalog {
  const samples = {
    job_interview: sampleMediaProcessed('job_interview'),
    screening_interview: sampleMediaProcessed('screening_interview'),
    video_introduction: sampleMediaProcessed('video_introduction'),
  };
  return {
    schema_version: WEBHOOK_SCHEMA_VERSION,
    events: [
      {
        event: MEDIA_PROCESSED,
        description: 'Emitted after media processing completes; carries transcript, evaluation and recording URLs.',
      },
      {
        event: WEBHOOK_TEST,
        description: 'Synthetic event for validating a receiver; sent by POST /webhooks/endpoints/{endpoint_id}/test.',
      },
    ],
    interview_types: Object.fromEntries(INTERVIEW_KINDS.map((kind, type) => [kind, type])),
    interview_kinds: [...INTERVIEW_KINDS],
    signature_header: SIGNATURE_HEADER,
    payload_contracts: INTERVIEW_KINDS.map((kind, type) => {
      const evaluation = samples[kind].evaluation as Record<string, unknown> | null;
      return {
        interview_type: type,
        kind,
        description: CONTRACT_DESCRIPTIONS[kind],
        evaluation_present: evaluation !== null,
        evaluation_fields: evaluation === null ? [] : Object.keys(evaluation),
        communication_analysis_present: samples[kind].communication_analysis !== null,
        sample_payload_key: `interview_media_processed.${kind}`,
      };
    }),
    sample_payloads: {
      interview_media_processed: samples,
      webhook_test: buildTestPayload(`${WEBHOOK_TEST}:00000000-0000-4000-8000-000000000000`, OCCURRED_AT),
    },
  };
}

function sampleMediaProcessed(kind: InterviewKind): Record<string, unknown> {
  const type = INTERVIEW_KINDS.indexOf(kind);
  const questionIds = type === InterviewType.VIDEO_INTRODUCTION_INTERVIEW ? [] : ['q1', 'q2'];
  const interview: InterviewRow = {
    id: `3f1c2a7e-5b4d-4c1e-9a8b-00000000000${type}`,
    owner_id: 'user:sample',
    user_id: '9b2e4c6a-1d3f-4a5b-8c7d-0123456789ab',
    candidate_id: 'cand-42',
    job_info_id: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
    job_title: 'Backend Engineer',
    primary_tech_focus: type === InterviewType.JOB_INTERVIEW ? 'Node.js' : null,
    experience_level: type === InterviewType.JOB_INTERVIEW ? 'senior' : null,
    difficulty_level: type === InterviewType.JOB_INTERVIEW ? 'medium' : null,
    interview_type: type,
    language_code: 1,
    questions: JSON.stringify(questionIds.map((id) => ({ id }))),
    platformai_interview_id: 1024,
    userip: null,
    call_api_id: null,
    call_length: 312,
    feedback: null,
    next_question_index: questionIds.length,
    state: 2,
    user_disconnected: 0,
    archival_status: 1,
    ending_reason: 1,
    interview_agent_meta: null,
    resume_count: 0,
    created_at: '2025-01-01T12:00:00.000Z',
    updated_at: OCCURRED_AT,
  };
  const transcript: TranscriptEntry[] = [
    entry('assistant', 'Hello! Please introduce yourself.', 'procedural', 0, 4),
    entry('user', 'Hi, I am Alex, a backend engineer.', 'procedural', 5, 9),
    ...questionIds.flatMap((id, i) => [
      entry('assistant', `Question ${i + 1}?`, id, 10 + i * 60, 14 + i * 60),
      entry('user', `Answer to question ${i + 1}.`, id, 15 + i * 60, 60 + i * 60),
    ]),
  ];
  const extras: MediaProcessedExtras = {
    evaluation: sampleEvaluation(kind),
    communicationAnalysis:
      kind === 'screening_interview'
        ? { filler_words: { count: 3, per_minute: 0.6, examples: ['um', 'like'] }, repetition: { score: 0.1 }, clarity: { score: 0.85 } }
        : null,
    media: {
      audioUrl: 'https://media.example.com/interviews/sample/audio.mp3?signature=...',
      videoUrl: kind === 'screening_interview' ? null : 'https://media.example.com/interviews/sample/video.webm?signature=...',
      durationSecs: 312,
    },
  };
  return buildMediaProcessedPayload({ interview, transcript, occurredAt: OCCURRED_AT, ...extras });
}

function entry(role: 'assistant' | 'user', content: string, controlId: string, begin: number, end: number): TranscriptEntry {
  const mmss = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  return {
    role,
    content,
    created_at: OCCURRED_AT,
    control_id: controlId,
    video_time: { begin, end, formatted: `${mmss(begin)} - ${mmss(end)}` },
  };
}

function sampleEvaluation(kind: InterviewKind): EvaluationData | null {
  const timeline = { begin: 10, end: 60, formatted: '00:10 - 01:00' };
  const exchange: Record<string, string>[] = [{ interviewer: 'Question 1?' }, { user: 'Answer to question 1.' }];
  if (kind === 'job_interview') {
    return {
      kind: 'job_interview',
      overall_summary: {
        overall_assessment: {
          suitability: 'Meets expectations',
          strengths: ['Clear answers'],
          weaknesses: ['Little depth on testing'],
          recommendations: ['Probe testing'],
        },
      },
      questions: [
        {
          id: 'q1',
          question: 'What is a race condition?',
          question_type: 'technical',
          transcript: exchange,
          evaluation: { rating: 'GOOD', improvement_points: ['Mention locks'] },
          video_timeline: timeline,
        },
        {
          id: 'q2',
          question: 'Tell me about a conflict.',
          question_type: 'behavioral',
          transcript: [],
          evaluation: null,
          video_timeline: null,
        },
      ],
    };
  }
  if (kind === 'screening_interview') {
    return {
      kind: 'screening_interview',
      questions: [
        {
          id: 'q1',
          question: 'When could you start?',
          question_type: 'information',
          category: 'information',
          is_evaluated: false,
          eval_criteria: null,
          transcript: exchange,
          evaluation: null,
          video_timeline: timeline,
        },
        {
          id: 'q2',
          question: 'Do you have a forklift licence?',
          question_type: 'qualifying',
          category: 'qualifying',
          is_evaluated: true,
          eval_criteria: 'Must hold a valid licence',
          transcript: [],
          evaluation: { outcome: true, analysis: 'The candidate holds a valid licence.' },
          video_timeline: null,
        },
      ],
    };
  }
  return null;
}
