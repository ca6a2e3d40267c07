// Screening: a qualifying answer against its qualifying_criteria, in any of
// the nine languages. Rules (docs/evaluation.md, "Screening rules"):
//  1. A criterion with a number and a time unit is a minimum ("at least 3
//     years"), or a maximum when it says "within"/"innerhalb"/... .
//  2. The answer's quantity in a clause that is not negated decides numeric
//     criteria; "almost three" is below three, "more than ten" above ten.
//  3. Otherwise the answer's stance decides: a negation or "not yet" means
//     no, a clause-initial yes or an affirmative idiom ("no problem") means
//     yes, a plain statement that restates the criterion means yes.
//  4. Hedging ("maybe", "I think so", "pata nahi") anywhere in the answer
//     means the criterion is not established: outcome false, flagged.
//  5. Criteria that require an absence ("must not require sponsorship") flip
//     the stance (absence openers are in the language records).

import type { LanguageCode } from '../interviews/enums.js';
import { contentTerms, splitClauses, tokenize } from '../languages/index.js';
import { messagesFor, type ProseLocale } from './locale.js';
import { findPhrases, maskPhrases, phraseTokens, type PhraseHit } from './phrase-match.js';
import { shortQuote } from './text.js';
import { ABSENCE_OPENERS, ALL_LEXICONS, lexiconsFor, type LanguageLexicon, type TimeUnit } from './vocabulary.js';

const DAYS: Record<TimeUnit, number> = { year: 365, month: 30, week: 7, day: 1 };

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

export interface ScreeningJudgement {
  outcome: boolean;
  analysis: string;
  /** The signal that decided, for tests and the docs' accuracy table. */
  basis: 'no_answer' | 'no_criterion' | 'quantity' | 'negative' | 'positive' | 'restated' | 'hedged' | 'unclear';
  hedges: string[];
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

interface ClauseReading {
  text: string;
  stance: 'negative' | 'positive' | 'neutral';
  hedges: string[];
  quantities: Quantity[];
  tokens: string[];
}

function readClause(text: string, lexicons: readonly LanguageLexicon[]): ClauseReading {
  let tokens = tokenize(text);
  const original = tokens;
  const hedgeHits: PhraseHit[] = findPhrases(
    tokens,
    lexicons.flatMap((l) => l.hedges),
  );
  tokens = maskPhrases(tokens, hedgeHits, '§hedge');
  const notYet = findPhrases(
    tokens,
    lexicons.flatMap((l) => l.notYet),
  );
  tokens = maskPhrases(tokens, notYet, '§notyet');
  const idioms = findPhrases(
    tokens,
    lexicons.flatMap((l) => l.affirmIdioms),
  );
  tokens = maskPhrases(tokens, idioms, '§affirm');
  const opensWith = (phrases: string[]) => findPhrases(tokens.slice(0, 3), phrases).some((h) => h.start === 0);
  const isNegative =
    notYet.length > 0 ||
    opensWith(lexicons.flatMap((l) => l.no)) ||
    findPhrases(
      tokens,
      lexicons.flatMap((l) => l.negators),
    ).length > 0;
  const isPositive = idioms.length > 0 || opensWith(lexicons.flatMap((l) => l.yes));
  return {
    text,
    stance: isNegative ? 'negative' : isPositive ? 'positive' : 'neutral',
    hedges: hedgeHits.map((h) => h.phrase),
    quantities: extractQuantities(text, lexicons),
    tokens: original,
  };
}

function contentStems(text: string, language: LanguageCode): Set<string> {
  return new Set(contentTerms(text, language, 3).keys());
}

function inDays(q: Quantity): number {
  return q.value * DAYS[q.unit] + q.bias * 0.5;
}

export function judgeScreeningAnswer(
  criterion: string | null,
  answer: string,
  language: LanguageCode,
  locale: ProseLocale,
  questionText = '',
): ScreeningJudgement {
  const m = messagesFor(locale);
  const text = answer.trim();
  if (!criterion || criterion.trim() === '') {
    return { outcome: false, analysis: m.screeningNoCriterion, basis: 'no_criterion', hedges: [] };
  }
  if (text === '') return { outcome: false, analysis: m.screeningNoAnswer(criterion), basis: 'no_answer', hedges: [] };

  const lexicons = lexiconsFor(language);
  const parsed = parseCriterion(criterion);
  const clauses = splitClauses(text).map((c) => readClause(c, lexicons));
  const hedges = [...new Set(clauses.flatMap((c) => c.hedges))];
  const quote = shortQuote(text, 16);

  if (hedges.length > 0) {
    return { outcome: false, analysis: m.screeningHedged(criterion, hedges, quote), basis: 'hedged', hedges };
  }

  if (parsed.kind !== 'boolean' && parsed.quantity) {
    const required = parsed.quantity;
    const affirmed = clauses.find((c) => c.stance !== 'negative' && c.quantities.length > 0);
    const stated = affirmed?.quantities[0] ?? bareNumber(clauses, required, lexicons);
    if (stated) {
      const meets = parsed.kind === 'minimum' ? inDays(stated) >= inDays(required) : inDays(stated) <= inDays(required);
      const analysis = m.screeningQuantity(
        m.quantity(stated.value, stated.unit),
        m.quantity(required.value, required.unit),
        parsed.kind === 'minimum' ? 'min' : 'max',
        meets,
        shortQuote(affirmed?.text ?? text, 16),
      );
      return { outcome: meets, analysis, basis: 'quantity', hedges };
    }
    const denied = clauses.find((c) => c.stance === 'negative' && c.quantities.length > 0);
    if (denied?.quantities[0]) {
      const q = denied.quantities[0];
      return { outcome: false, analysis: m.screeningQuantityDenied(m.quantity(q.value, q.unit), quote), basis: 'negative', hedges };
    }
  }

  const decisive = clauses.find((c) => c.stance !== 'neutral');
  if (decisive) {
    const saysYes = decisive.stance === 'positive';
    if (parsed.requiresAbsence) {
      return saysYes
        ? { outcome: false, analysis: m.screeningAbsenceViolated(criterion, quote), basis: 'positive', hedges }
        : { outcome: true, analysis: m.screeningAbsenceConfirmed(criterion, quote), basis: 'negative', hedges };
    }
    return saysYes
      ? { outcome: true, analysis: m.screeningAffirmed(criterion, quote), basis: 'positive', hedges }
      : { outcome: false, analysis: m.screeningDenied(criterion, quote), basis: 'negative', hedges };
  }

  // No yes, no no: a plain statement that restates the requirement ("I hold a
  // B licence") affirms it; anything else leaves it unestablished.
  const required = contentStems(`${criterion} ${questionText}`, language);
  const overlaps = [...contentStems(text, language)].some((s) => required.has(s));
  if (overlaps && !parsed.requiresAbsence) {
    return { outcome: true, analysis: m.screeningAffirmed(criterion, quote), basis: 'restated', hedges };
  }
  return { outcome: false, analysis: m.screeningUnclear(criterion, quote), basis: 'unclear', hedges };
}

/** "Five." to "how many years": a lone number takes the criterion's unit. */
function bareNumber(clauses: readonly ClauseReading[], required: Quantity, lexicons: readonly LanguageLexicon[]): Quantity | null {
  const numbers = numberIndex(lexicons);
  for (const clause of clauses) {
    if (clause.stance === 'negative') continue;
    for (const token of clause.tokens) {
      const isWord = !/^\d/.test(token);
      if (isWord && token.length < 3) continue; // "a", "en", "do": too ambiguous without a unit
      const value = parseNumber(token, numbers);
      if (value !== null) return { value, unit: required.unit, bias: 0 };
    }
  }
  return null;
}
