// Communication analysis of the candidate's words (text only: nothing is
// inferred from voice, accent or emotion). Fields are documented in
// docs/evaluation.md, "Communication analysis".

import type { LanguageCode } from '../interviews/enums.js';
import { STOP_WORDS, languageFor, splitClauses, splitSentences, tokenize } from '../languages/index.js';
import { findPhrases, maskPhrases, type PhraseHit } from './phrase-match.js';
import { round, shortQuote } from './text.js';
import { lexiconsFor } from './vocabulary.js';

/** Sentences longer than this many words count as long. */
export const LONG_SENTENCE_WORDS = 30;
/** A phrase of this many words used this often or more counts as repeated. */
export const REPEATED_PHRASE_WORDS = 3;
export const REPEATED_PHRASE_MIN_COUNT = 3;

export interface CommunicationAnalysis {
  basis: 'transcript_text';
  language_code: LanguageCode;
  language: string;
  answer_count: number;
  word_count: number;
  sentence_count: number;
  filler_words: {
    total: number;
    per_100_words: number;
    counts: Record<string, number>;
    examples: string[];
  };
  repetition: {
    /** The same word twice in a row ("I I", "the the"): restarts and stumbles. */
    immediate_repeats: number;
    /** Phrases of REPEATED_PHRASE_WORDS words used REPEATED_PHRASE_MIN_COUNT times or more across the answers. */
    repeated_phrases: Array<{ phrase: string; count: number }>;
    per_100_words: number;
    examples: string[];
  };
  clarity: {
    average_sentence_length: number;
    long_sentences: number;
    long_sentence_ratio: number;
    /** Moving-average type/token ratio over 50-word windows (plain ratio under 50 words), 0..1. */
    lexical_diversity: number;
    /** 100 minus penalties for fillers, repetition, long sentences and low diversity (docs/evaluation.md). */
    score: number;
    level: 'clear' | 'mostly_clear' | 'unclear';
  };
}

export function analyseCommunication(answers: readonly string[], language: LanguageCode): CommunicationAnalysis {
  const steps = communicationSteps(answers, language);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The analysis, pausing (yield) after each answer and before the closing figures, so
 * the built-in evaluator can let the event loop run there; analyseCommunication runs it in one go.
 */
export function* communicationSteps(answers: readonly string[], language: LanguageCode): Generator<void, CommunicationAnalysis> {
  const texts = answers.map((a) => a.trim()).filter((a) => a !== '');
  const fillerWords = fillerWordsFor(language);

  let words = 0;
  let sentences = 0;
  let longSentences = 0;
  let immediateRepeats = 0;
  const fillerCounts = new Map<string, number>();
  const fillerExamples: string[] = [];
  const repeatExamples: string[] = [];
  const allTokens: string[] = [];
  const trigrams = new Map<string, number>();

  for (const text of texts) {
    for (const sentence of splitSentences(text)) {
      const tokens = tokenize(sentence);
      if (tokens.length === 0) continue;
      sentences++;
      words += tokens.length;
      allTokens.push(...tokens);
      if (tokens.length > LONG_SENTENCE_WORDS) longSentences++;

      let sentenceFillers = 0;
      for (const filler of fillersIn(sentence, fillerWords)) {
        fillerCounts.set(filler, (fillerCounts.get(filler) ?? 0) + 1);
        sentenceFillers++;
      }
      if (sentenceFillers > 0 && fillerExamples.length < 3) fillerExamples.push(shortQuote(sentence, 16));

      let sentenceRepeats = 0;
      for (let i = 1; i < tokens.length; i++) {
        if (tokens[i] === tokens[i - 1] && !/^\d+$/.test(tokens[i] as string)) sentenceRepeats++;
      }
      immediateRepeats += sentenceRepeats;
      if (sentenceRepeats > 0 && repeatExamples.length < 3) repeatExamples.push(shortQuote(sentence, 16));

      for (let i = 0; i + REPEATED_PHRASE_WORDS <= tokens.length; i++) {
        const gram = tokens.slice(i, i + REPEATED_PHRASE_WORDS);
        if (gram.every((t) => STOP_WORDS.has(t))) continue;
        const key = gram.join(' ');
        trigrams.set(key, (trigrams.get(key) ?? 0) + 1);
      }
    }
    yield;
  }

  const repeatedPhrases = [...trigrams.entries()]
    .filter(([, count]) => count >= REPEATED_PHRASE_MIN_COUNT)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([phrase, count]) => ({ phrase, count }));
  const fillerTotal = [...fillerCounts.values()].reduce((a, b) => a + b, 0);
  const repetitionEvents = immediateRepeats + repeatedPhrases.reduce((a, p) => a + p.count - 1, 0);
  const per100 = (n: number) => (words === 0 ? 0 : round((n / words) * 100, 1));
  const averageSentenceLength = sentences === 0 ? 0 : round(words / sentences, 1);
  const longRatio = sentences === 0 ? 0 : round(longSentences / sentences, 2);
  const diversity = round(movingTypeTokenRatio(allTokens, 50), 2);

  const score = clarityScore({
    fillerRate: per100(fillerTotal),
    repetitionRate: per100(repetitionEvents),
    longRatio,
    averageSentenceLength,
    diversity,
    words,
  });

  return {
    basis: 'transcript_text',
    language_code: language,
    language: languageFor(language).englishName,
    answer_count: texts.length,
    word_count: words,
    sentence_count: sentences,
    filler_words: {
      total: fillerTotal,
      per_100_words: per100(fillerTotal),
      counts: Object.fromEntries([...fillerCounts.entries()].sort((a, b) => b[1] - a[1])),
      examples: fillerExamples,
    },
    repetition: {
      immediate_repeats: immediateRepeats,
      repeated_phrases: repeatedPhrases,
      per_100_words: per100(repetitionEvents),
      examples: repeatExamples,
    },
    clarity: {
      average_sentence_length: averageSentenceLength,
      long_sentences: longSentences,
      long_sentence_ratio: longRatio,
      lexical_diversity: diversity,
      score,
      level: score >= 75 ? 'clear' : score >= 50 ? 'mostly_clear' : 'unclear',
    },
  };
}

interface FillerWords {
  hard: string[];
  soft: ReadonlySet<string>;
  /** Fillers when they open a clause that goes on ("So I restarted it"). */
  clauseOpeners: string[];
  lookalikes: string[];
  /** Single-word yes/no answers: "Ja," opening a sentence answers, it does not fill. */
  answers: ReadonlySet<string>;
}

function fillerWordsFor(language: LanguageCode): FillerWords {
  const lexicons = lexiconsFor(language);
  const own = lexicons[0] as (typeof lexicons)[number];
  // English is read too (code-switching), but never where its filler is an ordinary word of the
  // interview language: German and Danish "er" (he, is), German "um", "so", Danish "i" (in).
  const ownWords = new Set(languageFor(language).stopWords.flatMap((w) => tokenize(w)));
  const fillers = (pick: (l: (typeof lexicons)[number]) => string[]) =>
    lexicons.flatMap((l) => (l === own ? pick(l) : pick(l).filter((f) => !tokenize(f).some((t) => ownWords.has(t)))));
  const answers = lexicons.flatMap((l) => [...l.yes, ...l.no]).filter((w) => tokenize(w).length === 1);
  return {
    hard: fillers((l) => l.fillers),
    soft: new Set(fillers((l) => l.softFillers).flatMap((w) => tokenize(w))),
    clauseOpeners: fillers((l) => l.clauseFillers),
    lookalikes: lexicons.flatMap((l) => l.fillerLookalikes),
    answers: new Set(answers.flatMap((w) => tokenize(w))),
  };
}

const LOOKALIKE = '\u0000';

/**
 * The fillers of one sentence, read in context, clause by clause: a filler
 * inside a look-alike carries meaning ("I like Go", "ce genre de problème"); a
 * filler opening a question that goes on is the question's verb ("¿Sabes qué
 * versión usa?"); a soft filler counts only as a clause of its own, and a yes or
 * no opening the sentence is the answer ("Ja, ich habe..."). Multi-word fillers count once.
 */
function fillersIn(sentence: string, words: FillerWords): string[] {
  return readClauses(sentence, words).flatMap((c) => c.fillers.map((hit) => hit.phrase));
}

interface ReadClause {
  tokens: string[];
  fillers: PhraseHit[];
}

/** Each clause of the sentence with the filler spans a listener hears in it. */
function readClauses(sentence: string, words: FillerWords): ReadClause[] {
  const isQuestion = /[?؟]\s*$/u.test(sentence);
  return splitClauses(sentence).map((clause, index) => {
    const tokens = tokenize(clause);
    const fillers: PhraseHit[] = [];
    if (tokens.length === 0) return { tokens, fillers };
    const masked = maskPhrases(tokens, findPhrases(tokens, words.lookalikes), LOOKALIKE);
    const hits = findPhrases(masked, words.hard).filter(
      (hit) => !(isQuestion && index === 0 && hit.start === 0 && hit.end < tokens.length),
    );
    fillers.push(...hits);
    // "So I restarted it": a run-up a listener hears as a filler, unless a hard filler already took the opening word.
    const opener = findPhrases(masked, words.clauseOpeners).find((hit) => hit.start === 0 && hit.end < tokens.length);
    if (opener && !hits.some((hit) => hit.start === 0) && !(index === 0 && isQuestion)) {
      fillers.push(opener);
      return { tokens, fillers };
    }
    if (hits.length > 0 || tokens.length > 2 || !masked.every((t) => words.soft.has(t))) return { tokens, fillers };
    if (index === 0 && tokens.every((t) => words.answers.has(t))) return { tokens, fillers };
    fillers.push(...tokens.map((t, i) => ({ phrase: t, start: i, end: i + 1 })));
    return { tokens, fillers };
  });
}

/**
 * The answer as a listener keeps it: every filler the communication analysis
 * counts taken out, clauses and sentences kept apart (normalised text). The
 * job rubric judges this, so "um, you know, like" neither lengthens an answer
 * nor reads as content.
 */
export function withoutFillers(answer: string, language: LanguageCode): string {
  const words = fillerWordsFor(language);
  return splitSentences(answer)
    .map((sentence) => {
      const kept = readClauses(sentence, words).map(({ tokens, fillers }) => ({
        text: tokens.filter((_, i) => !fillers.some((f) => i >= f.start && i < f.end)).join(' '),
        hadFiller: fillers.length > 0,
      }));
      // The commas around a filler were the filler's ("it, uh, decouples"): the words either side are one clause.
      let out = '';
      kept.forEach((clause, i) => {
        if (clause.text === '') return;
        const joinsPrevious = i > 0 && (clause.hadFiller || (kept[i - 1] as (typeof kept)[number]).hadFiller);
        out += out === '' ? clause.text : `${joinsPrevious ? ' ' : ', '}${clause.text}`;
      });
      return out;
    })
    .filter((sentence) => sentence !== '')
    .join('. ');
}

function movingTypeTokenRatio(tokens: readonly string[], window: number): number {
  if (tokens.length === 0) return 0;
  if (tokens.length <= window) return new Set(tokens).size / tokens.length;
  // One count table slid along rather than a set built per window (50 times the work on a long
  // interview): the same distinct counts, summed in the same order, so the same figure.
  const counts = new Map<string, number>();
  const add = (token: string, by: number) => {
    const n = (counts.get(token) ?? 0) + by;
    if (n === 0) counts.delete(token);
    else counts.set(token, n);
  };
  for (let i = 0; i < window; i++) add(tokens[i] as string, 1);
  let sum = counts.size / window;
  let windows = 1;
  for (let i = window; i < tokens.length; i++) {
    add(tokens[i - window] as string, -1);
    add(tokens[i] as string, 1);
    sum += counts.size / window;
    windows++;
  }
  return sum / windows;
}

interface ClarityInputs {
  fillerRate: number;
  repetitionRate: number;
  longRatio: number;
  averageSentenceLength: number;
  diversity: number;
  words: number;
}

/** Penalties, each capped, so one habit cannot sink the score alone. */
function clarityScore(x: ClarityInputs): number {
  if (x.words === 0) return 0;
  const fillers = Math.min(30, x.fillerRate * 3);
  const repetition = Math.min(20, x.repetitionRate * 4);
  const long = Math.min(20, x.longRatio * 40);
  const rambling = Math.min(15, Math.max(0, x.averageSentenceLength - 25) * 1.5);
  const monotony = x.words >= 30 ? Math.min(15, Math.max(0, 0.55 - x.diversity) * 60) : 0;
  return Math.max(0, Math.round(100 - fillers - repetition - long - rambling - monotony));
}
