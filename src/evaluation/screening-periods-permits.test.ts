import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../interviews/enums.js';
import { judgeScreeningAnswer } from './screening.js';

const judge = (criterion: string, answer: string, language: LanguageCode) => judgeScreeningAnswer(criterion, answer, language, 'en');

describe('pay by the day against pay by the hour (a working day of 8 hours)', () => {
  it.each<[LanguageCode, string, string, boolean]>([
    [1, 'Hourly rate of at most 70 EUR', 'My day rate is 520 euros.', true],
    [1, 'Hourly rate of at most 70 EUR', 'I charge 640 a day.', false],
    [2, 'Stundensatz höchstens 90 Euro', 'Mein Tagessatz liegt bei 680 Euro.', true],
    [5, 'Taux journalier maximum 600 euros', 'Je facture six cents euros par jour.', true],
    [5, 'Taux horaire de 60 euros maximum', 'Mon TJM est de 560 euros.', false],
    [6, 'Tarifa por hora de hasta 50 euros', 'Cobro 480 euros al día.', false],
    [7, 'Timeløn højst 400 kr', 'Min dagspris er 3.000 kr.', true],
    [1, 'Day rate up to 600 GBP', 'Five hundred a day.', true],
    [9, 'الأجر في الساعة حتى 100 درهم', 'أجري 720 درهم يوميا', true],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: met, basis: 'quantity' });
  });
});

describe('a monthly pay with a 13th or 14th salary against a yearly cap', () => {
  it.each<[LanguageCode, string, string, boolean]>([
    [6, 'Salario anual entre 30.000 y 34.000 euros', 'Pido 2.500 euros al mes, en catorce pagas.', false],
    [6, 'Salario anual entre 30.000 y 34.000 euros', 'Pido 2.000 euros al mes, en 14 pagas.', true],
    [1, 'Annual salary up to 50,000 GBP', '3,900 a month plus a 13th salary.', false],
    [2, 'Jahresgehalt bis 60.000 Euro', '4.400 brutto im Monat, vierzehn Gehälter.', false],
    [4, "Jahreslohn bis 100'000 CHF", "8'000 im Monet, 13 Monetslöhn.", false],
    [5, "Salaire annuel jusqu'à 45 000 euros", '3 300 euros par mois sur 14 mois.', false],
    [9, 'الراتب السنوي حتى 200000 درهم', '15000 درهم شهريا مع 14 راتبا', false],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: met, basis: 'quantity' });
  });
});

describe('"negotiable" with no figure', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'Salary expectation between 50,000 and 60,000 USD', 'My salary expectation is negotiable.'],
    [2, 'Gehaltsvorstellung zwischen 50.000 und 60.000 Euro', 'Meine Gehaltsvorstellung ist Verhandlungssache.'],
    [5, 'Prétentions salariales entre 40 000 et 45 000 euros', 'Mes prétentions salariales sont négociables.'],
    [7, 'Lønforventning mellem 40.000 og 45.000 kr om måneden', 'Min lønforventning er til forhandling.'],
    [9, 'الراتب المتوقع بين 10000 و 12000 درهم', 'الراتب المتوقع قابل للتفاوض'],
  ])('language %i: "%s" answered "%s" is undecided', (language, criterion, answer) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: false, isUndecided: true });
  });
});

describe('a student permit against a full-time job', () => {
  it.each<[LanguageCode, string, string, boolean]>([
    [1, 'Must have the right to work full-time in the UK', "Yes, I'm here on a student visa.", false],
    [1, 'Must have the right to work full-time in the UK', 'I came on a student visa, but now I have settled status.', true],
    [2, 'Arbeitserlaubnis für eine Vollzeitstelle in Deutschland erforderlich', 'Ja, ich habe ein Studentenvisum.', false],
    [6, 'Permiso de trabajo para jornada completa en España', 'Sí, tengo un visado de estudiante.', false],
    [8, 'Rätt att arbeta heltid i Sverige krävs', 'Ja, jag har uppehållstillstånd för studier.', false],
    [9, 'يجب أن يكون لديه تصريح عمل بدوام كامل في الإمارات', 'نعم، عندي إقامة طالب', false],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language).outcome).toBe(met);
  });
});

describe('"not more than" in a criterion is a maximum', () => {
  it.each<[LanguageCode, string, string, boolean]>([
    [1, 'First-aid certificate no more than two years old', 'I did the course four years ago.', false],
    [1, 'First-aid certificate no more than two years old', 'I took it one year ago.', true],
    [2, 'Erste-Hilfe-Kurs nicht älter als zwei Jahre', 'Den Kurs habe ich vor fünf Jahren gemacht.', false],
    [6, 'Curso de primeros auxilios de no más de dos años de antigüedad', 'Hice el curso hace cuatro años.', false],
    [8, 'Intyg inte äldre än tre år', 'Jag gick kursen för fem år sedan.', false],
    [9, 'شهادة إسعافات أولية لا تتجاوز سنتين', 'أخذت الدورة قبل خمس سنوات', false],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: met, basis: 'quantity' });
  });
});

describe('a permit tied to another employer, said in the next sentence', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'Must have the right to work in the UK', 'Yes, I have a work permit. It is tied to my current employer.'],
    [
      2,
      'Arbeitserlaubnis für Deutschland erforderlich',
      'Ja, ich habe eine Arbeitserlaubnis. Sie ist an meinen jetzigen Arbeitgeber gebunden.',
    ],
    [5, 'Autorisation de travail en France requise', "J'ai un titre de séjour. Il est lié à mon employeur actuel."],
    [
      7,
      'Ret til at arbejde i Danmark uden arbejdstilladelse fra os',
      'Jeg har arbejdstilladelse. Den er knyttet til min nuværende arbejdsgiver.',
    ],
  ])('language %i: "%s" answered "%s" is not met', (language, criterion, answer) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: false, isUndecided: false });
  });
});

describe('a date that depends on passing an exam is a hedge', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'Driving licence required by 1 June', "My test is in April; if I pass, I'll have it in May."],
    [2, 'Führerschein bis 1. Juni erforderlich', 'Die Prüfung ist im April, wenn ich bestehe, habe ich ihn im Mai.'],
    [6, 'Título requerido antes del 1 de octubre', 'Si apruebo en junio, lo tendré en julio.'],
    [8, 'Körkort krävs senast 1 juni', 'Om jag klarar uppkörningen i april har jag det i maj.'],
    [9, 'رخصة القيادة مطلوبة قبل 1 يونيو', 'إذا نجحت في الاختبار في أبريل سأحصل عليها في مايو'],
  ])('language %i: "%s" answered "%s" is undecided', (language, criterion, answer) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: false, isUndecided: true });
  });
});

describe('the date a permit is valid until is no start date', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'Must have the right to work in the UK by 1 March', 'I have a residence permit; it is valid until the end of June.'],
    [2, 'Arbeitserlaubnis für Deutschland zum 1. März erforderlich', 'Ich habe eine Aufenthaltserlaubnis. Sie ist gültig bis Ende Juni.'],
    [7, 'Ret til at arbejde i Danmark fra 1. marts', 'Jeg har opholdstilladelse. Den gælder til udgangen af juni.'],
    [8, 'Rätt att arbeta i Sverige från den 1 mars', 'Jag har uppehållstillstånd. Det gäller till slutet av juni.'],
  ])('language %i: "%s" answered "%s" is met', (language, criterion, answer) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: true });
  });
});

describe('only the current pay, and a wish to earn more', () => {
  it.each<[LanguageCode, string, string]>([
    [1, 'Annual salary up to 60,000 USD', 'I currently make 52,000 and I am looking for a step up.'],
    [2, 'Jahresgehalt bis 60.000 Euro', 'Ich verdiene aktuell 50.000 und möchte mich verbessern.'],
    [5, "Salaire annuel jusqu'à 45 000 euros", 'Actuellement je gagne 40 000 euros, je cherche une augmentation.'],
    [6, 'Salario anual hasta 35.000 euros', 'Ahora gano 30.000 y quiero mejorar.'],
    [8, 'Månadslön upp till 40 000 kr', 'Jag tjänar 36 000 i månaden nu och vill ha en löneökning.'],
  ])('language %i: "%s" answered "%s" is undecided', (language, criterion, answer) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: false, isUndecided: true });
  });

  it('is not met when the current pay is already over the cap', () => {
    expect(judge('Annual salary up to 60,000 USD', 'I currently make 65,000 and want a step up.', 1)).toMatchObject({
      outcome: false,
      basis: 'quantity',
    });
  });
});

describe('Swiss permits: Mundart spellings, and a permit class the criterion excludes', () => {
  it.each<[LanguageCode, string, string, boolean]>([
    [2, 'Arbeitsbewilligung B oder C erforderlich; Ausweis G wird nicht akzeptiert.', 'Ja, ich habe den Ausweis G.', false],
    [2, 'Arbeitsbewilligung B oder C erforderlich; Ausweis G wird nicht akzeptiert.', 'Ich habe den Ausweis C.', true],
    [4, 'Bewilligung B oder C nötig, G-Bewilligung nicht möglich', 'Jo, ich ha de G-Uswiis.', false],
    [4, 'Der Kandidat muss in der Schweiz arbeiten dürfen.', 'Ich wohn sit zäh Johr do und ha de C-Uswiis.', true],
    [5, "Permis de travail B ou C requis; le permis G n'est pas accepté.", "Oui, j'ai le permis G.", false],
  ])('language %i: "%s" answered "%s" is met: %s', (language, criterion, answer, met) => {
    expect(judge(criterion, answer, language)).toMatchObject({ outcome: met, isUndecided: false });
  });
});
