// Integrity of the understanding set (test/fixtures/understanding/): what the
// accuracy bench (npm run accuracy) relies on; then floors, a few points under
// the measured held-out figures (docs/evaluation.md), for what has been
// improved, so a regression fails here.

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATINGS } from '../src/evaluation/index.js';
import {
  allItems,
  CATEGORIES,
  INTENT_LABELS,
  jobQuestionOf,
  LANGUAGE_TAGS,
  loadSeparateSet,
  loadUnderstandingSet,
  SCREENING_LABELS,
  SEPARATE_SETS,
} from '../bench/accuracy/understanding-set.js';
import { measureUnderstanding } from '../bench/accuracy/measure.js';
import { renderReport } from '../bench/accuracy/report.js';
import { RuleReadingOpenAi } from './helpers/rule-reading-openai.js';

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
  }, 120_000);
});

describe('accuracy floors on the held-out items', () => {
  let measured: ReturnType<typeof measureUnderstanding> | undefined;
  const heldout = async (category: string) =>
    (await (measured ??= measureUnderstanding(set))).outcomes.filter((o) => o.item.category === category && o.item.split === 'heldout');
  const share = (outcomes: ReadonlyArray<{ isCorrect: boolean }>) => outcomes.filter((o) => o.isCorrect).length / outcomes.length;

  it('takes intents as the interviewer should (measured 90 %: 19 of 21)', async () => {
    expect(share(await heldout('intent'))).toBeGreaterThanOrEqual(0.85);
  }, 120_000);

  it('counts filler words within half a filler on average (measured 0.33, 9 of 12 exact)', async () => {
    const outcomes = await heldout('fillers');
    expect(outcomes.reduce((sum, o) => sum + o.distance, 0) / outcomes.length).toBeLessThanOrEqual(0.5);
    expect(share(outcomes)).toBeGreaterThanOrEqual(0.65);
  }, 120_000);

  it('decides screening answers by meaning in every language and category (measured 95.3 %: 61 of 64; every category at least 80 %)', async () => {
    const outcomes = await heldout('screening');
    expect(share(outcomes)).toBeGreaterThanOrEqual(0.9);
    const all = (await (measured ??= measureUnderstanding(set))).outcomes.filter((o) => o.item.category === 'screening');
    for (const sub of new Set(all.map((o) => o.item.subcategory)))
      expect(share(all.filter((o) => o.item.subcategory === sub)), sub).toBeGreaterThanOrEqual(0.8);
    for (const language of LANGUAGE_TAGS)
      expect(share(all.filter((o) => o.item.language === language)), language).toBeGreaterThanOrEqual(0.8);
  }, 120_000);

  it('never takes a dodged screening answer as met, and says it is undecided', async () => {
    const dodges = (await (measured ??= measureUnderstanding(set))).outcomes.filter((o) => o.item.subcategory === 'dodge');
    expect(dodges.length).toBeGreaterThanOrEqual(9);
    expect(dodges.filter((o) => o.actual === 'met').map((o) => o.item.id)).toEqual([]);
    expect(dodges.filter((o) => o.actual === 'undecided').length / dodges.length).toBeGreaterThanOrEqual(0.8);
  }, 120_000);

  it('rates job answers on the whole scale (measured 76.9 % exact, 97.4 % within one grade: 30 and 38 of 39)', async () => {
    const outcomes = await heldout('job');
    expect(share(outcomes)).toBeGreaterThanOrEqual(0.7);
    expect(outcomes.filter((o) => o.distance <= 1).length / outcomes.length).toBeGreaterThanOrEqual(0.93);
  }, 120_000);

  it('uses the middle of the scale: OKAY answers mostly OKAY, generic look-alikes SUBOPTIMAL (measured 21 of 27, 9 of 9)', async () => {
    const job = (await (measured ??= measureUnderstanding(set))).outcomes.filter((o) => o.item.category === 'job');
    const okay = job.filter((o) => o.expected === 'OKAY');
    expect(okay.filter((o) => o.actual === 'OKAY').length / okay.length).toBeGreaterThanOrEqual(0.7);
    const generic = job.filter((o) => o.item.subcategory === 'generic');
    expect(generic.length).toBeGreaterThanOrEqual(9);
    expect(generic.filter((o) => o.actual !== 'SUBOPTIMAL').map((o) => o.item.id)).toEqual([]);
  }, 120_000);

  it('reads "since 2018" against the day of the answer in every language: decided by the years, never left undecided (18 of 18)', async () => {
    const since = (await (measured ??= measureUnderstanding(set))).outcomes.filter((o) => o.item.subcategory === 'years_since');
    expect(new Set(since.map((o) => o.item.language)).size).toBe(LANGUAGE_TAGS.length);
    expect(since.filter((o) => o.actual !== o.expected).map((o) => o.item.id)).toEqual([]);
  }, 120_000);

  it('rates GOOD paraphrases GOOD: GOOD answers rated OKAY at most 3 of 27 (measured 2, both held out; 8 before the concept groups)', async () => {
    const good = (await (measured ??= measureUnderstanding(set))).outcomes.filter(
      (o) => o.item.category === 'job' && o.expected === 'GOOD',
    );
    expect(good.length).toBeGreaterThanOrEqual(27);
    expect(good.filter((o) => o.actual === 'OKAY').length).toBeLessThanOrEqual(3);
  }, 120_000);

  it('never rewards keyword stuffing, prompt injection or confidently wrong answers (every item, none above OKAY)', async () => {
    const outcomes = (await (measured ??= measureUnderstanding(set))).outcomes.filter((o) =>
      ['keyword_stuffing', 'prompt_injection', 'confidently_wrong'].includes(o.item.subcategory),
    );
    expect(outcomes.length).toBeGreaterThanOrEqual(20);
    expect(outcomes.filter((o) => o.actual === 'GOOD' || o.actual === 'EXCELLENT').map((o) => o.item.id)).toEqual([]);
    expect(outcomes.filter((o) => o.actual === 'SUBOPTIMAL').length / outcomes.length).toBeGreaterThanOrEqual(0.9);
  }, 120_000);
});

describe('the labelled set against an OpenAI-compatible server, with one command', () => {
  const model = new RuleReadingOpenAi();
  beforeAll(() => model.start());
  afterAll(() => model.stop());

  it('npm run accuracy -- --llm sends every screening and job item to LLM_BASE_URL and prints the same tables', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'bench/accuracy/run.ts', '--llm', '--split', 'heldout', '--no-timing'],
      {
        env: { ...process.env, LLM_BASE_URL: model.baseUrl, LLM_MODEL: 'rule-reader', LLM_API_KEY: 'local' },
        maxBuffer: 4_000_000,
      },
    );
    const heldoutSet = {
      ...set,
      screening: set.screening.filter((i) => i.split === 'heldout'),
      job: set.job.filter((i) => i.split === 'heldout'),
      intent: set.intent.filter((i) => i.split === 'heldout'),
      followUp: set.followUp.filter((i) => i.split === 'heldout'),
      fillers: set.fillers.filter((i) => i.split === 'heldout'),
    };
    const builtin = renderReport(await measureUnderstanding(heldoutSet), { split: 'heldout', isTimed: false, showMisses: false });
    const rows = (text: string) => text.split('\n').filter((l) => /^\| (screening outcome|job rating)/.test(l));
    expect(rows(stdout)).toHaveLength(3);
    expect(rows(stdout)).toEqual(rows(builtin));
    const calls = heldoutSet.screening.length + heldoutSet.job.length;
    expect(stdout).toContain(`Model answers: ${calls} of ${calls}; built-in fallbacks: 0`);
    expect(model.requests).toBe(calls);
  }, 120_000);
});

// The blind set is measured, never tuned on: only its integrity is checked here, no floors.
describe('blind held-out set', () => {
  const blind = loadSeparateSet('blind');
  const blindItems = allItems(blind);

  it('holds at least 150 items with unique ids, all marked blind, none shared with the understanding set', () => {
    expect(blindItems.length).toBeGreaterThanOrEqual(150);
    const ids = blindItems.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    const known = new Set(items.map((i) => i.id));
    for (const item of blindItems) {
      expect(item.split, item.id).toBe('blind');
      expect(known.has(item.id), item.id).toBe(false);
      expect(item.argument.trim().length, item.id).toBeGreaterThan(3);
    }
  });

  it('covers every language in job, screening and fillers, every rating, and labels what its category allows', () => {
    for (const category of ['job', 'screening', 'fillers'] as const) {
      const languages = new Set(blindItems.filter((i) => i.category === category).map((i) => i.language));
      expect([...languages].sort(), category).toEqual([...LANGUAGE_TAGS].sort());
    }
    for (const item of blind.job) {
      expect(RATINGS, item.id).toContain(item.label);
      expect(jobQuestionOf(blind, item).language, item.id).toBe(item.language);
    }
    for (const rating of RATINGS)
      expect(
        blind.job.some((i) => i.label === rating),
        rating,
      ).toBe(true);
    for (const item of blind.screening) expect(SCREENING_LABELS, item.id).toContain(item.label);
    for (const item of blind.fillers) expect(Number.isInteger(item.label) && item.label >= 0, item.id).toBe(true);
  });
});

// The development, crosscheck and fresh sets are written in the blind set's shape by other hands: each keeps its own ids,
// every language, every rating and only the labels its category allows, so a measurement on it means what it says.
describe.each(['development', 'crosscheck', 'fresh'] as const)('%s set', (name) => {
  const separate = loadSeparateSet(name);
  const separateItems = allItems(separate);

  it('has unique ids of its own, all marked with its split, each with a reason', () => {
    const ids = separateItems.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    const elsewhere = new Set(
      [...items, ...SEPARATE_SETS.filter((other) => other !== name).flatMap((other) => allItems(loadSeparateSet(other)))].map((i) => i.id),
    );
    for (const item of separateItems) {
      expect(item.split, item.id).toBe(name);
      expect(elsewhere.has(item.id), item.id).toBe(false);
      expect(item.argument.trim().length, item.id).toBeGreaterThan(3);
    }
  });

  it('covers every language in job and screening, every rating, and two criteria per question in its language', () => {
    for (const category of ['job', 'screening'] as const) {
      const languages = new Set(separateItems.filter((i) => i.category === category).map((i) => i.language));
      expect([...languages].sort(), category).toEqual([...LANGUAGE_TAGS].sort());
    }
    for (const item of separate.job) {
      expect(RATINGS, item.id).toContain(item.label);
      expect(jobQuestionOf(separate, item).language, item.id).toBe(item.language);
      expect(jobQuestionOf(separate, item).evaluation_criteria, item.id).toHaveLength(2);
    }
    for (const rating of RATINGS) expect(separate.job.filter((i) => i.label === rating).length, rating).toBeGreaterThanOrEqual(9);
    for (const item of separate.screening) expect(SCREENING_LABELS, item.id).toContain(item.label);
  });
});
