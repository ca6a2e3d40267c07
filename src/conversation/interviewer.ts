// The interviewer puts the state machine's acts into words. It never chooses
// the next state: the state machine (conversation/state-machine.ts) does. Two implementations,
// chosen by LLM_PROVIDER: scripted (offline, deterministic) and openai.

import { InterviewType, kindOf, type InterviewKind } from '../interviews/enums.js';
import type { StoredJobQuestion, StoredQuestion, StoredScreeningQuestion } from '../interviews/questions.js';
import type { Act } from './state-machine.js';

export interface ConversationQuestion {
  id: string;
  text: string;
  /** Evaluation criteria (job) or the qualifying criteria (screening); what a good answer touches. */
  criteria: string[];
}

/** Everything the interviewer knows about the interview; built once per session. */
export interface InterviewBrief {
  kind: InterviewKind;
  languageCode: number;
  jobTitle: string;
  primaryTechFocus: string | null;
  questions: ConversationQuestion[];
}

export interface RenderRequest {
  acts: readonly Act[];
  brief: InterviewBrief;
  /** The candidate's words that led to these acts, when the turn has them. Untrusted. */
  candidateText: string | null;
  /** Aborts the model call (a speculative reply the candidate talked over): its words are then never used. */
  signal?: AbortSignal;
}

export interface Utterance {
  text: string;
  /** Who wrote it: the phrase tables, the model, or the phrase tables because the model failed. */
  source: 'scripted' | 'model' | 'fallback';
  /** Why the model was not used, for the interview log. */
  problem?: string;
}

export interface Interviewer {
  readonly name: string;
  /** Whether wording these acts takes a model call (seconds): the turn is then stored in two halves. */
  usesModelFor(acts: readonly Act[]): boolean;
  /** One utterance per act, in order. Must not throw for a well-formed request. */
  render(request: RenderRequest): Promise<Utterance[]>;
}

export class InvalidInterviewDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidInterviewDataError';
  }
}

/** Builds the brief from the stored record; throws InvalidInterviewDataError when the stored questions are unreadable. */
export function buildBrief(row: {
  interview_type: number;
  language_code: number;
  job_title: string;
  primary_tech_focus: string | null;
  questions: string;
}): InterviewBrief {
  let stored: StoredQuestion[];
  try {
    stored = JSON.parse(row.questions) as StoredQuestion[];
  } catch {
    throw new InvalidInterviewDataError('stored questions are not valid JSON');
  }
  if (!Array.isArray(stored) || stored.length === 0) throw new InvalidInterviewDataError('stored questions are missing');
  const type = row.interview_type as InterviewType;
  const questions = stored.map((q, index): ConversationQuestion => {
    if (type === InterviewType.SCREENING_INTERVIEW) {
      const s = q as StoredScreeningQuestion;
      if (typeof s.question_text !== 'string') throw new InvalidInterviewDataError(`question ${index + 1} has no text`);
      return { id: s.id, text: s.question_text, criteria: s.qualifying_criteria ? [s.qualifying_criteria] : [] };
    }
    const j = q as StoredJobQuestion;
    if (typeof j.question !== 'string') throw new InvalidInterviewDataError(`question ${index + 1} has no text`);
    return { id: j.id, text: j.question, criteria: Array.isArray(j.evaluation_criteria) ? j.evaluation_criteria : [] };
  });
  return {
    kind: kindOf(type),
    languageCode: row.language_code,
    jobTitle: row.job_title,
    primaryTechFocus: row.primary_tech_focus,
    questions,
  };
}
