import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../interviews/enums.js';
import type { CueTrigger } from '../languages/index.js';
import { answerLanguage, applyEvidenceRule, readErrors, type EvidenceInput } from './answer-evidence.js';
import { analyseCommunication } from './communication.js';
import { evaluateJobAnswer, leanOnEvidence } from './job-evaluation.js';
import { scoreJobAnswer } from './job-rubric.js';
import { QUEUE_QUESTION } from './test-questions.js';

const QUEUE = QUEUE_QUESTION;

const rate = (answer: string) =>
  scoreJobAnswer({ question: QUEUE, answer, language: 1, experienceLevel: 'junior', difficultyLevel: 'medium' });

describe('evidence rule', () => {
  it('rates a short answer that meets every criterion GOOD, not low for its length', () => {
    expect(rate('It decouples the sender from the receiver, at the cost of some latency and operations work.').rating).toBe('GOOD');
  });

  it('keeps EXCELLENT for answers with room for depth: every criterion and two signals in a mid-length answer is GOOD, at a quarter over the length asked EXCELLENT', () => {
    const mid =
      'The queue decouples the sender from the receiver, because messages wait in the queue while the receiver is busy, restarting or down, ' +
      'and the sender just carries on with its own work. The cost is extra latency on every message and one more system to operate.';
    const long =
      mid +
      ' Somebody has to watch its disk, its dead letters and its consumer lag, and upgrade it without losing messages, ' +
      'which is real work for a small team compared with a direct call between the two services.';
    const [short, room] = [rate(mid), rate(long)];
    expect(short.criteria.map((c) => c.credit)).toEqual([1, 1]);
    expect(short.depth.count).toBe(2);
    expect(short.elaboration).toBeGreaterThanOrEqual(0.9);
    expect(short.rating).toBe('GOOD');
    expect(room.depth.count).toBe(2);
    expect(room.rating).toBe('EXCELLENT');
  });

  it('rates one of two criteria met, with nothing beyond it, OKAY: a partial answer', () => {
    const score = rate(
      'The queue decouples the sender from the receiver, because the sender only hands its message to the queue and goes on. ' +
        'So each service can be deployed, restarted and scaled on its own schedule, and neither of them has to know where the other one runs today.',
    );
    expect(score.criteria.map((c) => c.credit)).toEqual([1, 0]);
    expect(score.elaboration).toBeGreaterThanOrEqual(1);
    expect(score.rating).toBe('OKAY');
  });

  it('rates every criterion met with a mechanism, an example and a trade-off EXCELLENT', () => {
    const answer =
      'The queue decouples the two services: the sender keeps working when the receiver is down, because messages wait in the queue. ' +
      'For example an order service can accept orders during a billing outage. The downside is extra latency and one more system to operate.';
    const score = rate(answer);
    expect(score.depth).toMatchObject({ mechanism: true, example: true, tradeOff: true });
    expect(score.rating).toBe('EXCELLENT');
  });

  it('holds an answer with a "no cost" claim against the cost criterion at OKAY and says the evidence conflicts', () => {
    const answer = 'A queue decouples sender and receiver, and it has no cost at all, messages are delivered instantly.';
    const score = rate(answer);
    expect(score.errors).toEqual([expect.objectContaining({ kind: 'absolute_against_cost', criterion: QUEUE.evaluation_criteria[1] })]);
    expect(score.rating).toBe('OKAY');
    const { evaluation } = evaluateJobAnswer(
      { question: QUEUE, answer, language: 1, experienceLevel: 'junior', difficultyLevel: 'medium' },
      'en',
    );
    expect(evaluation.explanation).toContain('contradicts "Mentions the cost of extra latency and operations"');
    expect(evaluation.explanation).toContain('tentative');
  });

  it('rates a confident claim that only contradicts the criteria SUBOPTIMAL', () => {
    expect(rate('Queues are free: there is no cost and they never slow a request down, trust me on that.').rating).toBe('SUBOPTIMAL');
  });

  it('does not lower the grade of a correct answer padded with fillers', () => {
    const clean = 'It decouples the sender from the receiver, at the cost of some latency and operations work.';
    const padded =
      'Um, so, it, like, decouples the sender from the receiver, you know, at the cost of, uh, some latency and operations work.';
    expect(rate(padded).rating).toBe(rate(clean).rating);
  });

  it('takes a criterion word under a negation as a contradiction, and a plain one as evidence', () => {
    const criteria = [{ criterion: QUEUE.evaluation_criteria[0] as string, credit: 1, matchedTerms: ['decouple'] }];
    expect(readErrors('The queue does not decouple the services at all.', criteria, [1])).toEqual([
      expect.objectContaining({ kind: 'negated_criterion' }),
    ]);
    expect(readErrors('The queue does decouple the services, nothing else.', criteria, [1])).toEqual([]);
    // A criterion that is itself a negation is met by a negated answer.
    const negative = [{ criterion: 'Says the sender does not wait for the receiver', credit: 1, matchedTerms: ['wait'] }];
    expect(readErrors('The sender does not wait for anyone.', negative, [1])).toEqual([]);
  });

  it('leans the overall verdict to "Needs further assessment" when half the ratings are tentative', () => {
    expect(leanOnEvidence('Meets expectations', 2, 4)).toBe('Needs further assessment');
    expect(leanOnEvidence('Meets expectations', 1, 4)).toBe('Meets expectations');
  });
});

describe('rule 11: an answer that explains in its own words', () => {
  const criteria = (...credits: number[]) => credits.map((credit, i) => ({ criterion: `criterion ${i}`, credit, matchedTerms: [] }));
  const depth = (count: number) => ({ mechanism: count > 0, example: count > 1, tradeOff: count > 2, count });
  const input = (over: Partial<EvidenceInput>): EvidenceInput => ({
    rating: 'OKAY',
    criteria: criteria(0.5, 0),
    errors: [],
    depth: depth(2),
    disqualified: false,
    reserved: false,
    typeDepth: true,
    elaboration: 1,
    isOtherLanguage: false,
    ...over,
  });

  it('lifts OKAY to GOOD with two signals of depth at the length asked and no criterion met in full, and says it is tentative', () => {
    expect(applyEvidenceRule(input({}))).toEqual({ rating: 'GOOD', tentative: true });
    expect(applyEvidenceRule(input({ criteria: criteria(0, 0) }))).toEqual({ rating: 'GOOD', tentative: true });
  });

  it('leaves OKAY with one signal of depth, under the length asked, with a reservation or without the type depth', () => {
    expect(applyEvidenceRule(input({ depth: depth(1) })).rating).toBe('OKAY');
    expect(applyEvidenceRule(input({ elaboration: 0.9 })).rating).toBe('OKAY');
    expect(applyEvidenceRule(input({ reserved: true })).rating).toBe('OKAY');
    expect(applyEvidenceRule(input({ typeDepth: false })).rating).toBe('OKAY');
  });

  it('keeps a partial answer partial when it meets one criterion in full and leaves the other untouched', () => {
    // Speaking the criteria's words for one of them, it would name the other's too: that one is missing, not paraphrased.
    expect(applyEvidenceRule(input({ criteria: criteria(1, 0) })).rating).toBe('OKAY');
    expect(applyEvidenceRule(input({ rating: 'GOOD', criteria: criteria(1, 0) })).rating).toBe('OKAY');
    expect(applyEvidenceRule(input({ rating: 'GOOD' })).rating).toBe('GOOD');
  });

  it('does not lift an error, a SUBOPTIMAL rating or a disqualified answer', () => {
    const error = { kind: 'negated_criterion' as const, criterion: 'criterion 0', words: 'not' };
    expect(applyEvidenceRule(input({ errors: [error] })).rating).toBe('OKAY');
    expect(applyEvidenceRule(input({ rating: 'SUBOPTIMAL' })).rating).toBe('SUBOPTIMAL');
    expect(applyEvidenceRule(input({ disqualified: true })).rating).toBe('SUBOPTIMAL');
  });

  it('rates a paraphrase with a mechanism and an example GOOD, and the mechanism alone OKAY', () => {
    const mechanism =
      'The service that produces work does not wait for the one that consumes it, because every message sits in the buffer until the consumer picks it up.';
    const explained = rate(
      `${mechanism} For example, when billing is down for an hour the shop keeps taking orders, and billing works through the backlog afterwards at its own pace.`,
    );
    expect(explained.criteria.every((c) => c.credit < 1)).toBe(true);
    expect(explained.depth.count).toBe(2);
    expect(explained.rating).toBe('GOOD');
    expect(explained.tentative).toBe(true);
    expect(rate(mechanism).rating).toBe('OKAY');
  });
});

describe('answer language', () => {
  it('finds the language an answer is written in when it is not the interview language', () => {
    expect(answerLanguage('Die Warteschlange ist ein Puffer, und der Sender wartet nicht auf den Empfänger.', 1)).toBe(2);
    expect(answerLanguage('La file découple les services et le client ne doit pas attendre.', 2)).toBe(5);
    expect(answerLanguage('The queue is a buffer between the services.', 1)).toBe(1);
  });

  it('reads Swiss German in a German interview, and German in a Swiss one, as the interview language', () => {
    const mundart = 'Ich ha im Lager gschaffet, und mer händ das nöd rächtzitig gschafft, drum han ich de Chef aaglüte.';
    expect(answerLanguage(mundart, 2)).toBe(2);
    expect(answerLanguage('Ich gebe jedem Eintrag ein Verfallsdatum mit, danach holt sich die Anwendung den Wert neu.', 4)).toBe(4);
    expect(answerLanguage(mundart, 1)).toBe(4);
  });
});

describe('fillers a listener hears at the start of a clause', () => {
  it.each([
    [1, 'So I restarted the server and it worked.', { so: 1 }],
    [1, 'Well we had to roll back, anyway it was late.', { well: 1, anyway: 1 }],
    [5, 'Alors on a relancé le serveur.', { alors: 1 }],
    [6, 'Pues reinicié el servidor y funcionó.', { pues: 1 }],
  ] as Array<[LanguageCode, string, Record<string, number>]>)('language %i counts the opening filler in "%s"', (language, text, counts) => {
    expect(analyseCommunication([text], language).filler_words.counts).toEqual(counts);
  });

  it.each([
    [1, 'So that the cache stays warm, we preload it.'],
    [2, 'Ja, ich habe den Ausweis. Also kann ich Kunden besuchen.'],
  ] as Array<[LanguageCode, string]>)('language %i does not count "%s" as a filler', (language, text) => {
    expect(analyseCommunication([text], language).filler_words.total).toBe(0);
  });
});

describe('rule 10: going further than asked does not make up for an outcome or a lesson left untouched', () => {
  const input = (asks: readonly CueTrigger[]): EvidenceInput => ({
    rating: 'GOOD',
    criteria: [
      { criterion: 'criterion 0', credit: 1, matchedTerms: [] },
      { criterion: 'criterion 1', credit: 0, matchedTerms: [], asks },
    ],
    errors: [],
    depth: { mechanism: true, example: false, tradeOff: false, count: 1 },
    disqualified: false,
    reserved: false,
    typeDepth: true,
    elaboration: 1.3,
    isOtherLanguage: false,
  });

  it('keeps a long answer with depth partial when the criterion it leaves asks for a result or a lesson', () => {
    expect(applyEvidenceRule(input(['result'])).rating).toBe('OKAY');
    expect(applyEvidenceRule(input(['lesson', 'situation'])).rating).toBe('OKAY');
  });

  it('lets it go further when the criterion left asks for steps, a reason or nothing of the shape ("takes logarithmic steps")', () => {
    expect(applyEvidenceRule(input(['steps'])).rating).toBe('GOOD');
    expect(applyEvidenceRule(input(['reason'])).rating).toBe('GOOD');
    expect(applyEvidenceRule(input([])).rating).toBe('GOOD');
  });
});
