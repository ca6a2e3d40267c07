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

describe('a permit held with the current employer, or coupled to it, is not the right to work for a new one', () => {
  it.each<[LanguageCode, string, string, boolean]>(
    [
      [1, 'Right to work in the UK without sponsorship', "Yes, I'm on a Skilled Worker visa with my current company."],
      [8, 'Rätt att arbeta i Sverige krävs', 'Ja, jag har arbetstillstånd. Det är kopplat till min nuvarande arbetsgivare.'],
      [2, 'Arbeitserlaubnis für Deutschland erforderlich', 'Ja, ich habe eine Arbeitserlaubnis, gekoppelt an meinen jetzigen Arbeitgeber.'],
      [6, 'Permiso de trabajo en España', 'Sí, tengo permiso de trabajo con mi empresa actual.'],
      [7, 'Arbejdstilladelse i Danmark kræves', 'Ja, jeg har arbejdstilladelse. Den er koblet til mit job.'],
    ].map(([l, c, a]) => [l, c, a, false] as [LanguageCode, string, string, boolean]),
  )('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language).outcome).toBe(met);
  });
  it.each<[LanguageCode, string, string]>([
    // Negative: the current employer named apart from the permit.
    [1, 'Right to work in the UK without sponsorship', "Yes, I have settled status. I've been with my current company for three years."],
    [8, 'Rätt att arbeta i Sverige krävs', 'Ja, jag har permanent uppehållstillstånd.'],
  ])('language %i: "%s" answered "%s" is met', (language, criterion, answer) => {
    expect(judge(criterion, answer, language).outcome).toBe(true);
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

describe('"on the other hand" turns an answer: one part of a two-part requirement refused', () => {
  it.each<[LanguageCode, string, string, boolean]>([
    [
      5,
      'Accepter les horaires en 3x8, y compris les postes de nuit, et un week-end sur deux.',
      "Le matin et l'après-midi, aucun souci. Par contre les nuits, ce n'est plus possible pour moi.",
      false,
    ],
    [1, 'Willing to work night shifts and weekends', 'Nights are no problem. That said, weekends are not possible for me.', false],
    [
      6,
      'Disponibilidad para turnos de noche y fines de semana',
      'Las noches, sin problema. En cambio, los fines de semana no puedo.',
      false,
    ],
    [8, 'Beredd att arbeta natt och helger', 'Nätter, inga problem. Däremot helgerna, där har jag barnen, så det går inte.', false],
    [
      2,
      'Bereitschaft zu Nachtschichten und Wochenenddiensten',
      'Nachtschichten sind kein Problem. Andererseits die Wochenenden, das geht leider nicht.',
      false,
    ],
    // Negative: the turn leads to a yes.
    [1, 'Willing to work night shifts and weekends', 'Yes, both are fine. That said, I prefer days.', true],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language).outcome).toBe(met);
  });
});

describe('"since then" after a clause naming a year: the years from it to the answer', () => {
  const answeredAt = new Date('2026-11-29');
  const judgeAt = (criterion: string, answer: string, language: LanguageCode) =>
    judgeScreeningAnswer(criterion, answer, language, 'en', '', answeredAt);
  it.each<[LanguageCode, string, string, boolean]>([
    [2, 'Mindestens 3 Jahre Berufserfahrung', 'Mein Examen habe ich 2021 gemacht, und seitdem arbeite ich auf der Intensivstation.', true],
    [2, 'Mindestens 3 Jahre Berufserfahrung', 'Mein Examen habe ich 2024 gemacht, und seitdem arbeite ich auf der Intensivstation.', false],
    [1, 'At least 4 years of experience', 'I qualified in 2020, and since then I have worked in the same clinic.', true],
    [8, 'Minst 3 års erfarenhet', 'Jag tog examen 2022, och sedan dess har jag jobbat som sjuksköterska.', true],
    [6, 'Al menos 3 años de experiencia', 'Terminé la carrera en 2021 y desde entonces trabajo en un hospital.', true],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, met) => {
    expect(judgeAt(criterion, answer, language)).toMatchObject({ outcome: met, basis: 'quantity' });
  });
  it('reads nothing from a year without "since then", nor without the date of the answer', () => {
    expect(judgeAt('At least 4 years of experience', 'I qualified in 2020. I like the work.', 1).basis).not.toBe('quantity');
    expect(
      judge('At least 4 years of experience', 'I qualified in 2020, and since then I have worked in the same clinic.', 1).basis,
    ).not.toBe('quantity');
  });
});
