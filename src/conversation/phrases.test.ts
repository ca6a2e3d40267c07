import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../interviews/enums.js';
import { phrasesFor, type PhraseTable } from './phrases.js';

function allText(p: PhraseTable): string[] {
  return Object.values(p).flatMap((value) => {
    if (typeof value === 'function') return [(value as (...a: unknown[]) => string)('Job', 2, 'Text?')];
    if (Array.isArray(value)) return value as string[];
    return [value as string];
  });
}

describe('phrase tables', () => {
  it('exist for all nine languages, complete, and different from English', () => {
    const english = allText(phrasesFor(1));
    for (const code of LANGUAGE_CODES) {
      const texts = allText(phrasesFor(code));
      expect(texts.every((t) => t.trim().length > 0)).toBe(true);
      if (code !== 1) expect(texts.filter((t, i) => t === english[i] && t.length > 12)).toEqual([]);
    }
  });

  it('writes Swiss German without ß and Arabic right-to-left in Arabic script', () => {
    expect(allText(phrasesFor(4)).join(' ')).not.toContain('ß');
    expect(allText(phrasesFor(2)).join(' ')).toContain('ß');
    expect(phrasesFor(9).direction).toBe('rtl');
    expect(phrasesFor(9).askIntro).toMatch(/[\u0600-\u06FF]/);
    expect(phrasesFor(3).askIntro).toMatch(/[\u0900-\u097F]/);
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
});
