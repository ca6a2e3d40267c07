// What a candidate's typed (or recognised) text amounts to. Deterministic
// rules over the language records' `intents` (languages/), English always
// included because candidates code-switch; they read meaning, not a word:
// requests versus answers, negation, clauses (docs/interviewer.md). Text and
// phrases go through the one normaliser (languages/text.ts). The state machine
// acts on the result; a model never does.

import { creditsAnyCriterion } from '../evaluation/index.js';
import { ENGLISH, LANGUAGES, languageFor, normaliseText, tokenize, type IntentWords } from '../languages/index.js';
import type { Intent } from './state-machine.js';

/** The interview language's words and negators, with English added for code-switching. */
interface Table {
  words: IntentWords;
  negators: readonly string[];
  no: readonly string[];
}

function tablesFor(languageCode: number): Table[] {
  const own = languageFor(languageCode);
  const table = (l: typeof own): Table => ({ words: l.intents, negators: l.lexicon.negators, no: [...l.lexicon.no, ...l.intents.bareNo] });
  return own === ENGLISH ? [table(ENGLISH)] : [table(own), table(ENGLISH)];
}

/** A bare "no" in any interview language ends the candidate's questions, whatever the interview language. */
const BARE_NO: ReadonlySet<string> = new Set(LANGUAGES.flatMap((l) => l.intents.bareNo.map(normalise)));

/** The shared normaliser (case, accents, script variants), with runs of spaces kept as one so phrases match across them. */
function normalise(text: string): string {
  return normaliseText(text).replace(/\s+/g, ' ').trim();
}

const LETTER = /[\p{L}\p{M}\p{N}']/u;
const ARABIC = /\p{Script=Arabic}/u;
const compiled = new Map<string, { needle: string; stem: boolean; arabic: boolean }>();

/** Where a phrase occurs in normalised text as whole words (see IntentWords for `*` and Arabic prefixes), or -1. */
function indexOf(text: string, phrase: string, from = 0): number {
  let p = compiled.get(phrase);
  if (!p) {
    const stem = phrase.endsWith('*');
    const needle = normalise(stem ? phrase.slice(0, -1) : phrase);
    p = { needle, stem, arabic: ARABIC.test(needle) };
    compiled.set(phrase, p);
  }
  if (p.needle === '') return -1;
  for (let at = text.indexOf(p.needle, from); at !== -1; at = text.indexOf(p.needle, at + 1)) {
    const before = text[at - 1];
    const after = text[at + p.needle.length];
    const startsWord = before === undefined || !LETTER.test(before) || (p.arabic && /[وفبلكا]/.test(before));
    const endsWord = p.stem || p.arabic || after === undefined || !LETTER.test(after);
    if (startsWord && endsWord) return at;
  }
  return -1;
}

function mentions(text: string, phrases: readonly string[]): boolean {
  return phrases.some((phrase) => indexOf(text, phrase) !== -1);
}

/** Clauses of normalised text: negation and the parts of a request are read within one clause. */
function clausesOf(text: string): string[] {
  return text
    .split(/[.!?¿¡।؟;:,،…]+/u)
    .map((c) => c.trim())
    .filter(Boolean);
}

/** The clause with every occurrence of the phrases blanked, so a phrase's own negation ("didn't catch") is not read twice. */
function without(clause: string, phrases: readonly string[]): string {
  let out = clause;
  for (const phrase of phrases) {
    for (let at = indexOf(out, phrase); at !== -1; at = indexOf(out, phrase)) {
      const length = normalise(phrase.replace(/\*$/, '')).length;
      out = out.slice(0, at) + ' '.repeat(length) + out.slice(at + length);
    }
  }
  return out;
}

function isNegated(clause: string, table: Table, phrases: readonly string[]): boolean {
  const tokens = new Set(tokenize(without(clause, phrases)));
  return table.negators.some((n) => tokens.has(normalise(n)));
}

/** A clause holding one of the phrases, not negated outside it: "I wouldn't repeat that mistake" asks for nothing. */
function affirmedClause(clauses: readonly string[], table: Table, phrases: readonly string[], also?: (clause: string) => boolean): boolean {
  return clauses.some((c) => mentions(c, phrases) && (also?.(c) ?? true) && !isNegated(c, table, phrases));
}

const QUESTION_MARK = /[?؟]/;

function asksForRepeat(text: string, clauses: readonly string[], table: Table): boolean {
  const w = table.words;
  if (affirmedClause(clauses, table, w.repeat)) return true;
  // A bare verb ("repeat", "wiederholen") is a request only when the utterance asks, names the question, or is next to nothing.
  const isRequest = QUESTION_MARK.test(text) || mentions(text, w.questionNouns) || tokenize(text).length <= 5;
  return isRequest && affirmedClause(clauses, table, w.repeatVerbs);
}

function wantsToEnd(clauses: readonly string[], table: Table): boolean {
  const w = table.words;
  if (affirmedClause(clauses, table, w.end)) return true;
  const all = [...w.wish, ...w.stopVerbs, ...w.interviewNouns];
  return clauses.some((c) => mentions(c, w.wish) && mentions(c, w.stopVerbs) && mentions(c, w.interviewNouns) && !isNegated(c, table, all));
}

/** "No questions" in meaning: a phrase from the list; or, unless a "but" follows, a negated "question" or an opening "no" (with thanks). */
function hasNoMore(text: string, clauses: readonly string[], table: Table): boolean {
  const w = table.words;
  if (mentions(text, w.noMore)) return true;
  if (mentions(text, w.contrast)) return false;
  if (clauses.some((c) => mentions(c, w.questionNouns) && isNegated(c, table, []))) return true;
  const [first] = clauses;
  if (first === undefined || !mentions(first, table.no)) return false;
  return without(without(first, w.thanks), table.no).trim() === '';
}

/**
 * The candidate's intent, read for meaning rather than for a word: every rule
 * applies to a short utterance only, and within it a request must be a
 * request ("could you repeat the question?" asks, "I wouldn't repeat that
 * mistake" answers). Abuse outranks the rest; ending the interview outranks
 * declining one question. A question mark keeps "no questions" from
 * swallowing a real question ("No, but how big is the team?").
 */
export function classifyIntent(text: string, languageCode: number): Intent {
  const normalised = normalise(text);
  if (normalised === '') return 'no_more';
  const tables = tablesFor(languageCode);
  if (normalised.split(' ').length > 16) return 'content';
  const clauses = clausesOf(normalised);
  if (tables.some((t) => mentions(normalised, t.words.abuse))) return 'abuse';
  if (tables.some((t) => wantsToEnd(clauses, t))) return 'end';
  if (tables.some((t) => mentions(normalised, t.words.refusal))) return 'refusal';
  if (tables.some((t) => asksForRepeat(normalised, clauses, t))) return 'repeat';
  if (BARE_NO.has(normalised.replace(/[.!]$/, ''))) return 'no_more';
  if (!QUESTION_MARK.test(normalised) && tables.some((t) => hasNoMore(normalised, clauses, t))) return 'no_more';
  return 'content';
}

/** Fewer words than this is a thin answer, whatever it says. */
export const THIN_ANSWER_WORDS = 12;

/**
 * Thin: short, or earning no credit on any evaluation criterion. Both halves
 * read words the way the evaluator does (languages/text.ts tokens, the
 * rubric's own criterion match), so the interviewer never asks to expand an
 * answer the rating already credits, in any language.
 */
export function isThinAnswer(answer: string, criteria: readonly string[], languageCode: number, questionText = ''): boolean {
  if (tokenize(answer).length < THIN_ANSWER_WORDS) return true;
  return !creditsAnyCriterion(answer, criteria, languageFor(languageCode).code, questionText);
}
