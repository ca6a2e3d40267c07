import { describe, expect, it } from 'vitest';
import type { InterviewRow } from '../interviews/interview.repository.js';
import { evaluationInputOf, groupAnswersByQuestion } from './answers.js';

describe('groupAnswersByQuestion', () => {
  it('groups turns by control_id in order and leaves out procedural and unassigned turns', () => {
    const grouped = groupAnswersByQuestion([
      { role: 'assistant', content: 'Hello!', control_id: 'procedural' },
      { role: 'assistant', content: 'Question one?', control_id: 'q1' },
      { role: 'user', content: 'Answer one.', control_id: 'q1' },
      { role: 'assistant', content: 'Question two?', control_id: 'q2' },
      { role: 'user', content: 'Thanks.', control_id: null },
      { role: 'assistant', content: 'Can you say more about one?', control_id: 'q1' },
      { role: 'user', content: 'More on one.', control_id: 'q1' },
      { role: 'system', content: 'internal', control_id: 'q1' },
    ]);
    expect(grouped).toEqual([
      {
        questionId: 'q1',
        exchanges: [
          { role: 'assistant', content: 'Question one?' },
          { role: 'user', content: 'Answer one.' },
          { role: 'assistant', content: 'Can you say more about one?' },
          { role: 'user', content: 'More on one.' },
        ],
      },
      { questionId: 'q2', exchanges: [{ role: 'assistant', content: 'Question two?' }] },
    ]);
  });

  it('keeps when each question was last answered, and the interview ends at its last turn, not at evaluation time', () => {
    const transcript = [
      { role: 'assistant', content: 'How long?', control_id: 'q1', created_at: '2026-03-02T09:00:00.000Z' },
      { role: 'user', content: 'Since 2018.', control_id: 'q1', created_at: '2026-03-02T09:00:05.000Z' },
      { role: 'user', content: 'Full time.', control_id: 'q1', created_at: '2026-03-02T09:00:20.000Z' },
      { role: 'assistant', content: 'Thank you, goodbye.', control_id: 'procedural', created_at: '2026-03-02T09:01:00.000Z' },
    ];
    expect(groupAnswersByQuestion(transcript)[0]?.answeredAt).toBe('2026-03-02T09:00:20.000Z');
    const interview = {
      interview_type: 1,
      language_code: 1,
      job_title: 'Driver',
      primary_tech_focus: null,
      experience_level: null,
      difficulty_level: null,
      questions: '[]',
      updated_at: '2030-01-01T00:00:00.000Z',
    } as unknown as InterviewRow;
    expect(evaluationInputOf(interview, transcript).endedAt).toBe('2026-03-02T09:01:00.000Z');
    expect(evaluationInputOf(interview, []).endedAt).toBe('2030-01-01T00:00:00.000Z');
  });
});
