import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../interviews/enums.js';
import { judgeScreeningAnswer } from './screening.js';

const judge = (criterion: string, answer: string, language: LanguageCode) => judgeScreeningAnswer(criterion, answer, language, 'en');

// Criteria asking for years of experience, in each language.
const EXPERIENCE: Record<LanguageCode, string> = {
  1: 'At least 5 years of experience in nursing',
  2: 'Mindestens 5 Jahre Berufserfahrung in der Pflege',
  3: 'नर्सिंग में कम से कम 5 साल का अनुभव',
  4: 'Mindestens 5 Jahre Erfahrung in der Pflege',
  5: "Au moins 5 ans d'expérience en soins infirmiers",
  6: 'Al menos 5 años de experiencia en enfermería',
  7: 'Mindst 5 års erfaring som sygeplejerske',
  8: 'Minst 5 års erfarenhet som sjuksköterska',
  9: 'خبرة لا تقل عن 5 سنوات في التمريض',
};

describe('an age is no experience ("I\'m 50 years old" against "at least 5 years of experience")', () => {
  it.each<[LanguageCode, string]>([
    [1, "I'm 50 years old and I've been a nurse for two years."],
    [2, 'Ich bin 50 Jahre alt und arbeite seit zwei Jahren in der Pflege.'],
    [3, 'मैं 50 साल की हूँ और दो साल से नर्स हूँ।'],
    [4, 'Ich bi 50 Johr alt und schaffe sit zwei Johr i de Pflege.'],
    [5, "J'ai 50 ans et je suis infirmière depuis deux ans."],
    [6, 'Tengo 50 años y trabajo de enfermera desde hace dos años.'],
    [7, 'Jeg er 50 år gammel og har været sygeplejerske i to år.'],
    [8, 'Jag är 50 år gammal och har jobbat som sjuksköterska i två år.'],
    [9, 'عمري 50 سنة وأعمل ممرضة منذ سنتين.'],
  ])('language %i: "%s" is two years, not met', (language, answer) => {
    expect(judge(EXPERIENCE[language], answer, language)).toMatchObject({ outcome: false, basis: 'quantity' });
  });

  it.each<[LanguageCode, string]>([
    [1, "I'm 50 years old."],
    [2, 'Ich bin 50 Jahre alt.'],
    [3, 'मेरी उम्र 50 साल है।'],
    [4, 'Ich bi 50 Johr alt.'],
    [5, "J'ai 50 ans."],
    [6, 'Tengo 50 años.'],
    [7, 'Jeg er 50 år gammel.'],
    [8, 'Jag är 50 år gammal.'],
    [9, 'عمري 50 سنة.'],
  ])('language %i: "%s" alone is undecided', (language, answer) => {
    expect(judge(EXPERIENCE[language], answer, language)).toMatchObject({ outcome: false, basis: 'unclear', isUndecided: true });
  });
});

describe('a travel time is no distance ("45 minutes away" against "within 30 km")', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'Must live within 30 km of the Leeds office', 'I live about 45 minutes away by bus.'],
    [1, 'Must live within 30 km of the Leeds office', 'My home is 20 minutes away.'],
    [2, 'Wohnort höchstens 30 km vom Büro in Leipzig entfernt', 'Ich wohne 45 Minuten mit dem Bus entfernt.'],
    [2, 'Wohnort höchstens 30 km vom Büro in Leipzig entfernt', 'Mit dem Auto sind es 20 Minuten.'],
    [3, 'ऑफिस से अधिकतम 30 किलोमीटर की दूरी पर निवास', 'मेरा घर बस से 45 मिनट की दूरी पर है।'],
    [4, 'Wohnort höchstens 30 km vom Büro in Zürich', 'Mit em Bus bruuch i 20 Minute.'],
    [5, 'Habiter à moins de 30 km du bureau de Lyon', "J'habite à 45 minutes en bus."],
    [5, 'Habiter à moins de 30 km du bureau de Lyon', 'Je suis à 20 minutes en voiture.'],
    [6, 'Vivir a menos de 30 km de la oficina de Valencia', 'Vivo a 45 minutos en autobús.'],
    [6, 'Vivir a menos de 30 km de la oficina de Valencia', 'Estoy a 20 minutos en coche.'],
    [7, 'Bopæl højst 30 km fra kontoret i Aarhus', 'Jeg bor 45 minutter væk med bussen.'],
    [8, 'Bo högst 30 km från kontoret i Göteborg', 'Jag bor 20 minuter bort med bilen.'],
    [9, 'السكن على بعد 30 كم كحد أقصى من مكتب دبي', 'أسكن على بعد 45 دقيقة بالحافلة.'],
  ])('language %i: "%s" answered "%s" is undecided', (language, criterion, answer) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: false, isUndecided: true });
  });
});

describe('kept: an age criterion reads ages', () => {
  it.each<[LanguageCode, string, string, boolean]>([
    [1, 'Must be at least 18 years old', "I'm 50 years old.", true],
    [1, 'Minimum age: 18 years', "I'm 17 years old.", false],
    [1, 'Must be at least 18 years old', 'I have 20 years of experience.', true],
    [2, 'Mindestens 18 Jahre alt', 'Ich bin 50 Jahre alt und arbeite seit zwei Jahren in der Pflege.', true],
    [3, 'कम से कम 18 साल की उम्र', 'मैं 50 साल की हूँ।', true],
    [4, 'Mindestens 18 Jahre alt', 'Ich bi 50 Johr alt.', true],
    [5, 'Être âgé d’au moins 18 ans', "J'ai 50 ans et je suis infirmière depuis deux ans.", true],
    [6, 'Tener al menos 18 años de edad', 'Tengo 50 años y trabajo de enfermera desde hace dos años.', true],
    [7, 'Mindst 18 år gammel', 'Jeg er 50 år gammel og har været sygeplejerske i to år.', true],
    [8, 'Minst 18 år gammal', 'Jag är 50 år gammal.', true],
    [9, 'ألا يقل العمر عن 18 سنة', 'عمري 50 سنة وأعمل ممرضة منذ سنتين.', true],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: met, basis: 'quantity' });
  });

  it('keeps a certificate\'s age a duration ("not more than two years old")', () => {
    const criterion = 'Kandidaten skal have et gyldigt førstehjælpsbevis, der ikke er mere end to år gammelt.';
    expect(judge(criterion, 'Ja, jeg tog kurset for fem år siden.', 7)).toMatchObject({ outcome: false, basis: 'quantity' });
  });

  it('compares a travel time with a travel time ("within 45 minutes")', () => {
    expect(judge('Commute of no more than 45 minutes', 'About 30 minutes by car.', 1)).toMatchObject({ outcome: true, basis: 'quantity' });
    expect(judge('Commute of no more than 45 minutes', 'An hour and a half by train.', 1).outcome).toBe(false);
  });
});
