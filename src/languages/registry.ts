// The nine interview languages and the lookups every other module uses.
// Unknown codes and locales fall back to English, as the API never stores an
// unknown code and a report in an unknown locale is written in English.

import type { LanguageCode } from '../interviews/enums.js';
import { arabic } from './ar.js';
import { danish } from './da.js';
import { swissGerman } from './de-ch.js';
import { german } from './de.js';
import { english } from './en.js';
import { spanish } from './es.js';
import { french } from './fr.js';
import { hindi } from './hi.js';
import type { InterviewerPhrases, Language } from './language.js';
import { swedish } from './sv.js';

/** In AgentLanguages order. */
export const LANGUAGES: readonly Language[] = [english, german, hindi, swissGerman, french, spanish, danish, swedish, arabic];

export const ENGLISH: Language = english;

const byCode = new Map<number, Language>(LANGUAGES.map((l) => [l.code, l]));
const byTag = new Map<string, Language>(LANGUAGES.map((l) => [l.tag.toLowerCase(), l]));

/** The language of an AgentLanguages code; English for a code the enum does not know. */
export function languageFor(code: number): Language {
  return byCode.get(code) ?? english;
}

/** The language with this exact BCP 47 tag (case-insensitive, `_` accepted for `-`), or null. */
export function languageByTag(tag: string): Language | null {
  return byTag.get(tag.trim().toLowerCase().replace(/_/g, '-')) ?? null;
}

/**
 * The language a `locale` header asks for: the exact tag (`de-CH`), else its
 * primary subtag (`de-DE` -> `de`), else English.
 */
export function languageForLocale(raw: string | null | undefined): Language {
  const value = (raw ?? '').trim();
  if (value === '') return english;
  return languageByTag(value) ?? languageByTag(value.split(/[-_]/)[0] ?? '') ?? english;
}

export function phrasesFor(code: number): InterviewerPhrases {
  return languageFor(code).phrases;
}

export type { LanguageCode };
