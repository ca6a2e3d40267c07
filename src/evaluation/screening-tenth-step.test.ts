import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../interviews/enums.js';
import { judgeScreeningAnswer } from './screening.js';

const judge = (criterion: string, answer: string, language: LanguageCode) => judgeScreeningAnswer(criterion, answer, language, 'en');

describe('a number and a half ("three and a half grand", "साढ़े चौदह लाख", "tres y medio")', () => {
  it.each<[LanguageCode, string, string, boolean]>([
    [1, 'Expected salary must not exceed £45,000 per year.', 'Around three and a half grand a month would work for me.', true],
    [1, 'Expected salary must not exceed £40,000 per year.', 'Around three and a half grand a month would work for me.', false],
    [3, 'अपेक्षित CTC 14 लाख रुपये प्रति वर्ष से अधिक नहीं होनी चाहिए।', 'मेरी expected CTC साढ़े चौदह लाख है।', false],
    [6, 'Al menos 40 meses de experiencia', 'Tengo tres y medio años de experiencia.', true],
    [2, 'Mindestens 4 Jahre Berufserfahrung', 'Ich habe dreieinhalb Jahre Berufserfahrung.', false],
    [8, 'Minst 2,5 års erfarenhet', 'Jag har två och ett halvt års erfarenhet.', true],
    [9, 'خبرة لا تقل عن 3.5 سنوات', 'عندي خبرة ثلاث ونصف سنوات', true],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: met, basis: 'quantity' });
  });
  it('leaves "a half" with no number before it alone', () => {
    expect(judge('At least 2 years of experience', 'A year and a half.', 1).outcome).toBe(false);
  });
});
