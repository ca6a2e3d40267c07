import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../interviews/enums.js';
import type { StoredJobQuestion } from '../interviews/questions.js';
import { analyseCommunication, withoutFillers } from './communication.js';
import { evaluateJobAnswer } from './job-evaluation.js';
import { scoreJobAnswer } from './job-rubric.js';
import { QUEUE_QUESTION } from './test-questions.js';
import { findKin, kinWords } from './word-kin.js';

const QUEUE = QUEUE_QUESTION;

const REPLICAS: StoredJobQuestion = {
  id: 'q2',
  question: 'How do you keep a database available when one server fails?',
  evaluation_criteria: [
    'Replication keeps copies of the data on several servers',
    'Automatic failover promotes a replica',
    'Asynchronous replication can lose the latest writes',
  ],
  sample_answer: null,
  type: 'technical',
};

const rate = (question: StoredJobQuestion, answer: string, language: LanguageCode = 1) =>
  scoreJobAnswer({ question, answer, language, experienceLevel: 'junior', difficultyLevel: 'medium' });

describe('answers padded with fillers are judged on their content', () => {
  it('rates a padded answer as the same answer without its fillers', () => {
    const clean = 'It decouples the sender from the receiver.';
    const padded = 'Um, so, like, you know, it, uh, basically decouples the sender from the, um, receiver, you know, like, I mean.';
    expect(rate(QUEUE, padded).rating).toBe(rate(QUEUE, clean).rating);
    expect(rate(QUEUE, padded).words).toBe(rate(QUEUE, clean).words);
  });

  it('takes out what a listener hears as filler and keeps the words that carry meaning', () => {
    expect(withoutFillers('So, um, I restarted the service, you know, and it worked.', 1)).toBe('i restarted the service and it worked');
    expect(withoutFillers('I like Python because it reads well.', 1)).toBe('i like python because it reads well');
  });
});

describe('fillers counted as a listener of the language hears them', () => {
  it.each<[LanguageCode, string]>([
    [2, 'Er hat das Problem gelöst, und er war schnell fertig.'],
    [2, 'Um neun Uhr habe ich angerufen, um die Ursache zu verstehen.'],
    [7, 'Det er godt, og han er glad for løsningen.'],
    [8, 'Har ni er egen server?'],
  ])('language %i: "%s" has no filler (English "er", "um" are words here)', (language, text) => {
    expect(analyseCommunication([text], language).filler_words.total).toBe(0);
  });

  it('still counts the English hesitation in an English answer', () => {
    expect(analyseCommunication(['Well, er, I think, um, it was fine.'], 1).filler_words.counts).toMatchObject({ er: 1, um: 1 });
  });
});

describe('paraphrases: cognates and compound parts', () => {
  it.each([
    ['replication', 'Die Replikation läuft asynchron.'],
    ['replica', 'Vi har to replikaer.'],
    ['index', 'Der Datenbankindex wird genutzt.'],
    ['asynchronous', 'La réplication asynchrone peut perdre des écritures.'],
  ])('"%s" is found in "%s"', (word, text) => {
    expect(findKin(word, kinWords(text))).toBeDefined();
  });

  it('does not join words that only share a short opening', () => {
    expect(findKin('transaction', kinWords('We transfer the files.'))).toBeUndefined();
  });

  it('credits a German answer to English criteria through cognates', () => {
    const answer =
      'Die Daten werden per Replikation auf mehrere Server kopiert, und ein automatischer Failover macht eine Replika zum neuen Primärserver. Bei asynchroner Replikation können die letzten Schreibvorgänge verloren gehen.';
    const rubric = rate(REPLICAS, answer);
    expect(rubric.criteria.filter((c) => c.credit === 1).length).toBeGreaterThanOrEqual(2);
    expect(rubric.rating).toBe('GOOD');
  });
});

describe('answers rich in examples and trade-offs', () => {
  it('rates most criteria with an example and a trade-off, at the length asked, EXCELLENT', () => {
    const answer =
      'You keep copies on several servers, so when the primary dies another one already has everything, and an automatic failover makes one of the replicas the new primary. ' +
      'For example in my last project we ran Postgres with two replicas behind Patroni and the switch took about twenty seconds. ' +
      'The price is that a replica confirmed asynchronously may miss the last writes, while waiting for it on every commit is safer but slower.';
    // Three of four criteria in full (nothing on monitoring): the depth carries it, not the criteria count alone.
    const question = { ...REPLICAS, evaluation_criteria: [...REPLICAS.evaluation_criteria, 'Monitoring alerts the on-call team'] };
    expect(rate(question, answer).rating).toBe('EXCELLENT');
  });
});

describe('answers in another language than the interview', () => {
  it('says so in the explanation and marks the rating tentative', () => {
    const answer =
      'Die Daten werden per Replikation auf mehrere Server kopiert, und wenn einer ausfällt, übernimmt automatisch eine Replika, weil sie dieselben Daten hat.';
    const { evaluation, rubric } = evaluateJobAnswer(
      { question: REPLICAS, answer, language: 1, experienceLevel: 'junior', difficultyLevel: 'medium' },
      'en',
    );
    expect(rubric.answerLanguage).toBe(2);
    expect(rubric.tentative).toBe(true);
    expect(evaluation.explanation).toContain('The answer is in Deutsch');
    expect(evaluation.rating).not.toBe('SUBOPTIMAL');
  });
});
