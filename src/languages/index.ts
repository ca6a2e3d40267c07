// The languages module: one record per interview language, the registry, and
// the one text normaliser that conversation and evaluation share.

export * from './countries.js';
export * from './language.js';
export { ENGLISH, LANGUAGES, languageByTag, languageFor, languageForLocale, phrasesFor } from './registry.js';
export { STOP_WORDS, contentTerms, normaliseText, splitClauses, splitSentences, stemForms, tokenize } from './text.js';
