// JSON Schemas written from the spec's tables ("Envelope of
// interview.media_processed", "Evaluation by kind", "webhook.test payload"),
// independently of the service's own code, for every test that receives a payload.

import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { expect } from 'vitest';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));

const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });
const transcriptEntry = {
  type: 'object',
  required: ['role', 'content', 'created_at', 'control_id', 'video_time'],
  properties: {
    role: { enum: ['assistant', 'user'] },
    content: { type: 'string' },
    created_at: { type: 'string' },
    video_time: nullable({
      type: 'object',
      required: ['begin', 'end', 'formatted'],
      properties: {
        begin: { type: 'integer' },
        end: { type: 'integer' },
        formatted: { type: 'string', pattern: '^\\d{2}:\\d{2} - \\d{2}:\\d{2}$' },
      },
    }),
  },
};
const evaluatedQuestion = {
  type: 'object',
  required: ['question', 'question_type', 'transcript', 'evaluation', 'video_timeline'],
  properties: {
    transcript: {
      type: 'array',
      items: { type: 'object', minProperties: 1, maxProperties: 1, propertyNames: { enum: ['interviewer', 'user'] } },
    },
  },
};
// Screening: is_evaluated is true for every qualifying question, answered or not; information questions are only recorded.
const screeningQuestion = (category: string, isEvaluated: boolean) => ({
  ...evaluatedQuestion,
  required: [...evaluatedQuestion.required, 'category', 'is_evaluated'],
  properties: { ...evaluatedQuestion.properties, category: { const: category }, is_evaluated: { const: isEvaluated } },
});
const qualifyingQuestion = screeningQuestion('qualifying', true);
const informationQuestion = screeningQuestion('information', false);
const jobEvaluation = {
  type: 'object',
  required: ['kind', 'overall_summary', 'primary_tech_focus', 'experience_level', 'questions', 'summary'],
  properties: {
    kind: { const: 'job_interview' },
    overall_summary: nullable({ type: 'object', required: ['overall_assessment'] }),
    // is_evaluated is screening only (spec, EvaluatedQuestion).
    questions: { type: 'array', items: { ...evaluatedQuestion, not: { required: ['is_evaluated'] } } },
    summary: { type: 'object', required: ['total_questions', 'evaluated_questions'] },
  },
};
const screeningEvaluation = {
  type: 'object',
  required: [
    'kind',
    'overall_summary',
    'primary_tech_focus',
    'experience_level',
    'questions',
    'qualifying_questions',
    'information_questions',
    'summary',
  ],
  properties: {
    kind: { const: 'screening_interview' },
    overall_summary: { type: 'null' },
    primary_tech_focus: { type: 'null' },
    experience_level: { type: 'null' },
    questions: { type: 'array', items: { anyOf: [qualifyingQuestion, informationQuestion] } },
    qualifying_questions: { type: 'array', items: qualifyingQuestion },
    information_questions: { type: 'array', items: informationQuestion },
    summary: { type: 'object', required: ['total_questions', 'qualifying_questions', 'information_questions', 'evaluated_questions'] },
  },
};
export const ENVELOPE_KEYS = [
  'schema_version',
  'event',
  'event_id',
  'occurred_at',
  'interview',
  'media',
  'transcript',
  'evaluation',
  'communication_analysis',
  'metrics',
];
const metrics = {
  type: 'object',
  required: ['attempted_questions_count', 'transcript_turns'],
  properties: { attempted_questions_count: { type: 'integer', minimum: 0 }, transcript_turns: { type: 'integer', minimum: 0 } },
};
export const INTERVIEW_KEYS = [
  'id',
  'kind',
  'interview_type',
  'platformai_interview_id',
  'language_code',
  'state',
  'ending_reason',
  'archival_status',
  'duration_secs',
  'created_at',
  'user_id',
  'job_info_id',
  'has_video',
];

export function mediaProcessedSchema(kind: 'job_interview' | 'screening_interview' | 'video_introduction', type: number) {
  return {
    type: 'object',
    required: ENVELOPE_KEYS,
    additionalProperties: false,
    properties: {
      schema_version: { type: 'string', minLength: 1 },
      event: { const: 'interview.media_processed' },
      event_id: { type: 'string', pattern: '^interview\\.media_processed:[0-9a-f-]{36}$' },
      occurred_at: { type: 'string', format: 'date-time' },
      interview: {
        type: 'object',
        required: INTERVIEW_KEYS,
        properties: {
          id: { type: 'string', format: 'uuid' },
          kind: { const: kind },
          interview_type: { const: type },
          created_at: { type: 'string', format: 'date-time' },
          has_video: { type: 'boolean' },
        },
      },
      media: {
        type: 'object',
        required: ['audio_url', 'video_url', 'video_missing_reason'],
        properties: {
          audio_url: { type: 'string' },
          video_url: { type: 'string' },
          // Ours (docs/media.md): why a camera upload gave no video.
          video_missing_reason: { enum: [null, 'unsupported_codec', 'remux_timed_out', 'remux_failed'] },
        },
      },
      transcript: { type: 'array', items: transcriptEntry },
      evaluation:
        kind === 'job_interview'
          ? nullable(jobEvaluation)
          : kind === 'screening_interview'
            ? nullable(screeningEvaluation)
            : { type: 'null' },
      communication_analysis: kind === 'screening_interview' ? { type: ['object', 'null'] } : { type: 'null' },
      metrics,
    },
  };
}
export const testPayloadSchema = {
  type: 'object',
  required: ENVELOPE_KEYS,
  additionalProperties: false,
  properties: {
    schema_version: { type: 'string', minLength: 1 },
    event: { const: 'webhook.test' },
    event_id: { type: 'string', pattern: '^webhook\\.test:' },
    occurred_at: { type: 'string', format: 'date-time' },
    interview: { type: 'null' },
    media: { type: 'null' },
    evaluation: { type: 'null' },
    communication_analysis: { type: 'null' },
    transcript: { type: 'array' },
    metrics,
  },
};
export const KINDS = [
  ['job_interview', 0, 'job'],
  ['screening_interview', 1, 'screening'],
  ['video_introduction', 2, 'video'],
] as const;

export function expectValid(schema: object, payload: unknown): void {
  const validate = ajv.compile(schema);
  const isValid = validate(payload);
  expect(isValid, JSON.stringify(validate.errors)).toBe(true);
}
