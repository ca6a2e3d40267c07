import { describe, expect, it } from 'vitest';
import { groupAnswersByQuestion } from './answers.js';

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
});
