// The evaluation module's contract: plain inputs in, plain results out. No
// database, no HTTP framework: the evaluation job, the report endpoints and
// the webhook builder call `Evaluator.evaluate` and store what it returns.

import type { DifficultyLevel, ExperienceLevel, InterviewType, LanguageCode } from '../interviews/enums.js';
import type { OverallEvaluation } from '../interviews/interview.schemas.js';
import type { StoredQuestion } from '../interviews/questions.js';
import type { CommunicationAnalysis } from './communication.js';

export const RATINGS = ['SUBOPTIMAL', 'OKAY', 'GOOD', 'EXCELLENT'] as const;
export type Rating = (typeof RATINGS)[number];

export const SUITABILITIES = ['Exceeds expectations', 'Meets expectations', 'Below expectations', 'Needs further assessment'] as const;
export type Suitability = (typeof SUITABILITIES)[number];

/** One utterance of the exchange about a question, in transcript order. */
export interface Exchange {
  role: 'assistant' | 'user';
  content: string;
}

/**
 * The transcript turns whose `control_id` is this question's id, in order
 * (procedural turns left out). A question with no `user` turn was not answered.
 */
export interface QuestionAnswer {
  questionId: string;
  exchanges: Exchange[];
  /**
   * ISO time of the candidate's last turn on this question (the transcript's `created_at`): "today" for
   * answers such as "since 2018". Absent: the interview's `endedAt` stands in.
   */
  answeredAt?: string;
}

export interface EvaluationInput {
  /** 0 job, 1 screening; 2 (video introduction) has no evaluation and is rejected. */
  interviewType: InterviewType;
  /** AgentLanguages 1..9: the language the candidate spoke. */
  languageCode: LanguageCode;
  jobTitle: string;
  /** Job interviews only; null for screening. */
  primaryTechFocus: string | null;
  experienceLevel: ExperienceLevel | null;
  difficultyLevel: DifficultyLevel | null;
  /** As stored, in asking order (StoredJobQuestion for job, StoredScreeningQuestion for screening). */
  questions: StoredQuestion[];
  /** Grouped per question id; questions without an entry were not reached. */
  answers: QuestionAnswer[];
  /**
   * ISO time the interview ended (its last transcript turn): the reference date for answers without their
   * own `answeredAt`. With neither, "since 2018" decides nothing; the clock of the evaluation run is never used,
   * so a result stays the same when it is computed again later.
   */
  endedAt?: string;
  /** Locale of the prose (improvement points, analysis, strengths...): `en`, `de`; anything else falls back to English. */
  locale?: string;
}

export interface JobQuestionEvaluation {
  rating: Rating;
  improvement_points: string[];
  /** Why this rating: which criteria were found in the answer, which were missed. */
  explanation: string;
  criteria_met: string[];
  /** Touched but not covered (built-in evaluator only). */
  criteria_partial?: string[];
  criteria_missed: string[];
}

export interface ScreeningQuestionEvaluation {
  outcome: boolean;
  analysis: string;
  /**
   * The answer did not decide the criterion (a hedge, a dodge, a deferral):
   * `outcome` is false, the analysis says what to confirm, and the report's
   * suitability becomes "Needs further assessment" rather than a rejection.
   * Absent in results stored before it existed (read as false).
   */
  undecided?: boolean;
}

/** Matches the spec's EvaluatedQuestion; the pipeline adds `video_timeline`. */
export interface EvaluatedQuestionResult {
  id: string;
  question: string;
  question_type: string;
  q_type: string;
  /** Single-key items keyed by speaker, as in webhook payloads. */
  transcript: Array<{ interviewer: string } | { user: string }>;
  evaluation: JobQuestionEvaluation | ScreeningQuestionEvaluation | null;
  /**
   * Screening only (spec): true for qualifying questions, false for information
   * ones. It says the question is graded, so an unanswered qualifying question is
   * still true (with `evaluation: null`); job questions do not carry it.
   */
  is_evaluated?: boolean;
  /** Screening only. */
  category?: 'qualifying' | 'information';
  eval_criteria?: string | null;
}

export interface JobEvaluation {
  kind: 'job_interview';
  overall_summary: OverallEvaluation | null;
  primary_tech_focus: string | null;
  experience_level: ExperienceLevel | null;
  questions: EvaluatedQuestionResult[];
  summary: { total_questions: number; evaluated_questions: number };
}

export interface ScreeningEvaluation {
  kind: 'screening_interview';
  overall_summary: null;
  primary_tech_focus: null;
  experience_level: null;
  questions: EvaluatedQuestionResult[];
  qualifying_questions: EvaluatedQuestionResult[];
  information_questions: EvaluatedQuestionResult[];
  summary: { total_questions: number; qualifying_questions: number; information_questions: number; evaluated_questions: number };
}

/** Which evaluator produced the result, and why the built-in one stood in when the model failed. */
export interface EvaluationProvenance {
  evaluator: 'builtin' | 'llm';
  model: string | null;
  fallback_reason: string | null;
}

export interface EvaluationResult {
  /** The spec's "Evaluation by kind" object (webhook `evaluation`). */
  evaluation: JobEvaluation | ScreeningEvaluation;
  /** Screening only (webhook `communication_analysis`); null for job interviews. */
  communication_analysis: CommunicationAnalysis | null;
  /** True when every question has a candidate answer; false means overall_summary is null and the report endpoints answer EvalReportGenerationException. */
  is_complete: boolean;
  provenance: EvaluationProvenance;
}

export interface Evaluator {
  evaluate(input: EvaluationInput): Promise<EvaluationResult>;
}
