import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../interviews/enums.js';
import { lexiconsFor } from './vocabulary.js';
import { extractQuantities, judgeScreeningAnswer, parseCriterion } from './screening.js';

const YEARS = 'At least 3 years of professional experience';
const judge = (criterion: string, answer: string, language: LanguageCode) => judgeScreeningAnswer(criterion, answer, language, 'en');

describe('quantities', () => {
  it.each<[LanguageCode, string, number, string]>([
    [1, 'I have five years of experience', 5, 'year'],
    [1, 'about 7 yrs', 7, 'year'],
    [1, 'a couple of years', 2, 'year'],
    [2, 'seit vier Jahren', 4, 'year'],
    [4, 'drei Monate Kündigungsfrist', 3, 'month'],
    [3, 'मेरे पास पाँच साल का अनुभव है', 5, 'year'],
    [3, 'मेरे पास ५ साल का अनुभव है', 5, 'year'],
    [3, 'do saal', 2, 'year'],
    [5, "J'ai trois ans", 3, 'year'],
    [6, 'dos años', 2, 'year'],
    [7, 'i fire år', 4, 'year'],
    [8, 'om tre veckor', 3, 'week'],
    [9, 'لدي خمس سنوات', 5, 'year'],
    [9, 'عندي سنتين خبرة', 2, 'year'],
    [9, 'لدي ٤ سنوات', 4, 'year'],
  ])('language %i: "%s" is %d %s', (language, text, value, unit) => {
    expect(extractQuantities(text, lexiconsFor(language))[0]).toMatchObject({ value, unit });
  });

  it('marks "almost" below and "more than" above the stated number', () => {
    expect(extractQuantities('almost three years', lexiconsFor(1))[0]?.bias).toBe(-1);
    expect(extractQuantities('plus de dix ans', lexiconsFor(5))[0]?.bias).toBe(1);
  });

  it('reads minimums, maximums and absence requirements from the criterion', () => {
    expect(parseCriterion(YEARS)).toMatchObject({ kind: 'minimum', quantity: { value: 3, unit: 'year' } });
    expect(parseCriterion('Mindestens 3 Jahre Berufserfahrung')).toMatchObject({ kind: 'minimum' });
    expect(parseCriterion('Able to start within 4 weeks')).toMatchObject({ kind: 'maximum', quantity: { value: 4, unit: 'week' } });
    expect(parseCriterion('Stellenantritt innerhalb von 1 Monat')).toMatchObject({
      kind: 'maximum',
      quantity: { value: 1, unit: 'month' },
    });
    expect(parseCriterion('Must not require visa sponsorship')).toMatchObject({ kind: 'boolean', requiresAbsence: true });
    expect(parseCriterion('No criminal record')).toMatchObject({ requiresAbsence: true });
    expect(parseCriterion('Able to work without supervision')).toMatchObject({ requiresAbsence: false });
  });
});

describe('numeric criteria', () => {
  it('compares the stated number with the minimum, in words or digits', () => {
    expect(judge(YEARS, 'Five years.', 1).outcome).toBe(true);
    expect(judge(YEARS, 'two years', 1).outcome).toBe(false);
    expect(judge(YEARS, '3 years exactly', 1).outcome).toBe(true);
    expect(judge(YEARS, 'almost three years', 1).outcome).toBe(false);
    expect(judge(YEARS, 'Ich habe zwei Jahre Erfahrung.', 2).outcome).toBe(false);
    expect(judge(YEARS, 'Tengo cuatro años de experiencia.', 6).outcome).toBe(true);
  });

  it('takes a lone number in the criterion unit', () => {
    expect(judge(YEARS, 'Four.', 1)).toMatchObject({ outcome: true, basis: 'quantity' });
  });

  it('compares against a maximum and reads "immediately" as zero', () => {
    expect(judge('Able to start within 4 weeks', 'I can start in six weeks', 1).outcome).toBe(false);
    expect(judge('Able to start within 4 weeks', 'Jeg kan starte med det samme', 7).outcome).toBe(true);
    expect(judge('Able to start within 1 month', 'in drei Wochen', 2).outcome).toBe(true);
  });

  it('does not count a number the candidate denies', () => {
    const j = judge(YEARS, "I don't have three years", 1);
    expect(j).toMatchObject({ outcome: false, basis: 'negative' });
  });
});

describe('negation per language', () => {
  it.each<[LanguageCode, string]>([
    [1, "No, I don't have a driving licence."],
    [1, 'Not yet, I am taking the test next month.'],
    [1, 'Never had one.'],
    [2, 'Nein, ich habe keinen Führerschein.'],
    [4, 'Nein, ich besitze keinen Führerausweis.'],
    [3, 'नहीं, मेरे पास लाइसेंस नहीं है।'],
    [3, 'Nahi, mere paas licence nahi hai.'],
    [5, "Non, je n'ai pas le permis."],
    [6, 'No, no tengo carnet.'],
    [7, 'Nej, jeg har ikke kørekort.'],
    [8, 'Nej, jag har inte körkort.'],
    [9, 'لا، ليس لدي رخصة.'],
  ])('language %i: "%s" does not meet a must-have', (language, answer) => {
    expect(judge('Must hold a valid driving licence', answer, language)).toMatchObject({ outcome: false, basis: 'negative' });
  });

  it('reads "no problem" idioms as yes in every language that has them', () => {
    expect(judge('Available on weekends', 'No problem at all.', 1).outcome).toBe(true);
    expect(judge('Available on weekends', 'Kein Problem.', 2).outcome).toBe(true);
    expect(judge('Available on weekends', 'Pas de problème.', 5).outcome).toBe(true);
    expect(judge('Available on weekends', 'Sin problema.', 6).outcome).toBe(true);
    expect(judge('Available on weekends', 'Koi dikkat nahi.', 3).outcome).toBe(true);
    expect(judge('Available on weekends', 'لا مشكلة', 9).outcome).toBe(true);
  });

  it('flips the stance for absence criteria', () => {
    expect(judge('Must not require visa sponsorship', 'No, I do not need sponsorship.', 1).outcome).toBe(true);
    expect(judge('Must not require visa sponsorship', 'Yes, I would need a visa.', 1).outcome).toBe(false);
  });
});

describe('hedging per language: a hedged answer does not establish the criterion', () => {
  it.each<[LanguageCode, string]>([
    [1, 'I think so.'],
    [1, 'Yes, maybe.'],
    [1, 'Kind of, I guess.'],
    [2, 'Vielleicht, ich glaube schon.'],
    [4, 'Eventuell, kommt darauf an.'],
    [3, 'शायद, पता नहीं।'],
    [3, 'Shayad haan.'],
    [5, 'Peut-être, je ne sais pas.'],
    [6, 'Quizás, no estoy seguro.'],
    [7, 'Måske, det ved jeg ikke.'],
    [8, 'Kanske, jag vet inte.'],
    [9, 'ربما، لا أعرف.'],
  ])('language %i: "%s"', (language, answer) => {
    const j = judge('Willing to relocate', answer, language);
    expect(j.outcome).toBe(false);
    expect(j.basis).toBe('hedged');
    expect(j.analysis).toContain('confirm');
  });

  it('hedging also withdraws a number that would have met the minimum', () => {
    expect(judge(YEARS, 'Maybe four years, I am not sure.', 1)).toMatchObject({ outcome: false, basis: 'hedged' });
  });

  it('an approximate number ("about") is not hedging', () => {
    expect(judge(YEARS, 'About five years.', 1)).toMatchObject({ outcome: true, basis: 'quantity' });
  });
});

describe('yes and plain statements', () => {
  it.each<[LanguageCode, string]>([
    [1, 'Yes, absolutely.'],
    [2, 'Ja, natürlich.'],
    [4, 'Ja, selbstverständlich.'],
    [3, 'हाँ, बिल्कुल।'],
    [3, 'Haan ji.'],
    [5, 'Oui, bien sûr.'],
    [6, 'Sí, claro.'],
    [7, 'Ja, selvfølgelig.'],
    [8, 'Ja, självklart.'],
    [9, 'نعم، بالتأكيد.'],
  ])('language %i: "%s" meets the criterion', (language, answer) => {
    expect(judge('Willing to relocate', answer, language).outcome).toBe(true);
  });

  it('a statement restating the requirement counts; an unrelated one does not', () => {
    expect(judge('Must hold a valid driving licence', 'I hold a B driving licence.', 1)).toMatchObject({
      outcome: true,
      basis: 'restated',
    });
    expect(judge('Must hold a valid driving licence', 'I like cats.', 1)).toMatchObject({ outcome: false, basis: 'unclear' });
  });

  it('an empty answer or a missing criterion is not a pass', () => {
    expect(judge('Willing to relocate', '  ', 1)).toMatchObject({ outcome: false, basis: 'no_answer' });
    expect(judgeScreeningAnswer(null, 'Yes', 1, 'en')).toMatchObject({ outcome: false, basis: 'no_criterion' });
  });
});
