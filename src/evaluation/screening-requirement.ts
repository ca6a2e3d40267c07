// What a screening criterion asks for (a deadline, a pay range, a minimum or a
// maximum in some unit, or yes/no) and the answer's amount it is compared
// with (docs/evaluation.md, "Screening rules", 1 to 3).

import type { LanguageCode } from '../interviews/enums.js';
import { ENGLISH, languageByTag, splitClauses, tokenize, type ScreeningWords } from '../languages/index.js';
import type { Messages, ProseLocale } from './locale.js';
import { findPhrases } from './phrase-match.js';
import { amountWordsFor, dateDifference, prepareNumbers, readAmounts, type Amount, type Dimension } from './screening-amounts.js';
import { parseCriterion } from './screening-quantities.js';
import type { LanguageLexicon } from './vocabulary.js';

/** One clause of the answer as the reader saw it (screening.ts). */
export interface ClauseReading {
  text: string;
  stance: 'negative' | 'positive' | 'neutral';
  hedges: string[];
  amounts: Amount[];
  tokens: string[];
  isDeferral: boolean;
  opensWithContrast: boolean;
}

const unions = new Map<string, string[]>();

/** One list per language and word kind, built once (the phrase matcher compiles each list once). */
export function wordsOf(
  language: LanguageCode,
  key: keyof LanguageLexicon | keyof ScreeningWords,
  source: 'lexicon' | 'screening',
): string[] {
  const id = `${language}:${source}:${key}`;
  let list = unions.get(id);
  if (!list) {
    const words = amountWordsFor(language);
    const records = (source === 'lexicon' ? words.lexicons : words.screening) as unknown as Array<Record<string, unknown>>;
    list = records.flatMap((r) => r[key] as string[]);
    unions.set(id, list);
  }
  return list;
}

export interface Requirement {
  kind: 'minimum' | 'maximum' | 'range' | 'deadline' | 'boolean';
  dimension: Dimension | null;
  /** The limit: the minimum, the maximum, the top of a pay range, or the deadline. */
  limit: Amount | null;
  /** The bottom of a pay range (amounts far under it are not pay: a year, a count). */
  bottom: Amount | null;
  requiresAbsence: boolean;
}

/** What a criterion asks for, read with the interview language's words and English. */
export function parseRequirement(criterion: string, language: LanguageCode): Requirement {
  const words = amountWordsFor(language);
  const { requiresAbsence, kind } = parseCriterion(criterion);
  const tokens = tokenize(criterion);
  const amounts = splitClauses(prepareNumbers(criterion, words)).flatMap((c) => readAmounts(c, words));
  const says = (key: 'within' | 'atLeast') => words.lexicons.some((l) => findPhrases(tokens, l[key]).length > 0);
  const isPay = words.screening.some((s) => findPhrases(tokens, s.payWords).length > 0);
  const money = amounts.filter((a) => a.dimension === 'money');
  const date = amounts.find((a) => a.dimension === 'date');
  if (date) return { kind: 'deadline', dimension: 'date', limit: date, bottom: null, requiresAbsence: false };
  if (money.length >= 2 || (isPay && money.length === 1)) {
    const top = money.reduce((a, b) => (b.value > a.value ? b : a));
    const bottom = money.reduce((a, b) => (b.value < a.value ? b : a));
    return {
      kind: money.length >= 2 || says('within') ? 'range' : 'minimum',
      dimension: 'money',
      limit: top,
      bottom,
      requiresAbsence: false,
    };
  }
  for (const dimension of ['distance', 'hours', 'percent', 'level'] as const) {
    const limit = amounts.find((a) => a.dimension === dimension);
    if (!limit) continue;
    // A distance is where one lives or travels: a maximum unless the criterion says "at least".
    const isMaximum = dimension === 'distance' ? !says('atLeast') : says('within');
    return { kind: isMaximum ? 'maximum' : 'minimum', dimension, limit, bottom: null, requiresAbsence: false };
  }
  const duration = amounts.find((a) => a.dimension === 'duration');
  if (duration && kind !== 'boolean') return { kind, dimension: 'duration', limit: duration, bottom: null, requiresAbsence: false };
  return { kind: 'boolean', dimension: null, limit: null, bottom: null, requiresAbsence };
}

export function describe(amount: Amount, m: Messages, locale: ProseLocale): string {
  const number = (v: number) => new Intl.NumberFormat(locale).format(Math.round(v * 10) / 10);
  switch (amount.dimension) {
    case 'duration':
      return m.quantity(amount.count, amount.unit ?? 'day');
    case 'distance':
      return `${number(amount.value)} km`;
    case 'hours':
      return `${number(amount.value)} h`;
    case 'percent':
      return `${number(amount.value)} %`;
    case 'level':
      return `${'ABC'[Math.floor((amount.value - 1) / 2)] ?? ''}${((amount.value - 1) % 2) + 1}`;
    case 'date': {
      const months = (languageByTag(locale) ?? ENGLISH).screening.months;
      const name = (months[Math.floor((amount.value - 1) / 31)] ?? '').split('|')[0] ?? '';
      return `${((amount.value - 1) % 31) + 1} ${name}`;
    }
    default:
      return number(amount.value);
  }
}

/** The stated amount a requirement is compared with, or null when the answer names none. */
export function statedAmount(
  requirement: Requirement,
  clauses: readonly ClauseReading[],
  language: LanguageCode,
): { amount: Amount; clause: ClauseReading } | null {
  const { dimension, limit, kind } = requirement;
  if (!dimension || !limit) return null;
  const pairs = clauses.flatMap((clause) => clause.amounts.map((amount) => ({ amount, clause })));
  if (dimension === 'money') {
    // The candidate's floor decides; "Jeg forventer 50.000", "at least 12 LPA", "between 48 and 50k" (48k).
    // What they earn now ("I currently make 60k") counts only when nothing else is named; a figure under a
    // fifth of the range's bottom is not pay ("since 2019").
    const current = wordsOf(language, 'currentPay', 'screening');
    const isCurrent = (p: (typeof pairs)[number]) =>
      findPhrases(p.clause.tokens.slice(Math.max(0, p.amount.at - 3), p.amount.at + 2), current).length > 0;
    const plausible = pairs.filter((p) => p.amount.dimension === 'money' && p.amount.value >= (requirement.bottom?.value ?? 0) / 5);
    const asked = plausible.filter((p) => !isCurrent(p));
    const money = asked.length > 0 ? asked : plausible;
    return (
      money.find((p) => p.amount.isFloor) ??
      money.reduce<(typeof money)[number] | null>((a, b) => (!a || b.amount.value < a.amount.value ? b : a), null)
    );
  }
  if (dimension === 'date') {
    const dates = pairs.filter((p) => p.amount.dimension === 'date');
    const start = dates.find((p) => p.amount.isStart) ?? dates[dates.length - 1];
    if (start) return start;
    return pairs.find((p) => p.amount.dimension === 'duration' && p.amount.value === 0) ?? null;
  }
  const affirmed = pairs.filter((p) => p.clause.stance !== 'negative');
  let candidates = affirmed.filter((p) => p.amount.dimension === dimension);
  if (candidates.length === 0) {
    // A bare number takes the criterion's unit: "Five." to "how many years", "90 ginge auch" to a Pensum.
    const scale = limit.count > 0 ? limit.value / limit.count : 1;
    candidates = affirmed
      .filter((p) => p.amount.dimension === null)
      .map((p) => ({ ...p, amount: { ...p.amount, dimension, unit: limit.unit, value: p.amount.count * scale } }));
  }
  if (candidates.length === 0) return null;
  if (dimension === 'duration' || dimension === 'distance') return candidates[0] ?? null;
  // Hours and percentages: the most the candidate offers against a minimum, the least against a maximum.
  return candidates.reduce((a, b) => ((kind === 'minimum' ? b.amount.value > a.amount.value : b.amount.value < a.amount.value) ? b : a));
}

export function meetsRequirement(requirement: Requirement, stated: Amount): boolean {
  const limit = requirement.limit as Amount;
  if (requirement.kind === 'deadline') {
    if (stated.dimension === 'duration') return true; // "immediately"
    return dateDifference(stated.value, limit.value) <= 0;
  }
  const value = stated.value + stated.bias * (stated.dimension === 'duration' ? 0.5 : 0.01);
  if (requirement.kind === 'minimum') return value >= limit.value + limit.bias * 0.01;
  return value <= limit.value;
}
