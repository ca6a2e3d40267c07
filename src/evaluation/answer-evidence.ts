// Evidence a job answer offers besides the criterion matches (docs/evaluation.md,
// "Evidence rule"): the language it is written in (an answer in another
// language than the interview's is judged on its content), signals of depth (a
// mechanism explained, an example, a trade-off) and signals of error (a claim
// that contradicts a criterion: a criterion concept under a negation, or an
// absolute such as "no cost" or "never" where the criterion asks about costs).

import type { LanguageCode } from '../interviews/enums.js';
import {
  LANGUAGES,
  languageFor,
  normaliseText,
  splitClauses,
  STOP_WORDS,
  stemForms,
  tokenize,
  type CueTrigger,
} from '../languages/index.js';
import { findPhrases, maskPhrases } from './phrase-match.js';
import type { Rating } from './evaluation.types.js';
import { CUES } from './vocabulary.js';

/** Stop-word hits another language needs over the interview language's before the answer counts as written in it. */
const LANGUAGE_MARGIN = 2;
/** A negator this many words or fewer before a criterion word negates it ("is not shared", "ist nicht atomar"). */
const NEGATION_REACH = 3;
/** An opposite word this many words or fewer from a criterion word speaks of it ("easy to reproduce", "keine Obergrenze"). */
const OPPOSITE_REACH = 4;

const stopWordSets = new Map<LanguageCode, ReadonlySet<string>>(
  LANGUAGES.map((l) => [l.code, new Set(l.stopWords.flatMap((w) => normaliseText(w).split(/\s+/)).filter(Boolean))]),
);

/**
 * The language the answer is written in: the record whose stop words it uses
 * most, when that clearly beats the interview language; else the interview's.
 */
export function answerLanguage(answer: string, interviewLanguage: LanguageCode): LanguageCode {
  const tokens = tokenize(answer);
  const hits = (code: LanguageCode) => {
    const set = stopWordSets.get(code);
    return set ? tokens.filter((t) => set.has(t)).length : 0;
  };
  const own = hits(interviewLanguage);
  let best = interviewLanguage;
  let bestHits = own;
  for (const language of LANGUAGES) {
    const n = hits(language.code);
    if (n > bestHits) {
      best = language.code;
      bestHits = n;
    }
  }
  // Swiss German answered in a German interview (or the other way round) is the same language, in another variety.
  const family = (code: LanguageCode) => languageFor(code).variantOf ?? code;
  return bestHits >= own + LANGUAGE_MARGIN && family(best) !== family(interviewLanguage) ? best : interviewLanguage;
}

export interface DepthSignals {
  /** Explains how or why ("because", "so that", "weil"). */
  mechanism: boolean;
  /** Gives an example ("for example", "zum Beispiel"). */
  example: boolean;
  /** Names a trade-off, cost or alternative ("rather than", "the downside"). */
  tradeOff: boolean;
  count: number;
}

/** `isConcrete`: the answer names specifics (figures, named techniques, identifiers), which are an example in themselves. */
export function readDepth(answer: string, isConcrete = false): DepthSignals {
  const tokens = tokenize(answer);
  const has = (phrases: readonly string[]) => findPhrases(tokens, phrases).length > 0;
  const mechanism = has(CUES.reasoning);
  const example = has(CUES.example) || isConcrete;
  const tradeOff = has(CUES.tradeOff);
  return { mechanism, example, tradeOff, count: [mechanism, example, tradeOff].filter(Boolean).length };
}

export interface ErrorSignal {
  kind: 'negated_criterion' | 'absolute_against_cost' | 'opposite_claim' | 'swapped_fact' | 'never_claim';
  criterion: string;
  /** The answer's words that carry the claim. */
  words: string;
}

export interface CriterionEvidence {
  criterion: string;
  credit: number;
  /** The answer's words that matched the criterion (stems, concept groups, phrases). */
  matchedTerms: string[];
  /** Rubric-style ("States the outcome and what they learned"): the parts of the answer's shape it asks for, credited by cues. */
  asks?: readonly CueTrigger[];
}

interface NegationWords {
  negators: string[];
  masks: string[];
}

function negationWords(languages: readonly LanguageCode[]): NegationWords {
  const lexicons = [...new Set(languages)].map((code) => languageFor(code).lexicon);
  return {
    negators: lexicons.flatMap((l) => [...l.negators, ...l.no]),
    // Hedges, admitted gaps and affirmative idioms ("no problem", "not sure") qualify a claim rather than deny it.
    masks: lexicons.flatMap((l) => [...l.hedges, ...l.affirmIdioms, ...l.notYet]).concat(CUES.doesNotKnow, CUES.admittedGap),
  };
}

/**
 * Claims in the answer that contradict a criterion. A criterion word the
 * answer names only under a negation ("the cache is not invalidated" against
 * "Invalidates the cache") is an error, unless the criterion is itself a
 * negation or the answer also states it plainly; an absolute ("never",
 * "always", "no cost", "kostenlos") is an error against a criterion about
 * costs, limits or risks.
 */
export function readErrors(
  answer: string,
  criteria: readonly CriterionEvidence[],
  languages: readonly LanguageCode[],
  question = '',
): ErrorSignal[] {
  const words = negationWords(languages);
  const stems = (token: string) => [...new Set(languages.flatMap((code) => stemForms(token, code)))];
  // The question's words name the subject, not a claim about it: "vertikale Skalierung" is said plainly in an answer
  // that denies the criterion's "Obergrenze", and must not outweigh that denial.
  const questionStems = new Set(tokenize(question).flatMap(stems));
  const isQuestionWord = (term: readonly string[]) => term.every((t) => stems(t).some((f) => questionStems.has(f)));
  const errors: ErrorSignal[] = [];
  const clauses = splitClauses(answer).map((clause) => {
    const tokens = tokenize(clause);
    return { clause, tokens: maskPhrases(tokens, findPhrases(tokens, words.masks), '\u0000') };
  });
  const absolutes = clauses.flatMap(({ tokens }) =>
    findPhrases(tokens, CUES.absolutes)
      // "no cost", "for free" are about costs on their own; "never", "always" only in a clause that speaks of one.
      .filter((hit) => hit.end - hit.start > 1 || findPhrases(tokens, CUES.costTerms).length > 0)
      .map((hit) => quoteAround(tokens, hit.start, hit.end)),
  );
  const swapped = readSwapped(criteria, clauses, question, stems, words.negators);
  for (const c of criteria) {
    const criterionTokens = tokenize(c.criterion);
    const swap = swapped.get(c.criterion);
    if (swap) {
      errors.push({ kind: 'swapped_fact', criterion: c.criterion, words: swap });
      continue;
    }
    if (absolutes.length > 0 && findPhrases(criterionTokens, CUES.costTerms).length > 0) {
      errors.push({ kind: 'absolute_against_cost', criterion: c.criterion, words: absolutes[0] as string });
      continue;
    }
    if (c.credit === 0 || findPhrases(criterionTokens, words.negators).length > 0) continue;
    const terms = c.matchedTerms
      .filter((t) => !t.startsWith('~'))
      .map((t) => tokenize(t))
      .filter((t) => !isQuestionWord(t));
    const opposite = readOpposite(c, clauses, terms, stems, words.negators);
    if (opposite) {
      errors.push({ kind: 'opposite_claim', criterion: c.criterion, words: opposite });
      continue;
    }
    // A contradiction when the criterion's words the answer names stand under a negation at least as often as not.
    let negated: string | null = null;
    let negatedCount = 0;
    let plainCount = 0;
    for (const { tokens } of clauses) {
      for (const term of terms) {
        for (const hit of findPhrases(tokens, [term.join(' ')])) {
          const before = tokens.slice(Math.max(0, hit.start - NEGATION_REACH), hit.start);
          if (findPhrases(before, words.negators).length > 0) {
            negatedCount++;
            negated ??= quoteAround(tokens, hit.start - before.length, hit.end);
          } else plainCount++;
        }
      }
    }
    if (negated && negatedCount >= plainCount) errors.push({ kind: 'negated_criterion', criterion: c.criterion, words: negated });
  }
  return errors;
}

/**
 * "Easy to reproduce" against "hard to reproduce": a clause of the answer that
 * names one of the criterion's matched words and the opposite of a word the
 * criterion uses (cues.opposites), without that word itself and not under a
 * negation ("not easy" agrees with "hard"). The quoted words, or null.
 */
function readOpposite(
  c: CriterionEvidence,
  clauses: ReadonlyArray<{ tokens: string[] }>,
  terms: ReadonlyArray<readonly string[]>,
  stems: (token: string) => string[],
  negators: readonly string[],
): string | null {
  const criterionStems = new Set(tokenize(c.criterion).flatMap(stems));
  const says = (word: string) => stems(word).some((f) => criterionStems.has(f));
  const pairs = opposites().flatMap(([a, b]) => [
    [a, b],
    [b, a],
  ]);
  const wanted = pairs.filter(([claimed, opposite]) => says(claimed as string) && !says(opposite as string));
  if (wanted.length === 0) return null;
  for (const { tokens } of clauses) {
    const tokenStems = tokens.map((t) => new Set(stems(t)));
    const at = (word: string) =>
      tokenStems.findIndex((forms, i) => stems(word).some((f) => forms.has(f)) || isComparativeOf(tokens[i] as string, word));
    for (const [claimed, opposite] of wanted) {
      const i = at(opposite as string);
      if (i < 0 || at(claimed as string) >= 0) continue;
      if (findPhrases(tokens.slice(Math.max(0, i - NEGATION_REACH), i), negators).length > 0) continue;
      // About the same thing: one of the criterion's matched words a few words away ("easy to reproduce").
      const aboutIt = terms.some(
        (term) =>
          !term.includes(opposite as string) &&
          findPhrases(tokens, [term.join(' ')]).some((hit) => hit.start - i <= OPPOSITE_REACH && i - hit.end < OPPOSITE_REACH),
      );
      if (aboutIt) return quoteAround(tokens, i, i + 1);
    }
  }
  return null;
}

/** Comparative endings of the Latin-script languages: "faster", "schneller", "hurtigere", "snabbare", "slower". */
const COMPARATIVE = /^(?:er|r|ere|are|re)$/;

/**
 * "faster" is a form of "fast" to an opposite ("slow down" against "faster"): the word and a comparative ending. Stemmers
 * keep comparatives whole; words of four letters or more only, so "later" is no form of "lat".
 */
function isComparativeOf(token: string, word: string): boolean {
  return word.length >= 4 && token.length > word.length && token.startsWith(word) && COMPARATIVE.test(token.slice(word.length));
}

/** A criterion word this many tokens or fewer after the compared thing a clause is about ("UDP ist ebenfalls verbindungsorientiert"). */
const SWAP_REACH = 4;

/**
 * Swapped facts in an answer to a comparison ("the difference between TCP and UDP", "processes and threads"): the
 * things compared are the question's words that some criteria name and others do not. A clause about one of them
 * that says, without a negation, a word only the criteria about another one use ("UDP ist ebenfalls
 * verbindungsorientiert" against "TCP ist verbindungsorientiert") attributes that fact to the wrong thing. By
 * criterion, the quoted words.
 */
function readSwapped(
  criteria: readonly CriterionEvidence[],
  clauses: ReadonlyArray<{ tokens: string[] }>,
  question: string,
  stems: (token: string) => string[],
  negators: readonly string[],
): Map<string, string> {
  const found = new Map<string, string>();
  const stemSet = (tokens: readonly string[]) => new Set(tokens.flatMap(stems));
  const content = (text: string) => tokenize(text).filter((t) => !STOP_WORDS.has(t) && t.length > 1);
  const criterionStems = criteria.map((c) => stemSet(content(c.criterion)));
  const names = (forms: ReadonlySet<string>, entity: string) => stems(entity).some((f) => forms.has(f));
  const entities = [...new Set(content(question))].filter((e) => {
    const naming = criterionStems.filter((forms) => names(forms, e)).length;
    return naming > 0 && naming < criteria.length;
  });
  if (entities.length < 2 || !namesTogether(entities, tokenize(question), criterionStems, stems, names)) return found;
  const entityStems = stemSet(entities);
  const questionStems = stemSet(content(question));
  criteria.forEach((c, i) => {
    const own = entities.filter((e) => names(criterionStems[i] as Set<string>, e));
    if (c.credit === 0 || own.length === 0) return;
    for (const { tokens } of clauses) {
      if (findPhrases(tokens, negators).length > 0) continue;
      const about = entities.filter((e) => tokens.some((t) => stems(t).some((f) => stems(e).includes(f))));
      if (about.length === 0 || about.some((e) => own.includes(e))) continue;
      // Words of this criterion that no criterion about the clause's subject uses, nor the question.
      const others = criterionStems.filter((forms) => about.some((e) => names(forms, e)));
      const isOwnWord = (t: string) =>
        stems(t).some((f) => (criterionStems[i] as Set<string>).has(f)) &&
        !stems(t).some((f) => entityStems.has(f) || questionStems.has(f) || others.some((forms) => forms.has(f)));
      const subject = tokens.findIndex((t) => stems(t).some((f) => about.some((e) => stems(e).includes(f))));
      const at = tokens.findIndex((t, k) => k > subject && k - subject <= SWAP_REACH && !STOP_WORDS.has(t) && isOwnWord(t));
      if (at >= 0 && !found.has(c.criterion)) found.set(c.criterion, quoteAround(tokens, subject, at + 1));
    }
  });
  return found;
}

/**
 * Things compared are named this many words apart or fewer in the question ("TCP and UDP", "a process rather than a
 * thread", "التشفير (encryption) والتجزئة").
 */
const COMPARED_REACH = 4;

/**
 * A comparison names the things it compares side by side: two of the question's words, a few words apart, that
 * different criteria speak of ("the difference between TCP and UDP", "FIFO og FEFO"). Words the same criteria speak of
 * name one thing ("رسالة الخطأ", the error message), and words far apart in a scenario ("thirty tickets ... the same
 * error message") compare nothing: a clause about one of them is no swapped fact.
 */
function namesTogether(
  entities: readonly string[],
  questionTokens: readonly string[],
  criterionStems: ReadonlyArray<ReadonlySet<string>>,
  stems: (token: string) => string[],
  names: (forms: ReadonlySet<string>, entity: string) => boolean,
): boolean {
  const positions = entities.map((e) => questionTokens.flatMap((t, k) => (stems(t).some((f) => stems(e).includes(f)) ? [k] : [])));
  const namedBy = entities.map((e) => criterionStems.map((forms) => names(forms, e)).join());
  return positions.some((a, x) =>
    positions.some((b, y) => namedBy[x] !== namedBy[y] && a.some((i) => b.some((j) => Math.abs(i - j) <= COMPARED_REACH))),
  );
}

let oppositePairs: Array<[string, string]> | null = null;

function opposites(): Array<[string, string]> {
  oppositePairs ??= CUES.opposites
    .map((pair) => tokenize(pair))
    .filter((pair) => pair.length === 2)
    .map((pair) => [pair[0] as string, pair[1] as string]);
  return oppositePairs;
}

function quoteAround(tokens: readonly string[], start: number, end: number): string {
  return tokens.slice(Math.max(0, start - 2), Math.min(tokens.length, end + 2)).join(' ');
}

export interface EvidenceVerdict {
  rating: Rating;
  /** Thin (only partial matches) or conflicting (an error beside correct parts): the rating is tentative. */
  tentative: boolean;
}

export interface EvidenceInput {
  /** The rating of the score and its overrides. */
  rating: Rating;
  criteria: readonly CriterionEvidence[];
  errors: readonly ErrorSignal[];
  depth: DepthSignals;
  /** Keyword list, steering the grade, "I don't know": nothing in the answer counts. */
  disqualified: boolean;
  /** Admitted gaps, deflection, a confident claim covering under half: it cannot be complete. */
  reserved: boolean;
  /** The depth the question type asks for (behavioural: own actions with a lesson or a number). */
  typeDepth: boolean;
  /** Content words against what the level and difficulty call for (1: as long as asked, or longer). */
  elaboration: number;
  /** Written in another language than the interview's: only the words the records connect could be matched. */
  isOtherLanguage: boolean;
  /** Asserts with certainty ("obviously", "no downside", "ganz klar"): an error said so is confidently wrong. */
  isCertain?: boolean;
}

/**
 * EXCELLENT, by any path, needs an answer a quarter longer than the length asked: the depth that sets it apart (a
 * mechanism, an example, a trade-off) takes room, and a short answer that names every point is GOOD.
 */
export const EXCELLENT_LENGTH = 1.25;

/** An answer in another language this long (against what is asked) with a signal of depth engages with the question. */
const OTHER_LANGUAGE_ENGAGED = 0.6;

/**
 * Partial: with few criteria (three or fewer) each is a large part of the answer, and meeting half of them or less
 * is a partial answer, OKAY, unless the answer goes further than asked (a signal of depth at the top grade's length) and
 * leaves no criterion that asks for an outcome or a lesson (`OUTCOME_CUES`) untouched.
 */
export const PARTIAL = { maxCriteria: 3, coverage: 0.5 } as const;

/** What a story comes to: the parts of its shape that length and depth elsewhere do not make up for. */
const OUTCOME_CUES: readonly CueTrigger[] = ['result', 'lesson'];

function asksForOutcome(criterion: CriterionEvidence): boolean {
  return criterion.asks?.some((cue) => OUTCOME_CUES.includes(cue)) ?? false;
}

/**
 * Rich: nearly every criterion touched, and half of them in full or every one at least in part (a paraphrase meets
 * each criterion in other words), in an answer long enough for the top grade, with two signals of depth.
 */
export const RICH = { touched: 0.75, full: 0.5, elaboration: EXCELLENT_LENGTH, depth: 2 } as const;

/** Deep: all three signals of depth, as long as asked, half the criteria touched: one grade above the words' rating. */
export const DEEP = { touched: 0.5, elaboration: 1, depth: 3 } as const;

/**
 * Explained: two signals of depth (a mechanism, an example, a trade-off) in an answer as long as asked. They are read on
 * the answer's own words, not on the criteria's, so they hold where a paraphrase names few criterion words: such an answer
 * explains rather than touches, and is neither superficial nor partial (rule 11).
 */
export const EXPLAINED = { depth: 2, elaboration: 1 } as const;

const ORDER: readonly Rating[] = ['SUBOPTIMAL', 'OKAY', 'GOOD', 'EXCELLENT'];
const atLeast = (rating: Rating, floor: Rating): Rating => (ORDER.indexOf(rating) >= ORDER.indexOf(floor) ? rating : floor);
const atMost = (rating: Rating, cap: Rating): Rating => (ORDER.indexOf(rating) <= ORDER.indexOf(cap) ? rating : cap);

/**
 * The documented rule (docs/evaluation.md, "Evidence rule"): an error with
 * nothing else met, or asserted with certainty, is SUBOPTIMAL, an error beside correct parts OKAY; every
 * criterion met is at least GOOD whatever the length, and EXCELLENT with two
 * signals of depth; otherwise the score's rating stands.
 */
export function applyEvidenceRule(x: EvidenceInput): EvidenceVerdict {
  const weighed = weighEvidence(x);
  // All three signals of depth (a mechanism, an example, a trade-off) are the room's purpose: such an answer needs no more.
  const isShort = x.elaboration < EXCELLENT_LENGTH && x.depth.count < 3;
  const n = x.criteria.length;
  const coverage = n === 0 ? 0 : x.criteria.reduce((sum, c) => sum + c.credit, 0) / n;
  const isPartial =
    n > 0 &&
    n <= PARTIAL.maxCriteria &&
    coverage <= PARTIAL.coverage &&
    // A criterion that asks for an outcome or a lesson is met by that part of the story, not by words: left untouched,
    // that part is missing, and length and depth elsewhere do not make up for it.
    !(x.depth.count > 0 && x.elaboration >= EXCELLENT_LENGTH && !x.criteria.some((c) => c.credit === 0 && asksForOutcome(c))) &&
    !isExplained(x);
  const verdict =
    weighed.rating === 'EXCELLENT' && isShort
      ? { ...weighed, rating: 'GOOD' as const }
      : weighed.rating === 'GOOD' && isPartial
        ? { ...weighed, rating: 'OKAY' as const }
        : weighed;
  // Thin or conflicting evidence leans to the middle grades: a rating that rests on partial matching (another
  // language, only partial credits) is not certain enough for the top grade. The report says "Needs further
  // assessment" when such ratings are half the interview or more (job-evaluation.ts, leanOnEvidence).
  return verdict.tentative && verdict.rating === 'EXCELLENT' ? { rating: 'GOOD', tentative: true } : verdict;
}

function weighEvidence(x: EvidenceInput): EvidenceVerdict {
  const met = x.criteria.filter((c) => c.credit > 0).length;
  const full = x.criteria.filter((c) => c.credit === 1).length;
  const thin = met > 0 && full === 0;
  if (x.disqualified) return { rating: 'SUBOPTIMAL', tentative: false };
  if (x.errors.length > 0) {
    // An error asserted with certainty is confidently wrong, whatever else is right: the candidate cannot tell the two apart.
    if (met === 0 || x.isCertain) return { rating: 'SUBOPTIMAL', tentative: false };
    return { rating: atMost(atLeast(x.rating, 'OKAY'), 'OKAY'), tentative: true };
  }
  if (x.criteria.length > 0 && full === x.criteria.length && !x.reserved) {
    // Comprehensive needs room: a one-line answer that names every point is GOOD (short but correct), not EXCELLENT.
    // In another language the match rests on the words the records connect: the rating stands, but tentative.
    const excellent = x.depth.count >= 2 && x.typeDepth && x.elaboration >= EXCELLENT_LENGTH;
    return { rating: excellent ? 'EXCELLENT' : atLeast(x.rating, 'GOOD'), tentative: x.isOtherLanguage };
  }
  // Examples and trade-offs around criteria met in other words: the depth is the evidence the words alone miss.
  const n = x.criteria.length;
  const rich =
    n > 0 &&
    met >= RICH.touched * n &&
    (full >= RICH.full * n || met === n) &&
    x.elaboration >= RICH.elaboration &&
    x.depth.count >= RICH.depth &&
    x.typeDepth &&
    !x.reserved;
  if (x.rating === 'GOOD' && rich) return { rating: 'EXCELLENT', tentative: false };
  // A mechanism, an example and a trade-off in an answer as long as asked, about half the criteria or more: the
  // candidate says in their own words what the criteria spell out. One grade up, since the words alone undersell it.
  const deep =
    n > 0 &&
    met >= DEEP.touched * n &&
    x.elaboration >= DEEP.elaboration &&
    x.depth.count >= DEEP.depth &&
    x.typeDepth &&
    !x.reserved &&
    !x.isOtherLanguage;
  if (deep && x.rating !== 'SUBOPTIMAL')
    return { rating: ORDER[Math.min(ORDER.indexOf(x.rating) + 1, ORDER.length - 1)] as Rating, tentative: false };
  // Criterion words the answer does not name are not missing content when it explains in its own words: a superficial
  // rating (OKAY) is GOOD. Tentative, since the rating rests on the depth rather than on criteria matched word by word.
  if (x.rating === 'OKAY' && isExplained(x)) return { rating: 'GOOD', tentative: true };
  if (x.isOtherLanguage) {
    // Unmatched words in another language are not missing content: an answer of the length asked
    // that explains something is at least OKAY, and the rating says it rests on partial matching.
    const engaged = x.elaboration >= OTHER_LANGUAGE_ENGAGED && x.depth.count > 0 && !x.reserved;
    return { rating: engaged ? atLeast(x.rating, 'OKAY') : x.rating, tentative: true };
  }
  return { rating: x.rating, tentative: thin && x.rating !== 'SUBOPTIMAL' };
}

/** Rule 11: two signals of depth at the length asked, with the depth the question type asks for and no reservation. */
function isExplained(x: EvidenceInput): boolean {
  // With a criterion met in full the answer speaks the criteria's words, so one it leaves untouched is missing, not paraphrased.
  const paraphrases = x.criteria.every((c) => c.credit < 1);
  return paraphrases && x.depth.count >= EXPLAINED.depth && x.elaboration >= EXPLAINED.elaboration && x.typeDepth && !x.reserved;
}
