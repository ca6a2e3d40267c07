// Durations in an answer ("five years", "3+ Jahre", "سنتين", "immediately")
// and what a criterion asks of them (a minimum, a maximum within, an absence).
// The job rubric reads quantities from here too; screening-amounts.ts reads
// every other unit.

import { tokenize } from '../languages/index.js';
import { findPhrases, phraseTokens } from './phrase-match.js';
import { ABSENCE_OPENERS, ALL_LEXICONS, type LanguageLexicon, type TimeUnit } from './vocabulary.js';

export interface Quantity {
  value: number;
  unit: TimeUnit;
  /** +1 a little above (more than), -1 a little below (almost), 0 exact. */
  bias: -1 | 0 | 1;
}

export interface ParsedCriterion {
  kind: 'minimum' | 'maximum' | 'boolean';
  quantity: Quantity | null;
  requiresAbsence: boolean;
}

const unitIndex = (lexicons: readonly LanguageLexicon[]) => {
  const units = new Map<string, TimeUnit>();
  for (const lexicon of lexicons)
    for (const [unit, words] of Object.entries(lexicon.units) as Array<[TimeUnit, string[]]>)
      for (const word of words) for (const token of phraseTokens(word)) units.set(token, unit);
  return units;
};

const numberIndex = (lexicons: readonly LanguageLexicon[]) => {
  const numbers = new Map<string, number>();
  for (const lexicon of lexicons)
    for (const [word, value] of Object.entries(lexicon.numberWords)) {
      const tokens = phraseTokens(word);
      if (tokens.length === 1) numbers.set(tokens[0] as string, value);
    }
  return numbers;
};

function parseNumber(token: string, numbers: ReadonlyMap<string, number>): number | null {
  if (/^\d+(?:[.,]\d+)?$/.test(token)) return Number(token.replace(',', '.'));
  return numbers.get(token) ?? null;
}

/** Quantities such as "five years", "3+ Jahre", "سنتين", "do saal", "immediately" (= 0 days). */
export function extractQuantities(text: string, lexicons: readonly LanguageLexicon[]): Quantity[] {
  const tokens = tokenize(text);
  const units = unitIndex(lexicons);
  const numbers = numberIndex(lexicons);
  const found: Array<Quantity & { at: number }> = [];
  for (const lexicon of lexicons) {
    for (const [word, [value, unit]] of Object.entries(lexicon.countedUnits ?? {})) {
      tokens.forEach((t, at) => {
        if (t === phraseTokens(word)[0]) found.push({ value, unit, bias: 0, at });
      });
    }
    for (const hit of findPhrases(tokens, lexicon.immediately)) found.push({ value: 0, unit: 'day', bias: 0, at: hit.start });
  }
  tokens.forEach((token, at) => {
    const unit = units.get(token);
    if (!unit) return;
    for (let back = 1; back <= 3 && at - back >= 0; back++) {
      const value = parseNumber(tokens[at - back] as string, numbers);
      if (value === null) continue;
      found.push({ value, unit, bias: biasBefore(tokens, at - back, lexicons), at });
      return;
    }
  });
  return found.sort((a, b) => a.at - b.at).map(({ value, unit, bias }) => ({ value, unit, bias }));
}

function biasBefore(tokens: readonly string[], numberAt: number, lexicons: readonly LanguageLexicon[]): -1 | 0 | 1 {
  const window = tokens.slice(Math.max(0, numberAt - 3), numberAt);
  for (const lexicon of lexicons) {
    if (findPhrases(window, lexicon.above).length > 0) return 1;
    if (findPhrases(window, lexicon.below).length > 0) return -1;
  }
  return 0;
}

export function parseCriterion(criterion: string): ParsedCriterion {
  const tokens = tokenize(criterion);
  const quantity = extractQuantities(criterion, ALL_LEXICONS)[0] ?? null;
  const saysWithin = ALL_LEXICONS.some((l) => findPhrases(tokens, l.within).length > 0);
  const saysImmediately = ALL_LEXICONS.some((l) => findPhrases(tokens, l.immediately).length > 0);
  const opener = findPhrases(tokens.slice(0, 3), ABSENCE_OPENERS).some((h) => h.start === 0);
  const requiresAbsence = opener || ALL_LEXICONS.some((l) => findPhrases(tokens, l.mustNot).length > 0);
  if (!quantity) return { kind: 'boolean', quantity: null, requiresAbsence };
  const isMaximum = saysWithin || (saysImmediately && quantity.value === 0);
  return { kind: isMaximum ? 'maximum' : 'minimum', quantity, requiresAbsence: false };
}
