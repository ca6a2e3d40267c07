// The report's locale. Prose comes from the language records (languages/):
// a language with its own report prose is written in it, every other locale
// falls back to English. Enumerated values (rating, suitability, outcome) are
// never translated.

import { ENGLISH, LANGUAGES, languageByTag, languageForLocale, type ReportProse } from '../languages/index.js';

/** Tags of the languages with report prose (all nine): the locales a result is stored in. */
export type ProseLocale = string;
export const PROSE_LOCALES: readonly ProseLocale[] = LANGUAGES.filter((l) => l.report !== null).map((l) => l.tag);

/** `de`, `de-DE`, `DE` -> `de`; `de-CH`, `de_ch` -> `de-CH`; `fr-FR` -> `fr`; anything unknown or missing -> `en`. */
export function resolveLocale(raw: string | null | undefined): ProseLocale {
  const language = languageForLocale(raw);
  return language.report ? language.tag : ENGLISH.tag;
}

export type Messages = ReportProse;

export function messagesFor(locale: ProseLocale): Messages {
  return languageByTag(locale)?.report ?? (ENGLISH.report as ReportProse);
}

/** The English name of a prose locale, for the model evaluator's instructions. */
export function proseLanguageName(locale: ProseLocale): string {
  return (languageByTag(locale) ?? ENGLISH).englishName;
}
