// What a candidate's typed (or recognised) text amounts to. Deterministic
// keyword rules from the language records (languages/), English always
// included because candidates code-switch; text and phrases go through the
// one normaliser (languages/text.ts). The state machine acts on the result; a model never does.

import { creditsAnyCriterion } from '../evaluation/index.js';
import { ENGLISH, LANGUAGES, languageFor, normaliseText, tokenize, type IntentWords } from '../languages/index.js';
import type { Intent } from './state-machine.js';

function wordsFor(languageCode: number): IntentWords[] {
  const own = languageFor(languageCode);
  return own === ENGLISH ? [ENGLISH.intents] : [own.intents, ENGLISH.intents];
}

/** A bare "no" in any interview language ends the candidate's questions, whatever the interview language. */
const BARE_NO: ReadonlySet<string> = new Set(LANGUAGES.flatMap((l) => l.intents.bareNo.map(normalise)));

/** The shared normaliser (case, accents, script variants), with runs of spaces kept as one so phrases match across them. */
function normalise(text: string): string {
  return normaliseText(text).replace(/\s+/g, ' ').trim();
}

function mentions(text: string, phrases: readonly string[]): boolean {
  return phrases.some((phrase) => text.includes(normalise(phrase)));
}

/**
 * The candidate's intent. Every rule applies to a short utterance only, so an
 * answer that merely uses a word ("we had to repeat the deployment", "the
 * customer called me an idiot") is still an answer. Abuse outranks the rest.
 */
export function classifyIntent(text: string, languageCode: number): Intent {
  const normalised = normalise(text);
  if (normalised === '') return 'no_more';
  const tables = wordsFor(languageCode);
  const isShort = normalised.split(' ').length <= 16;
  if (!isShort) return 'content';
  if (tables.some((t) => mentions(normalised, t.abuse))) return 'abuse';
  if (tables.some((t) => mentions(normalised, t.repeat))) return 'repeat';
  if (tables.some((t) => mentions(normalised, t.refusal))) return 'refusal';
  if (tables.some((t) => mentions(normalised, t.noMore)) || BARE_NO.has(normalised.replace(/[.!]$/, ''))) return 'no_more';
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
