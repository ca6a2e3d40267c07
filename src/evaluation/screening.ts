// Screening: a qualifying answer against its qualifying_criteria, in any of
// the nine languages, read for meaning clause by clause (docs/evaluation.md,
// "Screening rules"):
//  1. The criterion is a deadline, a pay range, a minimum or maximum in some
//     unit, or a yes/no requirement (screening-requirement.ts).
//  2. Amounts in the answer are read with their units, multipliers, ranges and
//     dates (screening-amounts.ts) and compared after converting units.
//  3. Otherwise the stance decides: negation, "not yet", a lapsed credential
//     or an obstacle means no; a clause-initial yes, an affirmative idiom, a
//     framed double negation ("not that I wouldn't") or a negated problem
//     ("never had a problem") means yes; a later "but ..." turns the answer;
//     a plain statement restating the criterion (or a common name of its
//     credential) means yes.
//  4. A hedge without a backing fact, a dodge or a deferral is undecided:
//     outcome false, and the report asks for further assessment.
//  5. Criteria that require an absence ("must not require sponsorship") flip
//     the stance.
//  6. "since 2018" is a duration up to `answeredAt`, the moment the answer
//     was given (from the transcript), so a re-evaluation years later
//     decides the same way; without it the year decides nothing.

import type { LanguageCode } from '../interviews/enums.js';
import { contentTerms, splitClauses, tokenize, type ScreeningWords } from '../languages/index.js';
import { messagesFor, type ProseLocale } from './locale.js';
import { findPhrases, maskPhrases, type PhraseHit } from './phrase-match.js';
import { amountWordsFor, prepareNumbers, readAmounts } from './screening-amounts.js';
import {
  describe,
  isOfKind,
  isWrongKind,
  meetsRequirement,
  parseRequirement,
  statedAmount,
  wordsOf,
  type ClauseReading,
} from './screening-requirement.js';
import { readWorkRights } from './screening-work-rights.js';
import { shortQuote } from './text.js';
import type { LanguageLexicon } from './vocabulary.js';

export { extractQuantities, parseCriterion, type ParsedCriterion, type Quantity } from './screening-quantities.js';
export { parseRequirement, type Requirement } from './screening-requirement.js';

/** A clause of this many tokens or fewer that says yes says nothing more ("Yes.", "जी", "Ja, klar"). */
const BARE_YES = 2;

export interface ScreeningJudgement {
  outcome: boolean;
  analysis: string;
  /** The signal that decided, for tests and the docs' accuracy table. */
  basis: 'no_answer' | 'no_criterion' | 'quantity' | 'negative' | 'positive' | 'restated' | 'hedged' | 'unclear';
  hedges: string[];
  /** The rules could not decide (a hedge, a dodge, no answer): not met, and the report asks for further assessment. */
  isUndecided: boolean;
}

/**
 * The answer clause by clause: hedges, "not yet", affirmative idioms, a
 * negation next to a problem noun ("never had a problem with"), a framed
 * double negation ("it's not that I wouldn't", possibly across the comma),
 * yes and no openers, negators anywhere, a lapsed credential, and amounts.
 */
function readClauses(answer: string, language: LanguageCode, answeredAt: Date | null, isWillingness = false): ClauseReading[] {
  const words = amountWordsFor(language);
  const all = (key: keyof LanguageLexicon) => wordsOf(language, key, 'lexicon');
  const own = (key: keyof ScreeningWords) => wordsOf(language, key, 'screening');
  let isFramePending = false;
  return splitClauses(prepareNumbers(answer, words)).map((text) => {
    const original = tokenize(text);
    let tokens = original;
    const hedgeHits = findPhrases(tokens, all('hedges'));
    tokens = maskPhrases(tokens, hedgeHits, '§hedge');
    const notYet = findPhrases(tokens, all('notYet'));
    tokens = maskPhrases(tokens, notYet, '§notyet');
    const idioms = findPhrases(tokens, all('affirmIdioms'));
    tokens = maskPhrases(tokens, idioms, '§affirm');

    // "it's not that I wouldn't", "no es que no quiera": the frame cancels the negation after it.
    const frame = findPhrases(tokens, own('notThatFrames')).find((h) => h.start <= 1);
    let negations = findPhrases(tokens, all('negators'));
    let isFramed = false;
    if (frame) {
      tokens = maskPhrases(tokens, [frame], '§frame');
      negations = negations.filter((n) => n.start >= frame.end);
      if (negations.length > 0) isFramed = true;
      else isFramePending = true;
      tokens = maskPhrases(tokens, negations, '§frame');
      negations = [];
    } else if (isFramePending) {
      isFramePending = false;
      if (negations.length > 0) {
        isFramed = true;
        tokens = maskPhrases(tokens, negations, '§frame');
        negations = [];
      }
    }

    // A negation beside a problem noun or an objecting verb says there is none: "never had a problem with",
    // "I wouldn't mind", "कोई परेशानी नहीं", "لا مانع لدي أبدا". A problem noun with no negation is an obstacle.
    const problems = [...findPhrases(tokens, own('problemNouns')), ...findPhrases(tokens, own('objections'))];
    const isBeside = (n: PhraseHit, p: PhraseHit) =>
      (n.end <= p.start && p.start - n.end <= 3) || (n.start >= p.end && n.start - p.end <= 2);
    const besideProblem = negations.filter((n) => problems.some((p) => isBeside(n, p)));
    if (besideProblem.length > 0) {
      tokens = maskPhrases(tokens, besideProblem, '§affirm');
      negations = negations.filter((n) => !besideProblem.includes(n));
    }
    const nouns = new Set(own('problemNouns'));
    const hasObstacle = problems.some((p) => nouns.has(p.phrase) && !besideProblem.some((n) => isBeside(n, p)));

    const opensWith = (phrases: string[]) => findPhrases(tokens.slice(0, 3), phrases).some((h) => h.start === 0);
    const isLapsed = findPhrases(original, own('lapsed')).length > 0;
    // A plan or a step in progress ("me mudaré", "أستعد للاختبار") is not yet true, though it shows willingness.
    const isPending =
      findPhrases(original, own('pending')).length > 0 || (!isWillingness && findPhrases(original, own('plans')).length > 0);
    const isNegative = isLapsed || isPending || hasObstacle || notYet.length > 0 || opensWith(all('no')) || negations.length > 0;
    const isPositive = idioms.length > 0 || isFramed || besideProblem.length > 0 || opensWith(all('yes'));
    return {
      text,
      stance: isNegative ? 'negative' : isPositive ? 'positive' : 'neutral',
      hedges: hedgeHits.map((h) => h.phrase),
      amounts: readAmounts(text, words, answeredAt),
      tokens: original,
      isDeferral: findPhrases(original, own('deferrals')).length > 0,
      opensWithContrast: findPhrases(original.slice(0, 2), own('contrasts')).some((h) => h.start === 0),
      isPending,
      isLapsed,
    };
  });
}

function contentStems(text: string, language: LanguageCode): Set<string> {
  return new Set(contentTerms(text, language, 3).keys());
}

export function judgeScreeningAnswer(
  criterion: string | null,
  answer: string,
  language: LanguageCode,
  locale: ProseLocale,
  questionText = '',
  answeredAt: Date | null = null,
): ScreeningJudgement {
  const m = messagesFor(locale);
  const text = answer.trim();
  const verdict = (outcome: boolean, analysis: string, basis: ScreeningJudgement['basis'], hedges: string[] = []): ScreeningJudgement => ({
    outcome,
    analysis,
    basis,
    hedges,
    isUndecided: basis === 'hedged' || basis === 'unclear' || basis === 'no_answer',
  });
  if (!criterion || criterion.trim() === '') return verdict(false, m.screeningNoCriterion, 'no_criterion');
  if (text === '') return verdict(false, m.screeningNoAnswer(criterion), 'no_answer');

  const requirement = parseRequirement(criterion, language);
  const asksWillingness = findPhrases(tokenize(criterion), wordsOf(language, 'willingness', 'screening')).length > 0;
  // "I'm 40" is an age against years (of age or experience) and, as the wrong kind, against pay; against hours or a
  // Pensum it is the number said.
  const clauses = readClauses(text, language, answeredAt, asksWillingness).map((c) => ({
    ...c,
    amounts: c.amounts.map((a) =>
      a.plain === undefined || requirement.dimension === 'duration' || requirement.dimension === 'money'
        ? a
        : { ...a, dimension: null, value: a.plain, count: a.plain, unit: null, isAge: false },
    ),
  }));
  const hedges = [...new Set(clauses.flatMap((c) => c.hedges))];
  const quote = shortQuote(text, 16);
  // The first clause that says yes or no decides, unless a later "but ..." turns it.
  const turn = clauses.map((c) => c.opensWithContrast).lastIndexOf(true);
  let decisive = clauses.slice(Math.max(0, turn)).find((c) => c.stance !== 'neutral') ?? clauses.find((c) => c.stance !== 'neutral');
  // "जी, मैंने आवेदन कर दिया है", "Yes, I've applied": a bare yes says the question was heard; what is pending after it decides.
  if (decisive?.stance === 'positive' && decisive.tokens.length <= BARE_YES) {
    const after = clauses.slice(clauses.indexOf(decisive) + 1).find((c) => c.isPending);
    if (after) decisive = after;
  }
  // "Ja, den habe ich. De CZV isch aber abgloffe": a credential said to have lapsed outweighs the yes, wherever it stands.
  // (Not any negative clause: the stance reader takes double negatives, "it never bothered me", for refusals.)
  if (decisive?.stance === 'positive' && !requirement.requiresAbsence) decisive = clauses.find((c) => c.isLapsed) ?? decisive;

  if (hedges.length > 0) {
    // "Ja, det tror jeg nok, jeg har boet to år i London": a yes with a concrete fact outweighs the hedge.
    const hasFact = clauses.some((c) => c.hedges.length === 0 && c.stance !== 'negative' && c.amounts.some((a) => a.dimension !== null));
    const isBackedYes = requirement.kind === 'boolean' && decisive?.stance === 'positive' && clauses[0]?.stance === 'positive' && hasFact;
    if (!isBackedYes) return verdict(false, m.screeningHedged(criterion, hedges, quote), 'hedged', hedges);
  }

  if (requirement.kind !== 'boolean' && requirement.limit) {
    const stated = statedAmount(requirement, clauses, language);
    if (stated) {
      const meets = meetsRequirement(requirement, stated.amount);
      // Only the current pay, and a wish for more: under the cap it says nothing of the expectation (undecided).
      if (stated.isCurrentOnly && meets) return verdict(false, m.screeningUnclear(criterion, quote), 'unclear', hedges);
      // "a couple of years" against "at least 3 years": the limit falls inside what it may stand for.
      const span = stated.amount.span;
      const top = span ? { ...stated.amount, value: (stated.amount.value * span[1]) / span[0], count: span[1] } : null;
      const [said, asked] = [describe(stated.amount, m, locale), describe(requirement.limit, m, locale)];
      const comparator = requirement.kind === 'minimum' ? 'min' : 'max';
      const saidQuote = shortQuote(stated.clause.text === '' ? text : clauseQuote(text, stated.clause), 16);
      if (top && meetsRequirement(requirement, top) !== meets)
        return verdict(false, m.screeningQuantityLoose(said, asked, comparator, saidQuote), 'unclear', hedges);
      const analysis = m.screeningQuantity(said, asked, comparator, meets, saidQuote);
      return verdict(meets, analysis, 'quantity', hedges);
    }
    const denied = clauses.find((c) => c.stance === 'negative' && c.amounts.some((a) => isOfKind(requirement, a)));
    const deniedAmount = denied?.amounts.find((a) => isOfKind(requirement, a));
    if (deniedAmount) return verdict(false, m.screeningQuantityDenied(describe(deniedAmount, m, locale), quote), 'negative', hedges);
  }

  const rights = readWorkRights(criterion, clauses, language);
  if (rights !== null) {
    return rights
      ? verdict(true, m.screeningAffirmed(criterion, quote), 'positive', hedges)
      : verdict(false, m.screeningDenied(criterion, quote), 'negative', hedges);
  }

  // Years in another field or "five years ago" (statedAmount passes them over) restate nothing either.
  const isPassedOver = requirement.dimension === 'duration' && clauses.some((c) => c.amounts.some((a) => isOfKind(requirement, a)));
  const isWrongQuantity = isPassedOver || clauses.some((c) => c.amounts.some((a) => isWrongKind(requirement, a)));
  // "Jag är 27, fem års erfarenhet … så, ja, vi får se" to a pay question, "Yes, I can do thirty hours a week" to a
  // notice period: a yes with numbers of the wrong kind only (none of the kind asked) answers nothing.
  // A yes after them decides ("I have 5 years of experience, so yes, that range works for me"), unless the answer
  // puts it off ("so, yeah, let's see", "ja, mal schauen").
  const isPutOff = clauses.some((c) => c.isDeferral);
  let isOffTopicYes =
    decisive?.stance === 'positive' &&
    requirement.kind !== 'boolean' &&
    (decisive.amounts.some((a) => isWrongKind(requirement, a)) || (decisive !== clauses[0] && isPutOff));
  const yes = wordsOf(language, 'yes', 'lexicon');
  const later = isOffTopicYes && !isPutOff ? clauses.slice(clauses.indexOf(decisive as ClauseReading) + 1) : [];
  const laterYes = later.find(
    (c) => findPhrases(c.tokens.slice(0, 2), yes).length > 0 && !c.amounts.some((a) => isWrongKind(requirement, a)),
  );
  if (laterYes) {
    decisive = { ...laterYes, stance: 'positive' };
    isOffTopicYes = false;
  }
  if (isOffTopicYes && isWrongQuantity && !clauses.some((c) => c.amounts.some((a) => isOfKind(requirement, a)))) {
    return verdict(false, m.screeningUnclear(criterion, quote), 'unclear', hedges);
  }

  if (decisive) {
    const saysYes = decisive.stance === 'positive';
    if (requirement.requiresAbsence) {
      return saysYes
        ? verdict(false, m.screeningAbsenceViolated(criterion, quote), 'positive', hedges)
        : verdict(true, m.screeningAbsenceConfirmed(criterion, quote), 'negative', hedges);
    }
    return saysYes
      ? verdict(true, m.screeningAffirmed(criterion, quote), 'positive', hedges)
      : verdict(false, m.screeningDenied(criterion, quote), 'negative', hedges);
  }

  // No yes, no no: a plain statement that restates the requirement ("I hold a B licence", "Den
  // Flurförderzeugschein hab ich gemacht") affirms it; a dodge or a deferral leaves it undecided, and so does a
  // quantity of the wrong kind ("I'm 50 years old" shares "years" with "5 years of experience", restating nothing).
  if (
    !requirement.requiresAbsence &&
    !clauses.some((c) => c.isDeferral) &&
    !isWrongQuantity &&
    restates(criterion, questionText, text, language)
  ) {
    return verdict(true, m.screeningAffirmed(criterion, quote), 'restated', hedges);
  }
  return verdict(false, m.screeningUnclear(criterion, quote), 'unclear', hedges);
}

/** The raw answer's words for a clause read from prepared text (numbers were rewritten there). */
function clauseQuote(text: string, clause: ClauseReading): string {
  const word = clause.tokens.find((t) => !/^\d/.test(t));
  // Split as the reader did, never inside "55,000" or after the "1." of "1. März".
  const kept = text.replace(
    /(\d)([.,])(?=\d|\s+\p{L})/gu,
    (_, digit: string, mark: string) => digit + (mark === ',' ? '\uE000' : '\uE001'),
  );
  const clauses = splitClauses(kept).map((c) => c.replace(/\uE000/g, ',').replace(/\uE001/g, '.'));
  return clauses.find((c) => word !== undefined && tokenize(c).includes(word)) ?? text;
}

/** At least two of the criterion's content words, or one common name of the credential it names. */
function restates(criterion: string, questionText: string, answer: string, language: LanguageCode): boolean {
  const wanted = contentStems(criterion, language);
  const said = contentStems(answer, language);
  const shared = [...said].filter((s) => wanted.has(s)).length;
  if (shared >= Math.min(2, wanted.size)) return true;
  const answerTokens = tokenize(answer);
  const askedTokens = tokenize(`${criterion} ${questionText}`);
  return amountWordsFor(language).screening.some((s) =>
    s.credentialNames.some((group) => {
      const names = group.split('|');
      return findPhrases(askedTokens, names).length > 0 && findPhrases(answerTokens, names).length > 0;
    }),
  );
}
