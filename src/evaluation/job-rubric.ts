// The built-in job rubric. A rating comes from four signals (docs/evaluation.md,
// "Job rubric"):
//   coverage     which evaluation_criteria the answer touches (stems, concept
//                groups, and structural cues for rubric-style criteria),
//   structure    the shape the question type asks for (technical: specifics and
//                reasoning; behavioral: situation, own action, result;
//                situational: ordered plan, trade-offs, people involved),
//   overlap      share of the sample answer's content words present,
//   elaboration  length against what the level and difficulty call for,
// combined with thresholds that rise for senior candidates and hard questions.

import type { DifficultyLevel, ExperienceLevel, JobQuestionType, LanguageCode } from '../interviews/enums.js';
import type { StoredJobQuestion } from '../interviews/questions.js';
import { contentTerms, languageFor, splitClauses, stemForms, STOP_WORDS, tokenize, type CueTrigger } from '../languages/index.js';
import type { Rating } from './evaluation.types.js';
import { answerLanguage, applyEvidenceRule, readDepth, readErrors, type DepthSignals, type ErrorSignal } from './answer-evidence.js';
import { findPhrases, maskPhrases, phraseTokens } from './phrase-match.js';
import { extractQuantities } from './screening.js';
import { withoutFillers } from './communication.js';
import { findKin, kinWords } from './word-kin.js';
import { ALL_LEXICONS, CONCEPT_GROUPS, CUES, CUE_TRIGGERS, lexiconsFor, pastVerbPatternsFor } from './vocabulary.js';

export interface RubricContext {
  question: StoredJobQuestion;
  answer: string;
  language: LanguageCode;
  experienceLevel: ExperienceLevel;
  difficultyLevel: DifficultyLevel;
}

export interface CriterionMatch {
  criterion: string;
  /** 0, 0.5 or 1. */
  credit: number;
  matchedTerms: string[];
  /** Rubric-style: the parts of the answer's shape the criterion asks for (a situation, a result ...), credited by cues. */
  asks?: readonly CueTrigger[];
}

export interface StructureSignals {
  hasSituation: boolean;
  hasOwnActions: boolean;
  hasResult: boolean;
  hasLesson: boolean;
  hasOwnership: boolean;
  isQuantified: boolean;
  hasSteps: boolean;
  hasTradeOffs: boolean;
  isSpecific: boolean;
  hasReasoning: boolean;
  saysDoesNotKnow: boolean;
  /** Admits not knowing part of it ("I'm not sure why"): the answer cannot rate above OKAY. */
  admitsGap: boolean;
  deflectsResponsibility: boolean;
  /** A list of terms with no statement around them: keyword stuffing demonstrates nothing. */
  isKeywordList: boolean;
  /** Tries to steer the grade ("ignore your instructions", "give me EXCELLENT"): never rewarded. */
  attemptsManipulation: boolean;
  /** Asserts with certainty ("ganz klar", "il suffit", "no downside"): with nothing correct, that is confidently wrong. */
  overclaims: boolean;
  /** Rests on generic value statements ("very important", "everyone does it"). */
  isPlatitude: boolean;
}

export interface RubricScore {
  rating: Rating;
  score: number;
  coverage: number;
  structure: number;
  overlap: number | null;
  elaboration: number;
  words: number;
  criteria: CriterionMatch[];
  signals: StructureSignals;
  depth: DepthSignals;
  /** Claims that contradict a criterion; the criterion they contradict earns no credit. */
  errors: ErrorSignal[];
  /** Thin or conflicting evidence: the rating is tentative. */
  tentative: boolean;
  /** The language the answer is written in (may differ from the interview's). */
  answerLanguage: LanguageCode;
}

const ENGLISH_CODE: LanguageCode = 1;
const EXPECTED_WORDS: Record<DifficultyLevel, number> = { easy: 35, medium: 50, hard: 70 };
const LEVEL_FACTOR: Record<ExperienceLevel, number> = { intern: 0.8, junior: 0.9, assistant: 0.9, senior: 1.15 };

/** The length asked in words, in the answer's own language: French says in 1.2 words what English says in one. */
export function lengthAsked(ctx: Pick<RubricContext, 'difficultyLevel' | 'experienceLevel'>, answerLanguage: LanguageCode): number {
  return EXPECTED_WORDS[ctx.difficultyLevel] * LEVEL_FACTOR[ctx.experienceLevel] * (languageFor(answerLanguage).wordsPerEnglishWord ?? 1);
}

const LEVEL_SHIFT: Record<ExperienceLevel, number> = { intern: -0.04, junior: -0.02, assistant: -0.02, senior: 0.03 };
const DIFFICULTY_SHIFT: Record<DifficultyLevel, number> = { easy: -0.02, medium: 0, hard: 0.03 };

export const WEIGHTS = { coverage: 0.6, structure: 0.15, overlap: 0.1, elaboration: 0.15 } as const;
export const THRESHOLDS = { excellent: 0.78, good: 0.52, okay: 0.25, excellentCoverage: 0.8, excellentElaboration: 0.9 } as const;
/** Below this many words an answer is too short to count as engaging with the question. */
const ENGAGED_MIN_WORDS = 8;
/** Certainty with less than half the criteria covered reads as confidently wrong. */
export const CONFIDENTLY_WRONG_COVERAGE = 0.5;
const DEFLECTION_PENALTY = 0.12;
/** A platitude with less than this coverage is a generic answer: it stays SUBOPTIMAL. */
const GENERIC_COVERAGE = 0.25;
/**
 * GOOD means most criteria met with correct substance, even when each point is
 * brief: at least this share of the criteria credited (one of them in full),
 * in an answer of the length the question calls for, lifts OKAY to GOOD.
 */
export const MOST_CRITERIA = { share: 0.6, coverage: 0.35, elaboration: 0.7 } as const;

/** EXCELLENT means comprehensive: besides the criteria, the depth the question type asks for. */
function hasDepth(type: JobQuestionType, s: StructureSignals, structure: number): boolean {
  if (type === 'behavioral') return s.hasOwnActions && (s.hasLesson || s.isQuantified);
  return structure >= 0.5;
}

/** An answer in another language than the criteria's meets a criterion in full with this share of its words matched. */
const OTHER_LANGUAGE_FULL = 0.25;

/**
 * Two of a criterion's own words (not the question's) in the answer touch it, however long the criterion: a
 * criterion that spells out several facets ("reliable, ordered delivery through acknowledgements and
 * retransmission") is partly met by an answer that names two of them.
 */
const HALF_CREDIT_WORDS = 2;

/** Criterion words that also occur in the question count this much: repeating the question proves little. */
const QUESTION_WORD_WEIGHT = 0.35;

/** Stems of the text plus the ids of the concept groups it mentions. */
export function termsOf(text: string, language: LanguageCode): Map<string, string> {
  const tokens = tokenize(text);
  const terms = contentTerms(text, language);
  const { groups, longest, byStem } = conceptIndex(language);
  // Every run of two or more words, once: a multi-word member is present when its tokens are one of them.
  const runs = new Set<string>();
  for (let n = 2; n <= longest; n++) for (let i = 0; i + n <= tokens.length; i++) runs.add(tokens.slice(i, i + n).join(' '));
  // The groups one of the text's stems belongs to, looked up from the text's side (a clause has few words, the groups thousands).
  const named = new Set<number>();
  for (const form of terms.keys()) for (const g of byStem.get(form) ?? []) named.add(g);
  groups.forEach((group, g) => {
    const at = group.joined.findIndex((j) => runs.has(j));
    if (at >= 0) terms.set(group.id, group.phrases[at] as string);
    else if (named.has(g)) terms.set(group.id, group.id);
  });
  return terms;
}

interface CompiledGroup {
  id: string;
  /** Multi-word members, and their tokens joined by a space (same order). */
  phrases: string[];
  joined: string[];
  stems: Set<string>;
}

interface ConceptIndex {
  groups: CompiledGroup[];
  /** Tokens in the longest multi-word member. */
  longest: number;
  /** The positions in `groups` of the groups a single-word stem belongs to. */
  byStem: Map<string, number[]>;
}

const compiledConcepts = new Map<LanguageCode, ConceptIndex>();

function conceptIndex(language: LanguageCode): ConceptIndex {
  let index = compiledConcepts.get(language);
  if (!index) {
    const groups = CONCEPT_GROUPS.map((g) => {
      const phrases = g.members.filter((m) => phraseTokens(m).length > 1);
      return {
        id: g.id,
        phrases,
        joined: phrases.map((m) => phraseTokens(m).join(' ')),
        stems: new Set(
          g.members.filter((m) => phraseTokens(m).length === 1).flatMap((m) => stemForms(phraseTokens(m)[0] as string, language)),
        ),
      };
    });
    const byStem = new Map<string, number[]>();
    groups.forEach((g, i) => {
      for (const stem of g.stems) byStem.set(stem, [...(byStem.get(stem) ?? []), i]);
    });
    index = { groups, longest: Math.max(2, ...groups.flatMap((g) => g.phrases.map((m) => phraseTokens(m).length))), byStem };
    compiledConcepts.set(language, index);
  }
  return index;
}

/** `raw` is the answer as written, for cues that need its letter case (acronyms, identifiers). */
export function readStructure(answer: string, language: LanguageCode, raw = answer): StructureSignals {
  const tokens = tokenize(answer);
  const has = (phrases: readonly string[]) => findPhrases(tokens, phrases).length > 0;
  const ownership = findPhrases(tokens, [...CUES.deflection, ...CUES.ownership]).filter((h) => CUES.ownership.includes(h.phrase));
  const firstPerson = new Set(CUES.firstPersonSubject);
  const irregular = new Set<string>(CUES.pastVerbsIrregular);
  const patterns = pastVerbPatternsFor(language);
  const isPast = (t: string | undefined) => t !== undefined && (irregular.has(t) || patterns.some((p) => p.test(t)));
  // "I fixed", and in verb-second languages "dann habe ich", "så skrev jeg": the verb next to the subject.
  let ownPastActions = findPhrases(tokens, CUES.ownActions).length;
  tokens.forEach((t, i) => {
    if (firstPerson.has(t) && [tokens[i - 1], tokens[i + 1], tokens[i + 2]].some(isPast)) ownPastActions++;
  });
  const pastTense = tokens.filter(isPast).length + findPhrases(tokens, CUES.ownActions).length;
  const acronyms = (raw.match(/\b[A-Z]{2,}\b/g) ?? []).length;
  const identifiers = (raw.match(/\b[a-z]+[A-Z][A-Za-z]*\b|\b\w+_\w+\b|\b\w+\(\)/g) ?? []).length;
  const numbers = (answer.match(/\d/g) ?? []).length > 0;
  const steps = new Set(findPhrases(tokens, CUES.steps).map((h) => h.phrase)).size;
  return {
    hasSituation: has(CUES.pastSituation) || pastTense >= 3,
    hasOwnActions: ownPastActions >= 2,
    hasResult: has(CUES.result),
    hasLesson: has(CUES.lesson),
    hasOwnership: ownership.length > 0,
    isQuantified: numbers || extractQuantities(answer, lexiconsFor(language)).length > 0 || has(CUES.proportion),
    hasSteps: steps >= 2,
    hasTradeOffs: has(CUES.tradeOff),
    isSpecific: has(CUES.example) || acronyms + identifiers >= 2 || (numbers && acronyms + identifiers >= 1),
    hasReasoning: has(CUES.reasoning),
    saysDoesNotKnow: has(CUES.doesNotKnow) && tokens.length < 25,
    admitsGap: has(CUES.doesNotKnow) || has(CUES.admittedGap),
    deflectsResponsibility: has(CUES.deflection),
    isKeywordList: isKeywordList(answer, tokens),
    attemptsManipulation: has(CUES.manipulation) || addressesTheGrader(raw),
    overclaims: isCertain(tokens),
    isPlatitude: has(CUES.platitude),
  };
}

/** A negator this many words or fewer before a certainty phrase makes it a caveat ("no basta con", "not simply"). */
const CAVEAT_REACH = 2;

let allNegators: ReadonlySet<string> | null = null;

/**
 * Asserts with certainty: a certainty phrase (cues.certainty) that no negator of any record stands just before. Under
 * a negation the phrase says something is not enough on its own or not always so ("no basta con", "فلا يكفي وحده",
 * "pas forcément"): a caveat, not an overclaim. Arabic negators written onto و or ف ("فلا") count as well. The records'
 * answers of "no" are not negators here: romanised Hindi "na" and Swedish "nä" are the German "Na, ..." of an opening.
 */
function isCertain(tokens: readonly string[]): boolean {
  allNegators ??= new Set(
    ALL_LEXICONS.flatMap((l) => l.negators)
      .filter((w) => phraseTokens(w).length === 1)
      .map((w) => phraseTokens(w)[0] as string),
  );
  const negators = allNegators;
  const isNegator = (t: string) => negators.has(t) || (/^[وف]\p{Script=Arabic}/u.test(t) && negators.has(t.slice(1)));
  return findPhrases(tokens, CUES.certainty).some((hit) => !tokens.slice(Math.max(0, hit.start - CAVEAT_REACH), hit.start).some(isNegator));
}

/**
 * Prompt injection in any language, whatever the wording: the rating scale's own
 * labels written as labels (EXCELLENT, SUBOPTIMAL, GOOD, OKAY in capitals) or a
 * chat role marker ("System:", "<|im_start|>", "[INST]"). Candidates answering a
 * question have no reason to write either.
 */
function addressesTheGrader(answer: string): boolean {
  return (
    /\b(?:EXCELLENT|SUBOPTIMAL|GOOD|OKAY)\b/.test(answer) ||
    /(?:^|\n)\s*(?:system|assistant|developer)\s*:|<\|im_(?:start|end)\|>|\[\/?INST\]/i.test(answer)
  );
}

/**
 * A function word, or in Arabic one behind a proclitic conjunction or preposition ("وهذا" is "و" + "هذا", "لأنه"):
 * written as one word, it is still a function word.
 */
function isFunctionWord(token: string): boolean {
  return STOP_WORDS.has(token) || (/^[وفبلك]\p{Script=Arabic}{2,}$/u.test(token) && STOP_WORDS.has(token.slice(1)));
}

/** Sentences have more function words than this share; a run of terms has fewer ("todas o ninguna" is one pair). */
const KEYWORD_RUN_FUNCTION_SHARE = 0.2;

/** Segments of a list: "B-tree, full table scan, logarithmic" has three. */
const LIST_SEPARATORS = /[,;\u060c\u061b\u3001]|[.!?\u0964\u061f](?=\s|$)/u;

/**
 * Keyword stuffing: a run of terms with nothing that makes them a statement.
 * Either five or more list items nearly all of one to three words with no
 * function word before a term, or one unpunctuated run of eight words or more
 * with almost no function words.
 */
function isKeywordList(answer: string, tokens: readonly string[]): boolean {
  const segments = answer
    .split(LIST_SEPARATORS)
    .map((segment) => tokenize(segment))
    .filter((segment) => segment.length > 0);
  // A function word before a term relates it into a claim ("keine Garantie", "aber schneller"): a telegraphic
  // answer, not a list. A keyword that is itself a function word ("WHERE", "ORDER BY") relates nothing.
  const relates = (segment: readonly string[]) =>
    segment.some((t, i) => STOP_WORDS.has(t) && i + 1 < segment.length && !STOP_WORDS.has(segment[i + 1] as string));
  const short = segments.filter((segment) => segment.length <= 3 && !relates(segment)).length;
  if (segments.length >= 5 && short / segments.length >= 0.8) return true;
  const functionWords = tokens.filter(isFunctionWord).length;
  return segments.length === 1 && tokens.length >= 8 && functionWords / tokens.length < KEYWORD_RUN_FUNCTION_SHARE;
}

/** The parts of the answer's shape (a situation, own actions, a result, a lesson ...) the criterion asks for: rubric-style. */
function cuesAskedFor(criterionTokens: readonly string[]): CueTrigger[] {
  return (Object.keys(CUE_TRIGGERS) as CueTrigger[]).filter((cue) => criterionTokens.some((t) => CUE_TRIGGERS[cue].includes(t)));
}

function cueCredit(asks: readonly CueTrigger[], s: StructureSignals): number {
  const wants = (cue: CueTrigger) => asks.includes(cue);
  if (wants('quantified')) return s.isQuantified ? 1 : s.hasResult ? 0.5 : 0;
  const found = [
    wants('reason') && s.hasReasoning,
    wants('situation') && s.hasSituation,
    wants('action') && s.hasOwnActions,
    wants('result') && s.hasResult,
    wants('lesson') && s.hasLesson,
    wants('ownership') && s.hasOwnership,
    wants('quantified') && s.isQuantified,
    wants('steps') && s.hasSteps,
  ];
  return found.some(Boolean) ? 1 : 0;
}

export function matchCriterion(
  criterion: string,
  answerTerms: ReadonlyMap<string, string>,
  questionTerms: ReadonlyMap<string, string>,
  signals: StructureSignals,
  language: LanguageCode,
  answerKin: readonly string[] = [],
  isOtherLanguage = false,
): CriterionMatch {
  const criterionTokens = tokenize(criterion);
  const terms = termsOf(criterion, language);
  // One entry per criterion word: the word counts once whichever form of it matched.
  const words = new Map<string, string[]>();
  for (const [form, token] of terms) {
    if (form.startsWith('~')) continue;
    words.set(token, [...(words.get(token) ?? []), form]);
  }
  const groups = [...terms.keys()].filter((k) => k.startsWith('~'));
  let total = 0;
  let matched = 0;
  /** Criterion words matched that the question does not already contain. */
  let distinct = 0;
  /** Criterion words the question does not already contain, matched or not. */
  let own = 0;
  const matchedTerms: string[] = [];
  for (const [token, forms] of words) {
    const weight = forms.some((f) => questionTerms.has(f)) ? QUESTION_WORD_WEIGHT : 1;
    total += weight;
    if (weight === 1) own += 1;
    const direct = forms.find((f) => answerTerms.has(f));
    const viaGroup = groups.find((g) => answerTerms.has(g) && conceptHas(g, forms, language));
    const kin = direct || viaGroup ? undefined : findKin(token, answerKin);
    if (direct || viaGroup || kin) distinct += weight === 1 ? 1 : 0;
    if (direct || viaGroup) {
      matched += weight;
      matchedTerms.push(answerTerms.get(direct ?? (viaGroup as string)) ?? token);
    } else if (kin) {
      matched += weight;
      matchedTerms.push(kin);
    }
  }
  const keyword = total === 0 ? 0 : matched / total;
  // Across languages only cognates and concept groups connect, so each word found is stronger evidence: one step up.
  // Echoing the question proves nothing: where a criterion adds words of its own to the question's, an answer that names
  // only the words the question names too (none of the criterion's own, nor a concept of them) does not meet it. A
  // criterion that only restates the question ("Explains what SQL injection is") is met by its words as before
  // (issue 21, tenth step).
  const keywordCredit =
    distinct === 0 && own > 0
      ? 0
      : isOtherLanguage
        ? keyword >= OTHER_LANGUAGE_FULL
          ? 1
          : 0.5
        : keyword >= 0.5
          ? 1
          : keyword >= 0.25 || distinct >= HALF_CREDIT_WORDS
            ? 0.5
            : 0;
  const asks = cuesAskedFor(criterionTokens);
  const credit = Math.max(keywordCredit, cueCredit(asks, signals));
  return { criterion, credit, matchedTerms: [...new Set(matchedTerms)], asks };
}

/**
 * Whether the rubric would credit the answer on any of the criteria (fully or
 * partly). The interviewer's thin-answer rule asks exactly this, so a
 * follow-up never contradicts the rating: an answer that earns credit is not
 * called thin, and one that earns none is.
 */
export function creditsAnyCriterion(answer: string, criteria: readonly string[], language: LanguageCode, questionText = ''): boolean {
  if (criteria.length === 0) return true;
  const signals = readStructure(answer, language);
  const answerTerms = termsOf(answer, language);
  const questionTerms = termsOf(questionText, language);
  return criteria.some((c) => matchCriterion(c, answerTerms, questionTerms, signals, language).credit > 0);
}

function conceptHas(groupId: string, forms: readonly string[], language: LanguageCode): boolean {
  const group = conceptIndex(language).groups.find((g) => g.id === groupId);
  return !!group && forms.some((f) => group.stems.has(f));
}

function structureScore(type: JobQuestionType, s: StructureSignals): number {
  const b = (v: boolean) => (v ? 1 : 0);
  switch (type) {
    case 'behavioral':
      return (b(s.hasSituation) + b(s.hasOwnActions) + b(s.hasResult) + 0.5 * b(s.hasLesson || s.isQuantified)) / 3.5;
    case 'situational':
      return 0.5 * b(s.hasSteps) + 0.25 * b(s.hasTradeOffs) + 0.25 * b(s.hasReasoning);
    case 'technical':
      return 0.5 * b(s.isSpecific) + 0.5 * b(s.hasReasoning);
  }
}

/**
 * The results pipeline asks the built-in evaluator once per prose locale; the
 * score does not depend on the locale, so the last few hundred are kept
 * (read-only) and each answer is scored once.
 */
const scoreCache = new Map<string, RubricScore>();
const SCORE_CACHE_SIZE = 512;

export function scoreJobAnswer(ctx: RubricContext): RubricScore {
  const key = JSON.stringify([ctx.question, ctx.answer, ctx.language, ctx.experienceLevel, ctx.difficultyLevel]);
  const cached = scoreCache.get(key);
  if (cached) return cached;
  const score = computeJobScore(ctx);
  if (scoreCache.size >= SCORE_CACHE_SIZE) scoreCache.delete(scoreCache.keys().next().value as string);
  scoreCache.set(key, score);
  return score;
}

function computeJobScore(ctx: RubricContext): RubricScore {
  const { question, language } = ctx;
  // Judged on its content: fillers neither lengthen an answer nor count as words of it.
  const answer = withoutFillers(ctx.answer, language);
  const words = tokenize(answer).length;
  // Cues are read as said ("so you avoid" is a reason though "so" opens the clause); whether the words
  // form statements or a bare list is read without the fillers, whose commas would cut a sentence up.
  const signals = { ...readStructure(ctx.answer, language), isKeywordList: readStructure(answer, language, ctx.answer).isKeywordList };
  // An answer in another language than the interview's is read with that language's stems as well.
  const spoken = answerLanguage(answer, language);
  const answerTerms = termsOf(answer, language);
  if (spoken !== language) for (const [k, v] of termsOf(answer, spoken)) if (!answerTerms.has(k)) answerTerms.set(k, v);
  const questionTerms = termsOf(question.question, language);
  const kin = kinWords(answer);
  const matched = question.evaluation_criteria.map((c) =>
    matchCriterion(c, answerTerms, questionTerms, signals, language, kin, spoken !== language),
  );
  const errors = readErrors(answer, matched, [language, spoken, ENGLISH_CODE], question.question);
  for (const claim of readNeverClaims(answer, matched, question.question, [language, spoken]))
    if (!errors.some((e) => e.criterion === claim.criterion)) errors.push(claim);
  const contradicted = new Set(errors.map((e) => e.criterion));
  const criteria = matched.map((c) => (contradicted.has(c.criterion) ? { ...c, credit: 0 } : c));
  const coverage = criteria.length === 0 ? 0 : criteria.reduce((a, c) => a + c.credit, 0) / criteria.length;
  const structure = structureScore(question.type, signals);
  const overlap = question.sample_answer ? sampleOverlap(question.sample_answer, answerTerms, language) : null;
  const expected = lengthAsked(ctx, spoken);
  const elaboration = Math.min(1, words / expected);
  const rawScore =
    WEIGHTS.coverage * coverage +
    WEIGHTS.structure * structure +
    WEIGHTS.overlap * (overlap ?? coverage) +
    WEIGHTS.elaboration * elaboration;
  const shift = LEVEL_SHIFT[ctx.experienceLevel] + DIFFICULTY_SHIFT[ctx.difficultyLevel];
  const score = Math.max(0, rawScore - (signals.deflectsResponsibility ? DEFLECTION_PENALTY : 0));
  let rating: Rating =
    score >= THRESHOLDS.excellent + shift &&
    coverage >= THRESHOLDS.excellentCoverage &&
    elaboration >= THRESHOLDS.excellentElaboration &&
    hasDepth(question.type, signals, structure)
      ? 'EXCELLENT'
      : score >= THRESHOLDS.good + shift
        ? 'GOOD'
        : score >= THRESHOLDS.okay + shift
          ? 'OKAY'
          : 'SUBOPTIMAL';
  const touched = criteria.length === 0 ? 0 : criteria.filter((c) => c.credit > 0).length / criteria.length;
  if (
    rating === 'OKAY' &&
    touched >= MOST_CRITERIA.share &&
    criteria.some((c) => c.credit === 1) &&
    coverage >= MOST_CRITERIA.coverage &&
    elaboration >= MOST_CRITERIA.elaboration
  ) {
    rating = 'GOOD';
  }
  const confidentlyWrong = signals.overclaims && coverage < CONFIDENTLY_WRONG_COVERAGE;
  if (signals.saysDoesNotKnow || coverage === 0 || signals.isKeywordList || signals.attemptsManipulation || confidentlyWrong) {
    rating = 'SUBOPTIMAL';
  }
  // A statement on the question's subject that earns some credit but falls short of the threshold is
  // superficial, not worthless: unless it denies, claims with certainty, deflects or games the rubric,
  // it is OKAY. With no criterion touched at all nothing in it is verified, so it stays SUBOPTIMAL.
  // An answer that reasons about the question's subject (a reason, a trade-off, steps), or offers a claim
  // on it while admitting its limits, is superficial rather than worthless even when the rubric's words
  // are not there: candidates paraphrase ("it finds things quicker") what the criteria spell out. Bare
  // assertions with nothing credited stay SUBOPTIMAL: unverified, they may be confidently wrong.
  // Ordered steps are the explanation a situational question asks for (a plan); to a technical or behavioural question,
  // "first ... then ..." with no criterion word narrates and explains nothing.
  const explains =
    signals.hasReasoning ||
    signals.hasTradeOffs ||
    (signals.hasSteps && question.type === 'situational') ||
    signals.admitsGap ||
    isHedged(answer, language);
  const engaged =
    (coverage > 0 ||
      (explains && isOnTopic(answerTerms, questionTerms, [], language) && !echoesOnlyQuestion(matched, questionTerms, language))) &&
    words >= ENGAGED_MIN_WORDS &&
    !signals.saysDoesNotKnow &&
    !signals.deflectsResponsibility &&
    !signals.isKeywordList &&
    !signals.attemptsManipulation &&
    !signals.overclaims &&
    !(signals.isPlatitude && coverage < GENERIC_COVERAGE) &&
    !isNegated(answer, language) &&
    isOnTopic(answerTerms, questionTerms, question.evaluation_criteria, language);
  if (rating === 'SUBOPTIMAL' && engaged) rating = 'OKAY';
  const capAtOkay = words < 8 || signals.admitsGap || signals.deflectsResponsibility;
  if (capAtOkay && (rating === 'GOOD' || rating === 'EXCELLENT')) rating = 'OKAY';
  // A situation from the candidate's own work ("in our payment system the app ...") is an example in itself.
  const depth = readDepth(ctx.answer, signals.isSpecific || signals.hasSituation);
  const verdict = applyEvidenceRule({
    rating,
    criteria,
    errors,
    depth,
    disqualified: signals.saysDoesNotKnow || signals.isKeywordList || signals.attemptsManipulation,
    reserved: capAtOkay || confidentlyWrong,
    typeDepth: question.type !== 'behavioral' || hasDepth(question.type, signals, structure),
    elaboration: words / expected,
    isOtherLanguage: spoken !== language,
    isCertain: signals.overclaims,
  });
  return {
    rating: verdict.rating,
    score,
    coverage,
    structure,
    overlap,
    elaboration,
    words,
    criteria,
    signals,
    depth,
    errors,
    tentative: verdict.tentative,
    answerLanguage: spoken,
  };
}

/**
 * "A cache can never return outdated data", "Invalidieren muss man die Einträge nie", "La mémoire n'est jamais
 * limitée": a clause with a never-word (a negator the record also lists as an absolute: never, nie, jamais, nunca,
 * aldrig, कभी नहीं, أبدا) that names what only one criterion speaks of (its own words or concept groups, none of the
 * other criteria's nor the question's), and names it nowhere else, denies that criterion outright. Criteria that are themselves negations ("so
 * it does not have to be fetched again") are left alone: a never-word may restate them.
 */
export function readNeverClaims(
  answer: string,
  criteria: readonly CriterionMatch[],
  question: string,
  languages: readonly LanguageCode[],
): ErrorSignal[] {
  const codes = [...new Set([...languages, ENGLISH_CODE])];
  const nevers = codes.flatMap((code) => {
    const { lexicon, cues } = languageFor(code);
    const absolutes = new Set(cues.absolutes);
    return [...lexicon.negators, ...lexicon.no].filter((w) => absolutes.has(w));
  });
  const negators = codes.flatMap((code) => [...languageFor(code).lexicon.negators, ...languageFor(code).lexicon.no]);
  const keysOf = (text: string) => new Set(codes.flatMap((code) => [...termsOf(text, code).keys()]));
  const criterionKeys = criteria.map((c) => keysOf(c.criterion));
  const questionKeys = keysOf(question);
  const clauses = splitClauses(answer).map((clause) => ({
    clause,
    keys: keysOf(clause),
    denies: findPhrases(tokenize(clause), nevers).length > 0,
  }));
  if (!clauses.some((c) => c.denies)) return [];
  const errors: ErrorSignal[] = [];
  criteria.forEach((c, i) => {
    if (c.credit === 0 || findPhrases(tokenize(c.criterion), negators).length > 0) return;
    const own = [...(criterionKeys[i] as Set<string>)].filter(
      (k) => !questionKeys.has(k) && !criterionKeys.some((other, j) => j !== i && other.has(k)),
    );
    // Said plainly elsewhere, the criterion stands: the never-clause is then a consequence ("la donnée n'est jamais
    // mélangée au code" after "interprétée comme du SQL"), not a denial.
    const naming = clauses.filter(({ keys }) => own.some((k) => keys.has(k)));
    const denial = naming.find((c) => c.denies);
    if (denial && naming.every((c) => c.denies)) errors.push({ kind: 'never_claim', criterion: c.criterion, words: denial.clause });
  });
  return errors;
}

/** A negator among this many opening words denies the answer's claim ("No, ...", "Das weiss ich nicht", "I never used it"). */
const DENIAL_OPENING = 5;

/** Shares a content word with the question or its criteria. */
function isOnTopic(
  answerTerms: ReadonlyMap<string, string>,
  questionTerms: ReadonlyMap<string, string>,
  criteria: readonly string[],
  language: LanguageCode,
): boolean {
  const topic = [questionTerms, ...criteria.map((c) => termsOf(c, language))];
  return topic.some((terms) => [...terms.keys()].some((k) => !k.startsWith('~') && answerTerms.has(k)));
}

/**
 * A negator of the interview language (or English) opening the answer: a denial is not a superficial answer. Hedges
 * and admitted gaps ("nicht sicher", "I'm not sure why") and affirmative idioms ("no problem") are masked first, as the
 * screening reader does: they qualify a claim rather than deny it.
 */
function isNegated(answer: string, language: LanguageCode): boolean {
  // The denial is in the opening clause ("No, ...", "I have never ..."); a "not" later on is part of an explanation.
  const opening = answer.split(LIST_SEPARATORS)[0] ?? '';
  return lexiconsFor(language).some((l) => {
    let tokens = tokenize(opening);
    tokens = maskPhrases(tokens, findPhrases(tokens, [...l.hedges, ...CUES.doesNotKnow, ...CUES.admittedGap]), '§hedge');
    tokens = maskPhrases(tokens, findPhrases(tokens, l.affirmIdioms), '§affirm');
    // In its first words: "so nobody can read it" at the end of a claim is its consequence, not a denial.
    return findPhrases(tokens, [...l.negators, ...l.no]).some((hit) => hit.start < DENIAL_OPENING);
  });
}

/** A hedge of the interview language (or English): "glaube ich", "I guess". A hedged claim is not a confident one. */
export function isHedged(answer: string, language: LanguageCode): boolean {
  const tokens = tokenize(answer);
  return lexiconsFor(language).some((l) => findPhrases(tokens, l.hedges).length > 0);
}

function sampleOverlap(sample: string, answerTerms: ReadonlyMap<string, string>, language: LanguageCode): number {
  const sampleTerms = [...termsOf(sample, language).entries()].filter(([k]) => !k.startsWith('~'));
  const byToken = new Map<string, string[]>();
  for (const [form, token] of sampleTerms) byToken.set(token, [...(byToken.get(token) ?? []), form]);
  if (byToken.size === 0) return 0;
  let hit = 0;
  for (const forms of byToken.values()) if (forms.some((f) => answerTerms.has(f))) hit++;
  // Half the sample's vocabulary is already a thorough answer; scale so that reads as 1.
  return Math.min(1, hit / byToken.size / 0.5);
}

/**
 * Every criterion word the answer names is one the question names too ("Abschreibungen" to "Was sind
 * Abschreibungen?"): the answer takes up the subject and says none of what the criteria add. Such an answer earns no
 * credit, and explaining something else on the subject does not lift it to OKAY; an answer that names no criterion
 * word at all may be a paraphrase, and is left to the other rules (issue 21, tenth step).
 */
export function echoesOnlyQuestion(
  criteria: readonly CriterionMatch[],
  questionTerms: ReadonlyMap<string, string>,
  language: LanguageCode,
): boolean {
  const named = [...new Set(criteria.flatMap((c) => c.matchedTerms))];
  const inQuestion = (term: string) =>
    term.startsWith('~') ? questionTerms.has(term) : [...termsOf(term, language).keys()].some((k) => questionTerms.has(k));
  return named.length > 0 && named.every(inQuestion);
}
