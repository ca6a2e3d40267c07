// Text primitives shared by the evaluators: one normalisation applied to both
// sides of every comparison (criteria, lexicon phrases and answers), so that
// "Führerschein"/"fuhrerschein", "पाँच"/"पांच" and "أربعة"/"اربعه" meet.

import snowball from 'snowball-stemmers';
import type { LanguageCode } from '../interviews/enums.js';

const LATIN_MARKS = /[\u0300-\u036f]/g;
const ARABIC_TASHKEEL = /[\u064b-\u065f\u0670\u0640]/g;
const DIGIT_BLOCKS: Array<[number, number]> = [
  [0x0660, 0x0669], // Arabic-Indic
  [0x06f0, 0x06f9], // Extended Arabic-Indic
  [0x0966, 0x096f], // Devanagari
];

/** Lower-cased, Latin diacritics and Arabic vowel marks removed, script variants and digits unified. */
export function normaliseText(text: string): string {
  let out = text.normalize('NFKC').toLowerCase().normalize('NFD').replace(LATIN_MARKS, '').normalize('NFC');
  out = out
    .replace(ARABIC_TASHKEEL, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/\u0901/g, '\u0902') // chandrabindu -> anusvara
    .replace(/ß/g, 'ss')
    .replace(/[’`´]/g, "'");
  for (const [from, to] of DIGIT_BLOCKS) {
    out = out.replace(new RegExp(`[\\u${hex(from)}-\\u${hex(to)}]`, 'g'), (d) => String(d.charCodeAt(0) - from));
  }
  return out;
}

function hex(code: number): string {
  return code.toString(16).padStart(4, '0');
}

const WORD = /[\p{L}\p{M}\p{N}]+(?:['][\p{L}\p{M}]+)*/gu;
const FRENCH_ELISION = /^(j|n|d|l|qu|c|s|m|t)'(.+)$/;

/** Word tokens of normalised text; French elisions ("j'ai") split, English contractions ("don't") kept whole. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const match of normaliseText(text).matchAll(WORD)) {
    const token = match[0];
    const elided = FRENCH_ELISION.exec(token);
    if (elided) tokens.push(elided[1] as string, elided[2] as string);
    else tokens.push(token);
  }
  return tokens;
}

/** Sentences of the raw text (., !, ?, the Devanagari danda and the Arabic question mark end one). */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?।؟…])\s+|\n+/u)
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/** Clauses: sentences cut further at commas, semicolons and colons (the unit hedging is judged on). */
export function splitClauses(text: string): string[] {
  return text
    .split(/[.!?।؟;:,،…\n]+/u)
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}

const STEMMER_BY_LANGUAGE: Record<LanguageCode, string> = {
  1: 'english',
  2: 'german',
  3: 'english', // Hindi: romanised answers are full of English terms; Devanagari words pass through
  4: 'german',
  5: 'french',
  6: 'spanish',
  7: 'danish',
  8: 'swedish',
  9: 'arabic',
};

const stemmers = new Map<string, snowball.Stemmer>();

function stemmerFor(name: string): snowball.Stemmer {
  let stemmer = stemmers.get(name);
  if (!stemmer) {
    stemmer = snowball.newStemmer(name);
    stemmers.set(name, stemmer);
  }
  return stemmer;
}

/**
 * Stem with the language's Snowball stemmer and with English, returning both
 * forms: technical vocabulary is often English inside a German or Danish
 * answer, and criteria may be written in another language than the answer.
 */
export function stemForms(token: string, language: LanguageCode): string[] {
  if (!/\p{Script=Latin}|\p{Script=Arabic}/u.test(token)) return [token];
  const forms = new Set<string>();
  const own = STEMMER_BY_LANGUAGE[language];
  if (/\p{Script=Arabic}/u.test(token)) {
    forms.add(stemmerFor('arabic').stem(token));
  } else {
    forms.add(stemmerFor(own === 'arabic' ? 'english' : own).stem(token));
    forms.add(stemmerFor('english').stem(token));
    // Snowball German keeps the verb ending -t/-et ("entschuldigt", "prüft"); the infinitive's stem is what criteria use.
    if (own === 'german' && /[a-z]{4,}e?t$/.test(token)) forms.add(stemmerFor('german').stem(token.replace(/e?t$/, 'en')));
  }
  forms.add(token);
  return [...forms];
}

/** Count of each value, most frequent first (ties by first appearance). */
export function countValues(values: readonly string[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]);
}

/** A short quote of the candidate's words: at most `maxWords` words, with an ellipsis when cut. */
export function shortQuote(text: string, maxWords = 14): string {
  const words = text.trim().replace(/\s+/g, ' ').split(' ');
  const cut = words.length > maxWords ? `${words.slice(0, maxWords).join(' ')}…` : words.join(' ');
  return cut.replace(/[.,;:!?،]+…$/, '…');
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
