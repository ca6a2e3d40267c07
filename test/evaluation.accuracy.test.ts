// Accuracy of the built-in evaluator on the labelled set's held-out part
// (test/fixtures/evaluation-*-labelled.json). The rubric was tuned on the
// `tune` items only. The floors are the figures reached when the rubric was
// frozen (docs/evaluation.md, "Accuracy"): a change that lowers them fails here.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DifficultyLevel, ExperienceLevel, JobQuestionType, LanguageCode } from '../src/interviews/enums.js';
import { RATINGS, type Rating } from '../src/evaluation/evaluation.types.js';
import { scoreJobAnswer } from '../src/evaluation/job-rubric.js';
import { judgeScreeningAnswer } from '../src/evaluation/screening.js';

interface JobFixture {
  questions: Record<
    string,
    {
      question: string;
      evaluation_criteria: string[];
      sample_answer: string | null;
      type: JobQuestionType;
      experience_level: ExperienceLevel;
      difficulty_level: DifficultyLevel;
      language_code: LanguageCode;
    }
  >;
  items: Array<{ id: string; split: 'tune' | 'heldout'; q: string; label: Rating; argument: string; answer: string }>;
}

interface ScreeningFixture {
  items: Array<{
    id: string;
    split: 'tune' | 'heldout';
    language_code: LanguageCode;
    question_text: string;
    qualifying_criteria: string;
    answer: string;
    outcome: boolean;
    argument: string;
  }>;
}

const load = <T>(name: string): T => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as T;
const jobs = load<JobFixture>('evaluation-job-labelled.json');
const screening = load<ScreeningFixture>('evaluation-screening-labelled.json');

/**
 * Floors: the held-out figures at the time the rubric was frozen. The rating
 * floor moved from 19/21 to 17/21 with issue 11 (docs/evaluation.md, "After:
 * job ratings"): the larger understanding set labels an engaged answer with
 * partial credit OKAY, which two held-out items here label SUBOPTIMAL; every
 * rating stays within one grade.
 */
const FLOORS = { ratingExact: 17 / 21, ratingWithinOne: 21 / 21, screeningOutcome: 16 / 16 };

function measureRatings(split: 'tune' | 'heldout') {
  const items = jobs.items.filter((i) => i.split === split);
  let exact = 0;
  let withinOne = 0;
  const misses: string[] = [];
  for (const item of items) {
    const q = jobs.questions[item.q];
    if (!q) throw new Error(`fixture ${item.id} names unknown question ${item.q}`);
    const { rating } = scoreJobAnswer({
      question: {
        id: 'q1',
        question: q.question,
        evaluation_criteria: q.evaluation_criteria,
        sample_answer: q.sample_answer,
        type: q.type,
      },
      answer: item.answer,
      language: q.language_code,
      experienceLevel: q.experience_level,
      difficultyLevel: q.difficulty_level,
    });
    const distance = Math.abs(RATINGS.indexOf(rating) - RATINGS.indexOf(item.label));
    if (distance === 0) exact++;
    else misses.push(`${item.id}: labelled ${item.label}, rated ${rating}`);
    if (distance <= 1) withinOne++;
  }
  return { n: items.length, exact: exact / items.length, withinOne: withinOne / items.length, misses };
}

function measureOutcomes(split: 'tune' | 'heldout') {
  const items = screening.items.filter((i) => i.split === split);
  let correct = 0;
  const misses: string[] = [];
  for (const item of items) {
    const { outcome } = judgeScreeningAnswer(item.qualifying_criteria, item.answer, item.language_code, 'en', item.question_text);
    if (outcome === item.outcome) correct++;
    else misses.push(`${item.id}: labelled ${item.outcome}, judged ${outcome}`);
  }
  return { n: items.length, accuracy: correct / items.length, misses };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

describe('labelled set', () => {
  it('is large enough, covers every type, rating and language, and holds out at least a third', () => {
    expect(jobs.items.length).toBeGreaterThanOrEqual(60);
    expect(screening.items.length).toBeGreaterThanOrEqual(40);
    for (const type of ['technical', 'behavioral', 'situational']) {
      for (const rating of RATINGS) {
        expect(
          jobs.items.some((i) => jobs.questions[i.q]?.type === type && i.label === rating),
          `${type} ${rating}`,
        ).toBe(true);
      }
    }
    expect(new Set(screening.items.map((i) => i.language_code)).size).toBe(9);
    expect(jobs.items.filter((i) => i.split === 'heldout').length * 3).toBeGreaterThanOrEqual(jobs.items.length);
    expect(screening.items.filter((i) => i.split === 'heldout').length * 3).toBeGreaterThanOrEqual(screening.items.length);
    for (const item of [...jobs.items, ...screening.items]) expect(item.argument.length, item.id).toBeGreaterThan(5);
  });
});

describe('built-in evaluator accuracy on the held-out part', () => {
  it('rates job answers at or above the recorded exact and within-one-grade floors', () => {
    const held = measureRatings('heldout');
    const tune = measureRatings('tune');
    console.log(
      `ratings held-out (n=${held.n}): exact ${pct(held.exact)}, within one grade ${pct(held.withinOne)}; ` +
        `tune (n=${tune.n}): exact ${pct(tune.exact)}, within one ${pct(tune.withinOne)}` +
        (held.misses.length > 0 ? `\n  held-out misses: ${held.misses.join('; ')}` : ''),
    );
    expect(held.exact).toBeGreaterThanOrEqual(FLOORS.ratingExact);
    expect(held.withinOne).toBeGreaterThanOrEqual(FLOORS.ratingWithinOne);
  });

  it('judges screening outcomes at or above the recorded floor', () => {
    const held = measureOutcomes('heldout');
    const tune = measureOutcomes('tune');
    console.log(
      `screening outcomes held-out (n=${held.n}): ${pct(held.accuracy)}; tune (n=${tune.n}): ${pct(tune.accuracy)}` +
        (held.misses.length > 0 ? `\n  held-out misses: ${held.misses.join('; ')}` : ''),
    );
    expect(held.accuracy).toBeGreaterThanOrEqual(FLOORS.screeningOutcome);
  });
});
