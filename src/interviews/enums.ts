// The spec's integer enumerations, by name. Values and spellings are the contract.

export const InterviewState = {
  NOT_STARTED: 0,
  ONGOING: 1,
  ENDED: 2,
  ERROR: 3,
  AWAITING_INTRODUCTION: 4,
  READY_FOR_NEXT_QUESTION: 5,
  AWAITING_ANSWER: 6,
  ALL_QUESTIONS_ASKED: 7,
  READY_FOR_FEEDBACK: 8,
  AWAITING_CANDIDATE_QUESTIONS: 9,
  NEEDS_FOLLOW_UP: 10,
  REPEAT_CURRENT_QUESTION: 11,
} as const;
export type InterviewState = (typeof InterviewState)[keyof typeof InterviewState];

export const EndingReason = {
  NOT_ENDED_BECAUSE_NOT_STARTED: 0,
  INTERVIEW_COMPLETED: 1,
  USER_ENDED: 2,
  ENDED_DUE_TO_USER_INACTIVITY: 3,
  ENDED_DUE_TO_USER_UNCOOPERRATIVE: 4,
  ENDED_DUE_TO_ERRROR: 5,
  ENDED_DUE_TO_FRONTEND_ERRROR: 6,
  ENDED_DUE_TO_EXCEEDED_RESUME_COUNT: 7,
  USER_ENDED_DUE_TO_ERROR: 8,
} as const;
export type EndingReason = (typeof EndingReason)[keyof typeof EndingReason];

export const ArchivalStatus = {
  NOT_STARTED: 0,
  ARCHIVED: 1,
  ONGOING: 2,
  ERROR: 3,
  RECORDING_CREATED: 4,
} as const;
export type ArchivalStatus = (typeof ArchivalStatus)[keyof typeof ArchivalStatus];

/** AgentLanguages: `language_code` and the screening call's `interview_lang_code`. Everything else about a language is in languages/. */
export const AgentLanguages = {
  ENGLISH: 1,
  GERMAN: 2,
  HINDI: 3,
  SWISS_GERMAN: 4,
  FRENCH: 5,
  SPANISH: 6,
  DANISH: 7,
  SWEDISH: 8,
  ARABIC: 9,
} as const;
export type LanguageCode = (typeof AgentLanguages)[keyof typeof AgentLanguages];
export const LANGUAGE_CODES = Object.values(AgentLanguages) as readonly LanguageCode[];

export const InterviewType = {
  JOB_INTERVIEW: 0,
  SCREENING_INTERVIEW: 1,
  VIDEO_INTRODUCTION_INTERVIEW: 2,
} as const;
export type InterviewType = (typeof InterviewType)[keyof typeof InterviewType];

/** `interview.kind` in webhook payloads, by interview_type. */
export const INTERVIEW_KINDS = ['job_interview', 'screening_interview', 'video_introduction'] as const;
export type InterviewKind = (typeof INTERVIEW_KINDS)[number];

export function kindOf(type: InterviewType): InterviewKind {
  return INTERVIEW_KINDS[type];
}

export const EXPERIENCE_LEVELS = ['junior', 'senior', 'assistant', 'intern'] as const;
export const DIFFICULTY_LEVELS = ['easy', 'medium', 'hard'] as const;
export const JOB_QUESTION_TYPES = ['technical', 'behavioral', 'situational'] as const;
export const SCREENING_QUESTION_TYPES = ['qualifying', 'information'] as const;

export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];
export type DifficultyLevel = (typeof DIFFICULTY_LEVELS)[number];
export type JobQuestionType = (typeof JOB_QUESTION_TYPES)[number];
export type ScreeningQuestionType = (typeof SCREENING_QUESTION_TYPES)[number];
