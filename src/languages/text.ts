// The one text normaliser. Conversation (is an answer thin?) and evaluation
// (is a criterion met?) both read words through these functions, so the two
// cannot disagree about what a word is: "Führerschein"/"fuhrerschein",
// "pâté"/"pate", "पाँच"/"पांच" and "أربعة"/"اربعه" meet, and every stem comes
// from the interview language's Snowball stemmer plus English.

import snowball from 'snowball-stemmers';
import type { StemmerName } from './language.js';
import { LANGUAGES, languageFor } from './registry.js';

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

const stemmers = new Map<StemmerName, snowball.Stemmer>();

/** German separable prefixes before the "zu" of an infinitive, normalised (no umlauts). */
const GERMAN_ZU_INFINITIVE =
  /^(ab|an|auf|aus|bei|ein|fest|frei|her|hin|los|mit|nach|vor|weg|zu|zuruck|zusammen|teil|um|dar|weiter)zu([a-z]{3,}en)$/;

function stemmerFor(name: StemmerName): snowball.Stemmer {
  let stemmer = stemmers.get(name);
  if (!stemmer) {
    stemmer = snowball.newStemmer(name);
    stemmers.set(name, stemmer);
  }
  return stemmer;
}

/** Past this many words a stemmer's cache starts afresh, so odd input cannot grow it without end. */
const STEM_CACHE_SIZE = 10_000;
/** By the language's stemmer: the forms depend on nothing else, so German and Swiss German share one. */
const stemCache = new Map<StemmerName, Map<string, readonly string[]>>();

/**
 * Stem with the language's Snowball stemmer and with English, returning both
 * forms: technical vocabulary is often English inside a German or Danish
 * answer, and criteria may be written in another language than the answer.
 * Cached: the evidence rules ask for the same words' stems once per criterion
 * and clause, and stemming was most of the time a long interview took.
 */
export function stemForms(token: string, languageCode: number): readonly string[] {
  const own = languageFor(languageCode).stemmer;
  let cache = stemCache.get(own);
  if (!cache) {
    cache = new Map();
    stemCache.set(own, cache);
  }
  let forms = cache.get(token);
  if (!forms) {
    if (cache.size >= STEM_CACHE_SIZE) cache.clear();
    // Flat copies: the token and its stems are slices of the whole answer, and in V8 a slice keeps
    // its parent alive, so a cached slice would hold every answer it came from in memory.
    forms = Object.freeze(computeStemForms(token, own).map(flatCopy));
    cache.set(flatCopy(token), forms);
  }
  return forms;
}

/** A copy that shares no memory with the string it came from. */
function flatCopy(s: string): string {
  return (' ' + s).slice(1);
}

function computeStemForms(token: string, own: StemmerName): string[] {
  if (!/\p{Script=Latin}|\p{Script=Arabic}/u.test(token)) return [token];
  const forms = new Set<string>();
  if (/\p{Script=Arabic}/u.test(token)) {
    forms.add(stemmerFor('arabic').stem(token));
    // "والخيوط", "فالذاكرة": the conjunction written onto the article; Snowball leaves the word unstemmed.
    if (/^[وف]ال\p{L}{2,}/u.test(token)) forms.add(stemmerFor('arabic').stem(token.slice(1)));
  } else {
    forms.add(stemmerFor(own === 'arabic' ? 'english' : own).stem(token));
    forms.add(stemmerFor('english').stem(token));
    // Snowball German keeps the verb ending -t/-et ("entschuldigt", "prüft"); the infinitive's stem is what criteria use.
    if (own === 'german' && /[a-z]{4,}e?t$/.test(token)) forms.add(stemmerFor('german').stem(token.replace(/e?t$/, 'en')));
    // A separable verb's zu-infinitive ("abzulehnen", "anzurufen") is the verb ("ablehnen", "anrufen") a criterion names.
    const separable = own === 'german' ? GERMAN_ZU_INFINITIVE.exec(token) : null;
    if (separable) forms.add(stemmerFor('german').stem(`${separable[1]}${separable[2]}`));
  }
  forms.add(token);
  return [...forms];
}

/**
 * Stop words of every language at once: answers code-switch, and a German
 * "die" must not count as content in an English interview either.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  LANGUAGES.flatMap((l) => l.stopWords.flatMap((w) => normaliseText(w).split(/\s+/))).filter(Boolean),
);

/** Content words of the text mapped from each of their stem forms to the word itself. */
export function contentTerms(text: string, languageCode: number, minLength = 2): Map<string, string> {
  const terms = new Map<string, string>();
  for (const token of tokenize(text)) {
    if (STOP_WORDS.has(token) || token.length < minLength) continue;
    for (const form of stemForms(token, languageCode)) if (!terms.has(form)) terms.set(form, token);
  }
  return terms;
}
