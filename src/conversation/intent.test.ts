import { describe, expect, it } from 'vitest';
import { classifyIntent, isThinAnswer } from './intent.js';
import { phrasesFor } from './phrases.js';

describe('classifying what the candidate said', () => {
  it.each([
    ['Could you repeat the question?', 1, 'repeat'],
    ['Können Sie die Frage bitte wiederholen?', 2, 'repeat'],
    ['Pouvez-vous répéter la question ?', 5, 'repeat'],
    ['هل يمكنك أن تكرر السؤال؟', 9, 'repeat'],
    ["I won't answer that.", 1, 'refusal'],
    ['Shut up, you idiot.', 1, 'abuse'],
    ['No.', 1, 'no_more'],
    ['', 1, 'no_more'],
    ['A race condition is when the result depends on timing.', 1, 'content'],
  ] as const)('"%s" (language %i) is %s', (text, language, expected) => {
    expect(classifyIntent(text, language)).toBe(expected);
  });

  it('treats a long answer that mentions "repeat" as an answer', () => {
    expect(
      classifyIntent('In my last job we had to repeat the deployment three times because the health checks kept failing in staging.', 1),
    ).toBe('content');
  });

  it('treats a long answer that quotes an insult as an answer, not as abuse', () => {
    expect(
      classifyIntent(
        "In my last job a customer shouted 'you idiot' at me, and I calmly resolved it by listening and offering a refund.",
        1,
      ),
    ).toBe('content');
  });

  it("recognises the simulated candidate's closing words in every language", () => {
    for (let code = 1; code <= 9; code++) expect(classifyIntent(phrasesFor(code).candidateNothingMore, code)).toBe('no_more');
  });
});

describe('thin answers', () => {
  it('short answers are thin', () => {
    expect(isThinAnswer('It depends.', ['timing'])).toBe(true);
  });
  it('long answers touching a criterion are not thin, even in another form of the word', () => {
    expect(
      isThinAnswer('Two threads update the shared counter and whoever writes last wins, depending on the timings of the scheduler.', [
        'shared state',
        'timing',
      ]),
    ).toBe(false);
  });
  it('long answers touching no criterion are thin; without criteria, length decides', () => {
    const text = 'I really enjoy working with people and I think communication matters most in every company anywhere.';
    expect(isThinAnswer(text, ['shared state', 'timing'])).toBe(true);
    expect(isThinAnswer(text, [])).toBe(false);
  });
});
