// From the stored transcript to the evaluator's input: turns grouped by the
// question they belong to (`control_id`), procedural and unassigned turns left
// out, order kept.

import type { QuestionAnswer } from './evaluation.types.js';

export interface TranscriptTurn {
  role: string;
  content: string;
  control_id: string | null;
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
  }
  return [...byQuestion.values()];
}
