// Measures the evaluator on the development set of issue 21's fifth step
// (job-generalising-5.cases.ts): job exact and within-one rates, answers two
// grades off, and screening accuracy, with a table by category. The floors are
// the figures after that step's rules (the figures before them are in
// docs/evaluation.md); the cases below them name what each rule must keep doing.

import { describe, expect, it } from 'vitest';
import { scoreJobAnswer } from './job-rubric.js';
import { judgeScreeningAnswer } from './screening.js';
import { CACHE_QUESTIONS, JOB_CASES, SCREENING_CASES } from './job-generalising-5.cases.js';
import type { Rating } from './evaluation.types.js';
import type { LanguageCode } from '../interviews/enums.js';

const ORDER: readonly Rating[] = ['SUBOPTIMAL', 'OKAY', 'GOOD', 'EXCELLENT'];

const jobResults = JOB_CASES.map((c) => {
  const { rating } = scoreJobAnswer({
    question: CACHE_QUESTIONS[c.language],
    answer: c.answer,
    language: c.language,
    experienceLevel: 'junior',
    difficultyLevel: 'medium',
  });
  return { ...c, rating, off: Math.abs(ORDER.indexOf(rating) - ORDER.indexOf(c.label)) };
});

const screeningResults = SCREENING_CASES.map((c) => ({
  ...c,
  outcome: judgeScreeningAnswer(c.criterion, c.answer, c.language, 'en').outcome,
}));

const share = (n: number, of: number) => Math.round((1000 * n) / of) / 10;

function report(): string {
  const lines: string[] = [];
  const byCategory = new Map<string, typeof jobResults>();
  for (const r of jobResults) byCategory.set(r.category, [...(byCategory.get(r.category) ?? []), r]);
  for (const [category, rs] of byCategory) lines.push(`job ${category}: ${rs.filter((r) => r.off === 0).length}/${rs.length}`);
  for (const r of jobResults.filter((x) => x.off > 0))
    lines.push(`  off ${r.off} [${r.language} ${r.category}] ${r.label} -> ${r.rating}: ${r.answer.slice(0, 60)}`);
  for (const r of screeningResults.filter((x) => x.outcome !== x.met))
    lines.push(`  screening miss [${r.language} ${r.category}] ${r.answer}`);
  return lines.join('\n');
}

describe('development set of issue 21, fifth step', () => {
  const exact = share(jobResults.filter((r) => r.off === 0).length, jobResults.length);
  const withinOne = share(jobResults.filter((r) => r.off <= 1).length, jobResults.length);
  const twoOff = jobResults.filter((r) => r.off >= 2).length;
  const screening = share(screeningResults.filter((r) => r.outcome === r.met).length, screeningResults.length);

  it('covers the weak categories in the nine languages, each case with a reason', () => {
    expect(JOB_CASES.length + SCREENING_CASES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(JOB_CASES.map((c) => c.language)).size).toBe(9);
    expect(JOB_CASES.every((c) => c.reason.length > 0) && SCREENING_CASES.every((c) => c.reason.length > 0)).toBe(true);
  });

  it('rates job answers by meaning', () => {
    console.log(`job exact ${exact} %, within one ${withinOne} %, two off ${twoOff}; screening ${screening} %\n${report()}`);
    // Before the fifth step: 72.9 % exact, 100 % within one, none two off.
    expect(exact).toBeGreaterThanOrEqual(90);
    expect(withinOne).toBe(100);
    expect(twoOff).toBe(0);
  });

  it('reads pay periods, plans and work authorisation in screening', () => {
    // Before the fifth step: 78.9 %.
    expect(screening).toBe(100);
  });
});

const rubricOf = (language: LanguageCode, answer: string) =>
  scoreJobAnswer({ question: CACHE_QUESTIONS[language], answer, language, experienceLevel: 'junior', difficultyLevel: 'medium' });

describe('a never-claim against what one criterion says', () => {
  it.each<[LanguageCode, string]>([
    [
      1,
      'A cache keeps frequently used data in memory so you do not have to go to the database each time. A cache can never return outdated data.',
    ],
    [
      2,
      'Häufig genutzte Daten liegen im Speicher, damit die Datenbank nicht jedes Mal gefragt wird. Invalidieren muss man die Einträge nie.',
    ],
    [5, "Le cache garde les données souvent utilisées en mémoire rapide. La mémoire n'est jamais limitée, donc on n'évince rien."],
    [8, 'Cachen håller ofta använda data i snabbt minne så att databasen inte frågas igen. Poster behöver aldrig invalideras.'],
  ])('language %i: a correct part beside the denial is OKAY, with the error named', (language, answer) => {
    const rubric = rubricOf(language, answer);
    expect(rubric.rating).toBe('OKAY');
    // English has the criterion word under a negator as well ("never return outdated data"); either rule names it.
    expect(rubric.errors.map((e) => e.kind)).toEqual([expect.stringMatching(/never_claim|negated_criterion/)]);
    expect(rubric.tentative).toBe(true);
  });

  it('does not count a never-clause that follows from the criterion said plainly', () => {
    const answer =
      'Frequently used data is kept in fast memory so it is not fetched again from the database, so the database never sees those reads. ' +
      'Entries must be invalidated or expire when the source changes, and because memory is limited old entries are evicted with LRU.';
    expect(rubricOf(1, answer).errors).toEqual([]);
    expect(rubricOf(1, answer).rating).not.toBe('OKAY');
  });
});

describe('an answer in another language than the interview', () => {
  it.each<LanguageCode>([3, 9])('language %i: English meeting the criteria is GOOD through the records, and tentative', (language) => {
    const answer =
      'The cache keeps frequently used data in fast memory so it is not fetched again from the database. ' +
      'Stale entries must be invalidated when the source changes, and old entries are evicted with LRU because memory is limited.';
    const rubric = rubricOf(language, answer);
    expect(rubric.answerLanguage).toBe(1);
    expect(rubric.tentative).toBe(true);
    expect(rubric.rating).toBe('GOOD');
  });
});
