// From the stored transcript to the evaluator's input: turns grouped by the
// question they belong to (`control_id`), procedural and unassigned turns left
// out, order kept.

import type { DifficultyLevel, ExperienceLevel, InterviewType, LanguageCode } from '../interviews/enums.js';
import type { InterviewRow } from '../interviews/interview.repository.js';
import type { StoredQuestion } from '../interviews/questions.js';
import type { EvaluationInput, QuestionAnswer } from './evaluation.types.js';

export interface TranscriptTurn {
  role: string;
  content: string;
  control_id: string | null;
  /** When the turn was stored (ISO); the evaluator reads "since 2018" against it. */
  created_at?: string;
}

export function groupAnswersByQuestion(transcript: readonly TranscriptTurn[]): QuestionAnswer[] {
  const byQuestion = new Map<string, QuestionAnswer>();
  for (const turn of transcript) {
    if (!turn.control_id || turn.control_id === 'procedural') continue;
    if (turn.role !== 'assistant' && turn.role !== 'user') continue;
    let answer = byQuestion.get(turn.control_id);
    if (!answer) {
      answer = { questionId: turn.control_id, exchanges: [] };
      byQuestion.set(turn.control_id, answer);
    }
    answer.exchanges.push({ role: turn.role, content: turn.content });
    if (turn.role === 'user' && turn.created_at) answer.answeredAt = turn.created_at;
  }
  return [...byQuestion.values()];
}

/** The evaluator's input for a stored interview and its transcript (the pipeline's, and the webhook catalog's samples). */
export function evaluationInputOf(interview: InterviewRow, transcript: readonly TranscriptTurn[]): EvaluationInput {
  return {
    interviewType: interview.interview_type as InterviewType,
    languageCode: interview.language_code as LanguageCode,
    jobTitle: interview.job_title,
    primaryTechFocus: interview.primary_tech_focus,
    experienceLevel: interview.experience_level as ExperienceLevel | null,
    difficultyLevel: interview.difficulty_level as DifficultyLevel | null,
    questions: JSON.parse(interview.questions) as StoredQuestion[],
    answers: groupAnswersByQuestion(transcript),
    // The interview's own end, not the time of this evaluation: re-evaluating later gives the same result.
    endedAt: transcript.at(-1)?.created_at ?? interview.updated_at,
  };
}
