// GET /webhooks/catalog: the event contract, with sample payloads made the
// way real ones are (a sample interview and transcript, the built-in
// evaluator, the same mapping and payload builder), and contracts derived
// from those samples, so the catalog cannot drift from what is delivered.

import { evaluationInputOf } from '../evaluation/answers.js';
import { evaluateBuiltin } from '../evaluation/builtin-evaluator.js';
import { INTERVIEW_KINDS, InterviewType, type InterviewKind } from '../interviews/enums.js';
import type { InterviewRow } from '../interviews/interview.repository.js';
import type { TranscriptEntry } from '../interviews/interview.schemas.js';
import { videoTimeRange } from '../interviews/interview.service.js';
import type { StoredQuestion } from '../interviews/questions.js';
import {
  buildMediaProcessedPayload,
  buildTestPayload,
  MEDIA_PROCESSED,
  WEBHOOK_SCHEMA_VERSION,
  WEBHOOK_TEST,
  evaluationDataOf,
  type PayloadEvaluatedQuestion,
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
  const questions = SAMPLE_QUESTIONS[kind];
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
    questions: JSON.stringify(questions.map((q) => q.stored)),
    platformai_interview_id: 1024,
    userip: null,
    call_api_id: null,
    call_length: 312,
    feedback: null,
    next_question_index: questions.length,
    state: 2,
    user_disconnected: 0,
    archival_status: 1,
    ending_reason: 1,
    interview_agent_meta: null,
    resume_count: 0,
    erased_at: null,
    created_at: '2025-01-01T12:00:00.000Z',
    updated_at: OCCURRED_AT,
  };
  const transcript: TranscriptEntry[] = [
    entry('assistant', 'Hello! Please introduce yourself.', 'procedural'),
    entry('user', 'Hi, I am Alex, a backend engineer.', 'procedural'),
    ...questions.flatMap(({ stored, text, answer }) => [entry('assistant', text, stored.id), entry('user', answer, stored.id)]),
  ].map((item, i) => ({ ...item, video_time: videoTimeRange(i * 15, i * 15 + 12) }));
  const result = type === InterviewType.VIDEO_INTRODUCTION_INTERVIEW ? null : evaluateBuiltin(evaluationInputOf(interview, transcript));
  const evaluation = result && evaluationDataOf(result);
  const extras: MediaProcessedExtras = {
    evaluation: evaluation && { ...evaluation, questions: evaluation.questions.map((q) => placed(q, transcript)) },
    communicationAnalysis: (result?.communication_analysis ?? null) as Record<string, unknown> | null,
    media: {
      audioUrl: 'https://media.example.com/interviews/sample/audio.mp3?signature=...',
      videoUrl: kind === 'screening_interview' ? null : 'https://media.example.com/interviews/sample/video.webm?signature=...',
      durationSecs: 312,
      videoMissingReason: null,
    },
  };
  return buildMediaProcessedPayload({ interview, transcript, occurredAt: OCCURRED_AT, ...extras });
}

// video_time is placed above, 15 s per entry, as the media step places real entries on the recording.
function entry(role: 'assistant' | 'user', content: string, controlId: string): TranscriptEntry {
  return { role, content, created_at: OCCURRED_AT, control_id: controlId, video_time: null };
}

/** A question's video_timeline: from its first entry's begin to its last entry's end, as in real deliveries. */
function placed(question: PayloadEvaluatedQuestion, transcript: readonly TranscriptEntry[]): PayloadEvaluatedQuestion {
  const times = transcript.filter((e) => e.control_id === question.id && e.video_time).map((e) => e.video_time!);
  if (times.length === 0) return question;
  return { ...question, video_timeline: videoTimeRange(Math.min(...times.map((t) => t.begin)), Math.max(...times.map((t) => t.end))) };
}

interface SampleQuestion {
  stored: StoredQuestion;
  text: string;
  answer: string;
}

const SAMPLE_QUESTIONS: Record<InterviewKind, SampleQuestion[]> = {
  job_interview: [
    {
      stored: {
        id: 'q1',
        question: 'What is a race condition?',
        evaluation_criteria: ['shared state', 'timing'],
        sample_answer: null,
        type: 'technical',
      },
      text: 'What is a race condition?',
      answer: 'Two threads change shared state and the result depends on the timing; a lock or an atomic update prevents it.',
    },
    {
      stored: {
        id: 'q2',
        question: 'Tell me about a conflict in your team.',
        evaluation_criteria: ['situation', 'resolution'],
        sample_answer: null,
        type: 'behavioral',
      },
      text: 'Tell me about a conflict in your team.',
      answer: 'We disagreed on a release date; I listed the risks, we agreed on a smaller scope and shipped on time.',
    },
  ],
  screening_interview: [
    {
      stored: {
        id: 'q1',
        question_text: 'When could you start?',
        question_type: 'information',
        asking_order: 1,
        qualifying_criteria: null,
      },
      text: 'When could you start?',
      answer: 'Um, I could start next Monday.',
    },
    {
      stored: {
        id: 'q2',
        question_text: 'Do you have a forklift licence?',
        question_type: 'qualifying',
        asking_order: 2,
        qualifying_criteria: 'Must hold a valid forklift licence',
      },
      text: 'Do you have a forklift licence?',
      answer: 'Yes, I have held a valid forklift licence for five years.',
    },
  ],
  video_introduction: [],
};
