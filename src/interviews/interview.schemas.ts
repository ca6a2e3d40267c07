// Request and response schemas of the Interview API, named as in the spec so
// /openapi.json reads like it. Each schema is also the TypeScript type, and a
// response schema is the whitelist of what leaves the service.

import { Type, type Static } from 'typebox';
import {
  IntegerEnum,
  MAX_URL_CHARS,
  NullableBoolean,
  NullableInteger,
  NullableNumber,
  NullableObject,
  NullableText,
  StringEnum,
  Text,
} from '../common/schema.js';
import { DIFFICULTY_LEVELS, EXPERIENCE_LEVELS, JOB_QUESTION_TYPES, LANGUAGE_CODES, SCREENING_QUESTION_TYPES } from './enums.js';

/** Limits the spec leaves open (docs/api-decisions.md). */
export const LIMITS = {
  questions: 100,
  questionText: 5_000,
  criteria: 50,
  criterionText: 1_000,
  sampleAnswer: 20_000,
  jobTitle: 300,
  candidateId: 255,
  techFocus: 200,
} as const;

export const LanguageCode = IntegerEnum(LANGUAGE_CODES, {
  default: 1,
  description: 'AgentLanguages: 1 English, 2 German, 3 Hindi, 4 Swiss German, 5 French, 6 Spanish, 7 Danish, 8 Swedish, 9 Arabic',
});

export const SkillInterviewQuestion = Type.Object(
  {
    question: Text({ minLength: 1, maxLength: LIMITS.questionText, description: 'Literal question text.' }),
    evaluation_criteria: Type.Array(Text({ minLength: 1, maxLength: LIMITS.criterionText }), {
      maxItems: LIMITS.criteria,
      description: 'Key grading points.',
    }),
    sample_answer: Type.Optional(NullableText({ maxLength: LIMITS.sampleAnswer, description: 'Model answer the evaluator may use.' })),
    type: Type.Optional(StringEnum(JOB_QUESTION_TYPES, { default: 'technical', description: "Governs the evaluator's rubric." })),
  },
  { title: 'SkillInterviewQuestion' },
);
export type SkillInterviewQuestion = Static<typeof SkillInterviewQuestion>;

export const CreateInterviewFromQuestionsRequest = Type.Object(
  {
    job_title: Text({ minLength: 1, maxLength: LIMITS.jobTitle, description: 'Shown to the candidate.' }),
    candidate_id: Text({ minLength: 1, maxLength: LIMITS.candidateId, description: "Caller's own id, echoed back on reads." }),
    language_code: Type.Optional(LanguageCode),
    questions: Type.Array(SkillInterviewQuestion, { minItems: 1, maxItems: LIMITS.questions }),
    experience_level: Type.Optional(StringEnum(EXPERIENCE_LEVELS, { default: 'junior' })),
    difficulty_level: Type.Optional(StringEnum(DIFFICULTY_LEVELS, { default: 'easy' })),
    primary_tech_focus: Text({
      maxLength: LIMITS.techFocus,
      description: 'Free-text domain label; required for job interviews, may be empty for video introductions.',
    }),
    interview_type: Type.Optional(
      IntegerEnum([0, 2] as const, {
        default: 0,
        description: '0 job interview (default), 2 video introduction. Screening has its own path.',
      }),
    ),
    platformai_interview_id: Type.Optional(NullableInteger({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  },
  { title: 'CreateInterviewFromQuestionsRequest' },
);
export type CreateInterviewFromQuestionsRequest = Static<typeof CreateInterviewFromQuestionsRequest>;

export const ScreeningQuestionSchema = Type.Object(
  {
    question_text: Text({ minLength: 1, maxLength: LIMITS.questionText }),
    question_type: StringEnum(SCREENING_QUESTION_TYPES),
    asking_order: Type.Integer({ minimum: 1, maximum: 10_000, description: 'Position in the interview, counted 1, 2, 3, ...' }),
    qualifying_criteria: NullableText({ maxLength: LIMITS.questionText, description: 'Rubric for qualifying questions.' }),
  },
  { title: 'ScreeningQuestionSchema' },
);
export type ScreeningQuestionSchema = Static<typeof ScreeningQuestionSchema>;

export const ScreeningInterviewATSCreateRequest = Type.Object(
  {
    job_title: Text({ minLength: 1, maxLength: LIMITS.jobTitle }),
    candidate_id: Text({ minLength: 1, maxLength: LIMITS.candidateId }),
    interview_lang_code: Type.Optional(LanguageCode),
    questions: Type.Array(ScreeningQuestionSchema, { minItems: 1, maxItems: LIMITS.questions }),
    platformai_interview_id: Type.Optional(NullableInteger({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  },
  { title: 'ScreeningInterviewATSCreateRequest' },
);
export type ScreeningInterviewATSCreateRequest = Static<typeof ScreeningInterviewATSCreateRequest>;

export const InterviewCreatedResponse = Type.Object(
  {
    message: Type.String(),
    interview_id: Type.String(),
    interview_link: Type.String({ description: 'Candidate page; query parameter iid holds the interview id.' }),
  },
  { title: 'InterviewCreatedResponse' },
);
export type InterviewCreatedResponse = Static<typeof InterviewCreatedResponse>;

export const VideoTimeRange = Type.Object(
  {
    begin: Type.Integer({ description: 'Seconds from the start of the recording.' }),
    end: Type.Integer(),
    formatted: Type.String({ description: 'MM:SS - MM:SS' }),
  },
  { title: 'VideoTimeRange' },
);
export type VideoTimeRange = Static<typeof VideoTimeRange>;

export const TranscriptEntry = Type.Object(
  {
    role: StringEnum(['assistant', 'user'] as const),
    content: Type.String(),
    created_at: Type.String({ description: 'ISO-8601' }),
    control_id: NullableText({ maxLength: 64, description: 'Question id (q1, q2, ...) or "procedural".' }),
    video_time: Type.Union([VideoTimeRange, Type.Null()]),
  },
  { title: 'TranscriptEntry' },
);
export type TranscriptEntry = Static<typeof TranscriptEntry>;

export const InterviewTranscriptResponse = Type.Object(
  { transcript: Type.Array(TranscriptEntry) },
  { title: 'InterviewTranscriptResponse' },
);

export const InterviewDetailsResponse = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    job_info: Type.Unknown(),
    platformai_interview_id: NullableInteger(),
    userip: NullableText({ maxLength: 64 }),
    user: Type.Unknown(),
    call_api_id: NullableText({ maxLength: 256 }),
    call_length: NullableNumber(),
    feedback: Type.Unknown(),
    created_at: NullableText({ maxLength: 64 }),
    next_question_index: Type.Integer({ default: 0 }),
    state: Type.Integer({ default: 0, description: 'InterviewState' }),
    user_disconnected: Type.Boolean({ default: false }),
    language_code: Type.Integer({ default: 1, description: 'AgentLanguages' }),
    archival_status: Type.Integer({ default: 0, description: 'ArchivalStatus' }),
    ending_reason: Type.Integer({ default: 0, description: 'EndingReason' }),
    interview_type: Type.Integer({ default: 0 }),
    interview_agent_meta: NullableObject(),
    resume_count: NullableInteger(),
    candidate_id: Type.String({ description: "The caller's candidate id (also inside job_info)." }),
    transcript: Type.Optional(Type.Union([Type.Array(TranscriptEntry), Type.Null()])),
  },
  { title: 'InterviewDetailsResponse', additionalProperties: true },
);
export type InterviewDetailsResponse = Static<typeof InterviewDetailsResponse>;

export const ResetInterviewResponse = Type.Object({ success: Type.Boolean(), message: Type.String() }, { title: 'ResetInterviewResponse' });

export const OverallEvaluation = Type.Object(
  {
    overall_assessment: Type.Object(
      {
        suitability: StringEnum(['Exceeds expectations', 'Meets expectations', 'Below expectations', 'Needs further assessment'] as const),
        strengths: Type.Array(Type.String()),
        weaknesses: Type.Array(Type.String()),
        recommendations: Type.Array(Type.String()),
      },
      { additionalProperties: true },
    ),
  },
  { title: 'OverallEvaluation', additionalProperties: true },
);
export type OverallEvaluation = Static<typeof OverallEvaluation>;

export const EvaluatedQuestion = Type.Object(
  {
    id: Type.Optional(Type.String()),
    question: Type.String(),
    question_type: Type.String(),
    q_type: Type.Optional(Type.String()),
    transcript: Type.Array(Type.Record(Type.String(), Type.String())),
    evaluation: NullableObject(),
    video_timeline: Type.Union([VideoTimeRange, Type.Null()]),
    category: Type.Optional(NullableText({ maxLength: 32 })),
    is_evaluated: Type.Optional(NullableBoolean()),
    eval_criteria: Type.Optional(Type.Unknown()),
  },
  { title: 'EvaluatedQuestion', additionalProperties: true },
);

export const InterviewEvaluationReportResponse = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    interview: Type.Unknown(),
    user: Type.Unknown(),
    evaluation_report: Type.Object({ questions: Type.Array(EvaluatedQuestion) }, { additionalProperties: true }),
    overall_evaluation: Type.Unknown(),
    video_analysis_report: Type.Unknown(),
    comm_analysis_report: Type.Unknown(),
    created_at: NullableText({ maxLength: 64 }),
  },
  { title: 'InterviewEvaluationReportResponse' },
);
export type InterviewEvaluationReportResponse = Static<typeof InterviewEvaluationReportResponse>;

export const InterviewRecordingResponse = Type.Object({ interview_recording: Type.String() }, { title: 'InterviewRecordingResponse' });
export const InterviewVideoRecordingResponse = Type.Object(
  { interview_video_recording: Type.String() },
  { title: 'InterviewVideoRecordingResponse' },
);
export const InterviewLogsResponse = Type.Object({ interview_logs: Type.String() }, { title: 'InterviewLogsResponse' });

// Any length a URL can carry: an id that cannot exist is unknown, 404 InterviewNotExist like any other (the spec's API does so).
export const InterviewIdParams = Type.Object({ interview_id: Text({ minLength: 1, maxLength: MAX_URL_CHARS }) });

export const LocaleHeaders = Type.Object({
  locale: Type.Optional(
    Type.String({
      default: 'en',
      maxLength: 35,
      pattern: '^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*$',
      description: 'Language of prose in reports.',
    }),
  ),
});

export const DetailsHeaders = Type.Object({
  'x-frontend': Type.Optional(Type.String({ maxLength: 64, description: 'With value "talentui" the transcript is appended.' })),
});

/** The spec lists a header parameter named APIKeyHeader on the create calls; it is informational. */
export const CreateHeaders = Type.Object({
  apikeyheader: Type.Optional(
    Type.String({ maxLength: 256, description: 'API key (the credential itself travels in x-application-secret-key).' }),
  ),
});
