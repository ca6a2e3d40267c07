import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../interviews/enums.js';
import { judgeScreeningAnswer } from './screening.js';

const judge = (criterion: string, answer: string, language: LanguageCode) => judgeScreeningAnswer(criterion, answer, language, 'en');

describe('tens spelled out (thirty to ninety) as numbers: hours a permit allows against a full-time job', () => {
  it.each<[LanguageCode, string, string, boolean]>([
    [
      6,
      'Permiso de trabajo para jornada completa en España',
      'Sí, tengo un permiso de trabajo que me permite trabajar hasta treinta horas a la semana.',
      false,
    ],
    [1, 'Must have the right to work full-time in the UK', 'Yes, my work permit lets me work up to thirty hours a week.', false],
    [
      2,
      'Arbeitserlaubnis für eine Vollzeitstelle in Deutschland erforderlich',
      'Ja, meine Arbeitserlaubnis erlaubt mir dreißig Stunden pro Woche.',
      false,
    ],
    [8, 'Rätt att arbeta heltid i Sverige krävs', 'Ja, mitt arbetstillstånd gäller för trettio timmar i veckan.', false],
    // Negative: forty hours is full time, the permit is held.
    [1, 'Must have the right to work full-time in the UK', 'Yes, my work permit lets me work forty hours a week.', true],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language).outcome).toBe(met);
  });
});

describe('a limit given in two measures is compared in the measure the answer uses', () => {
  it.each<[LanguageCode, string, string, boolean]>([
    [4, 'Pensum von mindestens 80% (ca. 34 Stunden pro Woche)', 'Ich suche etwas zu sechzig, höchstens siebzig Prozent.', false],
    [1, 'A workload of at least 80% (about 34 hours per week)', "I'm looking for sixty, at most seventy percent.", false],
    [
      5,
      'Taux d’activité minimum 80 % (environ 34 heures par semaine)',
      'Je cherche du soixante, au maximum soixante-dix pour cent.',
      false,
    ],
    [2, 'Pensum von mindestens 80% (ca. 34 Stunden pro Woche)', 'Ich kann neunzig Prozent arbeiten.', true],
    // Negative: hours said are compared in hours.
    [1, 'A workload of at least 80% (about 34 hours per week)', 'I can do 38 hours a week.', true],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: met, basis: 'quantity' });
  });
});

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
