// Integrity of the understanding set (test/fixtures/understanding/): what the
// accuracy bench (npm run accuracy) relies on; then floors, a few points under
// the measured held-out figures (docs/evaluation.md), for what has been
// improved, so a regression fails here. Screening and job ratings have none yet.

import { describe, expect, it } from 'vitest';
import { RATINGS } from '../src/evaluation/index.js';
import {
  allItems,
  CATEGORIES,
  INTENT_LABELS,
  jobQuestionOf,
  LANGUAGE_TAGS,
  loadUnderstandingSet,
  SCREENING_LABELS,
} from '../bench/accuracy/understanding-set.js';
import { measureUnderstanding } from '../bench/accuracy/measure.js';

const set = loadUnderstandingSet();
const items = allItems(set);

describe('understanding set', () => {
  it('holds at least 300 items with unique ids', () => {
    expect(items.length).toBeGreaterThanOrEqual(300);
    const ids = items.map((i) => i.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('marks every item with a known language, its category, a subcategory, a tune or heldout split and a real argument', () => {
    for (const item of items) {
      expect(LANGUAGE_TAGS, item.id).toContain(item.language);
      expect(CATEGORIES, item.id).toContain(item.category);
      expect(item.subcategory, item.id).toMatch(/^[a-z_]+$/);
      expect(['tune', 'heldout'], item.id).toContain(item.split);
      expect(item.argument.trim().length, item.id).toBeGreaterThan(5);
    }
  });

  it('labels every item with a value its category allows', () => {
    for (const item of set.screening) expect(SCREENING_LABELS, item.id).toContain(item.label);
    for (const item of set.job) expect(RATINGS, item.id).toContain(item.label);
    for (const item of set.intent) expect(INTENT_LABELS, item.id).toContain(item.label);
    for (const item of set.followUp) expect(typeof item.label, item.id).toBe('boolean');
    for (const item of set.fillers) expect(Number.isInteger(item.label) && item.label >= 0, item.id).toBe(true);
  });

  it('covers every language in every category, and every rating for every job question type', () => {
    for (const category of CATEGORIES) {
      const languages = new Set(items.filter((i) => i.category === category).map((i) => i.language));
      expect([...languages].sort(), category).toEqual([...LANGUAGE_TAGS].sort());
    }
    for (const type of ['technical', 'behavioral', 'situational']) {
      for (const rating of RATINGS) {
        expect(
          set.job.some((i) => jobQuestionOf(set, i).type === type && i.label === rating),
          `${type} ${rating}`,
        ).toBe(true);
      }
    }
  });

  it('covers the screening cases the issue names and every intent', () => {
    const subcategories = new Set(set.screening.map((i) => i.subcategory));
    for (const sub of [
      'negation',
      'double_negation',
      'hedge',
      'conditional_availability',
      'salary_range',
      'years',
      'distance',
      'hours',
      'licence',
      'certification',
      'dodge',
      'yes_no',
    ]) {
      expect(subcategories, sub).toContain(sub);
    }
    expect(new Set(set.intent.map((i) => i.label))).toEqual(new Set(INTENT_LABELS));
  });

  it('refers only to job questions that exist, in the item language', () => {
    for (const item of [...set.job, ...set.followUp]) expect(jobQuestionOf(set, item).language, item.id).toBe(item.language);
  });

  it('holds out about a third of every category', () => {
    for (const category of CATEGORIES) {
      const mine = items.filter((i) => i.category === category);
      const heldout = mine.filter((i) => i.split === 'heldout').length / mine.length;
      expect(heldout, category).toBeGreaterThanOrEqual(0.28);
      expect(heldout, category).toBeLessThanOrEqual(0.4);
    }
  });

  it('writes Swiss Standard German without ß', () => {
    const swiss = items.filter((i) => i.language === 'de-CH');
    const questions = Object.values(set.jobQuestions).filter((q) => q.language === 'de-CH');
    for (const text of [...swiss.map((i) => JSON.stringify(i)), ...questions.map((q) => JSON.stringify(q))])
      expect(text).not.toContain('ß');
  });

  it('is measured item by item, the same way twice (npm run accuracy prints a deterministic table)', async () => {
    const first = await measureUnderstanding(set);
    const second = await measureUnderstanding(set);
    expect(first.outcomes.map((o) => o.item.id).sort()).toEqual(items.map((i) => i.id).sort());
    expect(second.outcomes.map((o) => `${o.item.id}=${o.actual}`)).toEqual(first.outcomes.map((o) => `${o.item.id}=${o.actual}`));
  }, 90_000);
});

describe('accuracy floors on the held-out items', () => {
  let measured: ReturnType<typeof measureUnderstanding> | undefined;
  const heldout = async (category: string) =>
    (await (measured ??= measureUnderstanding(set))).outcomes.filter((o) => o.item.category === category && o.item.split === 'heldout');
  const share = (outcomes: ReadonlyArray<{ isCorrect: boolean }>) => outcomes.filter((o) => o.isCorrect).length / outcomes.length;

  it('takes intents as the interviewer should (measured 90 %: 19 of 21)', async () => {
    expect(share(await heldout('intent'))).toBeGreaterThanOrEqual(0.85);
  }, 60_000);

  it('counts filler words within half a filler on average (measured 0.33, 9 of 12 exact)', async () => {
    const outcomes = await heldout('fillers');
    expect(outcomes.reduce((sum, o) => sum + o.distance, 0) / outcomes.length).toBeLessThanOrEqual(0.5);
    expect(share(outcomes)).toBeGreaterThanOrEqual(0.65);
  }, 60_000);

  it('rates job answers on the whole scale (measured 66.7 % exact, 96.7 % within one grade: 20 and 29 of 30)', async () => {
    const outcomes = await heldout('job');
    expect(share(outcomes)).toBeGreaterThanOrEqual(0.6);
    expect(outcomes.filter((o) => o.distance <= 1).length / outcomes.length).toBeGreaterThanOrEqual(0.93);
  }, 60_000);

  it('never rewards keyword stuffing, prompt injection or confidently wrong answers (every item, none above OKAY)', async () => {
    const outcomes = (await (measured ??= measureUnderstanding(set))).outcomes.filter((o) =>
      ['keyword_stuffing', 'prompt_injection', 'confidently_wrong'].includes(o.item.subcategory),
    );
    expect(outcomes.length).toBeGreaterThanOrEqual(20);
    expect(outcomes.filter((o) => o.actual === 'GOOD' || o.actual === 'EXCELLENT').map((o) => o.item.id)).toEqual([]);
    expect(outcomes.filter((o) => o.actual === 'SUBOPTIMAL').length / outcomes.length).toBeGreaterThanOrEqual(0.9);
  }, 60_000);
});
