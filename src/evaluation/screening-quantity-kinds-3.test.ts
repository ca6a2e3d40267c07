import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../interviews/enums.js';
import { judgeScreeningAnswer } from './screening.js';

// Ordinary answers the kind rules must leave as they were: an age against a criterion in years with no age frame,
// "I started five years ago", stretches in several clauses, "it'll be 20 years", "en månad" after "är", "I'm 40"
// against hours, a yes after years of experience.
const judge = (criterion: string, answer: string, language: LanguageCode) => judgeScreeningAnswer(criterion, answer, language, 'en');

describe('an age counts against a criterion in years that names no experience', () => {
  it.each<[LanguageCode, string, string, boolean]>([
    [2, 'Mindestens 18 Jahre', 'Ich bin 22', true],
    [8, 'Minst 18 år', 'Jag är 22', true],
    [7, 'Mindst 18 år', 'Jeg er 18', true],
    [6, 'Mayor de 18 años', 'Tengo 22 años', true],
    [5, '18 ans minimum', "J'ai 17 ans", false],
    [1, 'At least 18 years', "I'm 22", true],
    [3, 'कम से कम 18 साल', 'मैं 22 साल का हूँ', true],
    [9, 'العمر لا يقل عن 18 سنة', 'عمري 22 سنة', true],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, outcome) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome, basis: 'quantity' });
  });
});

describe('"# ago" is how long one has done it, unless beside a move or a degree', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'At least 3 years of experience in customer service', 'I started five years ago'],
    [2, 'Mindestens 3 Jahre Berufserfahrung', 'Vor fünf Jahren habe ich angefangen'],
    [6, 'Al menos 3 años de experiencia en ventas', 'Empecé hace seis años'],
    [7, 'Mindst 3 års erfaring med regnskab', 'Jeg startede for seks år siden'],
    [8, 'Minst 3 års erfarenhet av lagerarbete', 'Det är sex år sedan jag började'],
    [9, 'خبرة لا تقل عن 3 سنوات في المبيعات', 'بدأت العمل قبل ست سنوات'],
    [3, 'कम से कम 3 साल का अनुभव', 'Maine 6 saal pehle shuru kiya tha'],
    [6, 'Al menos 3 años de experiencia en atención al cliente', 'Hace seis años que trabajo de cajera'],
    [3, 'कम से कम 3 साल का अनुभव', 'पाँच साल पहले से'],
  ])('language %i: "%s" answered "%s" is met', (language, criterion, answer) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: true, basis: 'quantity' });
  });
});

describe('stretches in several clauses, none tied to another field: the first decides', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'At least 3 years of experience in customer service', 'About four years at my current job. Before that, one year at a bakery.'],
    [1, 'At least 2 years of nursing experience', 'I worked 3 years in Manila, then 2 years in Dubai'],
    [2, 'Mindestens 2 Jahre Erfahrung in der Pflege', 'Ich arbeite seit 4 Jahren im Krankenhaus, davor 1 Jahr im Altenheim'],
    [1, 'At least 3 years of experience in customer service', 'Three years. Before that I studied for two years.'],
  ])('language %i: "%s" answered "%s" is met', (language, criterion, answer) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: true, basis: 'quantity' });
  });
});

describe('age frames of a criterion do not read an answer', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'At least 10 years of experience', "It'll be 20 years in March"],
    [2, 'Mindestens 10 Jahre Erfahrung', 'Das dürften so 20 Jahre sein'],
    [7, 'Mindst 10 års erfaring', 'Det må være 20 år nu'],
    [6, 'Al menos 10 años de experiencia', 'Tengo 20 años y medio de experiencia'],
    [5, 'Au moins 10 ans d’expérience', "J'ai 20 ans et demi d'expérience"],
  ])('language %i: "%s" answered "%s" is met', (language, criterion, answer) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: true, basis: 'quantity' });
  });
});

describe('"en" after Swedish "är" is a number', () => {
  it.each<[string, string, boolean]>([
    ['Uppsägningstid högst en månad', 'min uppsägningstid är en månad', true],
    ['Uppsägningstid högst 2 veckor', 'Ja, 40 timmar går bra och min uppsägningstid är en månad', false],
  ])('"%s" answered "%s" is met: %s', (criterion, answer, outcome) => {
    expect(judge(criterion, answer, 8)).toMatchObject({ outcome, basis: 'quantity' });
  });
});

describe('"I\'m 40" against hours or a Pensum is the number said', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'At least 30 hours per week', "I'm 40, full time"],
    [2, 'Mindestens 30 Stunden pro Woche', 'Ich bin 40 und habe Zeit'],
    [8, 'Minst 30 timmar i veckan', 'Jag är 40 och kan jobba heltid'],
    [2, 'Pensum mindestens 80%', 'Ich bin 80 oder mehr'],
  ])('language %i: "%s" answered "%s" is met', (language, criterion, answer) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: true, basis: 'quantity' });
  });
});

describe('a yes after years of experience still decides pay; years of experience are no age', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'Salary expectation at most 45,000 per year', 'I have 5 years of experience, so yes, that range works for me'],
    [2, 'Gehaltsvorstellung höchstens 45.000 pro Jahr', 'Mit meinen 10 Jahren Erfahrung: ja, das passt.'],
  ])('language %i: "%s" answered "%s" is met', (language, criterion, answer) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: true, basis: 'positive' });
  });

  it('"Yes, and I have 5 years of experience" to an age criterion is the yes, not an age of 5', () => {
    expect(judge('At least 18 years old', 'Yes, and I have 5 years of experience', 1)).toMatchObject({ outcome: true, basis: 'positive' });
  });
});

describe('"# ago" beside a move or a degree is how long again when work is said since; arrivals are no life event', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'At least 3 years of experience', 'I graduated five years ago and have worked as an accountant ever since'],
    [1, 'At least 3 years of experience', 'I came to the UK four years ago and have been working as a carer since'],
    [2, 'Mindestens 3 Jahre Berufserfahrung', 'Ich habe vor fünf Jahren meinen Abschluss gemacht und arbeite seitdem als Elektriker'],
    [6, 'Al menos 3 años de experiencia', 'Me gradué hace cinco años y trabajo de enfermera desde entonces'],
    [7, 'Mindst 3 års erfaring', 'Jeg flyttede til Danmark for fem år siden og har arbejdet som kok siden'],
    [8, 'Minst 3 års erfarenhet', 'Jag tog examen för fem år sedan och har jobbat sedan dess'],
    [9, 'خبرة لا تقل عن 3 سنوات', 'تخرجت قبل خمس سنوات واشتغلت من وقتها محاسب'],
    [3, 'कम से कम 3 साल का अनुभव', 'मैं तीन साल पहले दिल्ली आया और तब से काम कर रहा हूँ'],
    [1, 'At least 3 years of experience', 'I came on board four years ago'],
    [2, 'Mindestens 3 Jahre Berufserfahrung', 'Ich bin vor vier Jahren in die Firma gekommen'],
    [6, 'Al menos 3 años de experiencia', 'Llegué a la empresa hace cuatro años'],
  ])('language %i: "%s" answered "%s" is met', (language, criterion, answer) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: true, basis: 'quantity' });
  });

  it.each<[LanguageCode, string, string]>([
    [7, 'Mindst 3 års erfaring', 'Jeg flyttede til Danmark for fem år siden'],
    [1, 'At least 3 years of experience', 'I moved here five years ago'],
    [8, 'Minst 3 års erfarenhet', 'Jag tog examen för fem år sedan'],
  ])('language %i: "%s" answered "%s" is undecided', (language, criterion, answer) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: false, basis: 'unclear' });
  });
});

describe('an age after "since" is when one started, not one\'s age: the yes decides', () => {
  it.each<[LanguageCode, string, string]>([
    [2, 'Mindestens 18 Jahre alt', 'Ja, ich arbeite, seit ich sechzehn bin'],
    [5, 'Avoir au moins 18 ans', 'Oui, je travaille depuis mes seize ans'],
    [6, 'Tener al menos 18 años', 'Sí, trabajo desde los dieciséis años'],
    [7, 'Mindst 18 år', 'Ja, jeg har arbejdet siden jeg var seksten'],
    [8, 'Minst 18 år', 'Ja, jag har jobbat sedan jag var sexton'],
    [3, 'कम से कम 18 साल', 'हाँ, मैं सोलह साल की उम्र से काम कर रहा हूँ'],
    [1, 'At least 18 years old', "Yes, I've worked since I was sixteen"],
  ])('language %i: "%s" answered "%s" is met', (language, criterion, answer) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: true, basis: 'positive' });
  });

  it.each<[LanguageCode, string, string, boolean]>([
    [1, 'At least 18 years old', "I've worked since I was sixteen, and I'm 17 now", false],
    [2, 'Mindestens 18 Jahre', 'Ich bin 22 und arbeite seit zwei Jahren', true],
    [2, 'Mindestens 2 Jahre', 'Seit drei Jahren', true],
    [6, 'Al menos 2 años', 'Desde hace tres años', true],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, outcome) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome, basis: 'quantity' });
  });
});

describe('a range is judged by its top against a maximum and by its bottom against a minimum', () => {
  it.each<[LanguageCode, string, string, boolean]>([
    [1, 'Salary expectation no more than 50,000', 'Between forty and sixty thousand', false],
    [1, 'Salary expectation no more than 50,000', 'Between 40,000 and 60,000', false],
    [2, 'Gehaltsvorstellung höchstens 60.000 Euro', 'Vierzig bis siebzigtausend', false],
    [8, 'Lön högst 35 000 kr i månaden', 'Mellan trettio och fyrtio tusen', false],
    [1, 'At most 35 hours per week', '30 to 40 hours', false],
    [1, 'At least 35 hours per week', '30 to 40 hours', false],
    [1, 'Notice period of at most 4 weeks', '2 to 6 weeks', false],
    [1, 'Salary expectation no more than 50,000', 'Between 40 and 45k', true],
    [1, 'Salary expectation no more than 50,000', '45k', true],
    [1, 'Salary between 40,000 and 50,000', 'Between 45 and 55k', true],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, outcome) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome, basis: 'quantity' });
  });
});

describe('French 70 to 99 (soixante-dix, quatre-vingt, septante, nonante) are read whole', () => {
  it.each<[string, string, boolean]>([
    ['Salaire de 75 000 maximum', 'soixante-dix-huit mille', false],
    ['Salaire de 80 000 maximum', 'quatre-vingt-cinq mille', false],
    ['Salaire de 95 000 maximum', 'quatre-vingt-dix-neuf mille', false],
    ['Salaire de 85 000 maximum', 'nonante mille', false],
    ['Salaire de 95 000 maximum', 'quatre-vingt-douze mille', true],
    ['Salaire de 75 000 maximum', 'septante-deux mille', true],
    ['Salaire de 50 000 maximum', 'quarante-huit mille', true],
  ])('"%s" answered "%s" is met: %s', (criterion, answer, outcome) => {
    expect(judge(criterion, answer, 5)).toMatchObject({ outcome, basis: 'quantity' });
  });
});
