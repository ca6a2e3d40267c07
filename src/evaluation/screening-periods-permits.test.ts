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
