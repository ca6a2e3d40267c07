import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../interviews/enums.js';
import {
  ENGLISH,
  LANGUAGES,
  languageByTag,
  languageFor,
  languageForLocale,
  phrasesFor,
  type InterviewerPhrases,
  type Language,
} from './index.js';

/** Every string a value holds, calling functions with sample arguments so templates are checked too. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  // A one-item array reads as text in a template and as a list where prose takes one.
  if (typeof value === 'function') return [(value as (...a: unknown[]) => string)(...Array.from({ length: 5 }, () => ['Job']))];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...strings(v)]);
  return [];
}

function phraseTexts(p: InterviewerPhrases): string[] {
  return Object.values(p).flatMap(strings);
}

const REQUIRED: ReadonlyArray<keyof Language> = [
  'code',
  'tag',
  'direction',
  'englishName',
  'nativeName',
  'stemmer',
  'modelInstruction',
  'phrases',
  'intents',
  'lexicon',
  'stopWords',
  'concepts',
  'cues',
  'report',
  'page',
  'reportPage',
];

describe('language registry', () => {
  it('holds one record per AgentLanguages code, with unique codes and tags', () => {
    expect(LANGUAGES.map((l) => l.code).sort()).toEqual([...LANGUAGE_CODES].sort());
    expect(new Set(LANGUAGES.map((l) => l.tag)).size).toBe(LANGUAGES.length);
    for (const code of LANGUAGE_CODES) expect(languageFor(code).code).toBe(code);
  });

  it('gives every language every field, and non-empty words wherever the page and the interviewer need them', () => {
    for (const language of LANGUAGES) {
      for (const field of REQUIRED) expect(language[field], `${language.tag}.${field}`).not.toBeUndefined();
      expect(
        phraseTexts(language.phrases).every((t) => t.trim().length > 0),
        language.tag,
      ).toBe(true);
      expect(Object.keys(language.page).sort()).toEqual(Object.keys(ENGLISH.page).sort());
      expect(Object.values(language.page).every((t) => t.trim().length > 0)).toBe(true);
      expect(Object.keys(language.reportPage).sort(), language.tag).toEqual(Object.keys(ENGLISH.reportPage).sort());
      expect(Object.values(language.reportPage).every((t) => t.trim().length > 0)).toBe(true);
      // The report page fills {n} and {time}: a translation that drops one shows a number without words.
      for (const [key, text] of Object.entries(language.reportPage)) {
        const english = ENGLISH.reportPage[key as keyof typeof ENGLISH.reportPage];
        expect(text.match(/\{\w+\}/g) ?? [], `${language.tag}.reportPage.${key}`).toEqual(english.match(/\{\w+\}/g) ?? []);
      }
      for (const list of [language.intents.repeat, language.intents.refusal, language.intents.abuse, language.intents.noMore]) {
        expect(list.length, language.tag).toBeGreaterThan(0);
      }
      for (const key of ['yes', 'no', 'negators', 'hedges', 'fillers'] as const) expect(language.lexicon[key].length).toBeGreaterThan(0);
      expect(language.stopWords.length, language.tag).toBeGreaterThan(0);
      expect(language.englishName).toMatch(/^[A-Z][a-z]+( [A-Z][a-z]+)?$/);
    }
  });

  it('names only concepts that the English record defines', () => {
    const concepts = Object.keys(ENGLISH.concepts);
    for (const language of LANGUAGES) for (const name of Object.keys(language.concepts)) expect(concepts).toContain(name);
  });

  it('has the right tags and directions: Arabic alone is right-to-left', () => {
    expect(Object.fromEntries(LANGUAGES.map((l) => [l.code, l.tag]))).toEqual({
      1: 'en',
      2: 'de',
      3: 'hi',
      4: 'de-CH',
      5: 'fr',
      6: 'es',
      7: 'da',
      8: 'sv',
      9: 'ar',
    });
    expect(LANGUAGES.filter((l) => l.direction === 'rtl').map((l) => l.tag)).toEqual(['ar']);
    expect(languageFor(9).phrases.askIntro).toMatch(/[\u0600-\u06FF]/);
    expect(languageFor(3).phrases.askIntro).toMatch(/[\u0900-\u097F]/);
  });

  it('writes Swiss German without ß anywhere in its record, where German uses it', () => {
    expect(strings(languageFor(4)).join(' ')).not.toContain('ß');
    expect(strings(languageFor(2)).join(' ')).toContain('ß');
    expect(languageFor(4).page.elsewhere).toContain('schliessen');
  });

  it('quotes Swiss German with «» guillemets on the page and in reports, where German uses „“', () => {
    const swiss = strings(languageFor(4)).join(' ');
    expect(swiss).not.toMatch(/[„“]/);
    expect(strings(languageFor(2)).join(' ')).toMatch(/„[^“]+“/);
    expect(languageFor(4).page.micMissing).toContain('«Erneut versuchen»');
    expect(languageFor(4).report?.addressCriterion('Teamführung')).toBe('Auf «Teamführung» eingehen.');
  });

  it('names the camera button for what it does in every language: the camera goes on and off, not a preview', () => {
    const preview = /preview|vorschau|vista previa|aperçu|förhandsvisning|forhåndsvisning|पूर्वावलोकन|معاينة/i;
    for (const language of LANGUAGES) {
      const { cameraOn, cameraOff } = language.page;
      expect(cameraOn.trim(), language.tag).not.toBe('');
      expect(cameraOff.trim(), language.tag).not.toBe('');
      expect(cameraOn, language.tag).not.toBe(cameraOff);
      expect(`${cameraOn} ${cameraOff}`, language.tag).not.toMatch(preview);
    }
  });

  it('words every language differently from English', () => {
    const english = phraseTexts(ENGLISH.phrases);
    for (const language of LANGUAGES.filter((l) => l !== ENGLISH)) {
      expect(phraseTexts(language.phrases).filter((t, i) => t === english[i] && t.length > 12)).toEqual([]);
      expect(language.page.send).not.toBe('');
    }
  });

  it('puts the job title into greetings and closings', () => {
    for (const code of LANGUAGE_CODES) {
      const p = phrasesFor(code);
      for (const text of [
        p.greetingJob('Data Analyst'),
        p.greetingScreening('Data Analyst'),
        p.greetingVideo('Data Analyst'),
        p.closing('Data Analyst'),
      ]) {
        expect(text).toContain('Data Analyst');
      }
    }
  });

  it('looks languages up by code, tag and locale header, falling back to English', () => {
    expect(languageFor(42)).toBe(ENGLISH);
    expect(languageByTag('DE_ch')?.code).toBe(4);
    expect(languageByTag('pt')).toBeNull();
    expect(languageForLocale('de-CH').code).toBe(4);
    expect(languageForLocale('de-AT').code).toBe(2);
    expect(languageForLocale('fr_FR').code).toBe(5);
    expect(languageForLocale('pt-BR')).toBe(ENGLISH);
    expect(languageForLocale(undefined)).toBe(ENGLISH);
    expect(languageFor(9).page.send).toBe('إرسال');
    expect(languageFor(99).page).toBe(ENGLISH.page);
  });
});
